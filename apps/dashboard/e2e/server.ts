// Starts the real Argus server for the end-to-end tests: a fresh embedded
// database in a temp folder, an ephemeral port, the built dashboard. Uses
// apps/server/dist when built, else runs the TypeScript sources through tsx.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dashboardDir = path.resolve(here, '..');
export const repoRoot = path.resolve(dashboardDir, '../..');
const serverDir = path.join(repoRoot, 'apps/server');

export const ADMIN_PASSWORD = 'e2e-Admin-password-42';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
}

/** Newest modification time of any file under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** A build older than the sources (or than the api/engine packages it bundles) would test stale code. */
function freshBuild(): string | undefined {
  const built = path.join(serverDir, 'dist/main.js');
  if (!existsSync(built)) return undefined;
  const sources = ['apps/server/src', 'packages/api/src', 'packages/engine/src'].map((dir) =>
    newestMtime(path.join(repoRoot, dir)),
  );
  return statSync(built).mtimeMs >= Math.max(...sources) ? built : undefined;
}

/** `env`: extra environment (e.g. ARGUS_ALLOW_PRIVATE_URLS for a loopback test target). */
export async function startServer(options: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'argus-e2e-'));
  const built = freshBuild();
  const args = built
    ? [built]
    : ['--conditions=@argus/source', '--import', 'tsx', path.join(serverDir, 'src/main.ts')];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ARGUS_DATA_DIR: dataDir,
      ARGUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ARGUS_DASHBOARD_DIR: path.join(dashboardDir, 'dist'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000);
    const check = () => {
      const match = /open (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
