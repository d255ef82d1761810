// The aggregator: Observations (+ declared spec/gateway endpoints) → an endpoint
// inventory keyed by (domain, method, normalizedPath). Incremental, bounded by the
// number of distinct endpoints, and serialisable: `toJSON()` / `Inventory.fromJSON`,
// and per endpoint `mergeAggregates` so a store can keep one row per endpoint.
import { NO_HEADERS, type AuthScheme, type Observation, type PiiFinding, type SourceKind } from './types.js';
import { detectPiiInObservation, pathMayHoldPii } from './pii/scan.js';
import { ClientBook } from './clients.js';
import { PageBook } from './pages.js';
import { mergePrincipalUses, notePrincipalUse, type PrincipalUse } from './principal-objects.js';
import {
  PathTemplater,
  SpecTemplateIndex,
  isGuessedParameter,
  joinSegments,
  nameParameters,
  nameTemplate,
  normalizeTemplate,
  splitPath,
  templatePath,
  templateSegments,
  escapeLiteral,
  type MergeReason,
  type TemplaterOptions,
} from './templating/index.js';
import { TrafficSummary, answered, classifyRequest, combineTraffic, type DomainTraffic } from './traffic.js';
import {
  mergeValues,
  noteValue,
  valuesAfter,
  valuesAt,
  type ParameterValues,
  type ValueTraffic,
} from './parameter-values.js';

/** What a spec or gateway declares about an operation. */
export interface SpecInfo {
  source: 'openapi' | 'gateway';
  /** `public`: `security: []` or no scheme anywhere while the doc defines none; `required`; `undeclared`. */
  security: 'public' | 'required' | 'undeclared';
  securitySchemes: string[];
  deprecated: boolean;
  operationId?: string;
  summary?: string;
  /** JSON pointer to the operation in its API description (`#/paths/~1v1~1tokens/post`). */
  pointer?: string;
  /** Declared parameters (path, query, header, cookie). */
  parameters: { name: string; in: string; type?: string; format?: string; required?: boolean }[];
  /** Top-level-ish field paths of request and response bodies (bounded). */
  requestFields: string[];
  responseFields: string[];
  piiFields: PiiFinding[];
  /** Base URLs from servers/host/basePath or the gateway. */
  servers: string[];
  /** Gateway provider (kong, aws, azure) or API title for specs. */
  origin?: string;
}

/** One declared endpoint from a spec or gateway. */
export interface SpecEndpoint {
  domain: string;
  method: string;
  /** Normalised template (`/pets/{petId}`). */
  pathTemplate: string;
  spec: SpecInfo;
}

export interface EndpointAggregate {
  domain: string;
  method: string;
  normalizedPath: string;
  sources: SourceKind[];
  requestCount: number;
  firstSeen: number | null;
  lastSeen: number | null;
  /** status code (as string) → count; '-' for unknown. */
  statusCounts: Record<string, number>;
  /** auth scheme → count; 'none' = requests seen without credentials, 'unknown' = source could not tell. */
  auth: Record<string, number>;
  /** 'http' / 'https' / 'unknown' → count. */
  schemes: Record<string, number>;
  /** PII seen in traffic or declared in the spec, with how often. */
  pii: (PiiFinding & { count: number })[];
  /** Latest sample of selected headers (credentials redacted). */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** Query parameter names seen (bounded). */
  queryParams: string[];
  /** Field paths seen in JSON request bodies (bounded; for the mass-assignment check). */
  requestFields?: string[];
  /** A few raw paths that mapped here (bounded). */
  samplePaths: string[];
  /** First part of an error response body (4xx/5xx), for the verbose-error check. */
  errorSample?: string;
  /** First part of a successful response body, for the list/paging and data checks. */
  responseSample?: string;
  spec?: SpecInfo;
  /**
   * Why learned positions of `normalizedPath` are parameters (which rule, a sample of the
   * values merged, how many): absent when no position was merged by the templater.
   */
  merges?: ({ parameter: string } & MergeReason)[];
  /**
   * CORS preflights (`OPTIONS` on this path) counted on the endpoint they precede: the method
   * `Access-Control-Request-Method` names, else the path's busiest method other than GET/HEAD.
   */
  preflights?: number;
  /**
   * Per merged position, what each literal it stood for carried (requests, first/last seen,
   * statuses, samples): a split gives each its own back (see parameter-values.ts).
   */
  values?: ParameterValues;
  /** `normalizedPath` is a route template the source declared (AWS `routeKey`/`resourcePath`): its names stay. */
  routeTemplate?: boolean;
  /** The template is a trace's `http.route` (see trace-agreement.ts). */
  tracedRoute?: boolean;
  /** The first uses of each object by each principal (bounded; see principal-objects.ts). */
  principalUses?: PrincipalUse[];
}

const MAX_PII = 100;
const MAX_QUERY_PARAMS = 50;
const MAX_SAMPLE_PATHS = 16;
/** Sample paths are kept up to this length (a longer one is cut, and no longer the raw path). */
const SAMPLE_PATH_LENGTH = 512;
const SAMPLE_BODY = 2048;

export function endpointKey(domain: string, method: string, normalizedPath: string): string {
  return `${domain} ${method.toUpperCase()} ${normalizedPath}`;
}

export function emptyAggregate(domain: string, method: string, normalizedPath: string): EndpointAggregate {
  return {
    domain,
    method: method.toUpperCase(),
    normalizedPath,
    sources: [],
    requestCount: 0,
    firstSeen: null,
    lastSeen: null,
    statusCounts: {},
    auth: {},
    schemes: {},
    pii: [],
    requestHeaders: {},
    responseHeaders: {},
    queryParams: [],
    samplePaths: [],
  };
}

/** A request that found nothing there: a 4xx other than 401/403 (see `answered`). */
function failed(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 403;
}

/** The endpoint a preflight precedes among a path's methods (see `EndpointAggregate.preflights`). */
function precededBy(candidates: readonly EndpointAggregate[], method: string): EndpointAggregate | null {
  if (method) return candidates.find((a) => a.method === method) ?? null;
  let best: EndpointAggregate | null = null;
  for (const a of candidates) {
    const simple = a.method === 'GET' || a.method === 'HEAD';
    const bestSimple = best !== null && (best.method === 'GET' || best.method === 'HEAD');
    if (!best || (bestSimple && !simple) || (bestSimple === simple && a.requestCount > best.requestCount))
      best = a;
  }
  return best;
}

