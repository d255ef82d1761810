// Limits and plain answers for discovery sources. The review: a spec with 100k
// operations hung the server; an empty or NUL update answered 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverySourceSchema, domainSchema, errorBodySchema, paths } from '@argus/api';
import { MAX_SOURCE_OPERATIONS, tooManyOperations } from '../src/analysis/source-reader.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

/** An OpenAPI document with `count` paths of two operations each. */
function generatedSpec(count: number): string {
  const operations = { get: { responses: { '200': { description: 'ok' } } }, delete: { responses: {} } };
  const pathsObject = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`/v1/things${i}/{id}`, operations]),
  );
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'limits', version: '1' }, paths: pathsObject });
}

describe.each(databaseKinds)('discovery source limits (%s)', (kind) => {
  let t: TestApp;
  let domainId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const created = await t.inject({
      method: 'POST',
      url: paths.domains(),
      payload: { name: 'limits.example.com' },
    });
    domainId = json(created, domainSchema).id;
  });
  afterAll(() => t?.close());

  it(
    'refuses a source with more operations than the cap, saying so in lastError',
    { timeout: 120_000 },
    async () => {
      const paths2 = MAX_SOURCE_OPERATIONS / 2 + 1;
      const res = await t.inject({
        method: 'POST',
        url: paths.discoverySources(domainId),
        payload: {
          type: 'openapi',
          name: 'huge',
          config: { fileContent: generatedSpec(paths2), fileName: 'huge.json' },
        },
      });
      const source = json(res, discoverySourceSchema);
      expect(source.syncStatus).toBe('failed');
      expect(source.lastError).toBe(tooManyOperations(paths2 * 2));
      expect(source.lastError).toMatch(/at most 20,000 per source/);
      const list = await t.inject({ method: 'GET', url: paths.endpoints({ domain: 'limits.example.com' }) });
      expect(list.json()).toMatchObject({ total: 0 });
    },
  );

  it('answers 400 with a message to an empty update and to text with NUL', async () => {
    const created = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domainId),
      payload: { type: 'openapi', name: 'small', config: { fileContent: generatedSpec(2) } },
    });
    const { id } = json(created, discoverySourceSchema);
    const empty = await t.inject({ method: 'PATCH', url: `/api/v1/discovery-sources/${id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(json(empty, errorBodySchema).message).toBe('Nothing to update: send name or isActive');
    const nul = await t.inject({
      method: 'PATCH',
      url: `/api/v1/discovery-sources/${id}`,
      payload: { name: 'bad\u0000name' },
    });
    expect(nul.statusCode).toBe(400);
    expect(json(nul, errorBodySchema).message).not.toMatch(/update|params|SQLSTATE/i);
  });
});
