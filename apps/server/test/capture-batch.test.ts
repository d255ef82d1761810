// POST /api/v1/captures: a collector's batch of exchanges, recorded like
// /gateway/* captures (PII, journal, analysis), all or nothing.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureBatchResultSchema,
  endpointListSchema,
  errorBodySchema,
  MAX_CAPTURE_BATCH,
  paths,
  type CaptureBatch,
} from '@argus/api';
import { observations } from '../src/db/schema/index.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const TOKEN = 'batch-test-token-0123456789abcdef';
const HOST = 'Collector.Example.com';

describe.each(databaseKinds)('batch capture (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
  });
  afterAll(() => t?.close());

  const send = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.anonymous({ method: 'POST', url: paths.captures(), headers, payload: body as object });

  it('records every exchange with its PII, and the endpoints appear', async () => {
    const batch: CaptureBatch = {
      exchanges: [
        {
          host: HOST,
          method: 'get',
          path: '/v2/customers/8812?expand=cards',
          status: 200,
          timestamp: '2026-11-20T10:00:00Z',
          requestHeaders: { Authorization: 'Bearer eyJhbGciOi.x.y', Host: 'ignored.example' },
          responseHeaders: { 'Content-Type': 'application/json' },
          responseBody: JSON.stringify({ email: 'ana@example.org', card: '4111 1111 1111 1111' }),
        },
        { host: HOST, method: 'GET', path: '/v2/customers/9120', status: 200, timestamp: 1_795_000_000_000 },
        {
          host: HOST,
          method: 'POST',
          path: '/v2/customers',
          status: 201,
          requestBody: JSON.stringify({ ssn: '536-22-8714' }),
        },
      ],
    };
    const res = await send(batch);
    expect(res.statusCode).toBe(202);
    const { recorded } = json(res, captureBatchResultSchema);
    expect(recorded.map((r) => [r.domain, r.method, r.path, r.piiTypes])).toEqual([
      ['collector.example.com', 'GET', '/v2/customers/8812', ['credit_card', 'email']],
      ['collector.example.com', 'GET', '/v2/customers/9120', []],
      ['collector.example.com', 'POST', '/v2/customers', ['ssn']],
    ]);

    await t.app.argus.sink.catchUp();
    const rows = await t.ctx.db
      .select({
        id: observations.id,
        receivedAt: observations.receivedAt,
        observation: observations.observation,
      })
      .from(observations)
      .where(
        inArray(
          observations.id,
          recorded.map((r) => r.id),
        ),
      );
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r.id === recorded[0]!.id)!;
    expect(first.receivedAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(first.observation).toMatchObject({
      query: 'expand=cards',
      status: 200,
      // Credentials are stored as their type only.
      requestHeaders: { authorization: 'Bearer [redacted]' },
      responseHeaders: { 'content-type': 'application/json' },
    });
    expect(first.observation).not.toHaveProperty('requestHeaders.host');

    const endpoints = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: 'collector.example.com' }) }),
      endpointListSchema,
    ).endpoints;
    expect(endpoints.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual([
      'GET /v2/customers/{customerId}',
      'POST /v2/customers',
    ]);
    expect(endpoints.find((e) => e.method === 'GET')?.piiTypes).toEqual(['credit_card', 'email']);
  });

  it('refuses the whole batch when one exchange is invalid, naming it', async () => {
    const res = await send({
      exchanges: [
        { host: HOST, method: 'GET', path: '/ok' },
        { host: 'not a host', method: 'GET', path: 'relative' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = json(res, errorBodySchema);
    expect(body.issues).toEqual([
      { path: 'exchanges.1.host', message: 'host must be a host name' },
      { path: 'exchanges.1.path', message: 'path must start with /' },
    ]);
    const tooMany = await send({
      exchanges: Array.from({ length: MAX_CAPTURE_BATCH + 1 }, () => ({
        host: HOST,
        method: 'GET',
        path: '/',
      })),
    });
    expect(json(tooMany, errorBodySchema).message).toBe('at most 1000 exchanges per request');
    expect((await send({ exchanges: [] })).statusCode).toBe(400);
    expect(
      (await send('not json', { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }))
        .statusCode,
    ).toBe(400);
  });

  it('takes the ingest token or a session, nothing else', async () => {
    const batch = { exchanges: [{ host: HOST, method: 'GET', path: '/v2/health' }] };
    const anonymous = await send(batch, {});
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous, errorBodySchema).message).toMatch(/ingest token/);
    expect((await send(batch, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    const signedIn = await t.inject({ method: 'POST', url: paths.captures(), payload: batch });
    expect(signedIn.statusCode).toBe(202);
    // A collector is not a browser: its Origin is not checked when it sends the token.
    const foreign = await send(batch, {
      authorization: `Bearer ${TOKEN}`,
      origin: 'https://elsewhere.example',
    });
    expect(foreign.statusCode).toBe(202);
  });
});
