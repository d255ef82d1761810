// Argus at more than one node: 2 API servers and 2 analysis workers as
// separate processes on one PostgreSQL and one JetStream stream. 20,000
// captures go to both servers; one worker is killed with SIGKILL mid-stream
// and started again; every capture a server acknowledged (202) must be stored
// and counted in the inventory exactly once. PostgreSQL and NATS only.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { count, sql } from 'drizzle-orm';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { captureResultSchema } from '@argus/api';
import { pendingCaptures } from '../src/capture/nats-stream.js';
import { observations } from '../src/db/schema/index.js';
import {
  startServerProcess,
  startWorkerProcess,
  type ClusterEnv,
  type ClusterProcess,
} from '../scripts/cluster.js';
import { ADMIN_PASSWORD, openTestDatabase } from './helpers.js';
import { deleteStream, inventoryRequestCount, natsReachable, testNatsConfig } from './nats.js';

const TOTAL = 20_000;
const CONCURRENCY = 48;
const DOMAINS = Array.from({ length: 8 }, (_, i) => `shop${i}.cluster.example.com`);
const TOKEN = `cluster-${randomBytes(24).toString('hex')}`;
const postgres = process.env.TEST_DATABASE_URL !== undefined;
const reachable = postgres && (await natsReachable());
if (!postgres)
  console.warn('TEST_DATABASE_URL unset: the multi-process JetStream test runs on PostgreSQL only');

/** POSTs one capture; resolves with the observation id when answered 202, else null. */
function capture(agent: Agent, base: string, n: number): Promise<string | null> {
  const url = new URL(`/gateway/v1/orders/${n}`, base);
  const body = JSON.stringify({ order: n, email: `buyer${n}@example.org` });
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'x-forwarded-host': DOMAINS[n % DOMAINS.length],
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 202) return resolve(null);
          resolve(captureResultSchema.parse(JSON.parse(Buffer.concat(chunks).toString())).recorded.id);
        });
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

describe.skipIf(!reachable)('2 servers and 2 workers on JetStream and PostgreSQL', () => {
  const nats = testNatsConfig(8);
  const started: ClusterProcess[] = [];
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;

  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()));
    await database?.close();
    await deleteStream(nats);
  }, 120_000);

  it('counts every acknowledged capture exactly once after a worker is killed mid-stream', async () => {
    database = await openTestDatabase('postgres');
    const env: ClusterEnv = {
      DATABASE_URL: database.url!,
      ARGUS_NATS_URL: nats.url,
      ARGUS_NATS_STREAM: nats.stream,
      ARGUS_NATS_PARTITIONS: String(nats.partitions),
      ARGUS_INGEST_TOKEN: TOKEN,
      ARGUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ARGUS_SECRET_KEY: randomBytes(32).toString('base64'),
      ARGUS_DASHBOARD_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    };
    // One at a time: the first creates the admin user.
    for (let i = 0; i < 2; i++) started.push(await startServerProcess(env));
    const servers = started.slice();
    const workers = [await startWorkerProcess(env), await startWorkerProcess(env)];
    started.push(...workers);

    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const acknowledged: string[] = [];
    let refused = 0;
    let next = 0;
    let killed = false;
    let restarted: Promise<void> | null = null;
    const sender = async () => {
      while (next < TOTAL) {
        const n = next++;
        const id = await capture(agent, servers[n % 2]!.url!, n);
        if (id) acknowledged.push(id);
        else refused++;
        if (!killed && acknowledged.length >= TOTAL / 4) {
          killed = true;
          // Mid-stream: the worker dies with whatever batch it holds; started again while captures go on.
          await workers[0]!.kill();
          restarted = startWorkerProcess(env).then((p) => {
            started.push(p);
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    agent.destroy();
    await restarted;
    expect(killed).toBe(true);
    // Under load a capture may be refused (503): it was not acknowledged, so it need not be stored.
    expect(refused).toBeLessThan(TOTAL / 100);

    // Settled: the stream is drained and acknowledged (the killed worker's batch redelivered), the queue analysed.
    const nc = await connect({ servers: nats.url });
    const jsm = await nc.jetstreamManager();
    const deadline = Date.now() + 300_000;
    for (;;) {
      const pending = await pendingCaptures(jsm, nats);
      const [queued] = (
        (await database.db.execute(sql`select count(*)::int as n from observation_queue`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      if (pending === 0 && queued?.n === 0) break;
      if (Date.now() > deadline)
        throw new Error(`not settled: ${pending} in the stream unacknowledged, ${queued?.n} queued`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await nc.close();

    const [stored] = await database.db.select({ n: count() }).from(observations);
    const ids = new Set(
      (await database.db.select({ id: observations.id }).from(observations)).map((r) => r.id),
    );
    let counted = 0;
    for (const domain of DOMAINS) counted += await inventoryRequestCount(database.db, domain);
    // Stored once each, every acknowledged one among them, and the inventory counts each once.
    expect(ids.size).toBe(stored!.n);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    expect(counted).toBe(stored!.n);
    // A refused capture may still have reached the stream (its answer was lost); none were refused here mostly.
    expect(stored!.n - acknowledged.length).toBeLessThanOrEqual(refused);
    console.info(
      `[cluster] ${acknowledged.length} acknowledged, ${refused} refused, ${stored!.n} stored, ${counted} counted`,
    );
  }, 900_000);
});
