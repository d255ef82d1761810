// A third-party target of ../shared/targets as the active bench runs it: its
// run.sh on a free loopback port with a fresh data directory, waited for until
// its description answers, then stopped (the whole process group) and its
// state removed (directory, and the PostgreSQL database a db.env names).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningTarget {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on (the kernel's choice), or ARGUS_BENCH_PORT. */
async function freePort(): Promise<number> {
  const fixed = Number(process.env['ARGUS_BENCH_PORT']);
  if (Number.isInteger(fixed) && fixed > 0) return fixed;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Starts `dir/run.sh PORT DATA_DIR`; resolves once GET `ready` answers 200 (else throws with the log's tail). */
export async function startTarget(
  dir: string,
  ready: string,
  timeoutSeconds: number,
): Promise<RunningTarget> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'argus-target-'));
  const log = join(dataDir, 'run.log');
  const fd = openSync(log, 'a');
  const child = spawn('bash', [join(dir, 'run.sh'), String(port), join(dataDir, 'data')], {
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    killGroup(child, 'SIGTERM');
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
    if (!exited) killGroup(child, 'SIGKILL');
    const env = join(dataDir, 'data', 'db.env');
    const db = existsSync(env) ? /DVR_DB=(\w+)/.exec(readFileSync(env, 'utf8'))?.[1] : undefined;
    if (db)
      for (const sql of [`drop database if exists ${db}`, `drop role if exists ${db}`])
        spawnSync('psql', ['-X', '-q', '-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-c', sql], {
          stdio: 'ignore',
        });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < deadline && !exited) {
    try {
      const answer = await fetch(`${url}${ready}`, { signal: AbortSignal.timeout(3000) });
      if (answer.ok) return { url, dataDir, stop };
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  const tail = readFileSync(log, 'utf8').split('\n').slice(-15).join('\n');
  await stop();
  throw new Error(`${dir}/run.sh did not answer ${ready} within ${timeoutSeconds} s:\n${tail}`);
}
