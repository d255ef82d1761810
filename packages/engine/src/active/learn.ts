// Before the tests: what each identity owns, whatever the key is called. Its
// token's claims, its answers to parameterless reads (a value counts as its own
// when no other identity's answer to the same read carries it) and, where
// intrusive tests may run, the answers to objects it creates. A parameter of an
// endpoint (path, query or body) that names such a value (`order_id` ↔ `id` of
// an order, `book_title` ↔ `title` of a book, `username`) is an object key: it
// gets the identity's own value, and path and query keys count as identifiers.
import { decodeJwt } from './jwt.js';
import { endpointParams, paramType } from './match.js';
import type { Sent } from './proof.js';
import { baselineDraft, destructiveReason, type DraftRequest } from './requests.js';
import type { ActiveEndpoint, ActiveParam, Identity } from './types.js';

/** A value an identity owns: the field it came in, and where it was read (a path, or `token`). */
export interface OwnedFact {
  field: string;
  value: string;
  source: string;
  created?: boolean;
}

/** An object the run created (the clean-up phase removes it where the API allows). */
export interface CreatedObject {
  identity: string;
  path: string;
  /** The create answer's scalar fields. */
  fields: Record<string, string>;
}

export type LearnSend = (draft: DraftRequest, identity: Identity, step: string) => Promise<Sent>;

const CLAIMS_IGNORED = new Set(['exp', 'iat', 'nbf', 'iss', 'aud', 'jti', 'typ', 'alg', 'scope', 'type']);
/** Operations that sign in, register or log out: learning never sends them. */
const AUTH_PATH = /(log-?in|log-?out|sign-?in|sign-?up|register|token|session|password|otp|2fa|verify)/i;
const SELF_WORDS =
  /^(users?|accounts?|owners?|customers?|members?|profiles?|me|persons?|people|employees?|authors?|self)$/i;
const KEY_SUFFIX = /^(.+?)[_-]?(id|uuid|name|title|slug|key|code|email|username|number|ref)$/i;
/** The collection part of a path before its first parameter (`/orders/{id}` → `/orders`). */
const collectionOf = (path: string) => path.replace(/\/?\{.*$/, '') || '/';
const ID_FIELD = /(^id$|_id$|Id$|^uuid$|_uuid$|Uuid$)/;
const GENERIC_KEY = /^(id|uuid|name|title|slug|key|code|number|ref)$/;
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const stem = (s: string) => norm(s).replace(/ies$/, 'y').replace(/s$/, '');
/** A path's words before its first parameter, singular, version segments left out. */
const wordsOf = (path: string) =>
  collectionOf(path)
    .split('/')
    .filter((w) => w && !/^v\d+$/i.test(w))
    .map(stem);

/** Scalar fields of a JSON answer (objects and arrays four levels deep), as field → values. */
export function scalarFacts(body: string): { field: string; value: string }[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  const out: { field: string; value: string }[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) for (const item of v.slice(0, 50)) walk(item, depth + 1);
    else
      for (const [k, x] of Object.entries(v))
        if ((typeof x === 'string' && x !== '' && x.length <= 200) || typeof x === 'number')
          out.push({ field: k, value: String(x) });
        else walk(x, depth + 1);
  };
  walk(json, 0);
  return out;
}

const hasPathParams = (e: ActiveEndpoint) => /\{[^}]+\}/.test(e.path);
const ok = (s: Sent) => s.status !== null && s.status >= 200 && s.status < 300;

/** The identities' own facts from their tokens, reads and (intrusive) creates. */
export async function learnFacts(options: {
  endpoints: ActiveEndpoint[];
  identities: Identity[];
  tokenOf: (identity: Identity) => Promise<string | undefined>;
  send: LearnSend;
  create: boolean;
}): Promise<{ facts: Map<string, OwnedFact[]>; created: CreatedObject[] }> {
  const facts = new Map<string, OwnedFact[]>(options.identities.map((i) => [i.name, []]));
  const created: CreatedObject[] = [];
  for (const identity of options.identities) {
    const claims = decodeJwt((await options.tokenOf(identity)) ?? '')?.payload ?? {};
    for (const [field, value] of Object.entries(claims))
      if (!CLAIMS_IGNORED.has(field) && (typeof value === 'string' || typeof value === 'number'))
        facts.get(identity.name)!.push({ field, value: String(value), source: 'token' });
  }
  const users = options.identities.filter((i) => i.role !== 'admin');
  const candidates = options.endpoints.filter(
    (e) => !hasPathParams(e) && !AUTH_PATH.test(e.path) && !destructiveReason(e.method, e.path),
  );
  if (options.create)
    for (const e of candidates.filter((c) => c.method.toUpperCase() === 'POST'))
      for (const identity of users) {
        let draft: DraftRequest;
        try {
          draft = baselineDraft(e, identity);
        } catch {
          continue;
        }
        const sent = await options.send(draft, identity, 'learn-create');
        if (!ok(sent)) continue;
        const got = scalarFacts(sent.body);
        // an answer with an identifier is a created object (to remove at the end); any answer is learned from
        if (got.some((f) => ID_FIELD.test(f.field)))
          created.push({
            identity: identity.name,
            path: e.path,
            fields: Object.fromEntries(got.map((f) => [f.field, f.value])),
          });
        for (const f of got) facts.get(identity.name)!.push({ ...f, source: e.path, created: true });
      }
  for (const e of candidates.filter((c) => c.method.toUpperCase() === 'GET')) {
    const answers = new Map<string, { field: string; value: string }[]>();
    for (const identity of options.identities) {
      let draft: DraftRequest;
      try {
        draft = baselineDraft(e, identity);
      } catch {
        break;
      }
      const sent = await options.send(draft, identity, 'learn-read');
      if (ok(sent)) answers.set(identity.name, scalarFacts(sent.body));
    }
    for (const [name, mine] of answers) {
      const others = new Set(
        [...answers].filter(([n]) => n !== name).flatMap(([, fs]) => fs.map((f) => f.value)),
      );
      for (const f of mine) if (!others.has(f.value)) facts.get(name)!.push({ ...f, source: e.path });
    }
  }
  return { facts, created };
}