/**
 * The shortest window a rate is averaged over: one day. Requests seen within a
 * shorter span count as that many in a day, so an endpoint seen twice a second
 * apart is 2 requests a day, not 2 per second (172,800 a day).
 */
export const RATE_MIN_WINDOW_MS = 86_400_000;

/** Average requests per second over the observed span, or over one day when the span is shorter. */
export function avgRps(agg: Pick<EndpointAggregate, 'requestCount' | 'firstSeen' | 'lastSeen'>): number {
  if (agg.requestCount === 0 || agg.firstSeen === null || agg.lastSeen === null) return 0;
  const windowMs = Math.max(RATE_MIN_WINDOW_MS, agg.lastSeen - agg.firstSeen);
  return (agg.requestCount * 1000) / windowMs;
}

/** 'required' when every request with evidence carried credentials, 'none' when none did, 'mixed', or 'unknown'. */
export function authSummary(
  agg: Pick<EndpointAggregate, 'auth' | 'spec'>,
): 'required' | 'none' | 'mixed' | 'unknown' {
  const none = agg.auth['none'] ?? 0;
  let withAuth = 0;
  for (const [k, n] of Object.entries(agg.auth)) if (k !== 'none' && k !== 'unknown') withAuth += n;
  if (withAuth > 0 && none > 0) return 'mixed';
  if (withAuth > 0) return 'required';
  if (none > 0) return 'none';
  if (agg.spec?.security === 'required') return 'required';
  if (agg.spec?.security === 'public') return 'none';
  return 'unknown';
}

/** Distinct auth schemes seen (excluding none/unknown). */
export function authSchemesSeen(agg: Pick<EndpointAggregate, 'auth'>): AuthScheme[] {
  return Object.keys(agg.auth).filter((k) => k !== 'none' && k !== 'unknown') as AuthScheme[];
}

export function piiTypesOf(agg: Pick<EndpointAggregate, 'pii'>): string[] {
  return [...new Set(agg.pii.map((p) => p.type))].sort();
}

/** A string transform memoised in a small map (domains and methods repeat on every log line). */
function memo(fn: (s: string) => string): (s: string) => string {
  const cache = new Map<string, string>();
  let lastIn: string | null = null; // consecutive calls mostly pass the same string
  let lastOut = '';
  return (s) => {
    if (s === lastIn) return lastOut;
    let v = cache.get(s);
    if (v === undefined) {
      if (cache.size > 1000) cache.clear();
      cache.set(s, (v = fn(s)));
    }
    lastIn = s;
    lastOut = v;
    return v;
  };
}
const lower = memo((s) => s.toLowerCase());
const upper = memo((s) => s.toUpperCase());

