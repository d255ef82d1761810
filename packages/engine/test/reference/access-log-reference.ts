// The straightforward reference for the access-log fast path: the Apache/Nginx
// line parser as it was before the hot path was tuned (regex timestamps, no
// caches, one string per line), and a reader that splits the whole text at '\n'.
// test/access-log-equivalence.test.ts checks the streaming reader and the
// inventory give identical results to this on generated logs.
import { NO_HEADERS, type AuthScheme, type Observation } from '../../src/types.js';
import type { AccessLogStats } from '../../src/readers/access-log.js';

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

function refClfTime(s: string): number | null {
  const m =
    /^(\d{1,2})\/([A-Z][a-z]{2})\/(\d{4})[: ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?: ([+-])(\d{2}):?(\d{2}))?$/.exec(
      s,
    );
  let value: number | null = null;
  if (m) {
    const month = MONTHS[m[2] as string];
    if (month !== undefined) {
      value = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
      if (m[7]) value -= (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) * 60_000;
      if (Number.isNaN(value)) value = null;
    }
  }
  return value;
}

const CREDENTIAL_QUERY =
  /(?:^|&)(?:api[_-]?key|apikey|access[_-]?token|token|auth|key|password|secret|sig|signature)=/i;
const METHOD = /^[A-Z][A-Z-]{1,19}$/;
const KNOWN_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

type LineResult = Observation | string | null;

/** Parse one Apache/Nginx common or combined line. */
export function referenceClfLine(line: string, domain: string): LineResult {
  const open = line.indexOf(' [');
  if (open <= 0) return 'no [timestamp] field';
  const close = line.indexOf(']', open + 2);
  if (close < 0) return 'unterminated [timestamp]';
  // Tokens before the timestamp: [vhost] client… ident authuser (quoted XFF lists allowed).
  const lastSpace = line.lastIndexOf(' ', open - 1);
  const identSpace = lastSpace > 0 ? line.lastIndexOf(' ', lastSpace - 1) : -1;
  if (lastSpace < 0 || identSpace < 0) return 'missing client, ident or user field';
  const userIsDash = lastSpace + 2 === open && line.charCodeAt(lastSpace + 1) === 45;
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
  const time = refClfTime(line.slice(open + 2, close));
  if (time === null) return 'bad timestamp';
  if (line.charCodeAt(close + 1) !== 32 || line.charCodeAt(close + 2) !== 34)
    return 'missing "request" field';
  const reqStart = close + 3;
  let reqEnd = line.indexOf('" ', reqStart);
  while (reqEnd > 0 && line.charCodeAt(reqEnd - 1) === 92) reqEnd = line.indexOf('" ', reqEnd + 1);
  if (reqEnd < 0) return 'unterminated "request" field';
  const statusStart = reqEnd + 2;
  const d0 = line.charCodeAt(statusStart) - 48;
  const d1 = line.charCodeAt(statusStart + 1) - 48;
  const d2 = line.charCodeAt(statusStart + 2) - 48;
  const status =
    d0 >= 0 && d0 <= 9 && d1 >= 0 && d1 <= 9 && d2 >= 0 && d2 <= 9 ? d0 * 100 + d1 * 10 + d2 : NaN;
  if (
    !(status >= 100 && status <= 599) ||
    (line.length > statusStart + 3 && line.charCodeAt(statusStart + 3) !== 32)
  ) {
    return 'bad status';
  }
  const request = line.slice(reqStart, reqEnd);
  if (request === '' || request === '-') return null; // connection without a request
  // Not an HTTP request line: kept with method '-' and what was sent as its path.
  const sent = (method: string, text: string): Observation => ({
    source: 'access_log',
    domain: lineDomain,
    method,
    path: text.slice(0, 2048),
    query: '',
    status,
    scheme: null,
    auth: null,
    requestHeaders: NO_HEADERS,
    responseHeaders: NO_HEADERS,
    timestamp: time,
    client,
  });
  let sp1 = line.indexOf(' ', reqStart);
  if (sp1 < 0 || sp1 > reqEnd) return sent('-', request);
  const method = line.slice(reqStart, sp1);
  if (!KNOWN_METHODS.has(method) && !METHOD.test(method)) return sent('-', request);
  sp1++;
  let sp2 = line.indexOf(' ', sp1);
  if (sp2 < 0 || sp2 > reqEnd) sp2 = reqEnd;
  let path: string;
  let query = '';
  let scheme: 'http' | 'https' | null = null;
  if (line.charCodeAt(sp1) === 47) {
    let q = sp1;
    while (q < sp2 && line.charCodeAt(q) !== 63) q++; // '?' within the target only
    if (q === sp2) path = line.slice(sp1, sp2);
    else {
      path = line.slice(sp1, q);
      query = line.slice(q + 1, sp2);
    }
  } else {
    // absolute-form (proxy) `http://host/path`, or garbage
    const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(line.slice(sp1, sp2));
    if (!m) return sp2 > sp1 ? sent(method, line.slice(sp1, sp2)) : 'malformed request target';
    scheme = (m[1] as string).toLowerCase() as 'http' | 'https';
    lineDomain = (m[2] as string).toLowerCase();
    const target = m[3] as string;
    const q = target.indexOf('?');
    path = (q < 0 ? target : target.slice(0, q)) || '/';
    query = q < 0 ? '' : target.slice(q + 1);
  }
  let auth: AuthScheme[] | null = null;
  if (user !== '-' && user !== '') auth = ['remote_user'];
  if (query && CREDENTIAL_QUERY.test(query)) auth = auth ? [...auth, 'query_key'] : ['query_key'];
  // The user agent: the last quoted field, when the line ends with it, after the request.
  const agent = /"([^"]*)"$/.exec(line);
  // The size field after the status: digits (`-` or none: unknown).
  const size = /^ (\d+)/.exec(line.slice(statusStart + 3));
  return {
    ...(agent && agent.index > reqEnd ? { userAgent: agent[1] as string } : {}),
    ...(size ? { responseBytes: Number(size[1]) } : {}),
    source: 'access_log',
    domain: lineDomain,
    method,
    path,
    query,
    status,
    scheme,
    auth,
    requestHeaders: NO_HEADERS,
    responseHeaders: NO_HEADERS,
    timestamp: time,
    client,
  };
}

/** Read a whole Apache/Nginx log the simple way: split, trim CR, skip empty lines, parse each. */
export function referenceReadClf(
  text: string,
  domain: string,
  onObservation: (o: Observation) => void,
  maxLine = 64 * 1024,
): AccessLogStats {
  const stats: AccessLogStats = {
    format: 'apache',
    linesRead: 0,
    linesRejected: 0,
    linesWithoutRequest: 0,
    observations: 0,
    rejected: [],
  };
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    const lineNo = ++stats.linesRead;
    const r =
      line.length > maxLine ? `line longer than ${maxLine} characters` : referenceClfLine(line, domain);
    if (r === null) stats.linesWithoutRequest++;
    else if (typeof r === 'string') {
      stats.linesRejected++;
      if (stats.rejected.length < 20)
        stats.rejected.push({ line: lineNo, reason: r, text: line.slice(0, 200) });
    } else {
      stats.observations++;
      onObservation(r);
    }
  }
  return stats;
}
