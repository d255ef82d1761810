// The SSRF guard: a URL a source, channel or probe points at must resolve to
// public addresses unless private addresses are explicitly allowed.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type LookupFn = (hostname: string) => Promise<{ address: string; family: number }[]>;

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** `::/96`: unspecified, loopback and the deprecated IPv4-compatible form (`::7f00:1` is 127.0.0.1). */
function isIPv4Compatible(ip: ipaddr.IPv6): boolean {
  return ip.parts.slice(0, 6).every((part) => part === 0);
}

/**
 * Ranges refused unless allowed: everything ipaddr.js does not call `unicast`,
 * IPv4-compatible IPv6 (`::/96`, which ipaddr.js calls unicast but some stacks
 * route to the embedded IPv4 address), plus cloud metadata.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && isIPv4Compatible(ip as ipaddr.IPv6)) return false;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4' && ip.toString() === '169.254.169.254') return false;
  if (ip.kind() === 'ipv6' && ip.toNormalizedString() === 'fd00:ec2:0:0:0:0:0:254') return false;
  return ip.range() === 'unicast';
}

/**
 * Resolve the URL's host and refuse loopback, private, link-local, unique-local,
 * CGNAT, multicast, reserved and metadata addresses unless `allowPrivate`.
 * Returns the parsed URL. Throws UnsafeUrlError with a message a user can act on.
 */
export async function assertPublicUrl(
  url: string,
  options: { allowPrivate?: boolean; lookup?: LookupFn } = {},
): Promise<URL> {
  return (await checkedUrl(url, options)).url;
}

/**
 * assertPublicUrl, and the addresses it checked (none with `allowPrivate`: nothing is resolved).
 * A client that resolves the name again may get another answer (DNS rebinding): connect to one of these.
 */
export async function checkedUrl(
  url: string,
  options: { allowPrivate?: boolean; lookup?: LookupFn } = {},
): Promise<{ url: URL; addresses: string[] }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrlError(`Not a valid URL: ${url.slice(0, 200)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UnsafeUrlError(`Only http and https URLs are allowed, not ${parsed.protocol.replace(':', '')}`);
  }
  if (parsed.username || parsed.password)
    throw new UnsafeUrlError('URLs with embedded credentials are not allowed');
  if (options.allowPrivate) return { url: parsed, addresses: [] };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host === 'metadata.google.internal'
  ) {
    throw new UnsafeUrlError(`${host} is a local or internal address; private URLs are not allowed`);
  }
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await (options.lookup ?? defaultLookup)(host)).map((a) => a.address);
    } catch (err) {
      throw new UnsafeUrlError(`Cannot resolve ${host}: ${(err as Error).message}`);
    }
    if (addresses.length === 0) throw new UnsafeUrlError(`Cannot resolve ${host}`);
  }
  const bad = addresses.find((a) => !isPublicAddress(a));
  if (bad)
    throw new UnsafeUrlError(
      `${host} resolves to ${bad}, a private, loopback, link-local or metadata address; private URLs are not allowed`,
    );
  return { url: parsed, addresses };
}

/**
 * A `lookup` for net.connect (http.Agent, undici's connect options) that
 * refuses private, loopback, link-local and metadata addresses when the
 * connection is made. assertPublicUrl checks before a request; a host whose DNS
 * answer changes in between (DNS rebinding) is caught here.
 */
export function publicOnlyLookup(resolve: LookupFn = defaultLookup): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !isPublicAddress(a.address));
        if (refused || addresses.length === 0) {
          const reason = refused
            ? `${hostname} resolves to ${refused.address}, a private, loopback, link-local or metadata address`
            : `${hostname} does not resolve`;
          return done(Object.assign(new UnsafeUrlError(reason), { code: 'EADDRNOTALLOWED' }), '', 0);
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (options.all) return done(null, usable);
        const first = usable[0] ?? addresses[0]!;
        return done(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => done(error, '', 0),
    );
  };
}
