// Graceful shutdown: captures in flight when the server closes are either
// acknowledged and stored, or refused (never acknowledged and lost).
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureResultSchema } from '@argus/api';
import { buildApp } from '../src/app.js';
import { CLOSE_BUDGET_MS } from '../src/capture/ingest.js';
import { testConfig } from '../src/config.js';
import { observations } from '../src/db/schema/index.js';
import { databaseKinds, openTestDatabase } from './helpers.js';

const TOKEN = 'shutdown-test-token-0123456789';

describe.each(databaseKinds)('graceful shutdown (%s)', (kind) => {
  it('gives its close hooks more time than copying the capture backlog may take', async () => {
    // Fastify (avvio) times close hooks with pluginTimeout: at its 10 s default, a
    // shutdown copying a large backlog for its full budget crashed the process.
    const database = await openTestDatabase(kind);
    try {
      const app = await buildApp({ config: testConfig(), database, scheduler: false });
      expect(app.initialConfig.pluginTimeout).toBeGreaterThanOrEqual(CLOSE_BUDGET_MS * 3);
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('flushes acknowledged captures before the database closes', async () => {
    const database = await openTestDatabase(kind);
    try {
      const app = await buildApp({ config: testConfig({ ingestToken: TOKEN }), database, scheduler: false });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const acknowledged: string[] = [];
      const refused: number[] = [];
      let closing = false;
      const worker = async (w: number) => {
        for (let i = 0; !closing; i++) {
          try {
            const res = await fetch(`${address}/gateway/api/items/${w}-${i}`, {
              method: 'POST',
              headers: { 'x-forwarded-host': 'shop.example.com', authorization: `Bearer ${TOKEN}` },
              body: JSON.stringify({ email: `u${i}@example.org` }),
            });
            if (res.status === 202)
              acknowledged.push(captureResultSchema.parse(await res.json()).recorded.id);
            else refused.push(res.status);
          } catch {
            return; // connection refused or reset: the server is closing
          }
        }
      };
      const workers = Array.from({ length: 10 }, (_, w) => worker(w));
      while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));
      await app.close();
      closing = true;
      await Promise.all(workers);
      // Requests that reached the closing server were refused with 503, never answered otherwise.
      expect(refused.filter((status) => status !== 503)).toEqual([]);
      const stored = await database.db
        .select({ id: observations.id })
        .from(observations)
        .where(inArray(observations.id, acknowledged));
      expect(stored.length).toBe(acknowledged.length);
    } finally {
      await database.close();
    }
  });
});
