// The request fields of a JSON access-log record, under the names real servers write:
// nginx `log_format … escape=json` (`remote_addr`, `request`, `request_uri`, `status`,
// `time_iso8601`/`time_local`/`msec`), Caddy (`request.{method,uri,host,client_ip,headers}`,
// `status`, `ts`), Traefik (`RequestMethod`, `RequestPath`, `RequestHost`, `ClientHost`,
// `DownstreamStatus`, `StartUTC`) and generic loggers (`method`, `url`, `ip`, `timestamp`).

import type { Observation } from '../types.js';

export interface JsonRequestFields {
  method?: string;
  /** The request target (`/path?query`), or the whole request line when only that was logged. */
  target?: string;
  /** The request line as sent (`GET /x HTTP/1.1`), when the record holds it. */
  requestLine?: string;
  status?: number;
  host?: string;
  client?: string;
  user?: string;
  /** Epoch milliseconds, when the record holds a number or an ISO 8601 time. */
  time?: number | null;
  /** A CLF time (`10/Oct/2000:13:55:36 -0700`), for the caller's clock. */
  clfTime?: string;
  /** Request headers, lower-case names (Caddy logs them). */
  headers?: Record<string, string>;
  /** The answer's size in bytes (Caddy `size`, nginx `body_bytes_sent`). */
  bytes?: number;
  /** The answer's content type, when the record holds response headers (Caddy `resp_headers`). */
  contentType?: string;
}

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function first(r: Rec, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = r[k];
    if (typeof v === 'string' && v !== '' && v !== '-') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

// Field names, most specific first (space-separated).
const keys = (names: string) => names.split(' ');
const METHOD_KEYS = keys('method request_method RequestMethod http_method verb');
const TARGET_KEYS = keys('request_uri uri RequestPath url path request_path');
const STATUS_KEYS = keys('status DownstreamStatus status_code statusCode response_code OriginStatus');
const HOST_KEYS = keys('host http_host RequestHost server_name vhost');
const CLIENT_KEYS = keys('client_ip remote_addr remote-ip ClientHost remote_ip ip clientip client');
const QUERY_KEYS = keys('query args query_string');
const USER_KEYS = keys('remote_user user user_id');
const BYTES_KEYS = keys('size body_bytes_sent bytes_sent DownstreamContentSize response_size bytes');
const EPOCH_KEYS = keys('ts msec epoch');
const TIME_KEYS = keys('StartUTC time_iso8601 @timestamp timestamp time start_time');

/** Epoch seconds or milliseconds, or an ISO 8601 text, as epoch milliseconds. */
function timeOf(v: string): number | null {
  if (/^\d+(?:\.\d+)?$/.test(v)) {
    const n = Number(v);
    return n < 1e11 ? Math.round(n * 1000) : Math.round(n);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

/** The request fields of one JSON record, or null when it holds no request (a server message). */
export function jsonRequestFields(r: Rec): JsonRequestFields | null {
  const nested = isRec(r.request) ? r.request : null;
  const src = nested ?? r;
  const requestLine = typeof r.request === 'string' && r.request !== '' ? r.request : undefined;
  const method = first(src, METHOD_KEYS);
  const target = first(src, TARGET_KEYS);
  if (!method && !target && !requestLine) return null;
  const out: JsonRequestFields = {};
  if (method) out.method = method;
  // The query in a field of its own (`"path":"/x","query":"a=1"`, nginx `$args`).
  const query = target && !target.includes('?') ? first(src, QUERY_KEYS) : undefined;
  if (target) out.target = query ? `${target}?${query}` : target;
  if (requestLine) out.requestLine = requestLine;
  const status = Number(first(r, STATUS_KEYS) ?? first(src, STATUS_KEYS));
  if (Number.isInteger(status) && status >= 100 && status <= 599) out.status = status;
  const host = first(src, HOST_KEYS) ?? first(r, HOST_KEYS);
  if (host) out.host = host.replace(/:(80|443)$/, '').toLowerCase();
  const client = first(src, CLIENT_KEYS) ?? first(r, CLIENT_KEYS);
  if (client) out.client = client.split(',')[0]?.trim() ?? client;
  const user = first(r, USER_KEYS);
  if (user) out.user = user;
  const epoch = first(r, EPOCH_KEYS);
  const text = first(r, TIME_KEYS);
  if (epoch !== undefined) out.time = timeOf(epoch);
  else if (text !== undefined) out.time = timeOf(text);
  const clfOrIso = first(r, ['time_local']);
  if (out.time == null && clfOrIso) {
    if (/^\d{4}-/.test(clfOrIso)) out.time = timeOf(clfOrIso);
    else out.clfTime = clfOrIso;
  }
  const bytes = Number(first(r, BYTES_KEYS));
  if (Number.isInteger(bytes) && bytes >= 0) out.bytes = bytes;
  const answered = isRec(r.resp_headers) ? r.resp_headers : null;
  const type = answered && (answered['Content-Type'] ?? answered['content-type']);
  const contentType = Array.isArray(type) ? type.find((t) => typeof t === 'string' && t) : type;
  if (typeof contentType === 'string' && contentType) out.contentType = contentType;
  const headers: Record<string, string> = {};
  let anyHeader = false;
  const keep = (name: string, value: string) => {
    headers[name.toLowerCase()] = value;
    anyHeader = true;
  };
  if (nested && isRec(nested.headers)) {
    for (const [k, v] of Object.entries(nested.headers)) {
      if (typeof v === 'string') keep(k, v);
      else if (Array.isArray(v)) keep(k, v.filter((x) => typeof x === 'string').join(', '));
    }
  }
  // Traefik writes kept request headers as `request_<Name>` (`request_User-Agent`).
  for (const [k, v] of Object.entries(r))
    if (k.startsWith('request_') && /^[A-Z]/.test(k.slice(8)) && typeof v === 'string') keep(k.slice(8), v);
  if (anyHeader) out.headers = headers;
  return out;
}

/** The observation of a record, with the answer's size and content type when the record holds them. */
export function withAnswer(obs: Observation, f: JsonRequestFields): Observation {
  if (f.bytes !== undefined) obs.responseBytes = f.bytes;
  if (f.contentType !== undefined) obs.responseHeaders = { 'content-type': f.contentType };
  return obs;
}
