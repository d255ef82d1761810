// Honest traffic figures (issue 15, item 5): a rate is averaged over at least a
// day, so an endpoint seen twice is estimated at 2 requests a day, and an
// endpoint known only from a description has no "last seen".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverySourceSchema, domainSchema, endpointListSchema, endpointSchema, paths } from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const HOST = 'figures.argus-test.com';
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Customers', version: '1' },
  paths: {
    '/v1/customers': { get: { responses: { '200': { description: 'ok' } } } },
    '/v1/customers/{customerId}': { get: { responses: { '200': { description: 'ok' } } } },
  },
};

describe.each(databaseKinds)('traffic figures (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('estimates 2 requests a day for an endpoint seen twice; no last seen from a spec alone', async () => {
    const domain = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: HOST } }),
      domainSchema,
    );
    const source = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domain.id),
      payload: { type: 'openapi', name: 'Spec', config: { fileContent: JSON.stringify(SPEC) } },
    });
    expect(json(source, discoverySourceSchema).syncStatus).toBe('ok');
    for (const id of ['17', '18']) {
      const answer = await t.inject({
        method: 'GET',
        url: paths.gateway(`/v1/customers/${id}`),
        headers: { 'x-forwarded-host': HOST },
      });
      expect(answer.statusCode).toBe(202);
    }
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: HOST }) }),
      endpointListSchema,
    );
    const byPath = new Map(list.endpoints.map((e) => [e.normalizedPath, e]));
    const specOnly = byPath.get('/v1/customers');
    const seen = byPath.get('/v1/customers/{customerId}');
    expect(specOnly?.lastSeen).toBeNull();
    expect(specOnly?.avgRps).toBe(0);
    expect(seen?.lastSeen).not.toBeNull();
    expect(seen?.requestCount).toBe(2);
    // The modal's "Requests (last 24h, estimated)" is avgRps × 86,400 (spec section 9).
    expect(Math.round(seen!.avgRps * 86_400)).toBe(2);

    // A rescan keeps both figures.
    const rescanned = json(
      await t.inject({ method: 'POST', url: paths.rescanEndpoint(specOnly!.id) }),
      endpointSchema,
    );
    expect(rescanned.lastSeen).toBeNull();
  });
});
