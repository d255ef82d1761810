// `npm run bench -w @argus/server`: capture throughput against a bare Fastify
// route (autocannon, same run), and list/metrics latency with 100k endpoints
// stored in PostgreSQL. Prints the figures; paste them into README.md.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import type * as AppModule from '../src/app.js';
import type * as ConfigModule from '../src/config.js';
import type * as ClientModule from '../src/db/client.js';
import type * as SchemaModule from '../src/db/schema/index.js';

// What `npm start` runs: the built server (dist/, built by `npm run bench`) on the
// workspace packages' builds, not the TypeScript sources through tsx.
const built = <T>(file: string) => import(new URL(`../dist/${file}`, import.meta.url).href) as Promise<T>;
const { buildApp } = await built<typeof AppModule>('app.js');
const { testConfig } = await built<typeof ConfigModule>('config.js');
const { openDatabase } = await built<typeof ClientModule>('db/client.js');
const { domains, endpoints } = await built<typeof SchemaModule>('db/schema/index.js');

const here = path.dirname(fileURLToPath(import.meta.url));
const autocannonBin = path.resolve(here, '../../../node_modules/autocannon/autocannon.js');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BATCH = 100;
const BATCH_SECONDS = 3;
const RAW_SECONDS = 5;
const TOKEN = 'bench-ingest-token-0123456789abcdef';
const BODY = JSON.stringify({
  firstName: 'Maria',
  email: 'maria.garcia@example.com',
  phone: '+1 415 555 0132',
  ssn: '536-22-8714',
  card: '4111 1111 1111 1111',
  note: 'ordinary text that the detectors have to read through as well',
});

interface CannonResult {
  requests: { average: number; total: number };
  '2xx': number;
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  /** This process's CPU time per answered request during the run (the server's cost, load-independent). */
  cpuMicrosPerRequest: number;
  /** The part of it spent in the kernel (sockets, the journal's O_DSYNC writes). */
  systemMicrosPerRequest: number;
}

/** autocannon in its own process, so it does not take the server's event loop. */
function cannon(url: string, body = BODY, seconds = DURATION): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', 'POST'];
    args.push('-H', 'content-type=application/json', '-H', `authorization=Bearer ${TOKEN}`);
    args.push('-H', 'x-forwarded-host=api.example.com', '-b', body, url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const cpu = process.cpuUsage();
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      const used = process.cpuUsage(cpu);
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const result = JSON.parse(out) as CannonResult;
      result.cpuMicrosPerRequest = (used.user + used.system) / Math.max(1, result.requests.total);
      result.systemMicrosPerRequest = used.system / Math.max(1, result.requests.total);
      resolve(result);
    });
  });
}