/** True when the object has at least one own key (no array allocation, unlike Object.keys). */
function hasKeys(o: Record<string, string>): boolean {
  if (o === NO_HEADERS) return false;
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

const queryNameCache = new Map<string, string[]>();

/** Parameter names of a query string (first 20), memoised for short queries (they repeat). */
function queryNames(query: string): string[] {
  let names = queryNameCache.get(query);
  if (names === undefined) {
    names = [];
    for (const pair of query.split('&', 20)) {
      const name = pair.split('=', 1)[0] ?? '';
      if (name && !names.includes(name)) names.push(name.slice(0, 100));
    }
    if (query.length <= 256) {
      if (queryNameCache.size >= 20_000) queryNameCache.clear();
      queryNameCache.set(query, names);
    }
  }
  return names;
}

const addCount = (rec: Record<string, number>, key: string, n: number) => {
  rec[key] = (rec[key] ?? 0) + n;
};

function addPii(agg: EndpointAggregate, f: PiiFinding, count: number): void {
  const hit = agg.pii.find(
    (p) => p.type === f.type && p.location === f.location && p.field === f.field && p.by === f.by,
  );
  if (hit) {
    hit.count += count;
    const e = f.evidence;
    if (e && hit.evidence) {
      if (e.firstSeen !== undefined && (hit.evidence.firstSeen ?? Infinity) > e.firstSeen)
        hit.evidence.firstSeen = e.firstSeen;
      if (e.lastSeen !== undefined && (hit.evidence.lastSeen ?? -Infinity) < e.lastSeen)
        hit.evidence.lastSeen = e.lastSeen;
    } else if (e) hit.evidence = { ...e };
  } else if (agg.pii.length < MAX_PII)
    agg.pii.push({ ...f, ...(f.evidence ? { evidence: { ...f.evidence } } : {}), count });
}

/** Remember the field paths (two levels) of a JSON object request body. */
function recordRequestFields(agg: EndpointAggregate, body: string): void {
  if (body.length > 65536 || body.trimStart()[0] !== '{') return;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return;
  }
  const fields = (agg.requestFields ??= []);
  const add = (f: string) => {
    if (fields.length < MAX_QUERY_PARAMS && !fields.includes(f)) fields.push(f.slice(0, 100));
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  for (const [k, v] of Object.entries(value)) {
    add(k);
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      for (const k2 of Object.keys(v).slice(0, 20)) add(`${k}.${k2}`);
  }
}

const isParameter = (segment: string): boolean => /^\{[^{}/]+\}$/.test(segment);

/**
 * Whether a stored aggregate's sample paths say all its template does: a template a guess
 * made (not a declared route's), no sample cut short, and either every raw path it stood for
 * (fewer than the samples kept, so none was left out) or, at each position the templater
 * merged, as many values as the merge took (`/entities/vms/1`, `/entities/vc-datacenters/2`
 * for a merge of two; the ids beside them are ids whichever of them are kept).
 */
function completeSamples(agg: EndpointAggregate, segments: readonly string[]): boolean {
  if (agg.routeTemplate === true || agg.samplePaths.length === 0) return false;
  if (agg.samplePaths.some((p) => p.length >= SAMPLE_PATH_LENGTH)) return false;
  if (agg.samplePaths.length < MAX_SAMPLE_PATHS) return true;
  const merges = storedMerges(agg, segments);
  if (!merges || merges.size === 0) return false;
  const samples = agg.samplePaths.map((p) => splitPath(p));
  if (samples.some((s) => s.length !== segments.length)) return false;
  for (const [at, reason] of merges)
    if (new Set(samples.map((s) => s[at])).size < reason.distinct) return false;
  return true;
}

/** Positions of a learned template (`/users/{}/keys`) that are parameters. */
function parameterPositions(template: string): number[] {
  if (!template.includes('{')) return [];
  return splitPath(template).flatMap((s, i) => (s.charCodeAt(0) === 123 ? [i] : []));
}

/** Counts shared out in proportion to `weights`, summing to `total` (largest remainders). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] = (out[i] as number) + 1;
    left--;
  }
  return out;
}

/**
 * One part per group of sample paths, each standing as its first sample (templated again by
 * `endpoints()`), its counts the aggregate's shared by the groups' sizes, exactly: the parts
 * sum to the whole when they meet again.
 */
function divideAggregate(agg: EndpointAggregate, groups: readonly string[][]): EndpointAggregate[] {
  const standAs = (paths: readonly string[]) =>
    joinSegments(splitPath(paths[0] as string).map((s) => escapeLiteral(s)));
  if (groups.length === 1) {
    agg.normalizedPath = standAs(groups[0] as string[]);
    return [agg];
  }
  const parts = shareAggregate(
    agg,
    groups.map((g) => g.length),
  );
  parts.forEach((part, i) => {
    const paths = groups[i] as string[];
    part.normalizedPath = standAs(paths);
    part.samplePaths = [...paths];
    delete part.merges;
    delete part.values;
  });
  return parts;
}

/**
 * One part per value of position `at` that `agg` kept (see `EndpointAggregate.values`), each
 * with that literal's own requests, first/last seen, statuses and samples; requests of values
 * past the bound (or stored before values were kept) are shared in proportion. Auth, schemes
 * and PII, not kept per value, are shared in proportion too.
 */
function splitByValues(
  agg: EndpointAggregate,
  segments: readonly string[],
  at: number,
  known: readonly [string, ValueTraffic][],
): EndpointAggregate[] {
  const weights = known.map(([, t]) => Math.max(1, t.requests));
  const parts = shareAggregate(agg, weights);
  const rest = Math.max(0, agg.requestCount - known.reduce((n, [, t]) => n + t.requests, 0));
  const restShare = apportion(rest, weights);
  const restStatuses = Object.entries(agg.statusCounts).map(([k, n]) => {
    const left = n - known.reduce((m, [, t]) => m + (t.statusCounts[k] ?? 0), 0);
    return [k, apportion(Math.max(0, left), weights)] as const;
  });
  parts.forEach((part, j) => {
    const [value, t] = known[j] as [string, ValueTraffic];
    part.normalizedPath = joinSegments(segments.map((s, i) => (i === at ? value : s)));
    part.requestCount = t.requests + (restShare[j] as number);
    part.firstSeen = t.firstSeen ?? (rest > 0 ? agg.firstSeen : null);
    part.lastSeen = t.lastSeen ?? (rest > 0 ? agg.lastSeen : null);
    part.statusCounts = { ...t.statusCounts };
    for (const [k, shares] of restStatuses)
      if ((shares[j] as number) > 0)
        part.statusCounts[k] = (part.statusCounts[k] ?? 0) + (shares[j] as number);
    part.samplePaths = [...t.samplePaths];
    delete part.merges;
    delete part.values;
  });
  return parts;
}

/**
 * Copies of `agg`, one per weight, its counts (requests, statuses, auth, schemes, PII, preflights)
 * shared out in proportion, exactly: the parts sum to the whole.
 */
function shareAggregate(agg: EndpointAggregate, weights: readonly number[]): EndpointAggregate[] {
  const share = (n: number) => apportion(n, weights);
  const parts = weights.map(() => structuredClone(agg));
  const spread = (get: (a: EndpointAggregate) => Record<string, number>) => {
    for (const [k, n] of Object.entries(get(agg))) share(n).forEach((v, i) => (get(parts[i]!)[k] = v));
    for (const part of parts)
      for (const [k, v] of Object.entries(get(part))) if (v === 0) delete get(part)[k];
  };
  share(agg.requestCount).forEach((v, i) => (parts[i]!.requestCount = v));
  spread((a) => a.statusCounts);
  spread((a) => a.auth);
  spread((a) => a.schemes);
  agg.pii.forEach((p, j) => share(p.count).forEach((v, i) => (parts[i]!.pii[j]!.count = v)));
  for (const part of parts) part.pii = part.pii.filter((p) => p.count > 0);
  if (agg.preflights) share(agg.preflights).forEach((v, i) => (parts[i]!.preflights = v));
  return parts;
}

/** Merge `b` into `a` (same endpoint key or a re-templated one). Mutates and returns `a`. */
export function mergeAggregates(a: EndpointAggregate, b: EndpointAggregate): EndpointAggregate {
  for (const s of b.sources) if (!a.sources.includes(s)) a.sources.push(s);
  a.requestCount += b.requestCount;
  if (b.firstSeen !== null && (a.firstSeen === null || b.firstSeen < a.firstSeen)) a.firstSeen = b.firstSeen;
  if (b.lastSeen !== null && (a.lastSeen === null || b.lastSeen > a.lastSeen)) {
    a.lastSeen = b.lastSeen;
    if (Object.keys(b.requestHeaders).length > 0) a.requestHeaders = { ...b.requestHeaders };
    if (Object.keys(b.responseHeaders).length > 0) a.responseHeaders = { ...b.responseHeaders };
  } else {
    if (Object.keys(a.requestHeaders).length === 0) a.requestHeaders = { ...b.requestHeaders };
    if (Object.keys(a.responseHeaders).length === 0) a.responseHeaders = { ...b.responseHeaders };
  }
  for (const [k, n] of Object.entries(b.statusCounts)) addCount(a.statusCounts, k, n);
  for (const [k, n] of Object.entries(b.auth)) addCount(a.auth, k, n);
  for (const [k, n] of Object.entries(b.schemes)) addCount(a.schemes, k, n);
  for (const p of b.pii) addPii(a, p, p.count);
  for (const q of b.queryParams)
    if (a.queryParams.length < MAX_QUERY_PARAMS && !a.queryParams.includes(q)) a.queryParams.push(q);
  for (const s of b.samplePaths)
    if (a.samplePaths.length < MAX_SAMPLE_PATHS && !a.samplePaths.includes(s)) a.samplePaths.push(s);
  a.errorSample ??= b.errorSample;
  a.responseSample ??= b.responseSample;
  if (b.preflights) a.preflights = (a.preflights ?? 0) + b.preflights;
  if (b.merges && !a.merges) a.merges = b.merges;
  mergeValues(a, b);
  if (b.routeTemplate) a.routeTemplate = true;
  if (b.tracedRoute) a.tracedRoute = true;
  mergePrincipalUses(a, b);
  if (b.spec && (!a.spec || (a.spec.source === 'gateway' && b.spec.source === 'openapi'))) a.spec = b.spec;
  return a;
}

const KEEP_REQUEST_HEADERS = new Set([
  'content-type',
  'origin',
  'x-forwarded-proto',
  'x-forwarded-for',
  'host',
  'user-agent',
  'accept',
  'authorization',
  'cookie',
  'x-api-key',
  'api-key',
]);

/** Selected headers with credentials redacted (scheme kept, secret dropped). */
export function redactHeaders(headers: Record<string, string>, request: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (++n > 60) break;
    if (request && !KEEP_REQUEST_HEADERS.has(name)) continue;
    if (name === 'authorization' || name === 'proxy-authorization')
      out[name] = `${value.split(' ')[0] ?? ''} [redacted]`;
    else if (name === 'cookie')
      out[name] = value
        .split(';')
        .map((c) => `${c.split('=')[0]?.trim()}=[redacted]`)
        .join('; ');
    else if (name === 'set-cookie') out[name] = value.replace(/=[^;]*/, '=[redacted]');
    else if (name === 'x-api-key' || name === 'api-key') out[name] = '[redacted]';
    else out[name] = value.length > 512 ? value.slice(0, 512) : value;
  }
  return out;
}

