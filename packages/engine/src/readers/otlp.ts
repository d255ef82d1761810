// OTLP traces → Observations. Reads an ExportTraceServiceRequest as plain data: the
// OTLP/JSON encoding, or the protobuf encoding decoded to an object (the server
// decodes it with the OpenTelemetry project's generated definitions). Server spans
// with an HTTP method become one observation each; `http.route`, the template the
// framework matched, becomes the observation's declared route when it fits the path.
// Both the stable HTTP semantic conventions and the older attribute names are read.
import type { Observation } from '../types.js';
import { routeTemplateOf } from './otlp-route.js';

export { routeTemplateOf } from './otlp-route.js';

/** SpanKind SERVER in the OTLP enum (JSON carries the number, or the name). */
const SERVER = 2;

export interface OtlpSkipped {
  /** Spans of another kind (client, internal, producer, consumer). */
  notServer: number;
  /** Server spans without an HTTP method (RPC, messaging). */
  notHttp: number;
  /** HTTP server spans that name no host nor path Argus can place. */
  unplaced: number;
}

export interface OtlpResult {
  observations: Observation[];
  /** Spans that are not spans (not an object, no name): the OTLP partial-success count. */
  rejected: number;
  skipped: OtlpSkipped;
  /** The first reasons spans were rejected, for the partial-success message. */
  reasons: string[];
}

export interface OtlpOptions {
  /** Span or resource attributes that name the principal, first match wins (default `enduser.id`). */
  principalAttributes?: readonly string[];
}

type Json = Record<string, unknown>;
type Scalar = string | number | boolean;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const DEFAULT_PRINCIPALS = ['enduser.id'];
const MAX_REASONS = 5;

/** An AnyValue's scalar (`stringValue`, `intValue` as number or string, ...); undefined for arrays and maps. */
function scalarOf(value: unknown): Scalar | undefined {
  if (!isObj(value)) return undefined;
  const s = value['stringValue'];
  if (typeof s === 'string') return s;
  const i = value['intValue'];
  if (typeof i === 'number' && Number.isFinite(i)) return i;
  if (typeof i === 'string' && /^-?\d{1,19}$/.test(i)) return Number(i);
  const b = value['boolValue'];
  if (typeof b === 'boolean') return b;
  const d = value['doubleValue'];
  if (typeof d === 'number' && Number.isFinite(d)) return d;
  return undefined;
}

/** A KeyValue list as a map of its scalar values (later keys do not replace earlier ones). */
function attributesOf(value: unknown): Map<string, Scalar> {
  const out = new Map<string, Scalar>();
  for (const kv of list(value).slice(0, 512)) {
    if (!isObj(kv) || typeof kv['key'] !== 'string' || out.has(kv['key'])) continue;
    const v = scalarOf(kv['value']);
    if (v !== undefined) out.set(kv['key'], v);
  }
  return out;
}

function text(attrs: Map<string, Scalar>, ...names: string[]): string | undefined {
  for (const name of names) {
    const v = attrs.get(name);
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

function kindOf(kind: unknown): number | undefined {
  if (typeof kind === 'number') return kind;
  if (typeof kind === 'string') return kind === 'SPAN_KIND_SERVER' ? SERVER : /^\d+$/.test(kind) ? +kind : 0;
  return undefined;
}

/** Nanoseconds since the epoch (number, or decimal string as JSON carries 64-bit ints) → milliseconds. */
function millisOf(nanos: unknown): number | null {
  const n = typeof nanos === 'string' && /^\d{1,20}$/.test(nanos) ? Number(nanos) : nanos;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n / 1e6) : null;
}

function hostOf(value: string): string {
  // `host:port` or `[v6]:port` → the name, lower-case, without the port.
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1);
  const colon = v.indexOf(':');
  return colon < 0 ? v : v.slice(0, colon);
}

interface Target {
  path: string;
  query: string;
  host?: string;
  scheme?: 'http' | 'https';
}

/** Path and query from `url.path`/`url.query`, else `http.target`, else the full URL. */
function targetOf(attrs: Map<string, Scalar>): Target | undefined {
  const path = text(attrs, 'url.path');
  if (path?.startsWith('/')) return { path, query: (text(attrs, 'url.query') ?? '').replace(/^\?/, '') };
  const target = text(attrs, 'http.target');
  if (target?.startsWith('/')) {
    const q = target.indexOf('?');
    return q < 0 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q + 1) };
  }
  const full = text(attrs, 'url.full', 'http.url');
  if (!full) return undefined;
  try {
    const url = new URL(full);
    const scheme = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : undefined;
    return {
      path: url.pathname || '/',
      query: url.search.slice(1),
      host: url.hostname,
      ...(scheme ? { scheme } : {}),
    };
  } catch {
    return undefined;
  }
}

