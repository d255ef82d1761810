// NATS JetStream for tests: the local server (127.0.0.1:4222, or TEST_NATS_URL),
// a stream name of its own per test run, and the inventory's request count.
import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { sql } from 'drizzle-orm';
import { connect } from 'nats';
import type { NatsConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';

export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** True when something answers on the NATS port. */
export async function natsReachable(): Promise<boolean> {
  const url = new URL(NATS_URL);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connectTcp({ host: url.hostname, port: Number(url.port || 4222) });
    socket.setTimeout(2000);
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  }).catch(() => false);
  if (!reachable)
    console.warn(`NATS is unreachable at ${NATS_URL}: the JetStream tests are skipped (CI runs them)`);
  return reachable;
}

export function testNatsConfig(partitions = 4): NatsConfig {
  return { url: NATS_URL, stream: `ARGUS_TEST_${randomBytes(6).toString('hex')}`, partitions };
}

/** Deletes the test's stream (and its consumer with it). */
export async function deleteStream(config: NatsConfig): Promise<void> {
  const nc = await connect({ servers: config.url });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(config.stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** Requests counted in the domain's endpoint aggregates (what the inventory shows). */
export async function inventoryRequestCount(db: Db, domain: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum((e.aggregate->>'requestCount')::bigint), 0) as n
    from endpoints e join domains d on d.id = e.domain_id where d.name = ${domain}`);
  const rows = (result as unknown as { rows: { n: string | number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}
