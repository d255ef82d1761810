// One server the capture benchmark (run.ts) measures, in a process of its own
// as `npm start` would run it: the bare Fastify route, Node's HTTP server with
// a fixed amount of work per request, or the built Argus server. Sharing the
// benchmark's process made the servers' heaps, timers and background copying
// part of each other's figures (the bare route measured a third slower there).
// It sends its origin, then answers the parent's messages: its CPU time so far,
// `drain` (copy and analyse what was captured), `close`.
import { createServer } from 'node:http';
import Fastify from 'fastify';
import type * as AppModule from '../src/app.js';
import type * as ConfigModule from '../src/config.js';
import type * as ClientModule from '../src/db/client.js';

export type TargetSpec =
  | { kind: 'bare' }
  | { kind: 'node-http'; workMicros: number }
  | {
      kind: 'capture';
      token: string;
      dataDir: string;
      databaseUrl?: string;
      fsyncIntervalMs?: number;
      /** Publish to this JetStream stream instead of the journal (no analysis in the target). */
      nats?: { url: string; stream: string; partitions: number };
    };

export interface TargetRequest {
  id: number;
  command: 'cpu' | 'drain' | 'close';
}

export interface TargetReply {
  id: number;
  cpu?: NodeJS.CpuUsage;
}

const built = <T>(file: string) => import(new URL(`../dist/${file}`, import.meta.url).href) as Promise<T>;
async function start(
  spec: TargetSpec,
): Promise<{ url: string; drain: () => Promise<void>; close: () => Promise<void> }> {
  if (spec.kind === 'bare') {
    const bare = Fastify({ logger: false });
    bare.post('/gateway/*', async (_request, reply) => reply.code(202).send({ recorded: true }));
    const url = await bare.listen({ port: 0, host: '127.0.0.1' });
    return { url, drain: async () => undefined, close: () => bare.close() };
  }
  if (spec.kind === 'node-http') {
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const until = performance.now() + spec.workMicros / 1000;
        while (performance.now() < until);
        const body = '{"recorded":true}';
        response.writeHead(202, ['content-type', 'application/json', 'content-length', String(body.length)]);
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}`,
      drain: async () => undefined,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const { buildApp } = await built<typeof AppModule>('app.js');
  const { testConfig } = await built<typeof ConfigModule>('config.js');
  const { openDatabase } = await built<typeof ClientModule>('db/client.js');
  const config = testConfig({
    dataDir: spec.dataDir,
    databaseUrl: spec.databaseUrl,
    ingestToken: spec.token,
    ...(spec.fsyncIntervalMs === undefined ? {} : { captureFsyncIntervalMs: spec.fsyncIntervalMs }),
    nats: spec.nats,
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, scheduler: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    drain: () => app.argus.analyzer.drain(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const target = await start(JSON.parse(process.argv[2]!) as TargetSpec);
process.on('message', (message: TargetRequest) => {
  const reply = (extra: Omit<TargetReply, 'id'> = {}) => process.send!({ id: message.id, ...extra });
  if (message.command === 'cpu') reply({ cpu: process.cpuUsage() });
  else if (message.command === 'drain') void target.drain().then(() => reply());
  else
    void target.close().then(() => {
      reply();
      process.disconnect();
    });
});
process.send!({ url: target.url });
