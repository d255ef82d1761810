// The traffic each value of a merged parameter carried (issue 40): when the templater merges
// `/v1-me` and `/v1-health` into `/{param}`, the endpoint keeps, per parameter position, what
// each literal had — its requests, first and last seen, statuses and sample paths — so a
// user's split gives every literal its own figures back instead of an even share.

/** What one value of a parameter carried. */
export interface ValueTraffic {
  requests: number;
  firstSeen: number | null;
  lastSeen: number | null;
  /** status code (as string) → count, as `EndpointAggregate.statusCounts`. */
  statusCounts: Record<string, number>;
  samplePaths: string[];
}

/**
 * Per position of an endpoint's template (`'0'`, `'2'`) that is a parameter: the literal
 * segment as it stood in the template before the merge → its traffic. Bounded per position
 * (`MAX_VALUES`); requests of values past the bound stay in the endpoint's totals only.
 */
export type ParameterValues = Record<string, Record<string, ValueTraffic>>;

/** The fields of an aggregate the values are taken from. */
export interface ValueSource {
  requestCount: number;
  firstSeen: number | null;
  lastSeen: number | null;
  statusCounts: Record<string, number>;
  samplePaths: string[];
  values?: ParameterValues;
}

/** Values kept per position: enough for every route a catch-all swallowed in real logs. */
export const MAX_VALUES = 100;
/** Sample paths kept per value. */
const VALUE_SAMPLES = 2;

const isParameter = (seg: string): boolean => seg.charCodeAt(0) === 123;

function trafficOf(agg: ValueSource): ValueTraffic {
  return {
    requests: agg.requestCount,
    firstSeen: agg.firstSeen,
    lastSeen: agg.lastSeen,
    statusCounts: { ...agg.statusCounts },
    samplePaths: agg.samplePaths.slice(0, VALUE_SAMPLES),
  };
}

function addTraffic(into: ValueTraffic, from: ValueTraffic): void {
  into.requests += from.requests;
  if (from.firstSeen !== null && (into.firstSeen === null || from.firstSeen < into.firstSeen))
    into.firstSeen = from.firstSeen;
  if (from.lastSeen !== null && (into.lastSeen === null || from.lastSeen > into.lastSeen))
    into.lastSeen = from.lastSeen;
  for (const [k, n] of Object.entries(from.statusCounts))
    into.statusCounts[k] = (into.statusCounts[k] ?? 0) + n;
  for (const s of from.samplePaths)
    if (into.samplePaths.length < VALUE_SAMPLES && !into.samplePaths.includes(s)) into.samplePaths.push(s);
}

function addValue(values: ParameterValues, at: string, value: string, traffic: ValueTraffic): void {
  const position = (values[at] ??= {});
  const had = position[value];
  if (had) addTraffic(had, traffic);
  else if (Object.keys(position).length < MAX_VALUES) position[value] = structuredClone(traffic);
}

/**
 * The values of an aggregate once its template goes from `before` to `after` (same length):
 * a literal that became a parameter is a value carrying the whole aggregate; a parameter that
 * stays one keeps the values it had. Undefined when nothing is known.
 */
export function valuesAfter(
  agg: ValueSource,
  before: readonly string[],
  after: readonly string[],
): ParameterValues | undefined {
  if (before.length !== after.length) return undefined;
  const out: ParameterValues = {};
  let any = false;
  for (let i = 0; i < after.length; i++) {
    if (!isParameter(after[i] as string)) continue;
    const seg = before[i] as string;
    const kept = agg.values?.[String(i)];
    if (!isParameter(seg)) out[String(i)] = { [seg]: trafficOf(agg) };
    else if (kept) out[String(i)] = structuredClone(kept);
    else continue;
    any = true;
  }
  return any ? out : undefined;
}

/** `b`'s values added to `a`'s (the same template). */
export function mergeValues(a: ValueSource, b: ValueSource): void {
  if (!b.values) return;
  const into = (a.values ??= {});
  for (const [at, position] of Object.entries(b.values))
    for (const [value, traffic] of Object.entries(position)) addValue(into, at, value, traffic);
}

/** The values known at one position, the busiest first; empty when none were kept. */
export function valuesAt(agg: ValueSource, position: number): [string, ValueTraffic][] {
  return Object.entries(agg.values?.[String(position)] ?? {}).sort((x, y) => y[1].requests - x[1].requests);
}

/** One request of `value` at position `at` (recorded on an endpoint whose leaf is already merged). */
export function noteValue(
  agg: { values?: ParameterValues },
  at: number,
  value: string,
  request: { status: number | null; timestamp: number | null; path: string },
): void {
  const position = ((agg.values ??= {})[String(at)] ??= {});
  let t = position[value];
  if (!t) {
    if (Object.keys(position).length >= MAX_VALUES) return;
    position[value] = t = { requests: 0, firstSeen: null, lastSeen: null, statusCounts: {}, samplePaths: [] };
  }
  t.requests++;
  const time = request.timestamp;
  if (time !== null) {
    if (t.firstSeen === null || time < t.firstSeen) t.firstSeen = time;
    if (t.lastSeen === null || time > t.lastSeen) t.lastSeen = time;
  }
  const status = request.status === null ? '-' : String(request.status);
  t.statusCounts[status] = (t.statusCounts[status] ?? 0) + 1;
  if (t.samplePaths.length < VALUE_SAMPLES && !t.samplePaths.includes(request.path))
    t.samplePaths.push(request.path.slice(0, 512));
}
