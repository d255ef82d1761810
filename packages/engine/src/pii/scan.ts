// PII in traffic: JSON and form bodies, query strings, headers and path segments of
// one observation, each finding with its evidence.
import type { PiiFinding, PiiLocation } from '../types.js';
import { BoundedCache } from '../bounded-cache.js';
import { safeDecode } from '../url-text.js';
import { piiTypeForFieldName } from './detect.js';
import {
  addFinding,
  addNameFinding,
  addValueFinding,
  collector,
  isIdLike,
  scanValue,
  valueHits,
  type Collector,
} from './findings.js';

const MAX_JSON_NODES = 20000;

/**
 * Walk a parsed JSON value: field names that reveal PII (with a non-empty value)
 * and string values that match a validated pattern. Numbers are never matched by
 * value (ids and timestamps pass Luhn by chance); their field name still counts.
 */
export function detectPiiInJson(
  value: unknown,
  location: PiiLocation,
  out: PiiFinding[] = [],
  seen = new Set<string>(),
): PiiFinding[] {
  scanJson(value, location, collector(out, seen));
  return out;
}

function scanJson(value: unknown, location: PiiLocation, c: Collector): void {
  let budget = MAX_JSON_NODES;
  // Field paths (`items[].card_number`) are built only when something is found.
  const pathOf = (parent: string, name: string | undefined, arrayDepth: number): string => {
    const base = name === undefined ? parent : parent ? `${parent}.${name}` : name;
    return arrayDepth > 0 ? base + '[]'.repeat(arrayDepth) : base;
  };
  const walk = (
    v: unknown,
    parent: string,
    name: string | undefined,
    arrayDepth: number,
    depth: number,
  ): void => {
    if (budget-- <= 0 || depth > 64) return;
    if (typeof v === 'string') {
      if (v.length >= 5) {
        const hits = valueHits(v.length > 16384 ? v.slice(0, 16384) : v, isIdLike(name), name);
        if (hits.length > 0) {
          const field = pathOf(parent, name, arrayDepth) || undefined;
          for (const hit of hits) addValueFinding(c, hit, location, field);
        }
      }
      if (name && v !== '') nameFinding(name, parent, arrayDepth, v);
    } else if (typeof v === 'number') {
      if (name) nameFinding(name, parent, arrayDepth, v);
    } else if (Array.isArray(v)) {
      for (const item of v) walk(item, parent, name, arrayDepth + 1, depth + 1);
    } else if (v && typeof v === 'object') {
      const path = pathOf(parent, name, arrayDepth);
      for (const k in v) {
        if (Object.hasOwn(v, k)) walk((v as Record<string, unknown>)[k], path, k, 0, depth + 1);
      }
    }
  };
  const nameFinding = (name: string, parent: string, arrayDepth: number, value: unknown): void => {
    const t = piiTypeForFieldName(name, parentName(parent));
    if (!t) return;
    const field = pathOf(parent, name, arrayDepth);
    addNameFinding(c, t, name, location, field, value);
  };
  walk(value, '', undefined, 0, 0);
}

/** The last name of a field path (`order.items[].card` → card). */
function parentName(path: string): string | undefined {
  if (!path) return undefined;
  const dot = path.lastIndexOf('.');
  return path.slice(dot + 1).replace(/(\[\])+$/, '') || undefined;
}

/** Scan a body sample: JSON when it parses, form-encoded when it looks like it, else free text. */
export function detectPiiInBody(
  body: string,
  location: PiiLocation,
  out: PiiFinding[] = [],
  seen = new Set<string>(),
): PiiFinding[] {
  scanBody(body, location, collector(out, seen));
  return out;
}

function scanBody(body: string, location: PiiLocation, c: Collector): void {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined; // truncated or not JSON: scanned as text
    }
    if (parsed !== undefined) return scanJson(parsed, location, c);
  }
  if (/^[\w.%-]+=[^&\s]*(&[\w.%-]+=[^&\s]*)*$/.test(trimmed.slice(0, 4096))) {
    return scanParams(trimmed, location, c);
  }
  scanValue(body, location, undefined, c);
}

/** Analytics and click-id parameters and cookies: their numbers are visitor ids and times, never PII. */
const TRACKING_PARAM =
  /^(__utm[a-z]?|_ga(_\w+)?|_gid|_gat\w*|_gcl_\w+|_fbp|_fbc|utm_\w+|gclid|fbclid|msclkid|dclid|_hj\w+|mc_[ce]id|_ke|_pk_\w+|ajs_\w+)$/i;

