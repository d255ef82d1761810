// Outbound HTTP with the SSRF guard at connection time. assertPublicUrl checks
// a URL's addresses before a request; a host whose DNS answer changes between
// that check and the connection (DNS rebinding) would still reach a private
// address. This fetch resolves the host itself when it connects and refuses a
// private, loopback, link-local or metadata address there, for every
// connection, redirects included.
import { Agent, fetch as undiciFetch } from 'undici';
import { publicOnlyLookup, type LookupFn } from '@argus/engine';

export interface GuardedFetchOptions {
  /** ARGUS_ALLOW_PRIVATE_URLS: no check (a plain fetch). */
  allowPrivate: boolean;
  /** How hosts resolve (tests); the system resolver otherwise. */
  resolve?: LookupFn;
}

const SYSTEM = Symbol('system resolver');
const guarded = new Map<LookupFn | typeof SYSTEM, Agent>();

/** `fetch` whose every connection passes the SSRF guard (unless private addresses are allowed). */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  if (options.allowPrivate) return fetch;
  const key = options.resolve ?? SYSTEM;
  let agent = guarded.get(key);
  if (!agent) {
    agent = new Agent({ connect: { lookup: publicOnlyLookup(options.resolve) } });
    guarded.set(key, agent);
  }
  const dispatcher = agent;
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}