/** What a learned leaf keeps for the inventory: its aggregates by method, the last one first. */
interface LeafAggregates {
  method: string;
  aggregate: EndpointAggregate | null;
  byMethod: Map<string, EndpointAggregate>;
  /** Positions of the leaf's template that are parameters: each request's values are kept there. */
  parameters: number[];
}

export interface InventoryOptions extends TemplaterOptions {
  /** Run PII detection on each observation (default true). */
  detectPii?: boolean;
  /**
   * Set apart traffic that is not the API (default true): scanner probes, static assets,
   * browser noise and preflights are counted in `traffic()`, and paths that only ever
   * answered 4xx (other than 401/403) are left out of `endpoints()` and counted there too.
   */
  classifyTraffic?: boolean;
}

/**
 * A user's correction of templating for one domain, applied by every later analysis:
 * `merge`: paths matching `template` (`/link/{name}`) are one endpoint, as a declared template;
 * `split`: the parameter `parameter` of `template` (`/link/{linkId}`) is really several
 * endpoints: its values stay literal (`/link/apple`, `/link/zebra`), however many there are.
 * A merge applies to every method of the paths it matches.
 */
export type TemplateOverride =
  { kind: 'merge'; template: string } | { kind: 'split'; template: string; parameter: string };

/** The position of `parameter` (`{linkId}`) in `template`, or -1. */
export function parameterPosition(template: string, parameter: string): number {
  return splitPath(normalizeTemplate(template)).indexOf(parameter);
}

/** CORS preflights not yet counted on an endpoint (none of the path's methods seen yet). */
export interface PendingPreflight {
  domain: string;
  /** The method `Access-Control-Request-Method` named, '' when the source does not say. */
  method: string;
  /** A raw path the preflights asked about (all of them had one template when read). */
  path: string;
  count: number;
}

export interface InventoryJSON {
  version: 1;
  endpoints: EndpointAggregate[];
  preflights?: PendingPreflight[];
}

/** Distinct pending preflight templates kept (the rest stay counted on the domain only). */
const MAX_PENDING_PREFLIGHTS = 10_000;
/** Client addresses kept per endpoint for requests that failed (see `Inventory.traffic`). */
const MAX_FAILED_CLIENTS = 200;

/**
 * Builds the endpoint inventory incrementally.
 *
 *   const inv = new Inventory();
 *   inv.addSpecEndpoints(specEndpoints);     // declared templates win over guesses
 *   for await (const obs of observations) inv.addObservation(obs);
 *   inv.endpoints();                         // EndpointAggregate[] after cardinality merges
 */
export class Inventory {
  private readonly aggregates = new Map<string, EndpointAggregate>();
  private readonly specIndex = new Map<string, SpecTemplateIndex>();
  private readonly renamed = new Map<string, string>();
  private readonly folded = new Map<string, string>();
  private readonly templater: PathTemplater<LeafAggregates>;
  private readonly detect: boolean;
  private readonly classify: boolean;
  private readonly trafficSummary = new TrafficSummary();
  private readonly pages = new PageBook();
  /** Summaries of traffic read elsewhere (worker threads), added to `traffic()`. */
  private readonly addedTraffic: DomainTraffic[] = [];
  /** Aggregates loaded with `addAggregate` (stored ones): kept even when they never answered. */
  private readonly loaded = new Set<string>();
  /**
   * Stored aggregates learned from their sample paths instead of their template (see
   * `completeSamples`): endpointKey → the samples, templated again by `endpoints()`.
   */
  private readonly resampled = new Map<string, string[]>();
  /** Per domain, the prefixes of split overrides (`['link']`, `['users', '{userId}', 'links']`). */
  private readonly splits = new Map<string, string[][]>();
  /** Preflights not yet on an endpoint, by domain, requested method and template when read. */
  private readonly preflightsPending = new Map<string, PendingPreflight>();
  /** Per aggregate, the clients of its failed requests: who probed a path that only ever failed. */
  private readonly failedClients = new Map<EndpointAggregate, Map<string, number>>();
  /** Who asked for each route, to tell scanners' routes from the API's (see `ClientBook`). */
  private readonly clients = new ClientBook<EndpointAggregate>();

  constructor(options: InventoryOptions = {}) {
    this.templater = new PathTemplater(options);
    this.detect = options.detectPii ?? true;
    this.classify = options.classifyTraffic ?? true;
  }

  get size(): number {
    return this.aggregates.size;
  }

  /**
   * A domain's overrides (see `TemplateOverride`), before its aggregates and traffic: merges
   * act as declared templates, splits keep a position literal (stored aggregates of the split
   * template are divided by their sample paths when added).
   */
  addOverrides(domainName: string, overrides: Iterable<TemplateOverride>): void {
    const domain = domainName.toLowerCase();
    for (const o of overrides) {
      if (o.kind === 'merge') this.declare(domain, null, normalizeTemplate(o.template));
      else {
        const position = parameterPosition(o.template, o.parameter);
        if (position < 0) continue;
        this.templater.split(domain, o.template, position);
        const prefix = splitPath(normalizeTemplate(o.template)).slice(0, position);
        const list = this.splits.get(domain) ?? [];
        list.push(prefix);
        this.splits.set(domain, list);
      }
    }
  }

