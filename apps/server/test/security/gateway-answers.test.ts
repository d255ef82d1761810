// Upstream answers relayed by /gateway/*. The review: a 512 MB answer was read
// whole (the server went from 528 to 1,073 MB), and answers were served on the
// Argus origin as they came, text/html with scripts and Set-Cookie included.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@argus/api';
import { observations } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';

const MB = 1024 * 1024;
const HUGE = 64 * MB;
const TOKEN = 'gateway-answers-ingest-token-0123456789';
const PLAIN = 'answers.example.com';
const COOKIE_PASSING = 'cookies.example.com';
const PAGE = '<!doctype html><html><body><script>fetch("/api/v1/users")</script></body></html>';

/** What the upstream managed to send of each huge answer, and whether the client hung up first. */
interface Sent {
  bytes: number;
  closedEarly: boolean;
}

/** Writes `total` bytes in 1 MB chunks, respecting back-pressure, until done or the client goes away. */
function stream(res: ServerResponse, total: number, sent: Sent): void {
  const chunk = Buffer.alloc(MB, 'a');
  let closed = false;
  res.on('close', () => {
    closed = true;
    sent.closedEarly = sent.bytes < total;
  });
  const pump = (): void => {
    while (!closed && sent.bytes < total) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!closed) res.end();
  };
  pump();
}

describe('answers relayed by the gateway', () => {
  let t: TestApp;
  let upstream: Server;
  const sent = new Map<string, Sent>();

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/huge')) {
        const record: Sent = { bytes: 0, closedEarly: false };
        sent.set(url, record);
        if (url.includes('declared')) res.setHeader('content-length', String(HUGE));
        res.setHeader('content-type', 'application/json');
        return stream(res, HUGE, record);
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-security-policy', 'default-src *');
      res.setHeader('set-cookie', ['upstream_sid=abc123; Path=/; HttpOnly', 'theme=dark; Path=/']);
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    t = await createTestApp('pglite', {
      ingestToken: TOKEN,
      allowPrivateUrls: true,
      gatewaySetCookieDomains: [COOKIE_PASSING],
    });
    for (const name of [PLAIN, COOKIE_PASSING]) {
      const created = await t.inject({
        method: 'POST',
        url: paths.domains(),
        payload: { name, upstreamUrl: `http://127.0.0.1:${port}` },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const send = (url: string, host = PLAIN) =>
    t.anonymous({ method: 'GET', url, headers: { host, authorization: `Bearer ${TOKEN}` } });

  it.each(['/huge/chunked', '/huge/declared'])(
    'answers 502 to a 64 MB answer (%s), closes the upstream connection and holds at most the cap',
    async (path) => {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
      const res = await send(`/gateway${path}`).finally(() => clearInterval(sampler));
      peak = Math.max(peak, process.memoryUsage().rss);

      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json<{ message: string }>().message).toBe(
        `The upstream 127.0.0.1:${(upstream.address() as AddressInfo).port} ` +
          'answered with more than 16 MB, the most the gateway relays (ARGUS_GATEWAY_MAX_ANSWER_MB); ' +
          'its answer was not passed on',
      );
      await expect.poll(() => sent.get(path)?.closedEarly, { timeout: 10_000 }).toBe(true);
      expect(sent.get(path)!.bytes).toBeLessThan(HUGE);
      // Read whole, the answer alone would take 64 MB (and more as it is copied to the client).
      expect(peak - before).toBeLessThan(HUGE / 2);

      // The exchange still reached the upstream, so it is recorded (without the body it could not relay).
      await t.app.argus.sink.catchUp();
      const rows = await t.ctx.db
        .select({ observation: observations.observation })
        .from(observations)
        .where(eq(observations.path, path));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.observation).toMatchObject({ status: 200, domain: PLAIN });
    },
  );

  it('serves an upstream HTML page sandboxed, unsniffed and unframeable, without its cookies', async () => {
    const res = await send('/gateway/page');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("sandbox; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-argus-observation']).toBeTruthy();
  });

  it("passes the upstream's cookies on for a domain configured to, still sandboxed", async () => {
    const res = await send('/gateway/page', COOKIE_PASSING);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toEqual([
      'upstream_sid=abc123; Path=/; HttpOnly',
      'theme=dark; Path=/',
    ]);
    expect(res.headers['content-security-policy']).toBe("sandbox; frame-ancestors 'none'");
  });

  it('records the upstream answer: its headers, Set-Cookie redacted, and a body sample', async () => {
    const res = await send('/gateway/recorded');
    expect(res.statusCode).toBe(200);
    await t.app.argus.sink.catchUp();
    const [row] = await t.ctx.db
      .select({ observation: observations.observation })
      .from(observations)
      .where(eq(observations.id, String(res.headers['x-argus-observation'])));
    const observation = row!.observation as {
      responseHeaders: Record<string, string>;
      responseBody?: string;
    };
    // Dropped from the answer, the upstream's Set-Cookie is still part of what the capture saw, by name only.
    expect(observation.responseHeaders['set-cookie']).toMatch(/^(upstream_sid|theme)=\[redacted\]; Path=\//);
    expect(JSON.stringify(row)).not.toContain('abc123');
    expect(observation.responseHeaders['content-type']).toBe('text/html; charset=utf-8');
    expect(observation.responseBody).toBe(PAGE);
  });
});
