// Spec downloads: through the SSRF guard, at most 5 redirects (each re-checked),
// and never more than 32 MB held: the answer is counted while it streams and the
// download is cancelled past the cap.
import { SourceError } from '@argus/engine';
import { readCapped, TooLargeError, type FetchFn } from './http.js';
import { assertPublicUrl, type LookupFn } from './ssrf.js';

export const MAX_SPEC_DOWNLOAD = 32 * 1024 * 1024;

export interface DownloadContext {
  fetch?: FetchFn;
  allowPrivate?: boolean;
  lookup?: LookupFn;
  /** Largest answer accepted, in bytes. Default 32 MB. */
  maxBytes?: number;
}

export async function fetchSpecText(url: string, ctx: DownloadContext = {}): Promise<string> {
  const fetchFn = ctx.fetch ?? (globalThis.fetch as unknown as FetchFn);
  const maxBytes = ctx.maxBytes ?? MAX_SPEC_DOWNLOAD;
  let current = url;
  for (let hop = 0; hop <= 5; hop++) {
    await assertPublicUrl(current, {
      allowPrivate: ctx.allowPrivate ?? false,
      ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
    });
    let res;
    try {
      res = await fetchFn(current, {
        method: 'GET',
        headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new SourceError(`Cannot download the spec from ${current}: ${(err as Error).message}`);
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      if (!location) throw new SourceError(`Spec URL answered ${res.status} without a Location`);
      current = new URL(location, current).toString();
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new SourceError(`Spec URL answered ${res.status} ${res.statusText}`);
    }
    try {
      return (await readCapped(res, maxBytes)).text;
    } catch (err) {
      if (err instanceof TooLargeError)
        throw new SourceError(`Spec is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);
      throw new SourceError(`Cannot download the spec from ${current}: ${(err as Error).message}`);
    }
  }
  throw new SourceError('Spec URL redirected more than 5 times');
}
