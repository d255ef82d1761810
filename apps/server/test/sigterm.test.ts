// `npm start` and SIGTERM: the server closes its listener, flushes the capture
// journal, closes the database and exits 0 (a supervisor's SIGKILL comes 5-10 s
// later); the data folder then reopens with what the first run stored.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { captureResultSchema, endpointListSchema } from '@argus/api';
import { migratedPgliteDump } from './helpers.js';
import { signIn, startServer } from './server-process.js';

const TOKEN = randomBytes(32).toString('hex');
const HOST = 'orders.example.com';
const dir = mkdtempSync(path.join(tmpdir(), 'argus-sigterm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SIGTERM', () => {
  it('exits 0 after storing what it acknowledged; the next start sees it', { timeout: 300_000 }, async () => {
    // A migrated data folder: PGlite's initdb alone takes ~10 s here.
    const seeded = await PGlite.create(dir, { loadDataDir: await migratedPgliteDump() });
    await seeded.close();
    const env = { ARGUS_DATA_DIR: dir, ARGUS_INGEST_TOKEN: TOKEN };
    const first = await startServer(env);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${first.url}/gateway/v1/orders/${1000 + i}`, {
        headers: { 'x-forwarded-host': HOST, authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(202);
      ids.push(captureResultSchema.parse(await res.json()).recorded.id);
    }
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).not.toMatch(/exiting anyway/);

    const second = await startServer(env);
    try {
      const cookie = await signIn(second.url);
      let total = 0;
      for (let i = 0; i < 300 && total === 0; i++) {
        const res = await fetch(`${second.url}/api/v1/endpoints?domain=${HOST}`, { headers: { cookie } });
        total = endpointListSchema.parse(await res.json()).total;
        if (total === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(total).toBe(1);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
