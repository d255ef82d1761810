// What proves a flaw: conditions over the answers a test's steps received.
import { linearRegex } from './linear-regex.js';
import type { Condition, StatusSpec } from './schema.js';

const I = { ignoreCase: true };

/** One request a step sent and what came back. */
export interface Sent {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  ms: number;
  /** Body fields the step's mutation set (mass assignment read-back). */
  bodySet?: Record<string, unknown>;
  /** Index into the run's exchanges. */
  exchange: number;
  /** The request body as sent (what an answer may echo). */
  requestBody?: string;
  /** Which injected variant (parameter × value, in order) it was: a pair of steps compares like with like. */
  variant?: number;
}

/** The answer's body without the values its own request sent (echoed user names, passwords). */
function echoFree(s: Sent): string {
  let body = s.body;
  let sent: unknown;
  try {
    sent = s.requestBody === undefined ? undefined : JSON.parse(s.requestBody);
  } catch {
    sent = undefined;
  }
  const values = sent && typeof sent === 'object' ? Object.values(sent) : [];
  for (const v of values)
    if ((typeof v === 'string' || typeof v === 'number') && String(v).length >= 3)
      body = body.split(String(v)).join('\u0000');
  return body;
}

/** Same status and same body once each request's own values are taken out. */
const sameAnswer = (a: Sent, b: Sent) => a.status === b.status && echoFree(a) === echoFree(b);
const THROTTLE_HEADERS = ['retry-after', 'x-ratelimit-remaining', 'ratelimit-remaining', 'ratelimit'];

export interface StepRecord {
  name: string;
  sends: Sent[];
  /** All requests of the step were sent. */
  complete: boolean;
  canaryToken?: string;
}

export function statusMatches(status: number | null, spec: StatusSpec): boolean {
  if (status === null) return false;
  const one = (s: string | number) =>
    typeof s === 'number' ? status === s : Math.floor(status / 100) === Number(s[0]);
  return Array.isArray(spec) ? spec.some(one) : one(spec);
}

/** Distinctive leaf values of a JSON answer (strings of 3+ characters and numbers of 3+ digits). */
export function leafValues(body: string): Set<string> {
  const out = new Set<string>();
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return out;
  }
  const walk = (v: unknown, depth: number) => {
    if (depth > 20 || out.size > 500) return;
    if (typeof v === 'string' && v.length >= 3) out.add(v);
    else if (typeof v === 'number' && String(v).replace(/\D/g, '').length >= 3) out.add(String(v));
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(doc, 0);
  return out;
}

/** Values of `owner` not in `own` that appear in `attack`, or [] when none. */
export function leakedValues(owner: string, attack: string, own?: string): string[] {
  const ownValues = own === undefined ? new Set<string>() : leafValues(own);
  const attackValues = leafValues(attack);
  return [...leafValues(owner)].filter((v) => !ownValues.has(v) && attackValues.has(v));
}

