// One capture must not blind the analysis of the others in its batch. The review:
// a path holding %00 (or %2500, or a JSON key \u0000) made analysis of its whole
// claimed batch fail, and the batch was marked processed: no endpoints from any
// other domain, nothing in dead letters.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  captureBatchResultSchema,
  captureResultSchema,
  deadLetterListSchema,
  endpointListSchema,
  paths,
} from '@argus/api';
import { observations } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

const TOKEN = 'poisoning-ingest-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

const endpointsOf = async (t: TestApp, domain: string) =>
  json(await t.inject({ method: 'GET', url: paths.endpoints({ domain, limit: 50 }) }), endpointListSchema)
    .endpoints.map((e) => `${e.method} ${e.normalizedPath}`)
    .sort();

describe.each(databaseKinds)('capture poisoning (%s)', (kind) => {
  it(
    'analyses captures with encoded NULs and NUL keys, and the rest of their batch',
    { timeout: 120_000 },
    async () => {
      const t = await createTestApp(kind, { ingestToken: TOKEN });
      try {
        const batch = await t.anonymous({
          method: 'POST',
          url: paths.captures(),
          headers: auth,
          payload: {
            exchanges: [
              { host: 'v.example', method: 'GET', path: '/p%00q/2', status: 200 },
              { host: 'other.example', method: 'GET', path: '/legit/3', status: 200 },
              { host: 'w.example', method: 'GET', path: '/a%2500b/4', status: 200 },
              {
                host: 'k.example',
                method: 'POST',
                path: '/keys/5',
                status: 200,
                requestHeaders: { 'content-type': 'application/json' },
                requestBody: '{"\\u0000":1,"__proto__":{"x":1},"constructor":2}',
                responseHeaders: { 'content-type': 'application/json' },
                responseBody: '{"a\\u0000b":"\\ud800","ok":true}',
              },
            ],
          },
        });
        expect(json(batch, captureBatchResultSchema).recorded).toHaveLength(4);
        const gateway = await t.anonymous({
          method: 'GET',
          url: '/gateway/api/p%00q/1',
          headers: { ...auth, host: 'g.example' },
        });
        expect(json(gateway, captureResultSchema).recorded.domain).toBe('g.example');

        expect(await endpointsOf(t, 'other.example')).toEqual(['GET /legit/{legitId}']);
        expect(await endpointsOf(t, 'v.example')).toEqual(['GET /p%00q/{id}']);
        expect(await endpointsOf(t, 'w.example')).toEqual(['GET /a%00b/{id}']);
        expect(await endpointsOf(t, 'k.example')).toEqual(['POST /keys/{id}']);
        expect(await endpointsOf(t, 'g.example')).toEqual(['GET /api/p%00q/{id}']);
        const letters = json(
          await t.inject({ method: 'GET', url: paths.deadLetters() }),
          deadLetterListSchema,
        );
        expect(letters.total).toBe(0);
      } finally {
        await t.close();
      }
    },
  );

  it(
    'sets aside an observation the analysis fails on, with its reason, and analyses the rest',
    { timeout: 120_000 },
    async () => {
      const t = await createTestApp(kind, { ingestToken: TOKEN });
      try {
        // What an older build (or a damaged row) left queued: `auth` of another shape.
        const poisonId = randomUUID();
        await t.ctx.db.insert(observations).values({
          id: poisonId,
          domain: 'other.example',
          method: 'GET',
          path: '/poison/1',
          observation: {
            source: 'capture',
            domain: 'other.example',
            method: 'GET',
            path: '/poison/1',
            auth: 7,
          },
        });
        const batch = await t.anonymous({
          method: 'POST',
          url: paths.captures(),
          headers: auth,
          payload: {
            exchanges: [
              { host: 'other.example', method: 'GET', path: '/legit/3', status: 200 },
              { host: 'third.example', method: 'GET', path: '/fine/4', status: 200 },
            ],
          },
        });
        expect(json(batch, captureBatchResultSchema).recorded).toHaveLength(2);

        expect(await endpointsOf(t, 'other.example')).toEqual(['GET /legit/{legitId}']);
        expect(await endpointsOf(t, 'third.example')).toEqual(['GET /fine/{fineId}']);
        const letters = json(
          await t.inject({ method: 'GET', url: paths.deadLetters() }),
          deadLetterListSchema,
        );
        expect(letters.total).toBe(1);
        expect(letters.deadLetters[0]).toMatchObject({
          recordId: poisonId,
          domain: 'other.example',
          method: 'GET',
          path: '/poison/1',
        });
        expect(letters.deadLetters[0]!.reason).toMatch(/^analysis failed: \S/);
      } finally {
        await t.close();
      }
    },
  );
});