/** The identity's own value for a parameter of an endpoint, or undefined. */
export function ownValueFor(
  param: ActiveParam,
  endpoint: ActiveEndpoint,
  facts: OwnedFact[],
): string | undefined {
  const name = norm(param.name);
  const key = KEY_SUFFIX.exec(param.name);
  const prefix = key ? stem(key[1]!) : '';
  const field = key ? norm(key[2]!) : '';
  const segments = wordsOf(endpoint.path);
  const scored: { fact: OwnedFact; score: number }[] = [];
  for (const fact of facts) {
    const f = norm(fact.field);
    const sourceSegments = fact.source === 'token' ? [] : wordsOf(fact.source);
    const related = sourceSegments.length > 0 && sourceSegments.at(-1) === segments.at(-1);
    let score: number;
    // a generic name (`id`, `title`) is only the key of the collection the fact came from (or of the
    // identity itself, for a token claim on a user-like path); a specific one (`username`) anywhere
    if (f === name && GENERIC_KEY.test(name)) {
      if (related || (fact.source === 'token' && SELF_WORDS.test(segments.at(-1) ?? ''))) score = 3;
      else continue;
    } else if (f === name) score = 3;
    else if (key && f === field) {
      // `order_id` ↔ `id` of what /orders answered; `user_id` ↔ the token's `id`
      if (prefix && sourceSegments.includes(prefix)) score = 3;
      else if (fact.source === 'token' && SELF_WORDS.test(key[1]!) && segments.includes(prefix)) score = 2;
      else continue;
    } else continue;
    if (related) score += 2;
    if (fact.created) score += 1;
    scored.push({ fact, score });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored[0]?.fact.value;
}

/**
 * The endpoints with their object keys marked as identifiers, and each identity with the values it owns per
 * endpoint (explicit `values` win).
 */
export function applyOwnership(
  endpoints: ActiveEndpoint[],
  identities: Identity[],
  facts: Map<string, OwnedFact[]>,
): { endpoints: ActiveEndpoint[]; identities: Identity[]; keys: number } {
  let keys = 0;
  const perIdentity = new Map<string, Record<string, Record<string, string>>>();
  const out = endpoints.map((e) => {
    const params = endpointParams(e).map((p) => {
      let owned = false;
      for (const identity of identities) {
        const value = ownValueFor(p, e, facts.get(identity.name) ?? []);
        if (value === undefined) continue;
        owned = true;
        const byEndpoint = perIdentity.get(identity.name) ?? {};
        const k = `${e.method.toUpperCase()} ${e.path}`;
        byEndpoint[k] = { ...byEndpoint[k], [p.name]: value };
        perIdentity.set(identity.name, byEndpoint);
      }
      if (!owned) return p;
      keys++;
      const type = paramType(p);
      return p.in !== 'body' && type === 'string' ? { ...p, type: 'id' as const } : p;
    });
    return { ...e, params };
  });
  return {
    endpoints: out,
    identities: identities.map((i) =>
      perIdentity.has(i.name) ? { ...i, endpointValues: perIdentity.get(i.name)! } : i,
    ),
    keys,
  };
}

/**
 * The clean-up phase: each object the run created is deleted by its creator through the `DELETE` of its
 * collection (`POST /orders` → `DELETE /orders/{order_id}`) with the key its create answer gave.
 */
export async function removeCreated(
  created: CreatedObject[],
  endpoints: ActiveEndpoint[],
  identities: Identity[],
  send: (draft: DraftRequest, identity: Identity) => Promise<Sent>,
): Promise<{ removed: string[]; left: string[] }> {
  const removed: string[] = [];
  const left: string[] = [];
  for (const object of created) {
    const label = `${object.path} ${Object.entries(object.fields)
      .slice(0, 1)
      .map(([k, v]) => `${k}=${v}`)
      .join('')}`.trim();
    const identity = identities.find((i) => i.name === object.identity);
    const del = endpoints.find(
      (e) =>
        e.method.toUpperCase() === 'DELETE' &&
        new RegExp(`^${escape(object.path.replace(/\/+$/, ''))}/\\{[^}/]+\\}$`).test(e.path),
    );
    if (!identity || !del) {
      left.push(`${label} (no DELETE for it)`);
      continue;
    }
    const facts = Object.entries(object.fields).map(([field, value]) => ({
      field,
      value,
      source: object.path,
      created: true,
    }));
    const name = /\{([^}]+)\}$/.exec(del.path)![1]!;
    const value = ownValueFor({ name, in: 'path' }, del, facts) ?? object.fields['id'];
    if (value === undefined) {
      left.push(`${label} (its key for ${del.path} is unknown)`);
      continue;
    }
    const path = del.path.replace(`{${name}}`, encodeURIComponent(value));
    const sent = await send(
      { method: 'DELETE', pathTemplate: path, pathParams: {}, query: {}, headers: {} },
      identity,
    );
    if (ok(sent)) removed.push(`DELETE ${path}`);
    else left.push(`DELETE ${path} answered ${sent.status ?? 'nothing'}`);
  }
  return { removed, left };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
