// The real server as `npm start` runs it (src/main.ts, here through tsx), in a
// child process on port 0: for tests of what only a process shows (signals,
// kill -9, the files it creates, its exit code).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/** Starts src/main.ts with `env` over the test defaults; resolves once it says where it listens. */
export function startServer(env: Record<string, string>, startTimeoutMs = 180_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=@argus/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ARGUS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /open (http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output}`));
    });
  });
}

/** The admin's session cookie on a running server. */
export async function signIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}
