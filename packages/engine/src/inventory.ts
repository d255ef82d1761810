// The aggregator: Observations (+ declared spec/gateway endpoints) → an endpoint
// inventory keyed by (domain, method, normalizedPath). Incremental, bounded by the
// number of distinct endpoints, and serialisable: `toJSON()` / `Inventory.fromJSON`,
// and per endpoint `mergeAggregates` so a store can keep one row per endpoint.
import { NO_HEADERS, type AuthScheme, type Observation, type PiiFinding, type SourceKind } from './types.js';
import { detectPiiInObservation, pathMayHoldPii } from './pii/detect.js';
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
  type MergeReason,
  type TemplaterOptions,
} from './templating/index.js';
import { TrafficSummary, answered, classifyRequest, type DomainTraffic } from './traffic.js';

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
  /** `normalizedPath` is a route template the source declared (AWS `routeKey`/`resourcePath`): its names stay. */
  routeTemplate?: boolean;
}

const MAX_PII = 100;
const MAX_QUERY_PARAMS = 50;
const MAX_SAMPLE_PATHS = 5;
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

/** Average requests per second over the observed window (at least one second). */
export function avgRps(agg: Pick<EndpointAggregate, 'requestCount' | 'firstSeen' | 'lastSeen'>): number {
  if (agg.requestCount === 0 || agg.firstSeen === null || agg.lastSeen === null) return 0;
  const seconds = Math.max(1, (agg.lastSeen - agg.firstSeen) / 1000);
  return agg.requestCount / seconds;
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
  if (b.routeTemplate) a.routeTemplate = true;
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

export interface InventoryJSON {
  version: 1;
  endpoints: EndpointAggregate[];
}

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
  private readonly templater: PathTemplater<LeafAggregates>;
  private readonly detect: boolean;
  private readonly classify: boolean;
  private readonly trafficSummary = new TrafficSummary();
  /** Aggregates loaded with `addAggregate` (stored ones): kept even when they never answered. */
  private readonly loaded = new Set<string>();

  constructor(options: InventoryOptions = {}) {
    this.templater = new PathTemplater(options);
    this.detect = options.detectPii ?? true;
    this.classify = options.classifyTraffic ?? true;
  }

  get size(): number {
    return this.aggregates.size;
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
    const copy: EndpointAggregate = structuredClone(agg);
    if (copy.spec) this.declare(copy.domain, copy.method, copy.normalizedPath);
    else {
      const segments = splitPath(copy.normalizedPath);
      const declared = this.specIndex.get(copy.domain)?.match(segments, copy.method);
      if (declared && declared !== copy.normalizedPath) {
        this.renamed.set(endpointKey(copy.domain, copy.method, copy.normalizedPath), declared);
        copy.normalizedPath = declared;
      } else this.templater.learn(copy.domain, segments, Math.max(1, copy.requestCount));
    }
    this.loaded.add(endpointKey(copy.domain, copy.method, copy.normalizedPath));
    this.put(copy);
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

  /** Register a declared template (a stored aggregate with spec info counts as declared). */
  private declare(domain: string, method: string, template: string): void {
    let index = this.specIndex.get(domain);
    if (!index) this.specIndex.set(domain, (index = new SpecTemplateIndex()));
    index.add(template, [method]);
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
    if (this.classify) {
      const what = classifyRequest(method, obs.path, obs.query);
      if (what) {
        const template = what.kind === 'preflight' ? this.templateFor(domain, method, obs.path) : undefined;
        this.trafficSummary.add(domain === obs.domain ? obs : { ...obs, domain }, what, template);
        return null;
      }
    }
    let normalizedPath: string | undefined;
    if (obs.route && obs.route.includes('{')) normalizedPath = normalizeTemplate(obs.route);
    else if (this.specIndex.size > 0)
      normalizedPath = this.specIndex.get(domain)?.match(splitPath(obs.path), method) ?? undefined;
    if (normalizedPath === undefined) {
      // Hot path: one walk of the learned trie; the leaf keeps its aggregates per method.
      const { leaf, mayHoldPii } = this.templater.learnPath(domain, obs.path);
      let slot = this.templater.payloadOf(leaf);
      if (!slot)
        this.templater.setPayload(leaf, (slot = { method: '', aggregate: null, byMethod: new Map() }));
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
      return agg;
    }
    const agg = this.aggregateFor(domain, method, normalizedPath);
    if (!agg.spec && obs.route && obs.route.includes('{')) agg.routeTemplate = true;
    this.record(agg, obs, pathMayHoldPii(obs.path));
    return agg;
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
      agg.samplePaths.push(obs.path.slice(0, 512));
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
    this.templater.finalize();
    const merged = new Map<string, EndpointAggregate>();
    for (const [key, agg] of this.aggregates) {
      let target = key;
      if (!agg.spec) {
        // Names a parameter already has stay (a declared route keeps all of its own);
        // newly merged positions and unnamed guesses (`{id}` stored by older versions) are named.
        const segments = splitPath(agg.normalizedPath);
        const walked = this.templater.template(agg.domain, segments);
        const fixed = (i: number): boolean => {
          const s = segments[i] as string;
          return s.charCodeAt(0) === 123 && (agg.routeTemplate === true || !isGuessedParameter(s));
        };
        for (let i = 0; i < walked.length; i++) if (fixed(i)) walked[i] = segments[i] as string;
        const named = nameParameters(walked, fixed);
        const path = joinSegments(named);
        const reasons = this.templater.explain(agg.domain, segments);
        const merges = reasons.flatMap((reason, i) =>
          reason && !fixed(i) ? [{ parameter: named[i] as string, ...reason }] : [],
        );
        if (merges.length > 0) agg.merges = merges;
        else delete agg.merges;
        if (path !== agg.normalizedPath) {
          // A declared template may cover the merged path too.
          const spec = this.specIndex.get(agg.domain)?.match(splitPath(path), agg.method);
          agg.normalizedPath = spec ?? path;
          target = endpointKey(agg.domain, agg.method, agg.normalizedPath);
        }
      }
      const existing = merged.get(target);
      if (existing) mergeAggregates(existing, agg);
      else merged.set(target, agg);
    }
    this.aggregates.clear();
    for (const [k, v] of merged) this.aggregates.set(k, v);
    this.templater.invalidatePayloads();
    return [...merged].filter(([key, agg]) => !this.unanswered(key, agg)).map(([, agg]) => agg);
  }

  /** A guessed endpoint whose requests all failed (kept, in case it answers later; not listed). */
  private unanswered(key: string, agg: EndpointAggregate): boolean {
    return (
      this.classify &&
      !agg.spec &&
      !agg.routeTemplate &&
      !this.loaded.has(key) &&
      agg.requestCount > 0 &&
      !answered(agg.statusCounts)
    );
  }

  /**
   * Per domain, the traffic that is not the API: attack traffic (scanner signatures and
   * paths that only ever failed) by kind, client and path; static, browser and preflight counts.
   */
  traffic(): DomainTraffic[] {
    const failing = [...this.aggregates]
      .filter(([key, agg]) => this.unanswered(key, agg))
      .map(([, agg]) => ({
        domain: agg.domain,
        path: agg.samplePaths[0] ?? agg.normalizedPath,
        requests: agg.requestCount,
        firstSeen: agg.firstSeen,
        lastSeen: agg.lastSeen,
      }));
    return this.trafficSummary.summaries(failing);
  }

  toJSON(): InventoryJSON {
    return { version: 1, endpoints: this.endpoints() };
  }

  static fromJSON(json: InventoryJSON, options: InventoryOptions = {}): Inventory {
    if (!json || json.version !== 1 || !Array.isArray(json.endpoints))
      throw new Error('Not a serialised Argus inventory (version 1)');
    const inv = new Inventory(options);
    for (const e of json.endpoints) inv.addAggregate(e);
    return inv;
  }
}
