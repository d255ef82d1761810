// The SSRF guard before a request: loopback, private, link-local, CGNAT,
// metadata and IPv4-compatible IPv6 addresses are refused unless allowed.
import { describe, expect, it } from 'vitest';
import { UnsafeUrlError, assertPublicUrl, isPublicAddress } from '../src/index.js';

describe('SSRF guard', () => {
  it.each([
    'http://127.0.0.1/',
    'http://localhost:8080/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
    'http://metadata.google.internal/',
    // IPv4-compatible IPv6 (::/96): ::7f00:1 is 127.0.0.1, ::a9fe:a9fe the metadata address
    'http://[::7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[::a9fe:a9fe]/latest/meta-data',
    'http://[::a00:1]/',
    'http://[::]/',
  ])('refuses %s', async (url) => {
    await expect(assertPublicUrl(url)).rejects.toThrow(UnsafeUrlError);
  });
  it('resolves names and refuses private answers; allows them when asked', async () => {
    const lookup = async () => [{ address: '10.1.2.3', family: 4 }];
    await expect(assertPublicUrl('https://intranet.example.com/', { lookup })).rejects.toThrow(
      /resolves to 10\.1\.2\.3/,
    );
    await expect(
      assertPublicUrl('https://intranet.example.com/', { lookup, allowPrivate: true }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertPublicUrl('https://api.example.com/', {
        lookup: async () => [{ address: '93.184.216.34', family: 4 }],
      }),
    ).resolves.toBeInstanceOf(URL);
    await expect(assertPublicUrl('ftp://x.example/')).rejects.toThrow(/Only http and https/);
    await expect(assertPublicUrl('not a url')).rejects.toThrow(/Not a valid URL/);
    await expect(assertPublicUrl('https://u:p@x.example/')).rejects.toThrow(/credentials/);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1::248')).toBe(true);
    expect(isPublicAddress('::808:808')).toBe(false);
    await expect(
      assertPublicUrl('https://compat.example.com/', {
        lookup: async () => [{ address: '::7f00:1', family: 6 }],
      }),
    ).rejects.toThrow(/resolves to ::7f00:1/);
  });
});