async function captureBench(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.post('/bare/*', async (_request, reply) => reply.code(202).send({ recorded: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare/api/v1/users/1842`;
  const bareResult = await cannon(bareUrl);
  await bare.close();
  // The ceiling on this machine: Node's own HTTP server reading the body and
  // answering, bare and with a fixed amount of synchronous work per request
  // (before the captures, which leave a larger heap and analysis behind).
  const raw: [number, CannonResult][] = [];
  for (const work of [0, 10]) {
    const server = await rawServer(work);
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/gateway/api/v1/users/1842`;
    raw.push([work, await cannon(url, BODY, RAW_SECONDS)]);
    await new Promise((resolve) => server.close(resolve));
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'argus-bench-'));
  const results: [string, CannonResult, { ms: number; count: number }][] = [];
  for (const [label, config] of [
    ['PGlite (embedded)', testConfig({ dataDir: path.join(dir, 'pglite'), ingestToken: TOKEN })],
    [
      'PostgreSQL',
      testConfig({ databaseUrl: PG_URL, dataDir: path.join(dir, 'postgres'), ingestToken: TOKEN }),
    ],
    [
      'PGlite, FSYNC_MS=0',
      testConfig({
        dataDir: path.join(dir, 'pglite-dsync'),
        ingestToken: TOKEN,
        captureFsyncIntervalMs: 0,
      }),
    ],
  ] as const) {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    const app = await buildApp({ config, database, scheduler: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/gateway/api/v1/users/1842`;
    const result = await cannon(url);
    // What the journal absorbed during the run, copied into the database and analysed.
    const started = performance.now();
    await app.argus.analyzer.drain();
    results.push([label, result, { ms: performance.now() - started, count: result['2xx'] }]);
    await app.close();
    await database.close();
  }

  // The batch call for collectors: 100 exchanges (the same JSON body with PII) per request, 3 s.
  const batchConfig = testConfig({ dataDir: path.join(dir, 'batch'), ingestToken: TOKEN });
  const batchDb = await openDatabase({ dataDir: batchConfig.dataDir });
  const batchApp = await buildApp({ config: batchConfig, database: batchDb, scheduler: false });
  await batchApp.listen({ port: 0, host: '127.0.0.1' });
  const batchBody = JSON.stringify({
    exchanges: Array.from({ length: BATCH }, (_, i) => ({
      host: 'api.example.com',
      method: 'POST',
      path: `/api/v1/users/${1000 + i}`,
      status: 201,
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: BODY,
    })),
  });
  const batchResult = await cannon(
    `http://127.0.0.1:${(batchApp.server.address() as { port: number }).port}/api/v1/captures`,
    batchBody,
    BATCH_SECONDS,
  );
  await batchApp.close();
  await batchDb.close();
  rmSync(dir, { recursive: true, force: true });

  console.log(
    `\n(load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores)`,
  );
  console.log(
    `\nCapture throughput (${CONNECTIONS} connections, ${DURATION} s, JSON body with PII; acknowledged once written to the capture journal, fdatasync within 1 s; FSYNC_MS=0: on the disk before each answer):`,
  );
  const row = (label: string, r: CannonResult, ratio?: number) =>
    console.log(
      `  ${label.padEnd(28)} ${Math.round(r.requests.average).toString().padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   ${r.cpuMicrosPerRequest.toFixed(1)} µs CPU/request (${r.systemMicrosPerRequest.toFixed(1)} in the kernel)` +
        (r.non2xx + r.errors > 0 ? `   non-2xx ${r.non2xx}, errors ${r.errors}` : '') +
        (ratio === undefined
          ? ''
          : `   ${Math.round(ratio * 100)} % of bare (${Math.round((bareResult.cpuMicrosPerRequest / r.cpuMicrosPerRequest) * 100)} % per CPU-second)`),
    );
  row('bare Fastify route', bareResult);
  for (const [label, r] of results)
    row(`capture, ${label}`, r, r.requests.average / bareResult.requests.average);
  for (const [work, r] of raw)
    row(
      work === 0 ? 'node:http, read body + 202' : `node:http, + ${work} µs of work`,
      r,
      r.requests.average / bareResult.requests.average,
    );
  console.log(
    `  batch call POST /api/v1/captures, ${BATCH} exchanges per request (PGlite, ${BATCH_SECONDS} s): ${Math.round(batchResult.requests.average)} req/s = ${Math.round(batchResult.requests.average * BATCH)} observations/s   p50 ${batchResult.latency.p50} ms   ${(batchResult.cpuMicrosPerRequest / BATCH).toFixed(1)} µs CPU/observation` +
      (batchResult.non2xx + batchResult.errors > 0
        ? `   non-2xx ${batchResult.non2xx}, errors ${batchResult.errors}`
        : ''),
  );
  console.log('  Analysis of what each run captured (journal → database → endpoints), after the run:');
  for (const [label, , drain] of results)
    console.log(
      `  ${label.padEnd(28)} ${drain.count} observations in ${(drain.ms / 1000).toFixed(1)} s = ${Math.round(drain.count / (drain.ms / 1000))} observations/s`,
    );
}

/**
 * Node's HTTP server alone: reads the body and answers 202 with a small JSON,
 * after `workMicros` of busy work (a stand-in for what a capture does).
 */
async function rawServer(workMicros: number): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const until = performance.now() + workMicros / 1000;
      while (performance.now() < until);
      const body = '{"recorded":true}';
      response.writeHead(202, ['content-type', 'application/json', 'content-length', String(body.length)]);
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

async function inventoryBench(): Promise<void> {
  const name = `argus_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  try {
    const database = await openDatabase({ url });
    const started = performance.now();
    const domainRows = await database.db
      .insert(domains)
      .values(Array.from({ length: 100 }, (_, i) => ({ name: `api${i}.example.com` })))
      .returning({ id: domains.id, name: domains.name });
    const methods = ['GET', 'POST', 'PUT', 'DELETE'];
    const pii = [[], [], ['email'], ['email', 'phone'], ['ssn'], ['credit_card']];
    const now = Date.now();
    for (let batch = 0; batch < 100; batch++) {
      await database.db.insert(endpoints).values(
        Array.from({ length: 1000 }, (_, i) => {
          const n = batch * 1000 + i;
          const domain = domainRows[n % 100]!;
          const method = methods[n % 4]!;
          const normalizedPath = `/v${n % 3}/resource${Math.floor(n / 400)}/{id}/item${n % 97}`;
          return {
            id: randomUUID(),
            domainId: domain.id,
            domain: domain.name,
            method,
            normalizedPath,
            classification: 'pii',
            riskScore: (n * 37) % 101,
            piiTypes: pii[n % pii.length]!,
            sources: ['access_log'],
            isPublic: n % 3 === 0,
            firstSeen: new Date(now - (n % 1000) * 60_000),
            lastSeen: new Date(now - (n % 100) * 1000),
            requestCount: n % 5000,
            avgRps: (n % 1000) / 10,
            vulnerabilityCount: n % 4,
            aggregate: { domain: domain.name, method, normalizedPath, requestCount: n % 5000 },
          };
        }),
      );
    }
    await database.db.execute('analyze');
    console.log(
      `\nInventory: 100,000 endpoints in PostgreSQL (inserted in ${Math.round(performance.now() - started)} ms)`,
    );
    await database.close();

    const app = await buildApp({
      config: testConfig({ databaseUrl: url, adminPassword: 'bench-password-1' }),
      scheduler: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    for (const target of [
      '/api/v1/endpoints?limit=50',
      '/api/v1/metrics',
      '/api/v1/endpoints?limit=50&offset=5000&sort=-lastSeen',
      '/api/v1/endpoints?limit=50&q=resource42',
    ]) {
      const samples: number[] = [];
      for (let i = 0; i < 330; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${target}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${target} answered ${res.status}`);
        if (i >= 30) samples.push(performance.now() - t0);
      }
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      console.log(
        `  GET ${target.padEnd(52)} p95 ${p95(samples).toFixed(1)} ms   mean ${mean.toFixed(1)} ms   (300 sequential requests over HTTP)`,
      );
    }
    await app.close();
  } finally {
    if (process.env.BENCH_KEEP_DB) console.log(`  (kept database ${name})`);
    else await dropDatabase(name);
  }
}

async function dropDatabase(name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: PG_URL });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}

const only = process.argv[2];
if (only !== 'inventory') await captureBench();
if (only !== 'capture') await inventoryBench();
