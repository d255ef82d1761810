// Durability: the server process is killed with SIGKILL while capture requests
// are in flight; every observation it acknowledged must be stored, and a
// restarted server analyses what was left unprocessed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { captureResultSchema, endpointListSchema } from '@argus/api';
import { openDatabase, type Database } from '../src/db/client.js';
import { observations } from '../src/db/schema/index.js';
import { PGlite } from '@electric-sql/pglite';
import { databaseKinds, migratedPgliteDump, openTestDatabase, type DatabaseKind } from './helpers.js';
import { signIn, startServer as startServerProcess } from './server-process.js';

const TOKEN = 'crash-test-ingest-token-0123456789';
const startServer = (env: Record<string, string>) =>
  startServerProcess({ ARGUS_INGEST_TOKEN: TOKEN, ...env });

// Both journal modes: the default (into the kernel, an fdatasync within 1 s) and
// 0 (on the disk before each answer); on PostgreSQL the default.
const cases = databaseKinds.flatMap((kind): [DatabaseKind, string][] =>
  kind === 'pglite'
    ? [
        [kind, '1000'],
        [kind, '0'],
      ]
    : [[kind, '1000']],
);

describe.each(cases)('crash safety (%s, ARGUS_CAPTURE_FSYNC_MS=%s)', (kind, fsyncMs) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('keeps every acknowledged observation across kill -9', async () => {
    let env: Record<string, string>;
    let reopen: () => Promise<Database>;
    if (kind === 'pglite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'argus-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      // Start from a migrated data directory: PGlite's initdb alone takes ~10 s here.
      const seeded = await PGlite.create(dir, { loadDataDir: await migratedPgliteDump() });
      await seeded.close();
      env = { ARGUS_DATA_DIR: dir };
      reopen = () => openDatabase({ dataDir: dir });
    } else {
      const db = await openTestDatabase('postgres');
      cleanups.push(() => db.close());
      env = { DATABASE_URL: db.url!, ARGUS_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'argus-crash-key-')) };
      reopen = async () => ({ ...db, close: async () => undefined });
    }

    env.ARGUS_CAPTURE_FSYNC_MS = fsyncMs;
    const first = await startServer(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const acknowledged: string[] = [];
    let stop = false;
    const client = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${first.url}/gateway/api/accounts/${worker * 100000 + i}`, {
            method: 'POST',
            headers: {
              'x-forwarded-host': 'bank.example.com',
              authorization: `Bearer ${TOKEN}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ email: `user${i}@example.org`, iban: 'DE89370400440532013000' }),
          });
          if (res.status === 202) acknowledged.push(captureResultSchema.parse(await res.json()).recorded.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const clients = Array.from({ length: 16 }, (_, w) => client(w));
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(clients);
    await first.exited;
    const ackedAtKill = [...acknowledged];
    expect(ackedAtKill.length).toBeGreaterThanOrEqual(200);

    // A restarted server recovers and analyses what the crashed one had not.
    const second = await startServer(env);
    try {
      const cookie = await signIn(second.url);
      let total = 0;
      for (let i = 0; i < 100 && total === 0; i++) {
        const list = endpointListSchema.parse(
          await (
            await fetch(`${second.url}/api/v1/endpoints?domain=bank.example.com`, { headers: { cookie } })
          ).json(),
        );
        total = list.total;
        if (total === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(total).toBeGreaterThan(0);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }

    const database = await reopen();
    try {
      const found = new Set<string>();
      for (let i = 0; i < ackedAtKill.length; i += 1000) {
        const rows = await database.db
          .select({ id: observations.id })
          .from(observations)
          .where(inArray(observations.id, ackedAtKill.slice(i, i + 1000)));
        for (const r of rows) found.add(r.id);
      }
      expect(ackedAtKill.filter((id) => !found.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