  /** Declared endpoints: their templates win for matching traffic; they appear even without traffic. */
  addSpecEndpoints(endpoints: Iterable<SpecEndpoint>): void {
    for (const ep of endpoints) {
      const domain = ep.domain.toLowerCase();
      const template = normalizeTemplate(ep.pathTemplate);
      this.declare(domain, ep.method, template);
      const agg = emptyAggregate(domain, ep.method, template);
      agg.sources.push(ep.spec.source);
      agg.spec = ep.spec;
      for (const p of ep.spec.piiFields) addPii(agg, p, 0);
      this.put(agg);
    }
  }

  /**
   * Add a stored aggregate (e.g. loaded from the database) so more observations
   * merge into it. A guessed one that a declared template matches takes that
   * template (a spec wins over a guess: `/accounts/{accountId}` becomes the
   * spec's `/accounts/{id}`); `renames()` tells which.
   */
  addAggregate(agg: EndpointAggregate): void {
    this.addStored(agg, true);
  }

  /** `keep`: listed even if it never answered (a stored row; not a split part known to have failed). */
  private addStored(agg: EndpointAggregate, keep: boolean): void {
    const split = agg.spec ? null : this.splitStored(agg);
    if (split) {
      // A literal whose own requests all failed (a probe a catch-all had swallowed) is not listed.
      for (const part of split.parts) this.addStored(part, !split.exact || answered(part.statusCounts));
      return;
    }
    const copy: EndpointAggregate = structuredClone(agg);
    if (copy.spec) this.declare(copy.domain, copy.method, copy.normalizedPath);
    else {
      const segments = splitPath(copy.normalizedPath);
      const declared = this.specIndex.get(copy.domain)?.match(segments, copy.method);
      if (declared && declared !== copy.normalizedPath) {
        this.renamed.set(endpointKey(copy.domain, copy.method, copy.normalizedPath), declared);
        copy.normalizedPath = declared;
      } else if (completeSamples(copy, segments)) {
        // Every raw path it stood for is at hand: learned as those, the templater decides again
        // with this batch's traffic, not bound by a merge an earlier, smaller batch made.
        const weight = Math.max(1, Math.round(copy.requestCount / copy.samplePaths.length));
        for (const sample of copy.samplePaths) this.templater.learn(copy.domain, splitPath(sample), weight);
        this.resampled.set(endpointKey(copy.domain, copy.method, copy.normalizedPath), copy.samplePaths);
      } else
        this.templater.learn(
          copy.domain,
          segments,
          Math.max(1, copy.requestCount),
          storedMerges(copy, segments),
        );
    }
    if (keep) this.loaded.add(endpointKey(copy.domain, copy.method, copy.normalizedPath));
    this.put(copy);
  }

  /**
   * A stored aggregate whose parameter a split override names, one part per value: by the
   * values it kept (`exact`: each literal's own figures), else by its sample paths (counts
   * shared in proportion to the samples); null when none applies.
   */
  private splitStored(agg: EndpointAggregate): { parts: EndpointAggregate[]; exact: boolean } | null {
    const prefixes = this.splits.get(agg.domain.toLowerCase());
    if (!prefixes) return null;
    const segments = splitPath(agg.normalizedPath);
    const prefix = prefixes.find(
      (p) =>
        p.length < segments.length &&
        isParameter(segments[p.length] as string) &&
        p.every((s, i) => (isParameter(s) ? isParameter(segments[i] as string) : s === segments[i])),
    );
    if (!prefix) return null;
    const at = prefix.length;
    const known = valuesAt(agg, at);
    if (known.length > 0) return { parts: splitByValues(agg, segments, at, known), exact: true };
    if (agg.samplePaths.length === 0) return null;
    const groups = new Map<string, string[]>();
    for (const path of agg.samplePaths) {
      const value = splitPath(path)[at];
      if (value === undefined) continue;
      groups.set(value, [...(groups.get(value) ?? []), path]);
    }
    if (groups.size === 0) return null;
    const values = [...groups];
    const parts = shareAggregate(
      agg,
      values.map(([, paths]) => paths.length),
    ).map((part, j) => {
      const [value, paths] = values[j] as [string, string[]];
      part.normalizedPath = joinSegments(segments.map((s, i) => (i === at ? escapeLiteral(value) : s)));
      part.samplePaths = paths;
      delete part.merges;
      delete part.values;
      return part;
    });
    return { parts, exact: false };
  }

  /** Stored aggregates, the declared ones first, so guesses meet every declared template. */
  addAggregates(aggs: Iterable<EndpointAggregate>): void {
    const list = [...aggs];
    for (const agg of list) if (agg.spec) this.addAggregate(agg);
    for (const agg of list) if (!agg.spec) this.addAggregate(agg);
  }

  /** Guessed aggregates re-keyed to a declared template: endpointKey before → normalizedPath now. */
  renames(): ReadonlyMap<string, string> {
    return this.renamed;
  }

  /**
   * Aggregates the last `endpoints()` combined under another template: endpointKey before
   * (after any rename) → endpointKey now. A store moves what belongs to the old row (a
   * false-positive mark) to the new one.
   */
  foldedInto(): ReadonlyMap<string, string> {
    return this.folded;
  }

  /** Register a declared template (a stored aggregate with spec info counts as declared). */
  private declare(domain: string, method: string | null, template: string): void {
    let index = this.specIndex.get(domain);
    if (!index) this.specIndex.set(domain, (index = new SpecTemplateIndex()));
    index.add(template, method === null ? null : [method]);
  }

  private put(agg: EndpointAggregate): EndpointAggregate {
    const key = endpointKey(agg.domain, agg.method, agg.normalizedPath);
    const existing = this.aggregates.get(key);
    if (existing) return mergeAggregates(existing, agg);
    this.aggregates.set(key, agg);
    return agg;
  }

  /** The normalizedPath this inventory would give a raw path now. */
  templateFor(domain: string, method: string, rawPath: string, route?: string): string {
    if (route && route.includes('{')) return normalizeTemplate(route);
    const declared = this.declaredPath(domain, method, rawPath);
    if (declared) return declared;
    return templatePath(rawPath, {
      method,
      domain,
      templates: this.specIndex.get(domain),
      templater: this.templater,
    }).normalizedPath;
  }

