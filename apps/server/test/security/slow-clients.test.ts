// Slow and many connections. The review held ~60 s of slow headers and 120 s of slow bodies
// on as many sockets as it opened from one address. Headers and whole requests now have
// timeouts (408), and one peer address holds a bounded number of connections.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/** What a raw socket received until the server closed it, and how long that took. */
function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve) => {
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', () => undefined);
  });
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('slow and many connections', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      headersTimeoutMs: 500,
      requestTimeoutMs: 1500,
      maxConnectionsPerAddress: 4,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(() => t.close());

  it('closes a connection whose headers never finish with 408', async () => {
    const socket = await open(port);
    const closed = untilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: argus.test\r\nX-Slow: ');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    console.log(`slow headers closed after ${ms} ms (headers timeout 500 ms)`);
  });

  it('closes a request whose body never finishes with 408', async () => {
    const socket = await open(port);
    const closed = untilClosed(socket);
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: argus.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user',
    );
    // A byte now and then: a trickling body is still held to the request timeout.
    const trickle = setInterval(() => socket.writable && socket.write('a'), 200);
    const { text, ms } = await closed;
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    console.log(`slow body closed after ${ms} ms (request timeout 1500 ms)`);
  });

  it('refuses connections past the cap for one address and serves again once one closes', async () => {
    const held = await Promise.all([0, 1, 2, 3].map(() => open(port)));
    const extra = await open(port);
    const refused = await untilClosed(extra);
    expect(refused.text).toBe('');
    held[0]!.destroy();
    await new Promise((resolve) => held[0]!.once('close', resolve));
    // The server sees the close a moment after the client: try a few times.
    let answer = '';
    for (let attempt = 0; attempt < 20 && !answer.startsWith('HTTP/1.1 200'); attempt++) {
      const socket = await open(port);
      const closed = untilClosed(socket);
      socket.write('GET /healthz HTTP/1.1\r\nHost: argus.test\r\nConnection: close\r\n\r\n');
      answer = (await closed).text;
      if (!answer) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of held) socket.destroy();
  });
});
