// The production dashboard build holds no source maps and no MSW mock worker,
// and the real server serving it answers 404 for both (issue 39: both were served).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardDir, startServer, type RunningServer } from './server.js';

const dist = path.join(dashboardDir, 'dist');
let server: RunningServer;

/** The entry chunk's file, from Vite's build manifest. */
function entryFile(): string {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  return Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('production dashboard files', () => {
  it('builds no source map and no mock service worker', () => {
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files).not.toContain('mockServiceWorker.js');
    const entry = entryFile();
    expect(readFileSync(path.join(dist, entry), 'utf8')).not.toContain('sourceMappingURL');
  });

  it('serves the app, and 404 for the maps and the worker a development build would have', async () => {
    const entry = entryFile();
    expect((await fetch(`${server.url}/${entry}`)).status).toBe(200);
    for (const file of [`/${entry}.map`, '/mockServiceWorker.js']) {
      const res = await fetch(server.url + file);
      expect(res.status, file).toBe(404);
      expect(await res.text(), file).not.toContain('<div id="root">');
    }
  });
});
