// The site's pages, told from its API where the source records no content type (access logs):
// a front end answers its own routes, and every unknown path, with the same document (the
// single-page app's index). Three signals, each learned from the traffic itself:
// - a browser's page load: a GET the browser sent as a navigation (`Sec-Fetch-Dest: document`,
//   `Sec-Fetch-Mode: navigate`) with no content type that says otherwise;
// - the index: a GET of `/` answered 200 with a document of some size; every other GET answered
//   200 with exactly that many bytes is the same document (the fallback), not a route;
// - a page revalidated: a 304 (or a HEAD) to a path already answered as a page.
// An answer whose content type is known (HAR, capture) is judged by it instead (classifyAnswer):
// a JSON answer is never a page.
import { classifyAnswer, type RequestClass } from './traffic.js';
import type { Observation } from './types.js';

/** Smaller documents are not told from API answers by their size alone (`{"status":"ok"}`). */
export const MIN_PAGE_BYTES = 256;
/** Distinct page sizes and page paths kept per domain (the rest are not remembered). */
const MAX_SIZES = 16;
const MAX_PATHS = 4096;

const PAGE: RequestClass = { kind: 'page' };
const INDEX_PATHS = new Set(['/', '/index.html', '/index.htm']);

class DomainPages {
  readonly sizes = new Set<number>();
  readonly paths = new Set<string>();

  learnSize(bytes: number): void {
    if (bytes >= MIN_PAGE_BYTES && this.sizes.size < MAX_SIZES) this.sizes.add(bytes);
  }

  remember(path: string): void {
    if (this.paths.size < MAX_PATHS) this.paths.add(path);
  }
}

function isNavigation(headers: Record<string, string>): boolean {
  const dest = headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document' || dest === 'iframe';
  return headers['sec-fetch-mode'] === 'navigate';
}

/** Whether a content type leaves room for a document (none recorded, or HTML). */
function mayBeDocument(contentType: string | undefined): boolean {
  return contentType === undefined || contentType === '' || /^\s*text\/html\b/i.test(contentType);
}

/** Per domain, what its pages look like; `isPage` learns as it judges (one pass, in order). */
export class PageBook {
  private readonly domains = new Map<string, DomainPages>();

  private of(domain: string): DomainPages {
    let d = this.domains.get(domain);
    if (!d) this.domains.set(domain, (d = new DomainPages()));
    return d;
  }

  /** What an answer says a request was (see classifyAnswer), else whether it loaded a page. */
  classify(domain: string, method: string, obs: Observation): RequestClass | null {
    return (
      classifyAnswer(method, obs.responseHeaders['content-type']) ??
      (this.isPage(domain, method, obs) ? PAGE : null)
    );
  }

  /** Whether this request loaded one of the site's pages (the caller counts it, lists nothing). */
  isPage(domain: string, method: string, obs: Observation): boolean {
    if (method === 'HEAD') return this.domains.get(domain)?.paths.has(obs.path) === true;
    if (method !== 'GET') return false;
    const contentType = obs.responseHeaders['content-type'];
    if (!mayBeDocument(contentType)) return false;
    const status = obs.status;
    const bytes = obs.responseBytes;
    const pages = this.domains.get(domain);
    if (isNavigation(obs.requestHeaders)) {
      const d = pages ?? this.of(domain);
      if (status === 200 && bytes !== undefined) d.learnSize(bytes);
      if (status !== null && status < 400) d.remember(obs.path);
      return true; // whatever came back (nothing, when the browser left first): a page load
    }
    if (status === 304) return pages?.paths.has(obs.path) === true;
    if (status !== 200 || bytes === undefined) return false;
    if (INDEX_PATHS.has(obs.path) && bytes >= MIN_PAGE_BYTES) {
      const d = pages ?? this.of(domain);
      d.learnSize(bytes);
      d.remember(obs.path);
      return true;
    }
    if (!pages?.sizes.has(bytes)) return false;
    pages.remember(obs.path);
    return true;
  }
}
