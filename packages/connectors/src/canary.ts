// The SSRF canary: an HTTP listener an active-test run starts on the scanner's
// own host. SSRF tests point URL-valued inputs at it with a fresh token; a
// request carrying that token proves the target fetched what it was given.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Canary } from '@argus/engine';

export interface CanaryListener extends Canary {
  /** Paths of the requests received, in order. */
  readonly hits: readonly string[];
  close(): Promise<void>;
}

export interface CanaryOptions {
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Host name or address the target reaches this machine by. Default: `host`. */
  publicHost?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** How long `received` waits for a late callback. Default 2 s. */
  waitMs?: number;
}

const MAX_HITS = 10_000;

export async function startCanary(options: CanaryOptions = {}): Promise<CanaryListener> {
  const hits: string[] = [];
  const waiting = new Set<() => void>();
  const server = createServer((req, res) => {
    if (hits.length < MAX_HITS) hits.push(req.url ?? '/');
    for (const wake of waiting) wake();
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('argus canary');
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const publicHost = options.publicHost ?? host;
  const waitMs = options.waitMs ?? 2000;
  const seen = (token: string) => hits.some((h) => h.includes(token));
  return {
    url: `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${port}`,
    hits,
    received: (token) =>
      seen(token)
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const done = (result: boolean) => {
              clearTimeout(timer);
              waiting.delete(wake);
              resolve(result);
            };
            const wake = () => seen(token) && done(true);
            const timer = setTimeout(() => done(seen(token)), waitMs);
            waiting.add(wake);
          }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
