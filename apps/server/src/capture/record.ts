// The Observation of a captured request or exchange (host, path, query,
// headers, auth evidence, body sample), and the domain's upstream; handle.ts
// turns it into a record and an answer.
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import {
  authFromHeaders,
  BODY_SAMPLE_LIMIT,
  BoundedCache,
  redactHeaders,
  type Observation,
} from '@argus/engine';
import { isValidHostname, type capturedExchangeSchema } from '@argus/api';
import type { z } from 'zod';
import { bearerMatches, SESSION_COOKIE } from '../auth.js';
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

/**
 * The request's headers as they are forwarded upstream: hop headers, Argus's
 * own session cookie and the ingest token (in any spelling `bearerMatches`
 * accepts) left out. What is stored is redacted further (observationOf).
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
      // Argus's own session cookie is not part of the captured traffic.
      text = text
        .split(';')
        .filter((c) => c.split('=')[0]?.trim() !== SESSION_COOKIE)
        .join(';')
        .trim();
      if (!text) continue;
    }
    if (name === 'authorization' && bearerMatches(text, ingestToken)) continue;
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
  return observation;
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
  return observation;
}

/**
 * Each domain's upstream base URL (or none), cached for a few seconds, then
 * served while a background look-up refreshes it: a capture never waits for
 * the database once its domain was seen (on PGlite a long analysis holds the
 * one connection, and captures waited for it, 33 s under load).
 */
export class UpstreamCache {
  private readonly entries = new BoundedCache<string, { url: string | null; at: number }>(10_000);
  private readonly refreshing = new Set<string>();

  constructor(private readonly ctx: AppContext) {}

  /** The cached answer (refreshed in the background when older than a few seconds); undefined when never looked up. */
  peek(domain: string): string | null | undefined {
    const hit = this.entries.get(domain);
    if (hit && Date.now() - hit.at >= UPSTREAM_CACHE_MS && !this.refreshing.has(domain)) {
      this.refreshing.add(domain);
      this.lookUp(domain)
        .catch((error: unknown) => this.ctx.logger.warn({ err: error, domain }, 'upstream look-up failed'))
        .finally(() => this.refreshing.delete(domain));
    }
    return hit?.url;
  }

  async get(domain: string): Promise<string | null> {
    const cached = this.peek(domain);
    return cached !== undefined ? cached : this.lookUp(domain);
  }

  private async lookUp(domain: string): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ upstreamUrl: domains.upstreamUrl })
      .from(domains)
      .where(eq(domains.name, domain));
    const url = row?.upstreamUrl ?? null;
    this.entries.set(domain, { url, at: Date.now() });
    return url;
  }
}
