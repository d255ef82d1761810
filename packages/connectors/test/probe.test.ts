// Active probes against a local server that leaks everything a probe looks for.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecInfo } from '@argus/engine';
import { UnsafeUrlError, probeEndpoint } from '../src/index.js';

/** What a probe reads of an endpoint: where it is, whether credentials are expected. */
const ep = (method: string, normalizedPath: string, security: 'required' | 'undeclared' = 'undeclared') => ({
  domain: 'api.example.com',
  method,
  normalizedPath,
  auth: { none: 10 },
  spec: { security } as SpecInfo,
});

describe('active probes', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.includes('%27')) {
        res.writeHead(500);
        res.end('Traceback (most recent call last):\n  File "app.py"');
        return;
      }
      res.writeHead(200, {
        'access-control-allow-origin': String(req.headers.origin ?? '*'),
        'access-control-allow-credentials': 'true',
      });
      res.end('{"id":1}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('finds missing auth, reflected CORS with credentials and stack traces; GET only', async () => {
    const e = ep('GET', '/users/{id}', 'required');
    const found = await probeEndpoint(e, { fetch: fetch as never, baseUrl: base, allowPrivate: true });
    expect(found.map((v) => v.vulnId).sort()).toEqual(['ARGUS-API2-001', 'ARGUS-API8-003', 'ARGUS-API8-004']);
    expect(
      await probeEndpoint(ep('DELETE', '/users/{id}'), {
        fetch: fetch as never,
        baseUrl: base,
        allowPrivate: true,
      }),
    ).toEqual([]);
    await expect(probeEndpoint(e, { fetch: fetch as never, baseUrl: base })).rejects.toThrow(UnsafeUrlError);
  });
});
