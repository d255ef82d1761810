// Group commit: requests that trickle in (one per event-loop round, as under
// load) share a few multi-row INSERTs instead of one commit each, and every
// write resolves only once its row is stored.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { CaptureWriter } from '../src/capture/writer.js';
import { observations } from '../src/db/schema/index.js';
import { databaseKinds, openTestDatabase } from './helpers.js';

const nextRound = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.each(databaseKinds)('CaptureWriter (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('batches rows that arrive one event-loop round apart into a few commits', async () => {
    const batches: number[] = [];
    const writer = new CaptureWriter(database.db, (n) => batches.push(n), 1);
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      writes.push(
        writer.write({
          id: randomUUID(),
          domain: 'batch.example.com',
          method: 'GET',
          path: `/items/${i}`,
          observation: { path: `/items/${i}` },
          piiTypes: [],
        }),
      );
      await nextRound();
    }
    await Promise.all(writes);
    await writer.close();
    expect(batches.reduce((a, b) => a + b, 0)).toBe(20);
    // One commit per row before the linger; a few now (10 leaves room for a loaded machine).
    expect(batches.length).toBeLessThanOrEqual(10);
    const [stored] = await database.db.select({ n: count() }).from(observations);
    expect(stored?.n).toBe(20);
  });
});
