// Analysis throughput with 1 and 2 worker processes (`argus worker`) in the
// same run: captures are published into a JetStream stream of their own first
// (as API servers would), then the workers start on a fresh PostgreSQL
// database and are timed from their readiness until the stream is
// acknowledged and the analysis queue empty.
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import type * as HandleModule from '../src/capture/handle.js';
import type * as NatsSinkModule from '../src/capture/nats-sink.js';
import type * as StreamModule from '../src/capture/nats-stream.js';
import type * as ClientModule from '../src/db/client.js';
import { startWorkerProcess, type ClusterProcess } from '../scripts/cluster.js';
import { createDatabase, dropDatabase } from './database.js';

const built = <T>(file: string) => import(new URL(`../dist/${file}`, import.meta.url).href) as Promise<T>;
const { handleCapture } = await built<typeof HandleModule>('capture/handle.js');
const { NatsSink } = await built<typeof NatsSinkModule>('capture/nats-sink.js');
const { pendingCaptures } = await built<typeof StreamModule>('capture/nats-stream.js');
const { openDatabase } = await built<typeof ClientModule>('db/client.js');

const OBSERVATIONS = Number(process.env.BENCH_CLUSTER_OBSERVATIONS ?? 40_000);
const DOMAINS = 16;
const PUBLISH_BATCH = 500;

export async function clusterBench(
  pgUrl: string,
  natsUrl: string,
  out: (line: string) => void,
): Promise<void> {
  const figures: { workers: number; seconds: number }[] = [];
  for (const workers of [1, 2]) {
    const stream = `ARGUS_BENCH_${randomBytes(6).toString('hex')}`;
    const nats = { url: natsUrl, stream, partitions: DOMAINS };
    const name = `argus_bench_cluster_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(pgUrl, name);
    const database = await openDatabase({ url });
    const sink = await NatsSink.open(nats);
    const started: ClusterProcess[] = [];
    try {
      for (let i = 0; i < OBSERVATIONS; i += PUBLISH_BATCH) {
        const records = Array.from({ length: Math.min(PUBLISH_BATCH, OBSERVATIONS - i) }, (_, j) => {
          const n = i + j;
          return handleCapture({
            kind: 'exchange',
            exchange: {
              host: `api${n % DOMAINS}.bench.example.com`,
              method: n % 3 === 0 ? 'POST' : 'GET',
              path: `/v1/customers/${n}/orders/${n % 97}`,
              status: 200,
              requestHeaders: { 'content-type': 'application/json' },
              responseBody: JSON.stringify({ email: `c${n}@example.org`, total: n }),
            },
          }).record;
        });
        await sink.publish(records);
      }
      const env = {
        DATABASE_URL: url,
        ARGUS_NATS_URL: natsUrl,
        ARGUS_NATS_STREAM: stream,
        ARGUS_NATS_PARTITIONS: String(DOMAINS),
        ARGUS_SECRET_KEY: randomBytes(32).toString('base64'),
      };
      started.push(...(await Promise.all(Array.from({ length: workers }, () => startWorkerProcess(env)))));
      // From the moment the workers say they consume (their process start-up, ~10 s under tsx here, left out).
      const t0 = performance.now();
      const nc = await connect({ servers: natsUrl });
      const jsm = await nc.jetstreamManager();
      for (;;) {
        const pending = await pendingCaptures(jsm, nats);
        const queued = await database.db.execute('select count(*)::int as n from observation_queue');
        const n = (queued as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        if (pending === 0 && n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      figures.push({ workers, seconds: (performance.now() - t0) / 1000 });
      await jsm.streams.delete(stream);
      await nc.close();
    } finally {
      await Promise.all(started.map((p) => p.stop()));
      await sink.close();
      await database.close();
      await dropDatabase(pgUrl, name);
    }
  }
  out(
    `\nAnalysis by worker processes (JetStream → PostgreSQL, ${OBSERVATIONS} observations over ${DOMAINS} domains, timed from the workers' readiness):`,
  );
  const [one] = figures;
  for (const f of figures) {
    out(
      `  ${f.workers} worker${f.workers > 1 ? 's' : ' '}   ${Math.round(OBSERVATIONS / f.seconds)} observations/s   (${f.seconds.toFixed(1)} s)` +
        (f === one ? '' : `   ${(one!.seconds / f.seconds).toFixed(2)}× the rate of 1 worker`),
    );
  }
}
