// The SSRF guard at connection time: a host that resolves to a private address
// when the connection is made (DNS rebinding: it passed the check before) is
// refused before anything is sent; public addresses pass.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, publicOnlyLookup, type LookupFn } from '../src/index.js';

let server: Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.headers.host} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A DNS that answers 127.0.0.1 for every *.test name, as a rebinding attacker's would at connect time. */
const rebinding: LookupFn = async (hostname) =>
  hostname.endsWith('.test') ? [{ address: '127.0.0.1', family: 4 }] : [];

describe('guardedFetch', () => {
  it('refuses a host that resolves to a loopback address when it connects', async () => {
    const send = guardedFetch({ allowPrivate: false, resolve: rebinding });
    const before = received.length;
    const error = (await send(`http://api.rebind.test:${port}/internal`).catch(
      (e: unknown) => e,
    )) as Error & {
      cause?: Error;
    };
    expect(error).toBeInstanceOf(Error);
    expect(error.cause?.message).toBe(
      'api.rebind.test resolves to 127.0.0.1, a private, loopback, link-local or metadata address',
    );
    expect(received.length).toBe(before);
  });

  it('reaches it when private addresses are allowed', async () => {
    const res = await guardedFetch({ allowPrivate: true })(`http://127.0.0.1:${port}/plain`);
    expect(await res.text()).toBe('inside');
  });

  it('passes public addresses through, in both lookup forms net.connect uses', async () => {
    const publicDns: LookupFn = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::248', family: 6 },
    ];
    const lookup = publicOnlyLookup(publicDns);
    const all = await new Promise((resolve, reject) =>
      lookup('example.com', { all: true }, (error, addresses) =>
        error ? reject(error) : resolve(addresses),
      ),
    );
    expect(all).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::248', family: 6 },
    ]);
    const one = await new Promise((resolve, reject) =>
      lookup('example.com', {}, (error, address, family) =>
        error ? reject(error) : resolve([address, family]),
      ),
    );
    expect(one).toEqual(['93.184.216.34', 4]);
    // One private address among public ones is enough to refuse.
    const mixed: LookupFn = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    await expect(
      new Promise((resolve, reject) =>
        publicOnlyLookup(mixed)('metadata.example', { all: true }, (error, a) =>
          error ? reject(error) : resolve(a),
        ),
      ),
    ).rejects.toThrow('metadata.example resolves to 169.254.169.254');
  });
});
