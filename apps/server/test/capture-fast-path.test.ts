// The capture fast path over real HTTP: it stores what the Fastify route stores
// for the same request, and everything it cannot decide from the headers (a
// session, a bad host, an over-large or chunked body) still gets the route's
// answer. No capture waits for the database, not even a new host's first.
import { request as httpRequest } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureResultSchema, errorBodySchema } from '@argus/api';
import type { Observation } from '@argus/engine';
import { observations } from '../src/db/schema/index.js';
import { METRICS_AUTH, createTestApp, databaseKinds, type TestApp } from './helpers.js';

const TOKEN = 'fast-path-token-0123456789abcdef';

describe.each(databaseKinds)('capture fast path (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const storedObservation = async (id: string) => {
    await t.app.argus.sink.catchUp();
    const [row] = await t.ctx.db
      .select({ observation: observations.observation, piiTypes: observations.piiTypes })
      .from(observations)
      .where(eq(observations.id, id));
    return row as { observation: Observation; piiTypes: string[] };
  };

  const capture = {
    method: 'POST',
    headers: {
      'x-forwarded-host': 'fast.example.com',
      'content-type': 'application/json',
      'x-request-id': 'abc-123',
    },
    body: JSON.stringify({ email: 'maria.garcia@example.com', card: '4111 1111 1111 1111' }),
  };

  it('stores the same observation as the Fastify route', async () => {
    const fastPathCount = async () => {
      const metrics = await t.anonymous({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
      return Number(/^argus_capture_fast_path_total (\d+)$/m.exec(metrics.body)?.[1]);
    };
    /** `chunked`: the body as a stream (no Content-Length), which only the route reads. */
    const send = async (chunked = false) => {
      const body = chunked ? new Blob([capture.body]).stream() : capture.body;
      const res = await fetch(`${base}/gateway/api/v1/users/42?expand=cards`, {
        ...capture,
        body,
        headers: { ...capture.headers, authorization: `Bearer ${TOKEN}` },
        ...(chunked ? { duplex: 'half' } : {}),
      } as RequestInit);
      expect(res.status).toBe(202);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return captureResultSchema.parse(await res.json()).recorded;
    };
    // The same request through the route (a chunked body) and through the fast path.
    const start = await fastPathCount();
    const routed = await send(true);
    expect(await fastPathCount()).toBe(start);
    const fast = await send();
    expect(await fastPathCount()).toBe(start + 1);

    expect(fast.piiTypes).toEqual(['credit_card', 'email']);
    expect({ ...fast, id: '' }).toEqual({ ...routed, id: '' });
    const a = await storedObservation(fast.id);
    const b = await storedObservation(routed.id);
    expect(a.piiTypes).toEqual(b.piiTypes);
    expect({ ...a.observation, timestamp: 0 }).toEqual({ ...b.observation, timestamp: 0 });
    expect(a.observation.requestHeaders).toMatchObject({
      'content-type': 'application/json',
      'x-request-id': 'abc-123',
    });
    expect(a.observation.requestHeaders).not.toHaveProperty('authorization');
    expect(a.observation.query).toBe('expand=cards');
    const metrics = await t.anonymous({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
    expect(metrics.body).toMatch(
      /argus_http_request_duration_seconds_count\{method="POST",route="\/gateway\/\*",status="202"\} [1-9]/,
    );
    expect(metrics.body).toMatch(
      /argus_http_request_duration_seconds_count\{method="GET",route="\/metrics",status="200"\} [1-9]/,
    );
  });

  it('answers concurrent captures together, each with its own record', async () => {
    const headers = {
      'x-forwarded-host': 'batch.example.com',
      'content-type': 'application/json',
      authorization: `Bearer ${TOKEN}`,
    };
    // The first request for the domain takes the route; the rest arrive at once.
    await fetch(`${base}/gateway/api/warm`, { method: 'POST', headers, body: '{}' });
    const counts = async () => {
      const { body } = await t.anonymous({ method: 'GET', url: '/metrics', headers: METRICS_AUTH });
      const count = (re: RegExp) => Number(re.exec(body)?.[1] ?? 0);
      return {
        fastPath: count(/^argus_capture_fast_path_total (\d+)$/m),
        withPii: count(/^argus_captured_observations_total\{pii="yes"\} (\d+)$/m),
        withoutPii: count(/^argus_captured_observations_total\{pii="no"\} (\d+)$/m),
      };
    };
    const start = await counts();
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await fetch(`${base}/gateway/api/items/${i}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(i % 2 === 0 ? { email: `user${i}@example.com` } : { note: `plain ${i}` }),
        });
        expect(res.status).toBe(202);
        return { i, recorded: captureResultSchema.parse(await res.json()).recorded };
      }),
    );
    expect(await counts()).toEqual({
      fastPath: start.fastPath + 60,
      withPii: start.withPii + 30,
      withoutPii: start.withoutPii + 30,
    });
    expect(new Set(answers.map((a) => a.recorded.id)).size).toBe(60);
    for (const { i, recorded } of answers) {
      expect(recorded.path).toBe(`/api/items/${i}`);
      expect(recorded.piiTypes).toEqual(i % 2 === 0 ? ['email'] : []);
    }
    for (const { i, recorded } of [answers[0]!, answers[7]!, answers[58]!]) {
      const stored = await storedObservation(recorded.id);
      expect(stored.observation.path).toBe(`/api/items/${i}`);
      expect(JSON.parse(stored.observation.requestBody!)).toEqual(
        i % 2 === 0 ? { email: `user${i}@example.com` } : { note: `plain ${i}` },
      );
    }
  });

  it('leaves sessions, bad hosts, over-large and chunked bodies to the route', async () => {
    const withSession = await fetch(`${base}/gateway/api/v1/orders`, {
      method: 'GET',
      headers: { 'x-forwarded-host': 'fast.example.com', cookie: t.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(withSession.status).toBe(202);
    const anonymous = await fetch(`${base}/gateway/api/v1/orders`, {
      headers: { 'x-forwarded-host': 'fast.example.com' },
    });
    expect(anonymous.status).toBe(401);
    const badHost = await fetch(`${base}/gateway/x`, {
      headers: { 'x-forwarded-host': 'bad host', authorization: `Bearer ${TOKEN}` },
    });
    expect(badHost.status).toBe(400);
    expect(errorBodySchema.parse(await badHost.json()).message).toMatch(/valid host name/);
    const tooLarge = await fetch(`${base}/gateway/upload`, {
      method: 'POST',
      headers: { 'x-forwarded-host': 'fast.example.com', authorization: `Bearer ${TOKEN}` },
      body: Buffer.alloc(2 * 1024 * 1024, 97),
    });
    expect(tooLarge.status).toBe(413);

    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/gateway/api/v1/chunked`, {
        method: 'POST',
        headers: {
          'x-forwarded-host': 'fast.example.com',
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.write('{"ssn": ');
      req.end('"536-22-8714"}');
    });
    expect(chunked.status).toBe(202);
    const recorded = captureResultSchema.parse(JSON.parse(chunked.body)).recorded;
    expect(recorded.piiTypes).toEqual(['ssn']);
    expect((await storedObservation(recorded.id)).observation.requestBody).toBe('{"ssn": "536-22-8714"}');
  });

  it(
    'answers the first capture of a new host while a long transaction holds the database',
    { timeout: 120_000 },
    async () => {
      // An analysis holding PGlite's one connection, as a big import does; released only after
      // the capture answered (or, if it never does, after 60 s, so the test fails instead of hanging).
      let release!: () => void;
      let released = false;
      const held = new Promise<void>((resolve) => (release = resolve));
      const safety = setTimeout(() => {
        released = true;
        release();
      }, 60_000);
      const holding = t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      try {
        for (const path of ['/gateway/api/v1/first', '/gateway/%61pi/v1/first']) {
          const answer = await fetch(`${base}${path}`, {
            method: 'POST',
            headers: {
              'x-forwarded-host': `new-${path.length}.example.com`,
              authorization: `Bearer ${TOKEN}`,
              'content-type': 'application/json',
            },
            body: '{"a":1}',
          });
          expect(answer.status, path).toBe(202);
          expect(released, `${path} answered only once the database was free`).toBe(false);
        }
      } finally {
        clearTimeout(safety);
        release();
        await holding;
      }
    },
  );
});
