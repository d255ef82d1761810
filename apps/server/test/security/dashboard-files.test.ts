// The review: the production server served the dashboard's source maps and
// MSW's mockServiceWorker.js. A build that still holds them (an older one, or
// ARGUS_DASHBOARD_DIR pointing at a development build) must not serve them either.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

describe('dashboard files the production server refuses', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'argus-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=x');
    writeFileSync(path.join(dist, 'assets/index-abc123.js.map'), '{"version":3,"sources":["src/App.tsx"]}');
    writeFileSync(path.join(dist, 'assets/index-abc123.css.map'), '{"version":3}');
    writeFileSync(path.join(dist, 'mockServiceWorker.js'), 'self.addEventListener("fetch", () => {});');
    t = await createTestApp('pglite', { dashboardDir: dist });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('answers 404 for source maps and the mock service worker, in any spelling', async () => {
    for (const file of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.css.map',
      '/assets/index-abc123.js.MAP',
      '/assets/index-abc123.js%2emap',
      '/mockServiceWorker.js',
      '/mockserviceworker.js',
      '/mockServiceWorker.js?v=2',
      '/%6DockServiceWorker.js',
      '/some/page/mockServiceWorker.js',
    ]) {
      const res = await fetch(base + file);
      expect(res.status, file).toBe(404);
      const body = await res.text();
      expect(body, file).not.toContain('sources');
      expect(body, file).not.toContain('addEventListener');
      expect(body, file).not.toContain('<div id="root">');
    }
  });

  it('still serves the app and its assets', async () => {
    const script = await fetch(`${base}/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('console.log(1)');
    const page = await fetch(`${base}/endpoints`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