  /**
   * Add one request. Traffic that is not the API (scanner probes, static assets, browser
   * noise, CORS preflights) is counted in `traffic()` instead and returns null.
   */
  addObservation(obs: Observation): EndpointAggregate | null {
    const domain = lower(obs.domain);
    const method = upper(obs.method);
    const profile = this.classify ? this.clients.profileOf(obs) : null;
    if (profile) {
      const what = classifyRequest(method, obs.path, obs.query) ?? this.pages.classify(domain, method, obs);
      if (what) {
        if (what.kind === 'attack') this.clients.noteSignature(profile);
        let template: string | undefined;
        if (what.kind === 'preflight') {
          template = this.templateFor(domain, method, obs.path);
          const requested = upper(obs.requestHeaders['access-control-request-method'] ?? '').trim();
          this.notePreflight({ domain, method: requested, path: obs.path, count: 1 }, template);
        }
        this.trafficSummary.add(domain === obs.domain ? obs : { ...obs, domain }, what, template);
        return null;
      }
    } else if (method === '-' || (obs.path.length > 0 && obs.path.charCodeAt(0) !== 0x2f)) {
      return null; // a request line that was not HTTP (see NOT_HTTP): no path to template
    }
    let normalizedPath: string | undefined;
    // A route the source declares (a gateway's resource, a trace's http.route) is the template as given.
    if (obs.route?.startsWith('/')) normalizedPath = normalizeTemplate(obs.route);
    else if (this.specIndex.size > 0) normalizedPath = this.declaredPath(domain, method, obs.path);
    if (normalizedPath === undefined) {
      // Hot path: one walk of the learned trie; the leaf keeps its aggregates per method.
      const { leaf, mayHoldPii } = this.templater.learnPath(domain, obs.path);
      let slot = this.templater.payloadOf(leaf);
      if (!slot)
        this.templater.setPayload(
          leaf,
          (slot = {
            method: '',
            aggregate: null,
            byMethod: new Map(),
            parameters: parameterPositions(leaf.template),
          }),
        );
      let agg: EndpointAggregate | undefined;
      if (slot.method === method && slot.aggregate)
        agg = slot.aggregate; // the same method as the leaf's last line
      else {
        agg = slot.byMethod.get(method);
        if (!agg) {
          agg = this.aggregateFor(domain, method, leaf.template === '' ? '/' : nameTemplate(leaf.template));
          slot.byMethod.set(method, agg);
        }
        slot.method = method;
        slot.aggregate = agg;
      }
      this.record(agg, obs, mayHoldPii);
      if (profile) this.clients.use(agg, profile, obs.status);
      if (slot.parameters.length > 0) this.noteValues(agg, slot.parameters, obs);
      if (obs.status === null || obs.status >= 400) this.noteFailed(agg, obs);
      return agg;
    }
    const agg = this.aggregateFor(domain, method, normalizedPath);
    // A trace's route is what the framework matched, literal or not: it is never re-templated.
    if (!agg.spec && obs.route && (obs.route.includes('{') || obs.routeFromTrace === true))
      agg.routeTemplate = true;
    if (!agg.spec && obs.routeFromTrace === true) agg.tracedRoute = true;
    this.record(agg, obs, pathMayHoldPii(obs.path));
    if (profile) this.clients.use(agg, profile, obs.status);
    if (obs.status === null || obs.status >= 400) this.noteFailed(agg, obs);
    return agg;
  }

  /**
   * The declared template of a raw path, or one extending a declared prefix that ends in a
   * parameter (`/users/{username}` + `/users/m24-3343/addresses` → `/users/{username}/addresses`,
   * the rest typed segment by segment).
   */
  private declaredPath(domain: string, method: string, rawPath: string): string | undefined {
    const index = this.specIndex.get(domain);
    if (!index) return undefined;
    const segments = splitPath(rawPath);
    const exact = index.match(segments, method);
    if (exact) return exact;
    // Under a declared parameter (`/users/{username}/…`), the rest of the path extends the
    // declared template: the deepest declared prefix, if a parameter is in it.
    const parts = index.prefix(segments);
    if (!parts || !parts.some(isParameter) || parts.some((p) => p.includes('+}'))) return undefined;
    return joinSegments([...parts, ...nameParameters(templateSegments(segments.slice(parts.length)))]);
  }

  private aggregateFor(domain: string, method: string, normalizedPath: string): EndpointAggregate {
    const key = endpointKey(domain, method, normalizedPath);
    let agg = this.aggregates.get(key);
    if (!agg) {
      agg = emptyAggregate(domain, method, normalizedPath);
      this.aggregates.set(key, agg);
    }
    return agg;
  }

  /** The values of a request on a leaf already merged (see `EndpointAggregate.values`). */
  private noteValues(agg: EndpointAggregate, positions: readonly number[], obs: Observation): void {
    const segments = splitPath(obs.path);
    for (const at of positions) {
      const seg = segments[at];
      if (seg !== undefined) noteValue(agg, at, escapeLiteral(seg), obs);
    }
  }