function getPath(doc: unknown, path: string): unknown {
  let cur = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Find a field anywhere in a JSON document (first match, breadth first). */
function findField(doc: unknown, name: string): unknown {
  const queue: unknown[] = [doc];
  while (queue.length) {
    const cur = queue.shift();
    if (cur && typeof cur === 'object') {
      if (!Array.isArray(cur) && name in cur) return (cur as Record<string, unknown>)[name];
      queue.push(...Object.values(cur));
    }
  }
  return undefined;
}

export function jsonPath(body: string, path: string): unknown {
  try {
    return getPath(JSON.parse(body), path);
  } catch {
    return undefined;
  }
}

export interface ProofContext {
  steps: Map<string, StepRecord>;
  /** The step whose answers the proof judges by default. */
  main: string;
  canaryReceived?: (token: string) => Promise<boolean>;
}

const last = (r: StepRecord | undefined) => r?.sends[r.sends.length - 1];
/** The answer of `r` to compare with `chosen`: the same injected variant when both injected, else its last. */
export const paired = (r: StepRecord | undefined, chosen: Sent) =>
  (chosen.variant !== undefined && r?.sends.find((x) => x.variant === chosen.variant)) || last(r);

/**
 * Whether `conditions` hold with `chosen` as the main step's answer. Returns the
 * sentence that says what was proved, or null.
 */
export async function evaluate(
  conditions: Condition[],
  chosen: Sent,
  ctx: ProofContext,
): Promise<string | null> {
  const said: string[] = [];
  for (const c of conditions) {
    const stepName = c.step ?? ctx.main;
    const record = ctx.steps.get(stepName);
    const s = stepName === ctx.main ? chosen : paired(record, chosen);
    if (!s || !record) return null;
    if (c.status !== undefined) {
      if (!statusMatches(s.status, c.status)) return null;
      said.push(`${stepName} answered ${s.status}`);
    }
    if (c.body !== undefined) {
      const m = linearRegex(c.body, I).exec(s.body);
      if (!m) return null;
      if (c.notIn !== undefined) {
        const other = last(ctx.steps.get(c.notIn));
        if (!other || linearRegex(c.body, I).test(other.body)) return null;
      }
      said.push(`the ${stepName} answer contains "${m[0].slice(0, 80)}"`);
    }
    if (c.notBody !== undefined && linearRegex(c.notBody, I).test(s.body)) return null;
    if (c.headerMissing !== undefined) {
      if (s.headers[c.headerMissing.toLowerCase()] !== undefined) return null;
      said.push(`no ${c.headerMissing} header`);
    }
    for (const [name, re] of Object.entries(c.header ?? {})) {
      const v = s.headers[name.toLowerCase()];
      if (v === undefined || !linearRegex(re, I).test(v)) return null;
      said.push(`${name}: ${v}`);
    }
    if (c.leaks) {
      const owner = last(ctx.steps.get(c.leaks.ownerStep));
      const own = c.leaks.ownStep ? last(ctx.steps.get(c.leaks.ownStep)) : undefined;
      if (!owner) return null;
      const leaked = leakedValues(owner.body, s.body, own?.body);
      if (leaked.length === 0) return null;
      said.push(
        `${leaked.length} value(s) of the owner's answer (e.g. "${leaked[0]!.slice(0, 40)}") appear in it`,
      );
    }
    if (c.echoes) {
      const setter = c.echoes.of ? last(ctx.steps.get(c.echoes.of)) : s;
      const fields = Object.entries(setter?.bodySet ?? {});
      if (fields.length === 0) return null;
      let doc: unknown;
      try {
        doc = JSON.parse(s.body);
      } catch {
        return null;
      }
      for (const [k, v] of fields) if (JSON.stringify(findField(doc, k)) !== JSON.stringify(v)) return null;
      said.push(`it reads back ${fields.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')}`);
    }
    if (c.slower) {
      const ref = paired(ctx.steps.get(c.slower.than), chosen);
      if (!ref || s.ms - ref.ms < c.slower.ms) return null;
      said.push(`it took ${Math.round(s.ms)} ms against ${Math.round(ref.ms)} ms`);
    }
    if (c.differsFrom !== undefined) {
      const ref = paired(ctx.steps.get(c.differsFrom), chosen);
      if (!ref || sameAnswer(ref, s)) return null;
      said.push(
        ref.status === s.status
          ? `its body differs from the ${c.differsFrom} answer's (both ${s.status}, ${ref.body.length} vs ${s.body.length} characters)`
          : `it differs from ${c.differsFrom} (${ref.status} vs ${s.status})`,
      );
    }
    if (c.sameAs !== undefined) {
      const ref = paired(ctx.steps.get(c.sameAs), chosen);
      if (!ref || !sameAnswer(ref, s)) return null;
      said.push(`it answers like ${c.sameAs} (the difference is stable)`);
    }
    if (c.steady) {
      // no throttling: every repeated answer like the first, none 429, none announcing a limit
      if (!record.complete || record.sends.length < 2) return null;
      const first = record.sends[0]!;
      if (
        record.sends.some(
          (x) =>
            x.status === null ||
            x.status === 429 ||
            x.status !== first.status ||
            THROTTLE_HEADERS.some((h) => x.headers[h] !== undefined),
        )
      )
        return null;
      said.push(`${record.sends.length} attempts all answered ${first.status}, none throttled`);
    }
    if (c.neverStatus !== undefined) {
      if (!record.complete || record.sends.length === 0) return null;
      if (record.sends.some((x) => x.status === c.neverStatus || x.status === null)) return null;
      said.push(`${record.sends.length} requests, none answered ${c.neverStatus}`);
    }
    if (c.timeGrowth) {
      // judged after each value of a growing ladder: the first answer against this one
      const first = record.sends[0];
      const end = s;
      if (!first || first === end) return null;
      if (end.ms < first.ms * c.timeGrowth.factor || end.ms - first.ms < c.timeGrowth.ms) return null;
      said.push(
        `answer time grew from ${Math.round(first.ms)} ms to ${Math.round(end.ms)} ms with the input`,
      );
    }
    if (c.canaryHit) {
      if (!record.canaryToken || !ctx.canaryReceived || !(await ctx.canaryReceived(record.canaryToken)))
        return null;
      said.push('the canary listener received the request the target made');
    }
  }
  return said.join('; ');
}
