// `npm run bench -w @argus/server`: capture throughput against a bare Fastify
// route (autocannon, same run), the JetStream sink among them; analysis
// throughput with 1 and 2 worker processes (cluster.ts); list/metrics latency
// with 100k endpoints stored in PostgreSQL. Prints the figures and writes each
// part that ran into its section of bench/RESULTS.md (`npm run bench -- PART`
// runs one: capture, cluster, inventory).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect as connectNats } from 'nats';
import { emptyAggregate } from '@argus/engine';
import type * as AppModule from '../src/app.js';
import type * as ConfigModule from '../src/config.js';
import type * as ClientModule from '../src/db/client.js';
import type * as SchemaModule from '../src/db/schema/index.js';
import type { TargetReply, TargetRequest, TargetSpec } from './target.js';
import { clusterBench } from './cluster.js';
import { createDatabase, dropDatabase } from './database.js';

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
const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const NATS_STREAM = `ARGUS_BENCH_${randomUUID().slice(0, 8)}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const BATCH = 100;
const BATCH_SECONDS = 3;
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

/** A server measured in its own process (target.ts), forked from this one (same tsx loader). */
class TargetProcess {
  private next = 0;
  private readonly waiting = new Map<number, (reply: TargetReply) => void>();

  private constructor(
    private readonly child: ChildProcess,
    /** `http://127.0.0.1:port` */
    readonly origin: string,
  ) {
    child.on('message', (reply: TargetReply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  static start(spec: TargetSpec): Promise<TargetProcess> {
    const child = fork(path.join(here, 'target.ts'), [JSON.stringify(spec)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('message', (m: { url: string }) => resolve(new TargetProcess(child, m.url)));
      child.once('exit', (code) => reject(new Error(`benchmark target ${spec.kind} exited ${code}`)));
    });
  }

  request(command: TargetRequest['command']): Promise<TargetReply> {
    const id = ++this.next;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ id, command } satisfies TargetRequest);
    });
  }

  async cpu(): Promise<NodeJS.CpuUsage> {
    return (await this.request('cpu')).cpu!;
  }
}

