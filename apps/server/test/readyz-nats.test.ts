// /readyz with ARGUS_NATS_URL: ready only while JetStream answers. The server
// reaches NATS through a TCP relay that the test cuts, as a network outage
// between the API server and NATS would, then mends.
import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METRICS_TOKEN, type TestApp } from './helpers.js';
import { deleteStream, NATS_URL, natsReachable, testNatsConfig } from './nats.js';

const reachable = await natsReachable();

/** Relays connections to NATS; `cut()` ends them all and refuses new ones until `mend()`. */
class Relay {
  private readonly sockets = new Set<Socket>();
  private open = true;
  readonly server: Server;

  constructor(target: URL) {
    this.server = createServer((client) => {
      if (!this.open) return client.destroy();
      const upstream = connectTcp({ host: target.hostname, port: Number(target.port || 4222) });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no relay port');
    return `nats://127.0.0.1:${address.port}`;
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
  }

  mend(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe.skipIf(!reachable)('/readyz with the JetStream sink', () => {
  const relay = new Relay(new URL(NATS_URL));
  const nats = testNatsConfig(2);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { nats: { ...nats, url: await relay.listen() } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await relay.close();
    await deleteStream(nats);
  });

  const readyz = () =>
    t.anonymous({ method: 'GET', url: '/readyz', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

  it('is ready while JetStream answers, 503 while NATS is out of reach, ready again after', async () => {
    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'pglite', capture: 'nats' });

    relay.cut();
    const down = await readyz();
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/^Capture queue unavailable: /);

    relay.mend();
    // The client reconnects on its own (every 2 s by default).
    await expect.poll(async () => (await readyz()).statusCode, { timeout: 30_000, interval: 500 }).toBe(200);
  }, 60_000);
});
