// HAR 1.2 → Observations, bodies included (PII in both directions).
import type { AuthScheme, Observation } from '../types.js';
import { BODY_SAMPLE_LIMIT } from '../types.js';
import { SESSION_COOKIE } from '../session-principal.js';
import { apiHosts, type HostEntry } from './har-hosts.js';

export class HarError extends Error {
  override name = 'HarError';
}

export interface HarResult {
  observations: Observation[];
  entriesRejected: number;
  /** Entries read but not the API's: CONNECT tunnels, requests to other hosts (trackers, CDNs). */
  entriesSkipped: number;
  warnings: string[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_HAR = 256 * 1024 * 1024;

/** A request method as HTTP defines it (a token); anything else is not a request Argus can place. */
const METHOD_TOKEN = /^[A-Za-z][A-Za-z0-9_-]{0,19}$/;
/** Browser exports also hold data:, blob:, about: and extension URLs: not API traffic, and pathless. */
const HTTP_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);

/** Credentials a request carries, from its headers and query. */
export function authFromHeaders(headers: Record<string, string>, query = ''): AuthScheme[] {
  const out: AuthScheme[] = [];
  const authz = headers['authorization'] ?? headers['proxy-authorization'];
  if (authz) {
    const scheme = authz.split(' ')[0]?.toLowerCase();
    if (scheme === 'bearer') out.push('bearer');
    else if (scheme === 'basic') out.push('basic');
    else if (scheme?.startsWith('aws4')) out.push('aws_iam');
    else out.push('other');
  }
  if (
    headers['x-api-key'] ||
    headers['api-key'] ||
    headers['apikey'] ||
    headers['x-auth-token'] ||
    headers['ocp-apim-subscription-key']
  ) {
    out.push('api_key');
  }
  const cookie = headers['cookie'];
  if (cookie && cookie.split(';').some((c) => SESSION_COOKIE.test(c.split('=')[0]?.trim() ?? '')))
    out.push('cookie');
  if (query && /(?:^|&)(?:api[_-]?key|apikey|access[_-]?token|token|key|password|secret)=/i.test(query))
    out.push('query_key');
  return out;
}

function headerMap(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const h of list.slice(0, 200)) {
    if (!isObj(h) || typeof h['name'] !== 'string' || typeof h['value'] !== 'string') continue;
    const name = h['name'].toLowerCase();
    if (name.startsWith(':')) continue; // HTTP/2 pseudo-headers
    out[name] = out[name] ? `${out[name]}, ${h['value']}` : h['value'];
  }
  return out;
}

function bodyText(content: unknown): string | undefined {
  if (!isObj(content) || typeof content['text'] !== 'string' || content['text'] === '') return undefined;
  let text = content['text'];
  if (content['encoding'] === 'base64') {
    const mime = typeof content['mimeType'] === 'string' ? content['mimeType'] : '';
    if (!/json|text|xml|form|javascript/i.test(mime)) return undefined;
    text = Buffer.from(text.slice(0, BODY_SAMPLE_LIMIT * 2), 'base64').toString('utf8');
  }
  return text.length > BODY_SAMPLE_LIMIT ? text.slice(0, BODY_SAMPLE_LIMIT) : text;
}

/** Read a HAR document (text, with or without a UTF-8 BOM). */
export function readHar(text: string, options: { domain?: string } = {}): HarResult {
  if (text.length > MAX_HAR) throw new HarError('HAR file is larger than 256 MB');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new HarError(`Not a HAR file: invalid JSON (${(err as Error).message})`);
  }
  if (!isObj(doc) || !isObj(doc['log']) || !Array.isArray(doc['log']['entries'])) {
    throw new HarError('Not a HAR file: no log.entries array');
  }
  const observations: Observation[] = [];
  const hosts: HostEntry[] = [];
  let entriesRejected = 0;
  let tunnels = 0;
  for (const e of doc['log']['entries'] as unknown[]) {
    const req = isObj(e) ? e['request'] : undefined;
    const res = isObj(e) ? e['response'] : undefined;
    if (
      !isObj(req) ||
      typeof req['url'] !== 'string' ||
      typeof req['method'] !== 'string' ||
      !METHOD_TOKEN.test(req['method'])
    ) {
      entriesRejected++;
      continue;
    }
    let url: URL;
    try {
      url = new URL(req['url']);
    } catch {
      entriesRejected++;
      continue;
    }
    if (!HTTP_PROTOCOLS.has(url.protocol)) {
      entriesRejected++;
      continue;
    }
    // A proxy's tunnel to a host (`CONNECT host:443`): no request of the API is in it.
    if (req['method'].toUpperCase() === 'CONNECT') {
      tunnels++;
      continue;
    }
    const requestHeaders = headerMap(req['headers']);
    const responseHeaders = isObj(res) ? headerMap(res['headers']) : {};
    const mime = isObj(res) && isObj(res['content']) ? res['content']['mimeType'] : undefined;
    if (responseHeaders['content-type'] === undefined && typeof mime === 'string' && mime !== '')
      responseHeaders['content-type'] = mime;
    const query = url.search.startsWith('?') ? url.search.slice(1) : '';
    const started =
      isObj(e) && typeof e['startedDateTime'] === 'string' ? Date.parse(e['startedDateTime']) : NaN;
    const status =
      isObj(res) &&
      Number.isInteger(res['status']) &&
      (res['status'] as number) >= 100 &&
      (res['status'] as number) <= 599
        ? (res['status'] as number)
        : null;
    const postData = req['postData'];
    const requestBody =
      isObj(postData) && typeof postData['text'] === 'string' && postData['text'] !== ''
        ? postData['text'].slice(0, BODY_SAMPLE_LIMIT)
        : undefined;
    const responseBody = isObj(res) ? bodyText(res['content']) : undefined;
    const scheme = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : null;
    const domain = (options.domain ?? url.host).toLowerCase().replace(/:(80|443)$/, '');
    const sent = isObj(postData) && typeof postData['mimeType'] === 'string' ? postData['mimeType'] : '';
    hosts.push({
      host: url.host.toLowerCase(),
      method: req['method'].toUpperCase(),
      responseType: responseHeaders['content-type'] ?? '',
      requestType: requestHeaders['content-type'] ?? sent,
    });
    observations.push({
      source: 'har',
      domain,
      method: req['method'].toUpperCase(),
      path: url.pathname,
      query,
      status,
      scheme,
      auth: authFromHeaders(requestHeaders, query),
      requestHeaders,
      responseHeaders,
      ...(requestBody !== undefined ? { requestBody } : {}),
      ...(responseBody !== undefined ? { responseBody } : {}),
      timestamp: Number.isFinite(started) ? started : null,
    });
  }
  const warnings =
    entriesRejected > 0 ? [`${entriesRejected} HAR entries without a usable request were skipped`] : [];
  if (tunnels > 0) warnings.push(`${tunnels} CONNECT tunnel entries are not API requests: skipped`);
  const api = apiHosts(hosts);
  if (!api) return { observations, entriesRejected, entriesSkipped: tunnels, warnings };
  const kept = observations.filter((_, i) => api.has((hosts[i] as HostEntry).host));
  const others = [...new Set(hosts.filter((h) => !api.has(h.host)).map((h) => h.host))];
  if (others.length > 0)
    warnings.push(
      `${observations.length - kept.length} entries on ${others.length} other hosts (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}) are not the API's: skipped`,
    );
  const entriesSkipped = tunnels + observations.length - kept.length;
  return { observations: kept, entriesRejected, entriesSkipped, warnings };
}
