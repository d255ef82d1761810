// Outbound HTTP with the SSRF guard at connection time. assertPublicUrl checks
// a URL's addresses before a request; a host whose DNS answer changes between
// that check and the connection (DNS rebinding) would still reach a private
// address. This fetch resolves the host itself when it connects and refuses a
// private, loopback, link-local or metadata address there, for every
// connection, redirects included.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isPublicAddress, UnsafeUrlError } from '@argus/engine';

export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** A `lookup` for net.connect that refuses non-public addresses. */
export function publicOnlyLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      const done = callback as (
        error: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void;
      if (error) return done(error, '', 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        const reason = refused
          ? `${hostname} resolves to ${refused.address}, a private, loopback, link-local or metadata address`
          : `${hostname} does not resolve`;
        return done(Object.assign(new UnsafeUrlError(reason), { code: 'EADDRNOTALLOWED' }), '', 0);
      }
      if (options.all) return done(null, addresses);
      return done(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface GuardedFetchOptions {
  /** ARGUS_ALLOW_PRIVATE_URLS: no check (a plain fetch). */
  allowPrivate: boolean;
  /** How hosts resolve (tests); the system resolver otherwise. */
  resolve?: Resolver;
}

const guarded = new Map<Resolver, Agent>();

/** `fetch` whose every connection passes the SSRF guard (unless private addresses are allowed). */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  if (options.allowPrivate) return fetch;
  const resolve = options.resolve ?? systemResolver;
  let agent = guarded.get(resolve);
  if (!agent) {
    agent = new Agent({ connect: { lookup: publicOnlyLookup(resolve) } });
    guarded.set(resolve, agent);
  }
  const dispatcher = agent;
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}
