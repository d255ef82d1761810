// The transport active tests send through (the engine's Transport contract):
// every request passes the SSRF guard before it is sent and when it connects,
// stops at a timeout, never follows redirects, and reads a bounded answer.
import type { Transport, TransportResponse } from '@argus/engine';
import { fetchWithTimeout, readCapped } from './http.js';
import { assertPublicUrl, type LookupFn } from './ssrf.js';

export interface TransportOptions {
  /** ARGUS_ALLOW_PRIVATE_URLS: test targets on private addresses. */
  allowPrivate?: boolean;
  /** How hosts resolve (tests); the system resolver otherwise. */
  lookup?: LookupFn;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** Bytes of each answer kept. Default 64 KB. */
  maxBodyBytes?: number;
}

export function createTransport(options: TransportOptions = {}): Transport {
  const allowPrivate = options.allowPrivate ?? false;
  const send = fetchWithTimeout(options.timeoutMs ?? 10_000, {
    allowPrivate,
    ...(options.lookup ? { resolve: options.lookup } : {}),
  });
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  return async (request): Promise<TransportResponse> => {
    await assertPublicUrl(request.url, {
      allowPrivate,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
    const res = await send(request.url, {
      method: request.method,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach?.((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const { text, truncated } = await readCapped(res, maxBodyBytes, { truncate: true });
    return { status: res.status, headers, body: text, truncated };
  };
}
