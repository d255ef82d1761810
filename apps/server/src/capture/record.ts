// The Observation of a captured request or exchange (host, path, query,
// headers, auth evidence, body sample), and the domain's upstream; handle.ts
// turns it into a record and an answer.
import type { IncomingHttpHeaders } from 'node:http';
import { isNotNull } from 'drizzle-orm';
import {
  authFromHeaders,
  BODY_SAMPLE_LIMIT,
  BoundedCache,
  principalOfHeaders,
  redactHeaders,
  type Observation,
} from '@argus/engine';
import { isValidHostname, type capturedExchangeSchema } from '@argus/api';
import type { z } from 'zod';
import { bearerMatches } from '../bearer-token.js';
import type { AppContext } from '../context.js';
import { domains } from '../db/schema/index.js';

export const PREFIX = '/gateway';
/** Headers that describe the hop to Argus, not the captured request. */
export const HOP_HEADERS = new Set([
  'host',
  'x-forwarded-host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-port',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'te',
  'upgrade',
  'proxy-connection',
  'origin',
  'referer',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
]);
export const MAX_HEADERS = 60;
const UPSTREAM_CACHE_MS = 5000;
/** X-Forwarded-Host (first value) else Host, lower-case, without port; null when it is not a host name. */
export function captureHostOf(headers: IncomingHttpHeaders): string | null {
  const forwarded = headers['x-forwarded-host'];
  const raw =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || headers.host || '';
  const host = raw
    .toLowerCase()
    .replace(/^\[([^\]]*)\](:\d+)?$/, '$1')
    .replace(/:\d+$/, '');
  return isValidHostname(host) ? host : null;
}

/**
 * captureHostOf with its answers kept for the header values seen last: a
 * capture stream names few hosts, and the parsing costs more than the lookup.
 * Bounded, so hostile hosts cannot grow it.
 */
export function cachedCaptureHostOf(limit = 256): (headers: IncomingHttpHeaders) => string | null {
  const seen = new BoundedCache<string, string | null>(limit);
  return (headers) => {
    const forwarded = headers['x-forwarded-host'];
    if (Array.isArray(forwarded)) return captureHostOf(headers);
    return seen.getOrCompute(`${forwarded ?? ''}\n${headers.host ?? ''}`, () => captureHostOf(headers));
  };
}

export const INVALID_HOST = 'The captured request needs a valid host name in X-Forwarded-Host or Host';

/** Argus's own cookies, whatever their prefix (`argus_session`, `__Host-argus_session`, …). */
const ARGUS_COOKIE = /^(?:__host-|__secure-)?argus_/i;

/**
 * The request's headers as they are forwarded upstream: hop headers, Argus's
 * own cookies (the Cookie header parsed, any prefix) and the ingest token (in
 * any header, any spelling) left out. What is stored is redacted further (observationOf).
 */
export function forwardedHeaders(
  headers: IncomingHttpHeaders,
  ingestToken: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_HEADERS.has(name) || ++n > MAX_HEADERS) continue;
    let text = Array.isArray(value) ? value.join(', ') : value;
    if (name === 'cookie') {
      // Argus's own cookies are not part of the captured traffic, over HTTP or HTTPS.
      text = text
        .split(';')
        .filter((c) => !ARGUS_COOKIE.test(c.split('=')[0]?.trim() ?? ''))
        .map((c) => c.trim())
        .join('; ');
      if (!text) continue;
    }
    if (name === 'authorization' && bearerMatches(text, ingestToken)) continue;
    // The ingest token is Argus's, in whatever header a client put it (X-Api-Key, Proxy-Authorization…).
    if (ingestToken && text.includes(ingestToken)) continue;
    out[name] = text.length > 4096 ? text.slice(0, 4096) : text;
  }
  return out;
}

export function bodyText(body: unknown): string | undefined {
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  return body
    .subarray(0, BODY_SAMPLE_LIMIT * 4)
    .toString('utf8')
    .slice(0, BODY_SAMPLE_LIMIT);
}

export interface CaptureRequest {
  method: string;
  /** The URL as received, starting with /gateway. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The protocol Argus was reached over. */
  protocol: 'http' | 'https';
  body: Buffer | undefined;
}

/**
 * The URL after its first segment: `/gateway` in whatever spelling the router
 * matched (`/%67ateway/x`, `//gateway/x`); slicing off 8 characters stored `ay/x`.
 */
const afterFirstSegment = (url: string) => url.slice(/^\/*[^/?]*/.exec(url)![0].length);

/** Who sent it, from the credentials before they are redacted: a JWT's sub, a session cookie's hash. */
function withPrincipal(observation: Observation, sent: Record<string, string>): Observation {
  const principal = principalOfHeaders(sent);
  if (principal !== undefined) observation.principal = principal;
  return observation;
}

