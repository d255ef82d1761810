// Remote specs and gateway pages are counted while they stream: a 300 MB chunked
// answer (no Content-Length) is cut off just past the 32 MB cap, long before the
// server has sent it all, and never sits whole in memory.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, SourceError, fetchSpecText, readGateway } from '../src/index.js';

const MB = 1024 * 1024;
const HUGE = 300 * MB;
const chunk = Buffer.alloc(MB, 'a');

let server: Server;
let base = '';
/** Bytes the server managed to hand to the socket per request path. */
const sent = new Map<string, number>();

/** Streams `total` bytes in 1 MB chunks, respecting back-pressure, until done or the client goes away. */
function stream(res: ServerResponse, key: string, total: number): void {
  let written = 0;
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const pump = (): void => {
    while (!closed && written < total) {
      written += chunk.length;
      sent.set(key, written);
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!closed) res.end();
  };
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/declared.yaml') {
      res.writeHead(200, { 'content-type': 'application/yaml', 'content-length': String(HUGE) });
      stream(res, path, HUGE);
      return;
    }
    res.writeHead(200, { 'content-type': path.endsWith('.yaml') ? 'application/yaml' : 'application/json' });
    if (path === '/kong/routes') res.write('{"data": [], "padding": "');
    stream(res, path, HUGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('answers larger than the cap', () => {
  it('aborts a chunked 300 MB spec download early', { timeout: 120_000 }, async () => {
    const error = await fetchSpecText(`${base}/chunked.yaml`, { allowPrivate: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toBe('Spec is larger than 32 MB');
    // Past the cap by at most what the socket buffers held; nowhere near 300 MB.
    expect(sent.get('/chunked.yaml')).toBeGreaterThan(32 * MB);
    expect(sent.get('/chunked.yaml')).toBeLessThan(96 * MB);
  });

  it('refuses a declared Content-Length over the cap before reading', { timeout: 60_000 }, async () => {
    await expect(fetchSpecText(`${base}/declared.yaml`, { allowPrivate: true })).rejects.toThrow(
      'Spec is larger than 32 MB',
    );
    expect(sent.get('/declared.yaml')).toBeLessThan(96 * MB);
  });

  it('aborts a 300 MB gateway page early', { timeout: 120_000 }, async () => {
    const error = await readGateway(
      { provider: 'kong', url: `${base}/kong`, apiKey: 'k' },
      { allowPrivate: true },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toMatch(/answered more than 32 MB/);
    expect(sent.get('/kong/routes') ?? sent.get('/kong/services')).toBeLessThan(96 * MB);
  });
});