/** autocannon in its own process against `target`, whose CPU time it reads before and after. */
async function cannon(
  target: TargetProcess,
  urlPath: string,
  body = BODY,
  seconds = DURATION,
): Promise<CannonResult> {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', 'POST'];
  args.push('-H', 'content-type=application/json', '-H', `authorization=Bearer ${TOKEN}`);
  args.push('-H', 'x-forwarded-host=api.example.com', '-b', body, target.origin + urlPath);
  const before = await target.cpu();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}`))));
  });
  const after = await target.cpu();
  const result = JSON.parse(out) as CannonResult;
  const total = Math.max(1, result.requests.total);
  result.cpuMicrosPerRequest = (after.user - before.user + after.system - before.system) / total;
  result.systemMicrosPerRequest = (after.system - before.system) / total;
  return result;
}

interface Target {
  label: string;
  process: TargetProcess;
  /** Copies and analyses what each run captured (capture targets). */
  drains: boolean;
  runs: CannonResult[];
  drained: { ms: number; count: number }[];
}

const pct = (v: number) => `${Math.round(v * 100)} %`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const GATEWAY_PATH = '/gateway/api/v1/users/1842';

/** An OTLP/HTTP JSON export of `n` server spans with the stable HTTP conventions, each its own user. */
function otlpExport(n: number): string {
  const text = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const spans = Array.from({ length: n }, (_, i) => ({
    traceId: (i + 1).toString(16).padStart(32, '0'),
    spanId: (i + 1).toString(16).padStart(16, '0'),
    name: 'GET /api/v1/users/{id}',
    kind: 2,
    startTimeUnixNano: '1733580000000000000',
    endTimeUnixNano: '1733580000004000000',
    attributes: [
      text('http.request.method', 'GET'),
      text('url.path', `/api/v1/users/${1000 + i}`),
      text('http.route', '/api/v1/users/{id}'),
      text('server.address', 'api.example.com'),
      text('enduser.id', `user-${i}`),
      { key: 'http.response.status_code', value: { intValue: '200' } },
    ],
  }));
  return JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
}

/**
 * Every target is measured once a round, bare route first, and the rounds
 * repeat: this machine's speed drifts by tens of per cent over minutes, so a
 * capture is compared with the bare route of its own round, and the medians
 * are reported. Each server runs in its own process.
 */
async function captureBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'argus-bench-'));
  const specs: [string, TargetSpec][] = [
    ['bare Fastify route', { kind: 'bare' }],
    ['capture, PGlite (embedded)', { kind: 'capture', token: TOKEN, dataDir: path.join(dir, 'pglite') }],
    [
      'capture, PostgreSQL',
      { kind: 'capture', token: TOKEN, dataDir: path.join(dir, 'postgres'), databaseUrl: PG_URL },
    ],
    [
      'capture, PGlite, FSYNC_MS=0',
      { kind: 'capture', token: TOKEN, dataDir: path.join(dir, 'pglite-dsync'), fsyncIntervalMs: 0 },
    ],
    // The ceiling on this machine: Node's own HTTP server reading the body and
    // answering, bare and with a fixed amount of synchronous work per request.
    ...(natsUp
      ? ([
          [
            'capture, JetStream sink',
            {
              kind: 'capture',
              token: TOKEN,
              dataDir: path.join(dir, 'jetstream'),
              databaseUrl: PG_URL,
              nats: { url: NATS_URL, stream: NATS_STREAM, partitions: 16 },
            },
          ],
        ] satisfies [string, TargetSpec][])
      : []),
    ['node:http, read body + 202', { kind: 'node-http', workMicros: 0 }],
    ['node:http, + 10 µs of work', { kind: 'node-http', workMicros: 10 }],
  ];
  const targets: Target[] = [];
  for (const [label, spec] of specs) {
    targets.push({
      label,
      process: await TargetProcess.start(spec),
      drains: spec.kind === 'capture' && !spec.nats,
      runs: [],
      drained: [],
    });
  }

  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const result = await cannon(t.process, GATEWAY_PATH);
      t.runs.push(result);
      if (!t.drains) continue;
      // What the journal absorbed during the run, copied into the database and analysed
      // before the next target runs.
      const started = performance.now();
      await t.process.request('drain');
      t.drained.push({ ms: performance.now() - started, count: result['2xx'] });
    }
  }

  // The batch call for collectors: 100 exchanges (the same JSON body with PII) per request, 3 s.
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
  const batchResult = await cannon(targets[1]!.process, '/api/v1/captures', batchBody, BATCH_SECONDS);
  // An OpenTelemetry exporter's call: OTLP/HTTP JSON, BATCH server spans per request.
  const otlpResult = await cannon(targets[1]!.process, '/v1/traces', otlpExport(BATCH), BATCH_SECONDS);
  for (const t of targets) await t.process.request('close');
  if (natsUp) {
    const nc = await connectNats({ servers: NATS_URL });
    await (await nc.jetstreamManager()).streams.delete(NATS_STREAM).catch(() => false);
    await nc.close();
  }
  rmSync(dir, { recursive: true, force: true });
  out(
    `\n(load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores)`,
  );
  out(
    `\nCapture throughput (${CONNECTIONS} connections, JSON body with PII; acknowledged once written to the capture journal, fdatasync within 1 s; FSYNC_MS=0: on the disk before each answer; JetStream sink: once the stream acknowledged the publish).\n${ROUNDS} rounds of ${DURATION} s per target, bare route first in each; medians, and the range of the per-round ratios to that round's bare route:`,
  );
  const [bareTarget] = targets;
  for (const t of targets) {
    const rps = t.runs.map((r) => r.requests.average);
    const cpu = median(t.runs.map((r) => r.cpuMicrosPerRequest));
    const kernel = median(t.runs.map((r) => r.systemMicrosPerRequest));
    const failed = t.runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const ratios = t.runs.map((r, i) => r.requests.average / bareTarget!.runs[i]!.requests.average);
    const cpuRatios = t.runs.map((r, i) => bareTarget!.runs[i]!.cpuMicrosPerRequest / r.cpuMicrosPerRequest);
    out(
      `  ${t.label.padEnd(28)} ${Math.round(median(rps)).toString().padStart(6)} req/s (${Math.round(Math.min(...rps))}-${Math.round(Math.max(...rps))})   p99 ${median(t.runs.map((r) => r.latency.p99))} ms   ${cpu.toFixed(1)} µs CPU/request (${kernel.toFixed(1)} in the kernel)` +
        (failed > 0 ? `   non-2xx or errors ${failed}` : '') +
        (t === bareTarget
          ? ''
          : `   ${pct(median(ratios))} of bare (${pct(Math.min(...ratios))}-${pct(Math.max(...ratios))}; ${pct(median(cpuRatios))} per CPU-second)`),
    );
  }
  out(
    `  batch call POST /api/v1/captures, ${BATCH} exchanges per request (PGlite, ${BATCH_SECONDS} s): ${Math.round(batchResult.requests.average)} req/s = ${Math.round(batchResult.requests.average * BATCH)} observations/s   p50 ${batchResult.latency.p50} ms   ${(batchResult.cpuMicrosPerRequest / BATCH).toFixed(1)} µs CPU/observation` +
      (batchResult.non2xx + batchResult.errors > 0
        ? `   non-2xx ${batchResult.non2xx}, errors ${batchResult.errors}`
        : ''),
  );
  const bareRps = median(bareTarget!.runs.map((r) => r.requests.average));
  out(
    `  OTLP/HTTP POST /v1/traces, ${BATCH} server spans per request (PGlite, ${BATCH_SECONDS} s): ${Math.round(otlpResult.requests.average)} req/s = ${Math.round(otlpResult.requests.average * BATCH)} spans/s = ${pct((otlpResult.requests.average * BATCH) / bareRps)} of the bare route's requests/s   p50 ${otlpResult.latency.p50} ms   ${(otlpResult.cpuMicrosPerRequest / BATCH).toFixed(1)} µs CPU/span` +
      (otlpResult.non2xx + otlpResult.errors > 0
        ? `   non-2xx ${otlpResult.non2xx}, errors ${otlpResult.errors}`
        : ''),
  );
  out('  Analysis of what each run captured (journal → database → endpoints), after each run:');
  for (const t of targets) {
    if (t.drained.length === 0) continue;
    const count = t.drained.reduce((n, d) => n + d.count, 0);
    const ms = t.drained.reduce((n, d) => n + d.ms, 0);
    out(
      `  ${t.label.padEnd(28)} ${count} observations in ${(ms / 1000).toFixed(1)} s = ${Math.round(count / (ms / 1000))} observations/s`,
    );
  }
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

