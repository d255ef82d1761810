// The capture path under generated traffic: exchanges POSTed (and sent with every
// method) to /gateway/* and batches to /api/v1/captures, with NUL bytes, invalid
// UTF-8, encoded and malformed paths, hostile hosts, deep JSON, long strings and
// fields of the wrong type. Every answer is a 2xx or a 4xx with a message, the
// server keeps answering, and every acknowledged capture is stored or quarantined
// (visible to an admin) while nothing stored before is lost.
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { captureBatchResultSchema, captureResultSchema, errorBodySchema, paths } from '@argus/api';
import { deadLetters, endpoints, observations } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';
import { hostileString, jsonBomb, serverFuzzParameters } from './generators.js';

const TOKEN = 'fuzz-ingest-token-0123456789abcdef';
const HOST = 'fuzz.example.com';

/** Every UTF-8 byte of `s` as %XX (lone surrogates become U+FFFD, as on the wire). */
const percentEncoded = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const segment = fc.oneof(
  { arbitrary: fc.constantFrom('v1', 'users', 'orders', '42', 'a.b', '~x'), weight: 6 },
  { arbitrary: hostileString(12).map(percentEncoded), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      '%00',
      '%2F',
      '%2e%2e',
      '..',
      '.',
      '',
      '%ZZ',
      '%',
      '%C0%AF',
      '%ED%A0%80',
      'a%00b',
    ),
    weight: 2,
  },
);
const gatewayUrl = fc
  .tuple(
    fc.array(segment, { maxLength: 6 }),
    fc.constantFrom('', '?a=1', '?q=%00', '?x=%ZZ&&=', `?s=${'%41'.repeat(300)}`),
  )
  .map(([segs, query]) => `/gateway/${segs.join('/')}${query}`);

/** A body as bytes: text with NUL, invalid UTF-8, deep or wrong-typed JSON, or nothing. */
const body = fc.oneof(
  fc.constant(undefined),
  hostileString(200).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  jsonBomb.map((s) => Buffer.from(s)),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))),
);

const gatewayRequest = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  url: gatewayUrl,
  host: fc.oneof(
    { arbitrary: fc.constantFrom(HOST, 'FUZZ.Example.com:8443', 'api.fuzz.example.com'), weight: 8 },
    {
      arbitrary: fc.constantFrom('bad host', '..', 'a/../../etc', '[::1]', '-x-', 'ex\u00e4mple.com', ''),
      weight: 1,
    },
  ),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'text/plain; charset=utf-8',
    'application/octet-stream',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'text/\u00e9',
  ),
  body,
});

const exchange = fc.record(
  {
    host: fc.oneof(fc.constantFrom(HOST, 'API.fuzz.example.com'), hostileString(10)),
    method: fc.oneof(fc.constantFrom('GET', 'post', 'PROPFIND'), hostileString(6)),
    path: fc.oneof(
      gatewayUrl.map((u) => u.slice('/gateway'.length)),
      hostileString(30),
    ),
    status: fc.oneof(fc.constantFrom(200, 404, 599, 600, 99, 200.5), fc.integer()),
    scheme: fc.constantFrom('http', 'https', 'ftp'),
    timestamp: fc.oneof(fc.constantFrom('2024-01-01T00:00:00Z', 'yesterday', -1, 1e20), fc.nat()),
    requestHeaders: fc.dictionary(hostileString(8), hostileString(20), { maxKeys: 3 }),
    requestBody: fc.oneof(hostileString(200), jsonBomb),
    responseBody: hostileString(200),
  },
  { requiredKeys: ['host', 'method', 'path'] },
);
const batch = fc.oneof(
  { arbitrary: fc.record({ exchanges: fc.array(exchange, { minLength: 1, maxLength: 4 }) }), weight: 8 },
  {
    arbitrary: fc.constantFrom({}, { exchanges: [] }, { exchanges: 'x' }, { exchanges: [null] }, []),
    weight: 1,
  },
);

/** A 2xx, or a 4xx whose JSON body carries a message; a 5xx (or a 4xx without a message) fails. */
function expectClearAnswer(res: LightMyRequestResponse, what: string): boolean {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 300) return true;
  // A HEAD answer has no body to carry the message.
  if (res.raw.req.method !== 'HEAD') expect(json(res, errorBodySchema).message.trim(), what).not.toBe('');
  return false;
}

describe.each(databaseKinds)('capture path under fuzzing (%s)', (kind) => {
  let t: TestApp;
  const counts = async () => {
    await t.app.argus.sink.catchUp();
    const n = async (table: typeof observations | typeof endpoints | typeof deadLetters) =>
      (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
    return {
      observations: await n(observations),
      endpoints: await n(endpoints),
      quarantined: await n(deadLetters),
    };
  };
  const send = (options: InjectOptions) => t.anonymous(options);

  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    for (let i = 0; i < 10; i++) {
      const res = await send({
        method: 'POST',
        url: `/gateway/v1/seed/${i}`,
        headers: { host: HOST, authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        payload: { email: 'seed@example.com' },
      });
      json(res, captureResultSchema);
    }
  });
  afterAll(() => t?.close());

  it('answers generated exchanges with a 2xx or a clear 4xx, and stores or quarantines every one it took', async () => {
    const before = await counts();
    expect(before.observations).toBe(10);
    let acknowledged = 0;
    await fc.assert(
      fc.asyncProperty(gatewayRequest, async (r) => {
        const res = await send({
          method: r.method as InjectOptions['method'],
          url: r.url,
          headers: {
            host: r.host,
            authorization: `Bearer ${TOKEN}`,
            ...(r.contentType ? { 'content-type': r.contentType } : {}),
          },
          ...(r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD' ? { payload: r.body } : {}),
        });
        // 202 acknowledges a capture; a path whose dot segments leave /gateway/ is not one.
        if (
          expectClearAnswer(res, `${r.method} ${r.url} (host ${JSON.stringify(r.host)})`) &&
          res.statusCode === 202
        )
          acknowledged++;
      }),
      serverFuzzParameters('capture /gateway/*', 300),
    );
    await fc.assert(
      fc.asyncProperty(batch, async (b) => {
        const res = await send({
          method: 'POST',
          url: paths.captures(),
          headers: { authorization: `Bearer ${TOKEN}` },
          payload: b,
        });
        if (expectClearAnswer(res, `batch ${JSON.stringify(b).slice(0, 300)}`))
          acknowledged += json(res, captureBatchResultSchema).recorded.length;
      }),
      serverFuzzParameters('capture batch', 200),
    );
    expect((await send({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const after = await counts();
    expect(acknowledged).toBeGreaterThan(0);
    expect(after.observations).toBeGreaterThanOrEqual(before.observations);
    expect(after.endpoints).toBeGreaterThanOrEqual(before.endpoints);
    expect(after.observations + after.quarantined).toBe(
      before.observations + before.quarantined + acknowledged,
    );
    // The server still records and reads as before.
    json(
      await send({
        method: 'GET',
        url: '/gateway/v1/seed/after',
        headers: { host: HOST, authorization: `Bearer ${TOKEN}` },
      }),
      captureResultSchema,
    );
    expect((await counts()).observations).toBe(after.observations + 1);
  }, 120_000);
});
