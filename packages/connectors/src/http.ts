// HTTP helpers every connector shares: the fetch shape they accept, reading an
// answer with a size cap while it streams, and a fetch whose connections pass the
// SSRF guard when they are made.
import { Agent, fetch as undiciFetch } from 'undici';
import { publicOnlyLookup, type LookupFn } from './ssrf.js';

/** The part of `fetch` connectors use; tests pass small fakes. */
export type FetchFn = (
  url: string,
  init?: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    redirect?: 'manual' | 'follow' | 'error';
    signal?: AbortSignal;
  },
) => Promise<FetchResponse>;

export interface FetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null; forEach?(fn: (value: string, name: string) => void): void };
  /** The body as it streams; without it the body is read with text(). */
  body?: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

export class TooLargeError extends Error {
  override name = 'TooLargeError';
}

export interface CappedText {
  text: string;
  truncated: boolean;
}

/**
 * Read an answer's body as UTF-8, counting bytes as they arrive. Past `maxBytes`
 * the download is cancelled (the connection closes) and, unless `truncate`, a
 * TooLargeError is thrown; with `truncate` the first `maxBytes` are returned.
 * A declared Content-Length over the cap fails before anything is read.
 */
export async function readCapped(
  res: FetchResponse,
  maxBytes: number,
  options: { truncate?: boolean } = {},
): Promise<CappedText> {
  if (!res.body) {
    assertDeclaredFits(res, maxBytes, options.truncate);
    const text = await res.text();
    const bytes = Buffer.byteLength(text);
    if (bytes <= maxBytes) return { text, truncated: false };
    if (!options.truncate) throw tooLarge(maxBytes);
    return { text: Buffer.from(text).subarray(0, maxBytes).toString('utf8'), truncated: true };
  }
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  const truncated = await eachChunkCapped(res, maxBytes, options.truncate, (chunk, last) =>
    parts.push(decoder.decode(chunk, { stream: !last })),
  );
  if (!truncated) parts.push(decoder.decode());
  return { text: parts.join(''), truncated };
}

/**
 * An answer's body as bytes, read as it streams: past `maxBytes` (or a declared
 * Content-Length over it) the download is cancelled, which closes the
 * connection, and a TooLargeError is thrown; at most `maxBytes` are ever held.
 */
export async function readCappedBytes(
  res: Pick<FetchResponse, 'headers' | 'body'>,
  maxBytes: number,
): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const parts: Uint8Array[] = [];
  await eachChunkCapped(res, maxBytes, false, (chunk) => parts.push(chunk));
  return Buffer.concat(parts);
}

/**
 * Hands the body's chunks to `take` while they stay within `maxBytes`. Past it
 * the body is cancelled; with `truncate` the chunk is cut at the cap, handed on
 * as the last one and true returned, otherwise a TooLargeError is thrown.
 */
async function eachChunkCapped(
  res: Pick<FetchResponse, 'headers' | 'body'>,
  maxBytes: number,
  truncate: boolean | undefined,
  take: (chunk: Uint8Array, last: boolean) => void,
): Promise<boolean> {
  try {
    assertDeclaredFits(res, maxBytes, truncate);
  } catch (error) {
    await res.body?.cancel().catch(() => undefined);
    throw error;
  }
  const reader = res.body!.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return false;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw tooLarge(maxBytes);
      take(value.subarray(0, value.byteLength - (received - maxBytes)), true);
      return true;
    }
    take(value, false);
  }
}

function assertDeclaredFits(
  res: Pick<FetchResponse, 'headers'>,
  maxBytes: number,
  truncate: boolean | undefined,
): void {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
}

const tooLarge = (maxBytes: number) =>
  new TooLargeError(`the answer is larger than ${describeBytes(maxBytes)}`);

function describeBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${n} bytes`;
}

export interface GuardedFetchOptions {
  /** ARGUS_ALLOW_PRIVATE_URLS: no check (a plain fetch). */
  allowPrivate: boolean;
  /** How hosts resolve (tests); the system resolver otherwise. */
  resolve?: LookupFn;
}

/** One pool for connections through the system resolver, shared like http.globalAgent. */
const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup() } });

/**
 * `fetch` whose every connection passes the SSRF guard (unless private addresses
 * are allowed). assertPublicUrl checks a URL's addresses before a request; a host
 * whose DNS answer changes before the connection (DNS rebinding) is refused here,
 * redirects included. A custom `resolve` (tests) gets its own connection pool.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  if (options.allowPrivate) return fetch;
  const dispatcher = options.resolve
    ? new Agent({ connect: { lookup: publicOnlyLookup(options.resolve) } })
    : publicOnlyAgent;
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

/** guardedFetch that also stops at `timeoutMs` (plus any signal the caller passes). */
export function fetchWithTimeout(timeoutMs: number, options: GuardedFetchOptions): FetchFn {
  const send = guardedFetch(options) as unknown as FetchFn;
  return (url, init = {}) => {
    const signals = [AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])];
    return send(url, { ...init, signal: AbortSignal.any(signals) });
  };
}
