// Findings of one scanned input: the collector, de-duplication, evidence, and the
// memoised value recognisers behind every string scanned.
import type { Evidence, PiiFinding, PiiLocation, PiiType } from '../types.js';
import { BoundedCache } from '../bounded-cache.js';
import { detectPii, normaliseFieldName } from './detect.js';
import { redactSample } from './redact.js';

const ID_LIKE =
  /(^|[^a-z])(id|ids|uuid|guid|key|hash|ts|time|timestamp|created|updated|modified|count|total|amount|price|size|length|version|seq|sequence|offset|limit|page|code|status|port|number_of|num)$|Id$|At$/i;

const idLikeCache = new BoundedCache<string, boolean>(10_000);

/** The field (name or path; only its tail matters) holds ids, times or counts. Memoised. */
export function isIdLike(field: string | undefined): boolean {
  return field !== undefined && idLikeCache.getOrCompute(field, (f) => ID_LIKE.test(f));
}

/** Findings compared one by one up to this many; past it, by key in `seen`. */
const LINEAR_DEDUPE = 16;
const findingKey = (f: PiiFinding) => `${f.type}|${f.location}|${f.field ?? ''}|${f.by}`;

/**
 * Where findings go while one input is scanned: the list, the keys already in
 * it, whether each finding gets its evidence (the capture path wants the types
 * only: building evidence cost ~15 times the detection itself), and the time
 * the evidence is first and last seen at.
 */
export interface Collector {
  out: PiiFinding[];
  seen: Set<string>;
  evidence: boolean;
  time: number | undefined;
}

export const collector = (out: PiiFinding[] = [], seen = new Set<string>(), evidence = true, time?: number) =>
  ({ out, seen, evidence, time }) satisfies Collector;

/** Side and part of a traffic location (`response.body` → response, body). */
function whereOf(location: PiiLocation): { side?: 'request' | 'response'; part?: Evidence['part'] } {
  const dot = location.indexOf('.');
  const side = location.slice(0, dot);
  if (side !== 'request' && side !== 'response') return {};
  return { side, part: location.slice(dot + 1) as 'path' | 'query' | 'header' | 'body' };
}

/** The evidence of a traffic finding, its properties set in one order (one object shape). */
function trafficEvidence(
  c: Collector,
  location: PiiLocation,
  field: string | undefined,
  rule: string,
  sample: string | undefined,
): Evidence {
  const { side, part } = whereOf(location);
  const e = {} as Evidence;
  if (side) e.side = side;
  if (part) e.part = part;
  if (field) e.field = field;
  e.rule = rule;
  if (sample !== undefined) e.sample = sample;
  if (c.time !== undefined) {
    e.firstSeen = c.time;
    e.lastSeen = c.time;
  }
  return e;
}

/** What a value recogniser found in one string: the type, the recogniser and a redacted sample. */
interface ValueHit {
  type: PiiType;
  rule: string;
  sample: string;
}

/** Adds the finding unless an equal one is there (at most 200); the first one found keeps its evidence. */
export function addFinding(
  c: Collector,
  type: PiiType,
  location: PiiLocation,
  field: string | undefined,
  by: PiiFinding['by'],
  rule: string,
  sample: string | undefined,
): void {
  const { out, seen } = c;
  // A body holds a handful: comparing them costs less than building a key for each.
  if (out.length < LINEAR_DEDUPE) {
    for (const f of out) {
      if (f.type === type && f.field === field && f.by === by && f.location === location) return;
    }
  } else {
    if (seen.size === 0) for (const f of out) seen.add(findingKey(f));
    const k = `${type}|${location}|${field ?? ''}|${by}`;
    if (seen.has(k) || out.length >= 200) return;
    seen.add(k);
  }
  const finding: PiiFinding = field === undefined ? { type, location, by } : { type, location, field, by };
  if (c.evidence) finding.evidence = trafficEvidence(c, location, field, rule, sample);
  out.push(finding);
}

/** A value recogniser's finding, with its rule and redacted sample as evidence. */
export function addValueFinding(
  c: Collector,
  hit: ValueHit,
  location: PiiLocation,
  field: string | undefined,
) {
  addFinding(c, hit.type, location, field, 'value', hit.rule, hit.sample);
}

const nameRules = new BoundedCache<string, string>(10_000);

/** A field-name finding; its evidence shows the value, when a string, redacted. */
export function addNameFinding(
  c: Collector,
  type: PiiType,
  name: string,
  location: PiiLocation,
  field: string,
  value: unknown,
): void {
  if (!c.evidence) return addFinding(c, type, location, field, 'name', '', undefined);
  const rule = nameRules.getOrCompute(name, (n) => `field-name:${normaliseFieldName(n)}`);
  const sample = typeof value === 'string' && value !== '' ? redactSample(type, value) : undefined;
  addFinding(c, type, location, field, 'name', rule, sample);
}

/** Recognisers found in short values, memoised (API bodies repeat the same values: tags, dates, enums). */
const valueCache = [
  new BoundedCache<string, ValueHit[]>(50_000),
  new BoundedCache<string, ValueHit[]>(50_000),
] as const;

export function valueHits(text: string, skipNumeric: boolean, context?: string): ValueHit[] {
  const compute = (): ValueHit[] => {
    const hits: ValueHit[] = [];
    for (const m of detectPii(text, context ? { skipNumeric, context } : { skipNumeric }))
      if (!hits.some((h) => h.type === m.type))
        hits.push({ type: m.type, rule: `${m.type}:${m.recognizer}`, sample: redactSample(m.type, m.value) });
    return hits;
  };
  if (text.length > 256) return compute();
  // The field name is part of the key: `145418720` is an SSN in `ssn`, nothing in `__utmc`.
  return valueCache[skipNumeric ? 1 : 0].getOrCompute(context ? `${context}\u0000${text}` : text, compute);
}

/** Scan one string value (a field's value, a query or header value). */
export function scanValue(
  value: string,
  location: PiiLocation,
  field: string | undefined,
  c: Collector,
): void {
  if (value.length < 5) return;
  const text = value.length > 16384 ? value.slice(0, 16384) : value;
  const skipNumeric = isIdLike(field) || (field === undefined && /^\d+$/.test(text));
  for (const hit of valueHits(text, skipNumeric, field)) addValueFinding(c, hit, location, field);
}