async function inventoryBench(): Promise<void> {
  const name = `argus_bench_${Date.now().toString(36)}`;
  const url = await createDatabase(PG_URL, name);
  try {
    const database = await openDatabase({ url });
    const started = performance.now();
    const domainRows = await database.db
      .insert(domains)
      .values(Array.from({ length: 100 }, (_, i) => ({ name: `api${i}.example.com` })))
      .returning({ id: domains.id, name: domains.name });
    const methods = ['GET', 'POST', 'PUT', 'DELETE'];
    const pii = [[], [], ['email'], ['email', 'phone'], ['ssn'], ['credit_card']];
    const auth = ['required', 'optional', 'none', 'unknown'] as const;
    const classes = ['sensitive', 'pii', 'public', 'authenticated', 'admin', 'internal', 'unknown'];
    const sources = [['access_log'], ['openapi'], ['openapi', 'access_log'], ['capture'], ['gateway']];
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
            classification: classes[n % classes.length]!,
            riskScore: (n * 37) % 101,
            piiTypes: pii[n % pii.length]!,
            sources: sources[n % sources.length]!,
            auth: auth[Math.floor(n / 7) % auth.length]!,
            isPublic: n % 3 === 0,
            firstSeen: new Date(now - (n % 1000) * 60_000),
            lastSeen: new Date(now - (n % 100) * 1000),
            requestCount: n % 5000,
            avgRps: (n % 1000) / 10,
            vulnerabilityCount: n % 4,
            aggregate: { ...emptyAggregate(domain.name, method, normalizedPath), requestCount: n % 5000 },
          };
        }),
      );
    }
    // What autovacuum does to a table this size soon after the load (visibility map for counts).
    await database.db.execute('vacuum analyze endpoints');
    out(
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
      // Filters (each alone, then combined) and sorts of the list.
      '/api/v1/endpoints?limit=50&domain=api7.example.com',
      '/api/v1/endpoints?limit=50&method=DELETE',
      '/api/v1/endpoints?limit=50&minRisk=70&maxRisk=90',
      '/api/v1/endpoints?limit=50&pii=ssn',
      '/api/v1/endpoints?limit=50&auth=none',
      '/api/v1/endpoints?limit=50&source=openapi',
      '/api/v1/endpoints?limit=50&classification=admin',
      `/api/v1/endpoints?limit=50&firstSeenAfter=${new Date(now - 60 * 60_000).toISOString()}`,
      '/api/v1/endpoints?limit=50&method=GET&minRisk=50&pii=email&auth=required',
      '/api/v1/endpoints?limit=50&sort=path',
      '/api/v1/endpoints?limit=50&sort=-firstSeen',
      '/api/v1/endpoints?limit=50&sort=classification',
      '/api/v1/endpoints?limit=50&sort=risk&method=POST',
      '/api/v1/endpoints?limit=50&sort=-rps&classification=sensitive',
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
      out(
        `  GET ${target.replace(/firstSeenAfter=[^&]+/, 'firstSeenAfter=<1h ago>').padEnd(52)} p95 ${p95(samples).toFixed(1)} ms   mean ${mean.toFixed(1)} ms   (300 sequential requests over HTTP)`,
      );
    }
    await app.close();
  } finally {
    if (process.env.BENCH_KEEP_DB) out(`  (kept database ${name})`);
    else await dropDatabase(PG_URL, name);
  }
}

