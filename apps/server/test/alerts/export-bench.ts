// Export benchmark: 100k alerts streamed as CSV and JSON over real HTTP, with
// throughput and the server's peak heap growth. Prints figures; asserts nothing.
//   npx tsx --conditions=@argus/source --expose-gc apps/server/test/alerts/export-bench.ts [count]
// (TEST_DATABASE_URL=postgres://… for PostgreSQL)
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { openTestDatabase } from '../helpers.js';

const count = Number(process.argv[2] ?? 100_000);
const password = 'bench-password-123';
// PGlite in memory, or a fresh PostgreSQL database (dropped at the end) with TEST_DATABASE_URL.
const database = await openTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
const app = await buildApp({ config: testConfig({ adminPassword: password }), database, scheduler: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

let started = Date.now();
await database.db.execute(sql`
  insert into alerts (title, description, severity, status, trigger_type, dedupe_key, domain)
  select 'Bench alert ' || i || ' =cmd|calc', 'A, "quoted" description for row ' || i,
         (array['critical','high','medium','low'])[1 + i % 4], 'open', 'vulnerability_detected',
         'bench-' || i || '-' || gen_random_uuid(), 'bench.example.com'
  from generate_series(1, ${count}) as i`);
console.log(`inserted ${count} alerts in ${Date.now() - started} ms (${database.driver})`);

const login = await fetch(`${base}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ username: 'admin', password }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

for (const format of ['csv', 'json'] as const) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  // With --expose-gc the samples are live memory, not garbage waiting for collection.
  const sampler = setInterval(() => {
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 100);
  started = Date.now();
  const response = await fetch(`${base}/api/v1/alerts/export?format=${format}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  clearInterval(sampler);
  const ms = Date.now() - started;
  console.log(
    `${format}: ${count} alerts, ${(bytes / 1e6).toFixed(1)} MB in ${ms} ms ` +
      `(${Math.round(count / (ms / 1000))} alerts/s), peak ${global.gc ? 'live ' : ''}heap growth ${((peak - heapBefore) / 1e6).toFixed(1)} MB`,
  );
}
await app.close();
await database.close();