/** The Observation of a captured request (no response yet). */
export function observationOf(
  request: CaptureRequest,
  domain: string,
  ingestToken: string | undefined,
): Observation {
  const afterPrefix = afterFirstSegment(request.url);
  const queryAt = afterPrefix.indexOf('?');
  const path = (queryAt < 0 ? afterPrefix : afterPrefix.slice(0, queryAt)) || '/';
  const query = queryAt < 0 ? '' : afterPrefix.slice(queryAt + 1);
  const sent = forwardedHeaders(request.headers, ingestToken);
  // Credentials are stored as their type only: `Bearer [redacted]`, cookie names.
  const requestHeaders = redactHeaders(sent, false);
  const observation: Observation = {
    source: 'capture',
    domain,
    method: request.method.toUpperCase(),
    path: path.slice(0, 2048),
    query: query.slice(0, 4096),
    status: null,
    scheme: request.headers['x-forwarded-proto'] === 'https' ? 'https' : request.protocol,
    auth: authFromHeaders(sent, query),
    requestHeaders,
    responseHeaders: {},
    timestamp: Date.now(),
  };
  const requestBody = bodyText(request.body);
  if (requestBody !== undefined) observation.requestBody = requestBody;
  return withPrincipal(observation, sent);
}

/** Header names lower-cased, hop headers dropped, at most MAX_HEADERS, values capped. */
function exchangeHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [raw, value] of Object.entries(headers ?? {})) {
    const name = raw.toLowerCase();
    if (HOP_HEADERS.has(name) || ++n > MAX_HEADERS) continue;
    out[name] = value.length > 4096 ? value.slice(0, 4096) : value;
  }
  return out;
}

const sample = (body: string | undefined) =>
  body === undefined || body.length === 0 ? undefined : body.slice(0, BODY_SAMPLE_LIMIT);

/** The Observation of an exchange a collector sent to `POST /api/v1/captures`. */
export function observationOfExchange(exchange: z.output<typeof capturedExchangeSchema>): Observation {
  const queryAt = exchange.path.indexOf('?');
  const path = queryAt < 0 ? exchange.path : exchange.path.slice(0, queryAt);
  const query = queryAt < 0 ? '' : exchange.path.slice(queryAt + 1);
  const sent = exchangeHeaders(exchange.requestHeaders);
  const requestHeaders = redactHeaders(sent, false);
  const timestamp =
    exchange.timestamp === undefined
      ? Date.now()
      : typeof exchange.timestamp === 'number'
        ? exchange.timestamp
        : Date.parse(exchange.timestamp);
  const observation: Observation = {
    source: 'capture',
    domain: exchange.host,
    method: exchange.method,
    path: path.slice(0, 2048) || '/',
    query: query.slice(0, 4096),
    status: exchange.status ?? null,
    scheme: exchange.scheme ?? 'https',
    auth: authFromHeaders(sent, query),
    requestHeaders,
    responseHeaders: redactHeaders(exchangeHeaders(exchange.responseHeaders), false),
    timestamp,
  };
  const requestBody = sample(exchange.requestBody);
  if (requestBody !== undefined) observation.requestBody = requestBody;
  const responseBody = sample(exchange.responseBody);
  if (responseBody !== undefined) observation.responseBody = responseBody;
  return withPrincipal(observation, sent);
}

/**
 * Every domain's upstream base URL, as one snapshot of the domains that have
 * one: a host missing from it has none, so a capture never waits for the
 * database, not even the first one of a new host (on PGlite a long analysis
 * holds the one connection, and captures waited for it, 33 s under load). The
 * snapshot is loaded when the server starts and refreshed in the background
 * when older than a few seconds; a domain created here is set at once, one
 * created by another instance is seen within that time.
 */
export class UpstreamCache {
  private snapshot: Map<string, string> | null = null;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  /** Domains set while a snapshot was being read. */
  private during: [domain: string, url: string | null][] = [];

  constructor(private readonly ctx: AppContext) {}

  /** Reads the snapshot (once at a time); the server awaits it when it starts. */
  load(): Promise<void> {
    this.loading ??= this.read().finally(() => (this.loading = null));
    return this.loading;
  }

  /** The upstream (null: none); undefined only before the first snapshot. Refreshes a stale one in the background. */
  peek(domain: string): string | null | undefined {
    if (!this.snapshot) return undefined;
    if (Date.now() - this.loadedAt >= UPSTREAM_CACHE_MS && !this.loading) {
      this.load().catch((error: unknown) => this.ctx.logger.warn({ err: error }, 'upstream look-up failed'));
    }
    return this.snapshot.get(domain) ?? null;
  }

  async get(domain: string): Promise<string | null> {
    const cached = this.peek(domain);
    if (cached !== undefined) return cached;
    await this.load();
    return this.snapshot?.get(domain) ?? null;
  }

  /** A domain this instance created or changed (kept over a snapshot read that began before it). */
  set(domain: string, url: string | null): void {
    if (this.loading) this.during.push([domain, url]);
    if (url === null) this.snapshot?.delete(domain);
    else this.snapshot?.set(domain, url);
  }

  private async read(): Promise<void> {
    this.during = [];
    const rows = await this.ctx.db
      .select({ name: domains.name, upstreamUrl: domains.upstreamUrl })
      .from(domains)
      .where(isNotNull(domains.upstreamUrl));
    const snapshot = new Map<string, string>();
    for (const row of rows) if (row.upstreamUrl) snapshot.set(row.name, row.upstreamUrl);
    for (const [domain, url] of this.during) {
      if (url === null) snapshot.delete(domain);
      else snapshot.set(domain, url);
    }
    this.snapshot = snapshot;
    this.loadedAt = Date.now();
  }
}