/** Prints a line of the results and keeps it for RESULTS.md. */
let section: string[] = [];
function out(line: string): void {
  console.log(line);
  section.push(line);
}

/** Replaces the part's section of RESULTS.md (between its markers) with what it printed. */
function writeSection(part: string): void {
  const file = path.join(here, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const start = `<!-- bench:${part} -->`;
  const end = `<!-- /bench:${part} -->`;
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}`;
  const body = `${start}\nRun ${when} UTC on ${machine}; load average ${loadavg()[0]!.toFixed(1)}.\n\n\`\`\`\n${section.join('\n').trim()}\n\`\`\`\n${end}`;
  const at = text.indexOf(start);
  const next =
    at < 0
      ? `${text.trimEnd()}\n\n${body}\n`
      : text.slice(0, at) + body + text.slice(text.indexOf(end) + end.length);
  writeFileSync(file, next);
  section = [];
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connectTcp({ host: hostname, port: Number(port || 4222) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });
}

const natsUp = await reachable(NATS_URL);
if (!natsUp) console.warn(`NATS unreachable at ${NATS_URL}: the JetStream figures are left out`);
const only = process.argv[2];
if (!only || only === 'capture') {
  await captureBench();
  writeSection('capture');
}
if ((!only || only === 'cluster') && natsUp) {
  await clusterBench(PG_URL, NATS_URL, out);
  writeSection('cluster');
}
if (!only || only === 'inventory') {
  await inventoryBench();
  writeSection('inventory');
}
