// Argus in its scaled shape on one machine: N API servers and M analysis
// workers as separate processes on one PostgreSQL and one NATS JetStream.
// `npm run start:cluster -- --servers 2 --workers 2` (DATABASE_URL and
// ARGUS_NATS_URL from the environment, defaults: the local ones). The
// multi-process test and the bench start their processes with the same code.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = ['--conditions=@argus/source', '--import', 'tsx'];

export interface ClusterEnv {
  DATABASE_URL: string;
  ARGUS_NATS_URL: string;
  ARGUS_NATS_STREAM?: string;
  ARGUS_INGEST_TOKEN?: string;
  ARGUS_ADMIN_PASSWORD?: string;
  /** Every process must share it: workers decrypt channel secrets the servers stored. */
  ARGUS_SECRET_KEY: string;
  LOG_LEVEL?: string;
  [name: string]: string | undefined;
}

export interface ClusterProcess {
  kind: 'server' | 'worker';
  child: ChildProcess;
  /** The server's base URL (servers only). */
  url?: string;
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once it exited. */
  stop(): Promise<void>;
  /** kill -9. */
  kill(): Promise<void>;
}

function launch(kind: 'server' | 'worker', env: ClusterEnv, dataDir: string): ClusterProcess {
  const args =
    kind === 'server'
      ? [...TSX, path.join(serverDir, 'src/main.ts')]
      : [...TSX, path.join(serverDir, 'bin/run-source.ts'), 'worker'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ARGUS_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals, forceAfterMs?: number) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(name);
      const force =
        forceAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
      await exited;
      clearTimeout(force);
    }
  };
  return {
    kind,
    child,
    output: () => output,
    stop: async () => {
      await signal('SIGTERM', 15_000);
      await rm(dataDir, { recursive: true, force: true });
    },
    kill: () => signal('SIGKILL'),
  };
}

/** Waits until the output matches `pattern`; rejects when the process exits or `timeoutMs` passes. */
function waitFor(p: ClusterProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${p.kind} did not start in ${timeoutMs / 1000} s:\n${p.output()}`));
    }, timeoutMs);
    const check = () => {
      const match = pattern.exec(p.output());
      if (match) {
        cleanup();
        resolve(match);
      }
    };
    const exit = (code: number | null) => {
      cleanup();
      reject(new Error(`${p.kind} exited with ${code}:\n${p.output()}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      p.child.stdout?.off('data', check);
      p.child.stderr?.off('data', check);
      p.child.off('exit', exit);
    };
    p.child.stdout?.on('data', check);
    p.child.stderr?.on('data', check);
    p.child.once('exit', exit);
    check();
  });
}

/** Starts an API server process; resolves once it listens. */
export async function startServerProcess(env: ClusterEnv, timeoutMs = 120_000): Promise<ClusterProcess> {
  const p = launch('server', env, await mkdtemp(path.join(tmpdir(), 'argus-cluster-server-')));
  const match = await waitFor(p, /open (http:\/\/[\d.]+:\d+)/, timeoutMs);
  p.url = match[1]!;
  return p;
}

/** Starts a worker process; resolves once it consumes. */
export async function startWorkerProcess(env: ClusterEnv, timeoutMs = 120_000): Promise<ClusterProcess> {
  // At info at least: its readiness is the "argus worker started" log line.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'argus-cluster-worker-'));
  const p = launch('worker', { ...env, LOG_LEVEL: 'info' }, dataDir);
  await waitFor(p, /argus worker started/, timeoutMs);
  return p;
}

/** Creates the database DATABASE_URL names when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      servers: { type: 'string', default: '2' },
      workers: { type: 'string', default: '2' },
    },
  });
  const servers = Number(values.servers);
  const workers = Number(values.workers);
  if (!Number.isInteger(servers) || servers < 1 || !Number.isInteger(workers) || workers < 1)
    throw new Error('--servers and --workers must be whole numbers ≥ 1');
  const env: ClusterEnv = {
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/argus',
    ARGUS_NATS_URL: process.env.ARGUS_NATS_URL ?? 'nats://127.0.0.1:4222',
    ARGUS_SECRET_KEY: process.env.ARGUS_SECRET_KEY ?? randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
  };
  await ensureDatabase(env.DATABASE_URL);
  const started: ClusterProcess[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((p) => p.stop()));
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stopAll().then(() => process.exit(0)));
  try {
    // One at a time: the first start migrates the database and creates the admin user.
    for (let i = 0; i < servers; i++) {
      const p = await startServerProcess(env);
      started.push(p);
      if (i === 0) process.stdout.write(p.output());
      process.stdout.write(`server ${i + 1}: ${p.url}\n`);
    }
    for (let i = 0; i < workers; i++) {
      started.push(await startWorkerProcess(env));
      process.stdout.write(`worker ${i + 1}: running\n`);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  process.stdout.write(
    `\n${servers} servers and ${workers} workers on ${env.DATABASE_URL} and ${env.ARGUS_NATS_URL}; Ctrl-C stops them.\n` +
      (process.env.ARGUS_SECRET_KEY
        ? ''
        : 'ARGUS_SECRET_KEY was unset: a key for this run only was generated.\n'),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
