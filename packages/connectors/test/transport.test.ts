// The active-test transport: sends what the engine asks, returns status, headers
// and a bounded body, never follows redirects, and refuses private targets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafeUrlError, createTransport } from '../src/index.js';

let server: Server;
let base = '';
const seen: { method: string; url: string; body: string; auth: string | undefined }[] = [];
const hanging: string[] = [];
const hungUp: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, auth: req.headers.authorization });
      if (req.url === '/hang') {
        // never answers: only the caller hanging up ends it
        hanging.push(req.url);
        return void res.on('close', () => hungUp.push(req.url ?? ''));
      }
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/elsewhere' }).end();
      if (req.url === '/big') return void res.writeHead(200).end('x'.repeat(200_000));
      res.writeHead(201, { 'X-Answer': 'yes', 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createTransport', () => {
  it('sends method, headers and body; answers status, lower-cased headers and body', async () => {
    const send = createTransport({ allowPrivate: true });
    const res = await send({
      method: 'POST',
      url: `${base}/orders`,
      headers: { authorization: 'Bearer other-user', 'content-type': 'application/json' },
      body: '{"qty":1}',
    });
    expect(res).toMatchObject({ status: 201, body: '{"ok":true}', truncated: false });
    expect(res.headers['x-answer']).toBe('yes');
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/orders',
      body: '{"qty":1}',
      auth: 'Bearer other-user',
    });
  });

  it('aborts a request in flight when its signal fires', async () => {
    const controller = new AbortController();
    const answer = createTransport({ allowPrivate: true })({
      method: 'GET',
      url: `${base}/hang`,
      signal: controller.signal,
    });
    await expect.poll(() => hanging, { timeout: 10_000 }).toEqual(['/hang']);
    controller.abort();
    await expect(answer).rejects.toThrow();
    await expect.poll(() => hungUp, { timeout: 10_000 }).toEqual(['/hang']);
  });

  it('does not follow redirects and cuts long bodies', async () => {
    const send = createTransport({ allowPrivate: true, maxBodyBytes: 1000 });
    const moved = await send({ method: 'GET', url: `${base}/redirect` });
    expect(moved.status).toBe(302);
    expect(moved.headers['location']).toBe('/elsewhere');
    expect(seen.some((s) => s.url === '/elsewhere')).toBe(false);
    const big = await send({ method: 'GET', url: `${base}/big` });
    expect(big.body).toHaveLength(1000);
    expect(big.truncated).toBe(true);
  });

  it('refuses private targets unless allowed, before anything is sent', async () => {
    const before = seen.length;
    await expect(createTransport()({ method: 'GET', url: `${base}/orders` })).rejects.toThrow(UnsafeUrlError);
    expect(seen.length).toBe(before);
  });
});
