// The dashboard's fallback (index.html for unknown GET paths) never answers a
// spelling of the API or capture path. Over real HTTP, because light-my-request
// resolves dot segments and double slashes before the server sees them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** A GET with the path sent exactly as written. */
function rawGet(base: URL, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dashboard fallback', () => {
  let t: TestApp;
  let base: URL;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'argus-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp('pglite', { dashboardDir: dist });
    base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(() => t?.close());

  it('answers API and capture path spellings and dot segments with an error, never the app', async () => {
    for (const rawPath of [
      '/gateway/%2e%2e',
      '//gateway/x',
      '//gateway/%2e%2e',
      '/gateway%2f%2e%2e',
      '/%67ateway%2F..',
      '/GATEWAY/x',
      '//api/v1/users',
      '/%61pi%2fv1',
      '/endpoints/%2e%2e/x',
      '/x/../gateway',
      '/%E0%A4%A',
    ]) {
      const res = await rawGet(base, rawPath);
      expect(res.status, rawPath).toBeGreaterThanOrEqual(400);
      expect(res.body, rawPath).not.toContain('<div id="root">');
    }
    const page = await rawGet(base, '/endpoints/123');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
