// Streaming access-log reader: Apache/Nginx common and combined (with vhost and
// X-Forwarded-For prefixes, IPv6 clients, empty requests) and AWS API Gateway
// JSON access logs (REST and HTTP API). Never holds the file: lines are cut from
// chunks as they arrive; malformed lines are counted and sampled, never fatal.
import { StringDecoder } from 'node:string_decoder';
import { CodeUnits, codeUnitsOf, digitsAt } from '../code-units.js';
import { NO_HEADERS, type AuthScheme, type Observation } from '../types.js';
import { authFromHeaders } from './har.js';
import { ClfClock, type Units } from './clf-clock.js';
import { jsonRequestFields, withAnswer } from './json-access-log.js';

export { ClfClock, parseClfTime } from './clf-clock.js';

/** `json`: JSON lines under other servers' field names (nginx `escape=json`, Caddy, Traefik). */
export type AccessLogFormat = 'apache' | 'nginx' | 'aws_api_gateway' | 'json';

export interface RejectedLine {
  line: number;
  reason: string;
  /** The start of the line (at most 200 characters). */
  text: string;
}

export interface AccessLogStats {
  format: AccessLogFormat;
  linesRead: number;
  linesRejected: number;
  /** Lines that parse but carry no request (`""`, a probe that sent nothing). */
  linesWithoutRequest: number;
  observations: number;
  /** Up to `maxRejectedSamples` rejected lines with their line numbers. */
  rejected: RejectedLine[];
}

export interface AccessLogOptions {
  /** Format, or 'auto' (default) to detect it from the first lines. 'aws' is accepted for aws_api_gateway. */
  format?: AccessLogFormat | 'aws' | 'auto';
  /** Domain for lines that do not name a host (no vhost, no absolute URL, no domainName). */
  domain?: string;
  /** Called for each observation as it is parsed. */
  onObservation: (obs: Observation) => void;
  maxRejectedSamples?: number;
  /** Lines longer than this are rejected without parsing (default 64 KiB). */
  maxLineLength?: number;
  /** Called every ~64k lines with the byte count seen so far (progress bars). */
  onProgress?: (bytes: number, lines: number) => void;
}

export class AccessLogError extends Error {
  override name = 'AccessLogError';
}

const CREDENTIAL_QUERY =
  /(?:^|&)(?:api[_-]?key|apikey|access[_-]?token|token|auth|key|password|secret|sig|signature)=/i;
const METHOD = /^[A-Z][A-Z-]{1,19}$/;
const KNOWN_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

const KNOWN_METHOD_UNITS = KNOWN_METHODS.map((m) => Uint8Array.from(m, (c) => c.charCodeAt(0)));

/**
 * The common method at `start` when a space follows it (`u[o + i]` is the line's unit `i`,
 * `length` the line's length), as a shared constant string (no per-line string, and later
 * Map lookups by method hit a cached hash), or null.
 */
function knownMethodAt(u: Units, o: number, start: number, length: number): string | null {
  const first = u[o + start];
  for (let k = 0; k < KNOWN_METHOD_UNITS.length; k++) {
    const m = KNOWN_METHOD_UNITS[k] as Uint8Array;
    const len = m.length;
    if (m[0] !== first || start + len >= length || u[o + start + len] !== 32) continue;
    let i = 1;
    while (i < len && u[o + start + i] === m[i]) i++;
    if (i === len) return KNOWN_METHODS[k] as string;
  }
  return null;
}

/** Bytes decoded into one string at a time (V8 allocates longer strings as large objects). */
const DECODE_PIECE = 64 * 1024;

type LineResult = Observation | string | null; // observation, rejection reason, or null = no request

/**
 * Parse one Apache/Nginx common or combined line. Characters are read from `units`
 * (`units[base + i]` is the line's code unit `i`: the code units of the chunk the line was
 * cut from), or from the line's own code units when not given; strings come from `line`.
 */
