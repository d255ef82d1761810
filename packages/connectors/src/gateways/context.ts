// What every gateway client shares: its configuration, context and one guarded,
// size-capped JSON GET.
import { GatewayError, parseGatewayPage } from '@argus/engine';
import { readCapped, TooLargeError, type FetchFn } from '../http.js';
import { assertPublicUrl, type LookupFn } from '../ssrf.js';

export interface GatewayConfig {
  provider: 'kong' | 'aws' | 'azure';
  url: string;
  apiKey: string;
  region?: string;
}

export interface GatewayContext {
  fetch?: FetchFn;
  allowPrivate?: boolean;
  lookup?: LookupFn;
  /** Page limit per listing (defence against endless `next` chains). Default 100. */
  maxPages?: number;
  /** Largest answer accepted per page, in bytes. Default 32 MB. */
  maxBytes?: number;
}

export const MAX_GATEWAY_PAGE = 32 * 1024 * 1024;

export type Json = Record<string, unknown>;

/** GET one JSON page through the SSRF guard; the body is counted while it streams. */
export async function getJson(
  url: string,
  headers: Record<string, string>,
  ctx: GatewayContext,
): Promise<Json> {
  const fetchFn = ctx.fetch ?? (globalThis.fetch as unknown as FetchFn);
  const { host, pathname } = new URL(url);
  await assertPublicUrl(url, {
    allowPrivate: ctx.allowPrivate ?? false,
    ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
  });
  let res;
  try {
    res = await fetchFn(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...headers },
      redirect: 'error',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new GatewayError(`Cannot reach ${host}: ${(err as Error).message}`);
  }
  if (!res.ok) {
    const { text } = await readCapped(res, 200, { truncate: true }).catch(() => ({ text: '' }));
    throw new GatewayError(`${pathname} answered ${res.status} ${res.statusText}: ${text.slice(0, 200)}`);
  }
  const maxBytes = ctx.maxBytes ?? MAX_GATEWAY_PAGE;
  let text: string;
  try {
    text = (await readCapped(res, maxBytes)).text;
  } catch (err) {
    if (err instanceof TooLargeError)
      throw new GatewayError(`${pathname} answered more than ${Math.round(maxBytes / (1024 * 1024))} MB`);
    throw new GatewayError(`Cannot read the answer of ${pathname}: ${(err as Error).message}`);
  }
  return parseGatewayPage(text, pathname);
}
