// Starting a vulnerable target with its run.sh on a free loopback port and fetching the
// OpenAPI description it serves; the target is stopped (its whole process group) afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port the system hands out, released again for run.sh to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Run `dir/run.sh PORT DATA_DIR` and return the body of `docsPath` once it answers 200,
 * or throw after `timeoutMs` (the first start of a target may build its dependencies).
 */
export async function fetchTargetDescription(
  dir: string,
  docsPath: string,
  options: { port?: number; timeoutMs: number },
): Promise<string> {
  const port = options.port ?? (await freePort());
  const data = mkdtempSync(join(tmpdir(), 'argus-eval-risk-'));
  const child = spawn(join(dir, 'run.sh'), [String(port), data], { detached: true, stdio: 'ignore' });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    const deadline = Date.now() + options.timeoutMs;
    while (Date.now() < deadline && !exited) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}${docsPath}`);
        if (res.ok) return await res.text();
      } catch {
        // not listening yet
      }
      await pause(1000);
    }
    throw new Error(exited ? 'run.sh exited before serving its description' : 'timed out');
  } finally {
    if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
  }
}