  private record(agg: EndpointAggregate, obs: Observation, pathPii: boolean): void {
    if (agg.sources[0] !== obs.source && !agg.sources.includes(obs.source)) agg.sources.push(obs.source);
    agg.requestCount++;
    const t = obs.timestamp;
    if (t !== null) {
      if (agg.firstSeen === null || t < agg.firstSeen) agg.firstSeen = t;
      if (agg.lastSeen === null || t >= agg.lastSeen) {
        agg.lastSeen = t;
        if (hasKeys(obs.responseHeaders)) agg.responseHeaders = redactHeaders(obs.responseHeaders, false);
        if (hasKeys(obs.requestHeaders)) agg.requestHeaders = redactHeaders(obs.requestHeaders, true);
      }
    } else {
      if (hasKeys(obs.responseHeaders)) agg.responseHeaders = redactHeaders(obs.responseHeaders, false);
      if (hasKeys(obs.requestHeaders)) agg.requestHeaders = redactHeaders(obs.requestHeaders, true);
    }
    // A numeric status indexes the record directly: the same property as its decimal
    // string, without converting a string key to an index on every line.
    const counts = agg.statusCounts as Record<string | number, number>;
    const statusKey: string | number = obs.status === null ? '-' : obs.status;
    counts[statusKey] = (counts[statusKey] ?? 0) + 1;
    const scheme = obs.scheme ?? 'unknown';
    agg.schemes[scheme] = (agg.schemes[scheme] ?? 0) + 1;
    if (obs.auth === null) agg.auth['unknown'] = (agg.auth['unknown'] ?? 0) + 1;
    else if (obs.auth.length === 0) agg.auth['none'] = (agg.auth['none'] ?? 0) + 1;
    else for (const a of obs.auth) agg.auth[a] = (agg.auth[a] ?? 0) + 1;
    if (agg.samplePaths.length < MAX_SAMPLE_PATHS && !agg.samplePaths.includes(obs.path))
      agg.samplePaths.push(obs.path.slice(0, SAMPLE_PATH_LENGTH));
    notePrincipalUse(agg, obs);
    if (obs.query && agg.queryParams.length < MAX_QUERY_PARAMS) {
      for (const name of queryNames(obs.query)) {
        if (agg.queryParams.length < MAX_QUERY_PARAMS && !agg.queryParams.includes(name))
          agg.queryParams.push(name);
      }
    }
    if (obs.requestBody && (agg.requestFields?.length ?? 0) < MAX_QUERY_PARAMS)
      recordRequestFields(agg, obs.requestBody);
    if (obs.responseBody) {
      if (obs.status !== null && obs.status >= 400)
        agg.errorSample ??= obs.responseBody.slice(0, SAMPLE_BODY);
      else agg.responseSample ??= obs.responseBody.slice(0, SAMPLE_BODY);
    }
    if (
      this.detect &&
      (obs.query ||
        obs.requestBody ||
        obs.responseBody ||
        hasKeys(obs.requestHeaders) ||
        hasKeys(obs.responseHeaders) ||
        pathPii)
    ) {
      for (const f of detectPiiInObservation(obs, { scanPath: pathPii })) addPii(agg, f, 1);
    }
  }

  /**
   * The inventory with learned cardinality merges applied: aggregates whose paths
   * now fall under a merged position are combined. Spec templates are never re-templated.
   */
  endpoints(): EndpointAggregate[] {
    // The methods each learned route answered: a literal answering as the parameter beside it does is a value.
    for (const [key, agg] of this.aggregates) {
      if (agg.spec) continue;
      const samples = this.resampled.get(key);
      for (const path of samples ?? [agg.normalizedPath])
        this.templater.noteMethod(agg.domain, splitPath(path), agg.method);
    }
    this.templater.finalize();
    const merged = new Map<string, EndpointAggregate>();
    for (const [key, agg, part] of this.resampledParts()) {
      let target = key;
      if (!agg.spec) {
        // Names a parameter already has stay (a declared route keeps all of its own);
        // newly merged positions and unnamed guesses (`{id}` stored by older versions) are named.
        const segments = splitPath(agg.normalizedPath);
        const walked = this.templater.template(agg.domain, segments);
        const fixed = (i: number): boolean => {
          // A declared route keeps its literals too: the framework matched them as written.
          if (agg.routeTemplate === true) return true;
          const s = segments[i] as string;
          if (s.charCodeAt(0) !== 123) return false;
          // A name taken from the literal before it (`{goldWonkaId}` after `gold-wonka`) is stale
          // once that literal merged into a parameter: named again, like its siblings.
          const prev = segments[i - 1];
          const stale = prev !== undefined && prev.charCodeAt(0) !== 123 && walked[i - 1] !== prev;
          return !stale && !isGuessedParameter(s);
        };
        for (let i = 0; i < walked.length; i++) if (fixed(i)) walked[i] = segments[i] as string;
        const named = nameParameters(walked, fixed);
        const path = joinSegments(named);
        const reasons = this.templater.explain(agg.domain, segments);
        // A position merged by an earlier call (or analysis: a stored endpoint) is a named
        // parameter now, which the trie cannot explain again: its reason stays.
        const before = agg.routeTemplate ? undefined : agg.merges;
        const merges = reasons.flatMap((reason, i) => {
          const parameter = named[i] as string;
          if (reason && !fixed(i)) return [{ ...reason, parameter }];
          const kept = before?.find((m) => m.parameter === segments[i]);
          return kept ? [{ ...kept, parameter }] : [];
        });
        if (merges.length > 0) agg.merges = merges;
        else delete agg.merges;
        if (path !== agg.normalizedPath || endpointKey(agg.domain, agg.method, path) !== key) {
          // A declared template may cover the merged path too.
          const spec = this.specIndex.get(agg.domain)?.match(splitPath(path), agg.method);
          const values = valuesAfter(agg, segments, splitPath(spec ?? path));
          if (values) agg.values = values;
          else delete agg.values;
          agg.normalizedPath = spec ?? path;
          target = endpointKey(agg.domain, agg.method, agg.normalizedPath);
          if (!part) this.folded.set(key, target);
        }
      }
      const existing = merged.get(target);
      if (existing) {
        mergeAggregates(existing, agg);
        this.moveFailedClients(agg, existing);
        this.clients.move(agg, existing);
      } else merged.set(target, agg);
    }
    this.aggregates.clear();
    for (const [k, v] of merged) this.aggregates.set(k, v);
    this.placePreflights(merged.values());
    this.templater.invalidatePayloads();
    return [...merged].filter(([key, agg]) => !this.unanswered(key, agg)).map(([, agg]) => agg);
  }

  /**
   * The aggregates to template, resampled ones (see `resampled`) standing as one of their raw
   * paths, so that `endpoints()` names them as it names new traffic; one whose samples the
   * templater now tells apart (an earlier batch merged `/entities/vms` and
   * `/entities/vc-datacenters`; this one sees the API's other collections beside them) is
   * divided by its samples, its counts shared in proportion. The first part keeps the stored
   * key, so `foldedInto` tells where the stored row went.
   */
  private *resampledParts(): Generator<[key: string, agg: EndpointAggregate, part: boolean]> {
    for (const [key, agg] of this.aggregates) {
      const samples = this.resampled.get(key);
      if (!samples) {
        yield [key, agg, false];
        continue;
      }
      const groups = new Map<string, string[]>();
      for (const sample of samples) {
        const at = joinSegments(this.templater.template(agg.domain, splitPath(sample)));
        const group = groups.get(at);
        if (group) group.push(sample);
        else groups.set(at, [sample]);
      }
      const parts = divideAggregate(agg, [...groups.values()]);
      // Later parts are new rows: no stored row went there (`foldedInto` names only the first).
      for (let i = 0; i < parts.length; i++)
        yield [i === 0 ? key : `${key}#${i}`, parts[i] as EndpointAggregate, i > 0];
    }
    this.resampled.clear();
  }