export function parseClfLine(
  line: string,
  domain: string,
  units?: Units,
  base = 0,
  clock: ClfClock = new ClfClock(),
): LineResult {
  // A line parsed without its chunk's units (cut across chunks, detection) gets its own:
  // rare, so a fresh array per line costs nothing measurable and keeps no shared state.
  const u = units ?? codeUnitsOf(line);
  const o = units ? base : 0;
  const length = line.length;
  // The first ' [': the first '[' when a space precedes it (the usual case), else a search
  // for the pair (a one-character search is the cheaper call).
  let open = line.indexOf('[');
  if (open > 0 && u[o + open - 1] === 32) open--;
  else open = line.indexOf(' [');
  if (open <= 0) return 'no [timestamp] field';
  const close = line.indexOf(']', open + 2);
  if (close < 0) return 'unterminated [timestamp]';
  // Tokens before the timestamp: [vhost] client… ident authuser (quoted XFF lists allowed).
  // The usual `- -` (or `- user`) is read in place: lastIndexOf is slow on sliced strings.
  const lastSpace =
    open >= 2 && u[o + open - 1] === 45 && u[o + open - 2] === 32
      ? open - 2
      : line.lastIndexOf(' ', open - 1);
  const identSpace =
    lastSpace > 1 && u[o + lastSpace - 1] === 45 && u[o + lastSpace - 2] === 32
      ? lastSpace - 2
      : lastSpace > 0
        ? line.lastIndexOf(' ', lastSpace - 1)
        : -1;
  if (lastSpace < 0 || identSpace < 0) return 'missing client, ident or user field';
  const userIsDash = lastSpace + 2 === open && u[o + lastSpace + 1] === 45;
  const user = userIsDash ? '-' : line.slice(lastSpace + 1, open);
  let lineDomain = domain;
  const firstSpace = line.indexOf(' ');
  let clientStart = 0;
  if (firstSpace < identSpace) {
    const clients = line.slice(0, identSpace);
    // `vhost:port client` or `vhost client`: a first token with letters that is not an IP list.
    const first = clients.slice(0, firstSpace);
    if (/^[a-z0-9.-]*[a-z][a-z0-9.-]*(:\d+)?$/i.test(first) && first.includes('.') && !first.includes(',')) {
      lineDomain = first.replace(/:(80|443)$/, '').toLowerCase();
      clientStart = firstSpace + 1;
    }
  }
  // The client: the first address (of an X-Forwarded-For list), without quotes.
  let clientEnd = line.indexOf(' ', clientStart);
  if (clientEnd < 0 || clientEnd > identSpace) clientEnd = identSpace;
  let client = line.slice(clientStart, clientEnd);
  if (client.includes(',') || client.includes('"')) client = client.replace(/"/g, '').split(',')[0] as string;
  const time = clock.at(line, u, o, open + 2, close);
  if (time === null) return 'bad timestamp';
  if (close + 2 >= length || u[o + close + 1] !== 32 || u[o + close + 2] !== 34)
    return 'missing "request" field';
  const reqStart = close + 3;
  // The first `" ` not escaped by a backslash (found through '"', the cheaper search).
  let reqEnd = line.indexOf('"', reqStart);
  while (reqEnd > 0 && (reqEnd + 1 >= length || u[o + reqEnd + 1] !== 32 || u[o + reqEnd - 1] === 92))
    reqEnd = line.indexOf('"', reqEnd + 1);
  if (reqEnd < 0) return 'unterminated "request" field';
  const statusStart = reqEnd + 2;
  const d0 = statusStart + 2 < length ? (u[o + statusStart] as number) - 48 : -1;
  const d1 = statusStart + 2 < length ? (u[o + statusStart + 1] as number) - 48 : -1;
  const d2 = statusStart + 2 < length ? (u[o + statusStart + 2] as number) - 48 : -1;
  const status =
    d0 >= 0 && d0 <= 9 && d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9 ? d0 * 100 + d1 * 10 + d2 : NaN;
  if (!(status >= 100 && status <= 599) || (length > statusStart + 3 && u[o + statusStart + 3] !== 32)) {
    return 'bad status';
  }
  // `""` (nginx) or `"-"` (Apache): a connection closed before it sent a request.
  if (reqEnd === reqStart || (reqEnd === reqStart + 1 && u[o + reqStart] === 45)) return null;
  // Bytes that are not an HTTP request line (a TLS handshake written as `\x16\x03\x01`, an RDP
  // cookie, `HELP`, `CONNECT host:443`): reconnaissance, kept as an observation whose path is
  // what was sent, so that it is counted as attack traffic rather than lost as a rejected line.
  // A common method followed by a space ends at that space (no search for it).
  let method = knownMethodAt(u, o, reqStart, length);
  let sp1: number;
  if (method !== null) sp1 = reqStart + method.length;
  else {
    sp1 = line.indexOf(' ', reqStart);
    if (sp1 < 0 || sp1 > reqEnd)
      return notHttp(lineDomain, NOT_HTTP, line.slice(reqStart, reqEnd), status, time, client);
    method = line.slice(reqStart, sp1);
    if (!METHOD.test(method))
      return notHttp(lineDomain, NOT_HTTP, line.slice(reqStart, reqEnd), status, time, client);
  }
  sp1++;
  // The target ends at the next space (or the request's end); its query at the first '?'.
  let sp2 = line.indexOf(' ', sp1);
  if (sp2 < 0 || sp2 > reqEnd) sp2 = reqEnd;
  let q = line.indexOf('?', sp1);
  if (q >= sp2) q = -1;
  let path: string;
  let query = '';
  let scheme: 'http' | 'https' | null = null;
  if (u[o + sp1] === 47) {
    if (q < 0) path = line.slice(sp1, sp2);
    else {
      path = line.slice(sp1, q);
      query = line.slice(q + 1, sp2);
    }
  } else {
    // absolute-form (proxy) `http://host/path`, or garbage
    const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(line.slice(sp1, sp2));
    if (!m)
      return sp2 > sp1
        ? notHttp(lineDomain, method, line.slice(sp1, sp2), status, time, client)
        : 'malformed request target'; // `CONNECT host:443`, `GET *`
    scheme = (m[1] as string).toLowerCase() as 'http' | 'https';
    lineDomain = (m[2] as string).toLowerCase();
    const target = m[3] as string;
    const qt = target.indexOf('?');
    path = (qt < 0 ? target : target.slice(0, qt)) || '/';
    query = qt < 0 ? '' : target.slice(qt + 1);
  }
  let auth: AuthScheme[] | null = null;
  if (user !== '-' && user !== '') auth = ['remote_user'];
  if (query && CREDENTIAL_QUERY.test(query)) auth = auth ? [...auth, 'query_key'] : ['query_key'];
  const obs = observation(lineDomain, method, path, query, status, scheme, auth, time, client);
  const bytes = digitsAt(u, o + statusStart + 4, o + length); // the size field (`-`: unknown)
  if (bytes >= 0) obs.responseBytes = bytes;
  // The combined format's last field: the user agent (with the address, who the client is).
  if (u[o + length - 1] === 34) {
    const open = line.lastIndexOf('"', length - 2);
    if (open > reqEnd) obs.userAgent = line.slice(open + 1, length - 1);
  }
  return obs;
}

/**
 * The method of a request line that is not HTTP (binary bytes, a bare word): its path is
 * the text sent, which never starts with `/`, and the classifier counts it as attack traffic.
 */
export const NOT_HTTP = '-';

/** A request line that is not HTTP, as an observation (see NOT_HTTP). */
function notHttp(
  domain: string,
  method: string,
  sent: string,
  status: number | null,
  time: number | null,
  client: string | undefined,
) {
  return observation(
    domain,
    method,
    sent.length > 2048 ? sent.slice(0, 2048) : sent,
    '',
    status,
    null,
    null,
    time,
    client,
  );
}

function observation(
  domain: string,
  method: string,
  path: string,
  query: string,
  status: number | null,
  scheme: 'http' | 'https' | null,
  auth: AuthScheme[] | null,
  timestamp: number | null,
  client: string | undefined,
  requestHeaders: Record<string, string> = NO_HEADERS,
): Observation {
  const obs: Observation = {
    source: 'access_log',
    domain,
    method,
    path,
    query,
    status,
    scheme,
    auth,
    requestHeaders,
    responseHeaders: NO_HEADERS,
    timestamp,
    client: client as string,
  };
  if (client === undefined) delete obs.client;
  return obs;
}

/**
 * Parse one JSON access-log line: AWS API Gateway (REST v1 or HTTP API v2 fields), or the
 * field names of other servers (see jsonRequestFields). A record without any request field
 * (a server's own message in the same stream) is a line without request.
 */
export function parseAwsLine(line: string, domain: string, clock: ClfClock = new ClfClock()): LineResult {
  let rec: unknown;
  try {
    rec = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  if (typeof rec !== 'object' || rec === null || Array.isArray(rec)) return 'not a JSON object';
  const r = rec as Record<string, unknown>;
  if (r.httpMethod === undefined && r.routeKey === undefined && r.resourcePath === undefined)
    return parseJsonRecord(r, domain, clock);
  const str = (k: string) =>
    typeof r[k] === 'string' ? (r[k] as string) : typeof r[k] === 'number' ? String(r[k]) : undefined;
  let method = str('httpMethod');
  let route: string | undefined;
  const routeKey = str('routeKey');
  if (routeKey && routeKey !== '$default') {
    const sp = routeKey.indexOf(' ');
    if (sp > 0) {
      method ??= routeKey.slice(0, sp);
      route = routeKey.slice(sp + 1);
    }
  }
  const resourcePath = str('resourcePath');
  if (resourcePath) route ??= resourcePath;
  const rawPath = str('path') ?? route;
  if (!method || !rawPath) return 'no httpMethod/routeKey and path';
  if (!METHOD.test(method.toUpperCase()) && method !== 'ANY') return 'malformed httpMethod';
  if (!rawPath.startsWith('/')) return 'path does not start with /';
  const statusNum = Number(str('status'));
  const epoch = Number(str('requestTimeEpoch'));
  const time =
    Number.isFinite(epoch) && epoch > 0
      ? epoch < 1e11
        ? epoch * 1000
        : epoch
      : clock.parse(str('requestTime') ?? '');
  const caller = str('caller');
  const user = str('user');
  const auth: AuthScheme[] | null = (caller && caller !== '-') || (user && user !== '-') ? ['aws_iam'] : null;
  const q = rawPath.indexOf('?');
  const protocol = str('protocol');
  return {
    source: 'access_log',
    domain: (str('domainName') ?? domain).toLowerCase(),
    method: method.toUpperCase(),
    path: q < 0 ? rawPath : rawPath.slice(0, q),
    query: q < 0 ? '' : rawPath.slice(q + 1),
    status: Number.isInteger(statusNum) && statusNum >= 100 && statusNum <= 599 ? statusNum : null,
    scheme: protocol?.startsWith('HTTP') ? 'https' : null,
    auth,
    requestHeaders: NO_HEADERS,
    responseHeaders: NO_HEADERS,
    timestamp: time,
    ...(route ? { route } : {}),
  };
}

/** A JSON record under other servers' field names (see jsonRequestFields). */
function parseJsonRecord(r: Record<string, unknown>, domain: string, clock: ClfClock): LineResult {
  const f = jsonRequestFields(r);
  if (!f) return null;
  const time = f.time ?? (f.clfTime ? clock.parse(f.clfTime) : null);
  let lineDomain = f.host ?? domain;
  const status = f.status ?? null;
  let { method, target } = f;
  if (f.requestLine !== undefined && (!method || !target)) {
    const [m, t] = f.requestLine.split(' ');
    if (!m || !t || !METHOD.test(m))
      return notHttp(lineDomain, NOT_HTTP, f.requestLine, status, time, f.client);
    method ??= m;
    target ??= t;
  }
  if (!method || !target) return 'no method or request target';
  method = method.toUpperCase();
  if (!METHOD.test(method))
    return notHttp(lineDomain, NOT_HTTP, `${method} ${target}`, status, time, f.client);
  let scheme: 'http' | 'https' | null = null;
  if (!target.startsWith('/')) {
    const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(target);
    if (!m) return notHttp(lineDomain, method, target, status, time, f.client);
    scheme = (m[1] as string).toLowerCase() as 'http' | 'https';
    lineDomain = (m[2] as string).toLowerCase();
    target = (m[3] as string) || '/';
  }
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  const headers = f.headers ?? NO_HEADERS;
  const auth: AuthScheme[] = f.headers ? authFromHeaders(headers, query) : [];
  if (f.user) auth.push('remote_user');
  if (!f.headers && query && CREDENTIAL_QUERY.test(query)) auth.push('query_key');
  return withAnswer(
    observation(
      lineDomain,
      method,
      path,
      query,
      status,
      scheme,
      auth.length ? auth : null,
      time,
      f.client,
      headers,
    ),
    f,
  );
}

const AWS_KEYS = /"(?:httpMethod|routeKey|resourcePath)"/;

/** Guess the format from a few sample lines; null when nothing is recognisable. */
export function detectLogFormat(lines: string[]): AccessLogFormat | null {
  let aws = 0;
  let json = 0;
  let jsonMessages = 0;
  let clf = 0;
  for (const l of lines) {
    const t = l.trim();
    if (!t) continue;
    if (t.startsWith('{')) {
      const r = parseAwsLine(t, '');
      if (r === null) jsonMessages++;
      else if (typeof r === 'object') {
        if (AWS_KEYS.test(t)) aws++;
        else json++;
      }
    } else if (typeof parseClfLine(t, '') !== 'string') clf++;
  }
  if (aws + json === 0 && clf === 0) return null;
  if (aws + json + jsonMessages <= clf) return 'apache';
  return aws >= json ? 'aws_api_gateway' : 'json';
}

function normaliseFormat(f: AccessLogOptions['format']): AccessLogFormat | 'auto' {
  if (f === undefined || f === 'auto') return 'auto';
  if (f === 'aws') return 'aws_api_gateway';
  if (f === 'apache' || f === 'nginx' || f === 'aws_api_gateway' || f === 'json') return f;
  throw new AccessLogError(
    `Unknown access log format "${String(f)}" (expected apache, nginx, aws_api_gateway, json or auto)`,
  );
}

/**
 * Read an access log from chunks (a Node stream, an async iterable of strings or
 * Uint8Arrays, or one string) and emit Observations. With format 'auto' the first
 * 50 non-empty lines decide; if none is recognisable an AccessLogError is thrown.
 */
export async function readAccessLog(
  input: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> | string,
  options: AccessLogOptions,
): Promise<AccessLogStats> {
  let format = normaliseFormat(options.format);
  const domain = (options.domain ?? '').toLowerCase();
  const maxSamples = options.maxRejectedSamples ?? 20;
  const maxLine = options.maxLineLength ?? 64 * 1024;
  const stats: AccessLogStats = {
    format: format === 'auto' ? 'apache' : format,
    linesRead: 0,
    linesRejected: 0,
    linesWithoutRequest: 0,
    observations: 0,
    rejected: [],
  };
  const emit = options.onObservation;
  const pending: string[] = []; // lines held back until the format is known
  const clock = new ClfClock();
  const clf = (line: string, d: string, units?: Units, base?: number) =>
    parseClfLine(line, d, units, base, clock);
  const aws = (line: string, d: string) => parseAwsLine(line, d, clock);
  let parse: (line: string, d: string, units?: Units, base?: number) => LineResult =
    format === 'aws_api_gateway' || format === 'json' ? aws : clf;

  const reject = (lineNo: number, reason: string, text: string) => {
    stats.linesRejected++;
    if (stats.rejected.length < maxSamples)
      stats.rejected.push({ line: lineNo, reason, text: text.slice(0, 200) });
  };
  // `units[base + i]`, when given, is the line's code unit `i` (the code units of its chunk).
  const handle = (line: string, units?: Units, base = 0) => {
    const lineNo = ++stats.linesRead;
    let end = line.length;
    if (end > 0 && (units ? units[base + end - 1] : line.charCodeAt(end - 1)) === 13) end--;
    const text = end === line.length ? line : line.slice(0, end);
    if (text.length === 0) {
      stats.linesRead--;
      return;
    }
    if (text.length > maxLine) return reject(lineNo, `line longer than ${maxLine} characters`, text);
    const r = parse(text, domain, units, base);
    if (r === null) stats.linesWithoutRequest++;
    else if (typeof r === 'string') reject(lineNo, r, text);
    else {
      stats.observations++;
      emit(r);
    }
  };
  const settle = (force: boolean) => {
    if (format !== 'auto') return;
    // A line held cut to its head (longer than maxLine) is no blank line, whatever its head.
    const nonEmpty = pending.filter((l) => l.length > maxLine || l.trim()).length;
    if (!force && nonEmpty < 50) return;
    if (nonEmpty === 0) return; // empty input: nothing to detect, nothing to read
    const detected = detectLogFormat(pending.slice(0, 200));
    if (!detected) {
      throw new AccessLogError(
        'Unrecognised access log format: no line looks like Apache/Nginx common or combined, or a JSON access log (AWS API Gateway, nginx, Caddy, Traefik)',
      );
    }
    format = detected;
    stats.format = detected;
    parse = detected === 'aws_api_gateway' || detected === 'json' ? aws : clf;
    const held = pending.splice(0);
    for (const l of held) handle(l);
  };
  const push = (line: string, units?: Units, base = 0) => {
    if (format === 'auto') {
      pending.push(line.length > maxLine ? line.slice(0, maxLine + 1) : line);
      settle(false);
    } else handle(line, units, base);
  };

  const decoder = new StringDecoder('utf8');
  let carry = '';
  let oversized = false; // inside a line already longer than maxLine: skip to its end
  let bytes = 0;
  let nextProgress = 65536;
  const chunkUnits = new CodeUnits();
  const feed = (chunk: string) => {
    // The parser reads the chunk's code units (one copy per chunk) rather than its characters.
    const units = chunk.length <= 2 * DECODE_PIECE ? chunkUnits.of(chunk) : undefined;
    let start = 0;
    let nl = chunk.indexOf('\n');
    while (nl >= 0) {
      if (oversized) {
        oversized = false;
        push(carry); // carry holds the truncated head of the long line
      } else if (carry) {
        push(carry + chunk.slice(start, nl));
      } else push(chunk.slice(start, nl), units, start);
      carry = '';
      start = nl + 1;
      nl = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) {
      if (oversized) return;
      carry += chunk.slice(start);
      if (carry.length > maxLine) {
        carry = carry.slice(0, maxLine + 1);
        oversized = true;
      }
    }
    if (options.onProgress && stats.linesRead >= nextProgress) {
      nextProgress = stats.linesRead + 65536;
      options.onProgress(bytes, stats.linesRead);
    }
  };
  if (typeof input === 'string') {
    bytes = input.length;
    for (let at = 0; at < input.length; at += DECODE_PIECE) feed(input.slice(at, at + DECODE_PIECE));
  } else {
    for await (const chunk of input as AsyncIterable<string | Uint8Array>) {
      if (typeof chunk === 'string') {
        bytes += chunk.length;
        for (let at = 0; at < chunk.length; at += DECODE_PIECE) feed(chunk.slice(at, at + DECODE_PIECE));
      } else {
        bytes += chunk.byteLength;
        // Decoded 64 KiB at a time: a longer string is a large-object allocation (mapped
        // and unmapped per chunk), which costs more than the decoding itself.
        const buf = chunk as Buffer;
        for (let at = 0; at < buf.length; at += DECODE_PIECE)
          feed(
            decoder.write(at === 0 && buf.length <= DECODE_PIECE ? buf : buf.subarray(at, at + DECODE_PIECE)),
          );
      }
    }
    const rest = decoder.end();
    if (rest) feed(rest);
  }
  if (carry || oversized) push(carry);
  settle(true);
  options.onProgress?.(bytes, stats.linesRead);
  return stats;
}