function scanParams(query: string, location: PiiLocation, c: Collector): void {
  let n = 0;
  for (const pair of query.split('&')) {
    if (++n > 200) break;
    const eq = pair.indexOf('=');
    const rawName = eq >= 0 ? pair.slice(0, eq) : pair;
    const rawValue = eq >= 0 ? pair.slice(eq + 1) : '';
    const name = safeDecode(rawName);
    const value = safeDecode(rawValue.replace(/\+/g, ' '));
    if (value !== '' && !TRACKING_PARAM.test(name)) {
      const t = piiTypeForFieldName(name);
      if (t) addNameFinding(c, t, name, location, name, value);
      scanValue(value, location, name, c);
    }
  }
}

/** Headers that never carry personal data (technical, or credentials handled as auth evidence). */
const SKIP_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'accept-ranges',
  'age',
  'alt-svc',
  'cache-control',
  'connection',
  'content-encoding',
  'content-security-policy',
  'content-type',
  'host',
  'keep-alive',
  'link',
  'nel',
  'permissions-policy',
  'pragma',
  'referrer-policy',
  'report-to',
  'server',
  'server-timing',
  'strict-transport-security',
  'timing-allow-origin',
  'transfer-encoding',
  'upgrade-insecure-requests',
  'vary',
  'via',
  'x-content-type-options',
  'x-frame-options',
  'x-xss-protection',
  'authorization',
  'cookie',
  'set-cookie',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'user-agent',
  'date',
  'last-modified',
  'expires',
  'etag',
  'content-length',
]);

/**
 * Cheap test (one pass, no regex) whether a raw path can hold PII by value: an '@'
 * (or %40), or a segment mixing at least six digits with separators or letters that
 * is not a plain number or a hex/UUID id. Used to skip the scan for typical paths.
 */
export function pathMayHoldPii(path: string): boolean {
  let digits = 0;
  let nonHex = false;
  let other = false;
  for (let i = 0; i <= path.length; i++) {
    const c = i < path.length ? path.charCodeAt(i) : 47;
    if (c === 47) {
      if (digits >= 6 && other && nonHex) return true;
      digits = 0;
      nonHex = false;
      other = false;
    } else if (c === 64) return true;
    else if (c === 37 && path.charCodeAt(i + 1) === 52 && path.charCodeAt(i + 2) === 48) return true;
    else if (c >= 48 && c <= 57) digits++;
    else {
      other = true;
      if (!((c >= 97 && c <= 102) || (c >= 65 && c <= 70) || c === 45)) nonHex = true;
    }
  }
  return false;
}

export interface ObservationLike {
  path: string;
  query: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  requestBody?: string | undefined;
  responseBody?: string | undefined;
  /** Epoch milliseconds; becomes the evidence's first/last seen. */
  timestamp?: number | null;
}

const queryCache = new BoundedCache<string, PiiFinding[]>(20_000);

/**
 * All PII in one observation: path segments, query, headers and bodies in both
 * directions. `evidence: false` leaves the findings without evidence, for a
 * caller that wants the types only (the capture path).
 */
export function detectPiiInObservation(
  obs: ObservationLike,
  options: { scanPath?: boolean; evidence?: boolean } = {},
): PiiFinding[] {
  const t = obs.timestamp;
  const c = collector([], new Set(), options.evidence ?? true, typeof t === 'number' ? t : undefined);
  for (const raw of (options.scanPath ?? pathMayHoldPii(obs.path)) ? obs.path.split('/') : []) {
    // Path segments: only those that can hold PII by value (an '@', or digits mixed
    // with separators/letters). Plain words, plain numbers and UUID/hex ids cannot.
    if (raw.length < 5) continue;
    const seg = safeDecode(raw);
    if (!seg.includes('@') && !/\d[^\d]*\d/.test(seg)) continue;
    if (
      /^\d+$/.test(seg) ||
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(seg) ||
      /^[0-9a-f]{16,}$/i.test(seg)
    )
      continue;
    scanValue(seg, 'request.path', undefined, c);
  }
  if (obs.query) {
    // Query strings repeat (`page=2&limit=50`): short ones are memoised, with their evidence.
    if (obs.query.length <= 256) {
      const found = queryCache.getOrCompute(obs.query, (q) => {
        const list: PiiFinding[] = [];
        scanParams(q, 'request.query', collector(list));
        return list;
      });
      for (const f of found)
        addFinding(c, f.type, f.location, f.field, f.by, f.evidence!.rule, f.evidence!.sample);
    } else scanParams(obs.query, 'request.query', c);
  }
  for (const name in obs.requestHeaders) {
    if (!SKIP_HEADERS.has(name)) scanValue(obs.requestHeaders[name] as string, 'request.header', name, c);
  }
  for (const name in obs.responseHeaders) {
    if (!SKIP_HEADERS.has(name)) scanValue(obs.responseHeaders[name] as string, 'response.header', name, c);
  }
  if (obs.requestBody) scanBody(obs.requestBody, 'request.body', c);
  if (obs.responseBody) scanBody(obs.responseBody, 'response.body', c);
  return c.out;
}