  /** Count CORS preflights (`OPTIONS` is not an endpoint) to put on the endpoint they precede. */
  addPreflights(preflights: Iterable<PendingPreflight>): void {
    for (const p of preflights) this.notePreflight(p);
  }

  /** Preflights no endpoint has taken yet (its methods not seen): for a reader that combines parts. */
  pendingPreflights(): PendingPreflight[] {
    return [...this.preflightsPending.values()].map((p) => ({ ...p }));
  }

  private notePreflight(p: PendingPreflight, template?: string): void {
    const domain = p.domain.toLowerCase();
    const path = template ?? this.templateFor(domain, p.method || 'OPTIONS', p.path);
    const key = `${domain} ${p.method} ${path}`;
    const had = this.preflightsPending.get(key);
    if (had) had.count += p.count;
    else if (this.preflightsPending.size < MAX_PENDING_PREFLIGHTS)
      this.preflightsPending.set(key, { domain, method: p.method, path: p.path, count: p.count });
  }

  /**
   * Moves pending preflights onto the endpoint they precede: the same template now, the
   * method they asked for, or (unnamed) the path's busiest method other than GET/HEAD.
   */
  private placePreflights(aggregates: Iterable<EndpointAggregate>): void {
    if (this.preflightsPending.size === 0) return;
    const byPath = new Map<string, EndpointAggregate[]>();
    for (const agg of aggregates) {
      const key = `${agg.domain} ${agg.normalizedPath}`;
      const list = byPath.get(key);
      if (list) list.push(agg);
      else byPath.set(key, [agg]);
    }
    for (const [key, p] of this.preflightsPending) {
      const path = this.templateFor(p.domain, p.method || 'GET', p.path);
      const target = precededBy(byPath.get(`${p.domain} ${path}`) ?? [], p.method);
      if (!target) continue;
      target.preflights = (target.preflights ?? 0) + p.count;
      this.preflightsPending.delete(key);
    }
  }

  /** Off the hot path: only requests that found nothing (a 4xx other than 401/403, or no status). */
  private noteFailed(agg: EndpointAggregate, obs: Observation): void {
    if (this.classify && (obs.status === null || failed(obs.status))) this.noteFailedClient(agg, obs.client);
  }

  private noteFailedClient(agg: EndpointAggregate, client = 'unknown', n = 1): void {
    let clients = this.failedClients.get(agg);
    if (!clients) this.failedClients.set(agg, (clients = new Map()));
    const had = clients.get(client);
    if (had !== undefined) clients.set(client, had + n);
    // A copy: the reader's client text may be a slice of its whole read buffer, kept alive otherwise.
    else if (clients.size < MAX_FAILED_CLIENTS) clients.set(Buffer.from(client).toString(), n);
  }

  private moveFailedClients(from: EndpointAggregate, to: EndpointAggregate): void {
    const clients = this.failedClients.get(from);
    if (!clients) return;
    this.failedClients.delete(from);
    for (const [client, n] of clients) this.noteFailedClient(to, client, n);
  }

  /**
   * A guessed endpoint that is not the API's (kept, in case it answers later; not listed):
   * only scanners asked for it, or every request failed and none was refused as a handler
   * refuses (400, 405, 409, 422) to a client that is not a scanner. Null when it is listed.
   */
  private unanswered(key: string, agg: EndpointAggregate): 'unanswered' | 'scanner' | null {
    if (!this.classify || agg.spec || agg.routeTemplate || this.loaded.has(key) || agg.requestCount === 0)
      return null;
    if (this.clients.scannersOnly(agg)) return 'scanner';
    return answered(agg.statusCounts) || this.clients.refusedAsARoute(agg) ? null : 'unanswered';
  }

  /**
   * Per domain, the traffic that is not the API: attack traffic (scanner signatures and
   * paths that only ever failed) by kind, client and path; static, browser and preflight counts.
   */
  traffic(): DomainTraffic[] {
    const failing = [...this.aggregates].flatMap(([key, agg]) => {
      const kind = this.unanswered(key, agg);
      if (!kind) return [];
      const clients =
        kind === 'scanner' ? this.clients.addresses(agg, agg.requestCount) : this.failedClients.get(agg);
      return [
        {
          domain: agg.domain,
          path: agg.samplePaths[0] ?? agg.normalizedPath,
          requests: agg.requestCount,
          kind,
          clients: clients ?? new Map<string, number>(),
          firstSeen: agg.firstSeen,
          lastSeen: agg.lastSeen,
        },
      ];
    });
    const own = this.trafficSummary.summaries(failing);
    return this.addedTraffic.length === 0 ? own : combineTraffic([...own, ...this.addedTraffic]);
  }

  /** Adds traffic summaries of another inventory (a part read by a worker thread) to `traffic()`. */
  addTraffic(traffic: readonly DomainTraffic[]): void {
    this.addedTraffic.push(...traffic);
  }

  toJSON(): InventoryJSON {
    const endpoints = this.endpoints();
    const preflights = this.pendingPreflights();
    return preflights.length > 0 ? { version: 1, endpoints, preflights } : { version: 1, endpoints };
  }

  static fromJSON(json: InventoryJSON, options: InventoryOptions = {}): Inventory {
    if (!json || json.version !== 1 || !Array.isArray(json.endpoints))
      throw new Error('Not a serialised Argus inventory (version 1)');
    const inv = new Inventory(options);
    for (const e of json.endpoints) inv.addAggregate(e);
    if (Array.isArray(json.preflights)) inv.addPreflights(json.preflights);
    return inv;
  }
}

/** The positions of a stored aggregate's learned parameters, with their reasons (see `merges`). */
function storedMerges(
  agg: EndpointAggregate,
  segments: readonly string[],
): Map<number, MergeReason> | undefined {
  if (!agg.merges || agg.merges.length === 0 || agg.routeTemplate) return undefined;
  const out = new Map<number, MergeReason>();
  for (const { parameter, ...reason } of agg.merges) {
    const at = segments.indexOf(parameter);
    if (at >= 0 && !out.has(at)) out.set(at, reason);
  }
  return out;
}
