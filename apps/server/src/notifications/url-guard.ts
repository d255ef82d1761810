// Thin adapter for the SSRF guard until @argus/engine exports `assertPublicUrl`:
// refuses non-http(s) URLs, embedded credentials and hosts that resolve to
// loopback, private, link-local, CGNAT, multicast, reserved or metadata addresses.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

// IPv4-mapped addresses are unwrapped here: a ::ffff:0:0/96 rule in a BlockList would
// also match every plain IPv4 address.
function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export async function assertPublicUrl(url: string, options: { allowPrivate?: boolean } = {}): Promise<URL> {
  if (!URL.canParse(url)) throw new UnsafeUrlError(`Not a valid URL: ${url.slice(0, 200)}`);
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UnsafeUrlError(`Only http and https URLs are allowed, not ${parsed.protocol.replace(':', '')}`);
  }
  if (parsed.username || parsed.password)
    throw new UnsafeUrlError('URLs with embedded credentials are not allowed');
  if (options.allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) {
    throw new UnsafeUrlError(`${host} is a local address; private URLs are not allowed`);
  }
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (err) {
    throw new UnsafeUrlError(`Cannot resolve ${host}: ${(err as Error).message}`);
  }
  const bad = addresses.find(isPrivate);
  if (bad)
    throw new UnsafeUrlError(
      `${host} resolves to ${bad}, a private or loopback address; private URLs are not allowed`,
    );
  return parsed;
}