function schemeOf(value: string | undefined): 'http' | 'https' | null {
  const v = value?.toLowerCase();
  return v === 'https' ? 'https' : v === 'http' ? 'http' : null;
}

/** One HTTP server span as an Observation; a string says why it was skipped. */
function observationOfSpan(
  span: Json,
  resource: Map<string, Scalar>,
  principals: readonly string[],
): Observation | keyof OtlpSkipped {
  if (kindOf(span['kind']) !== SERVER) return 'notServer';
  const attrs = attributesOf(span['attributes']);
  let method = text(attrs, 'http.request.method', 'http.method')?.toUpperCase();
  if (method === '_OTHER') method = text(attrs, 'http.request.method_original')?.toUpperCase();
  if (!method || !/^[A-Z][A-Z0-9_-]{0,19}$/.test(method)) return 'notHttp';
  const target = targetOf(attrs);
  const hostText = text(attrs, 'server.address', 'net.host.name', 'http.host') ?? target?.host;
  const domain = hostText ? hostOf(hostText) : '';
  if (!target || domain === '') return 'unplaced';
  const status = attrs.get('http.response.status_code') ?? attrs.get('http.status_code');
  const statusNumber = typeof status === 'string' ? Number(status) : status;
  const requestHeaders: Record<string, string> = {};
  const agent = text(attrs, 'user_agent.original', 'http.user_agent');
  if (agent) requestHeaders['user-agent'] = agent;
  const observation: Observation = {
    source: 'capture',
    domain,
    method,
    path: target.path.slice(0, 2048),
    query: target.query.slice(0, 4096),
    status:
      typeof statusNumber === 'number' && Number.isInteger(statusNumber) && statusNumber >= 100
        ? statusNumber
        : null,
    scheme: schemeOf(text(attrs, 'url.scheme', 'http.scheme')) ?? target.scheme ?? null,
    auth: null,
    requestHeaders,
    responseHeaders: {},
    timestamp: millisOf(span['startTimeUnixNano']),
  };
  const route = text(attrs, 'http.route');
  const template = route === undefined ? undefined : routeTemplateOf(route, target.path);
  if (template !== undefined) {
    observation.route = template;
    observation.routeFromTrace = true;
  }
  const client = text(attrs, 'client.address', 'http.client_ip', 'net.sock.peer.addr', 'net.peer.ip');
  if (client) observation.client = client.slice(0, 64);
  for (const name of principals) {
    const principal = text(attrs, name) ?? text(resource, name);
    if (principal) {
      observation.principal = principal.slice(0, 200);
      break;
    }
  }
  return observation;
}

/** Every HTTP server span of an ExportTraceServiceRequest as an Observation, with what was skipped. */
export function observationsFromOtlp(request: unknown, options: OtlpOptions = {}): OtlpResult {
  const principals = options.principalAttributes ?? DEFAULT_PRINCIPALS;
  const result: OtlpResult = {
    observations: [],
    rejected: 0,
    skipped: { notServer: 0, notHttp: 0, unplaced: 0 },
    reasons: [],
  };
  const reject = (reason: string) => {
    result.rejected++;
    if (result.reasons.length < MAX_REASONS && !result.reasons.includes(reason)) result.reasons.push(reason);
  };
  if (!isObj(request)) return result;
  for (const resourceSpans of list(request['resourceSpans'])) {
    if (!isObj(resourceSpans)) continue;
    const resource = isObj(resourceSpans['resource'])
      ? attributesOf(resourceSpans['resource']['attributes'])
      : new Map<string, Scalar>();
    for (const scopeSpans of list(resourceSpans['scopeSpans'])) {
      if (!isObj(scopeSpans)) continue;
      for (const span of list(scopeSpans['spans'])) {
        if (!isObj(span)) {
          reject('a span is not an object');
          continue;
        }
        if (typeof span['name'] !== 'string') {
          reject('a span has no name');
          continue;
        }
        const made = observationOfSpan(span, resource, principals);
        if (typeof made === 'string') result.skipped[made]++;
        else result.observations.push(made);
      }
    }
  }
  return result;
}
