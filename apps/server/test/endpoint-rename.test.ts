// A spec that names a guessed template's parameters differently renames the
// endpoint in place: its id, false-positive flag, owner and findings stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityListSchema,
  discoverySourceSchema,
  domainSchema,
  endpointListSchema,
  endpointSchema,
  paths,
} from '@argus/api';
import { createUser } from '../src/users.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const TOKEN = 'rename-test-token-0123456789abcdef';
const DOMAIN = 'rename.example.com';

describe.each(databaseKinds)('renamed templates (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
  }, 180_000);
  afterAll(() => t?.close());

  it('keeps the endpoint row when a spec renames the parameters of a guessed template', async () => {
    const domain = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: DOMAIN } }),
      domainSchema,
    );
    for (const id of [1842, 1843, 1977]) {
      const res = await t.anonymous({
        method: 'GET',
        url: `/gateway/api/accounts/${id}/statements`,
        headers: { host: DOMAIN, authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(202);
    }
    const list = async () =>
      json(await t.inject({ method: 'GET', url: paths.endpoints({ domain: DOMAIN }) }), endpointListSchema)
        .endpoints;
    const [guessed] = await list();
    expect(guessed?.normalizedPath).toBe('/api/accounts/{accountId}/statements');
    const carol = await createUser(t.ctx.db, 'carol-rename', 'carol-password');
    await t.inject({
      method: 'PATCH',
      url: paths.endpoint(guessed!.id),
      payload: { falsePositive: true, ownerId: carol.id },
    });

    const spec = {
      openapi: '3.0.3',
      info: { title: 'Accounts', version: '1' },
      paths: {
        '/api/accounts/{id}/statements': {
          get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] },
        },
      },
    };
    const source = json(
      await t.inject({
        method: 'POST',
        url: paths.discoverySources(domain.id),
        payload: {
          type: 'openapi',
          name: 'Accounts spec',
          config: { fileContent: JSON.stringify(spec), fileName: 'accounts.json' },
        },
      }),
      discoverySourceSchema,
    );
    expect(source.syncStatus).toBe('ok');

    const after = await list();
    expect(after.map((e) => e.normalizedPath)).toEqual(['/api/accounts/{id}/statements']);
    expect(after[0]!.id).toBe(guessed!.id);
    expect(after[0]!.sources).toEqual(expect.arrayContaining(['capture', 'openapi']));
    expect(after[0]!.requestCount).toBe(3);
    const one = json(await t.inject({ method: 'GET', url: paths.endpoint(guessed!.id) }), endpointSchema);
    expect(one.falsePositive).toBe(true);
    expect(one.owner).toEqual({ id: carol.id, username: 'carol-rename' });

    const activity = json(await t.inject({ method: 'GET', url: paths.activities() }), activityListSchema);
    expect(activity.map((a) => a.title)).toContain(
      'Endpoint renamed: GET /api/accounts/{accountId}/statements → /api/accounts/{id}/statements',
    );
    expect(activity.map((a) => a.title)).not.toContain(
      'New endpoint discovered: GET /api/accounts/{id}/statements',
    );
  });
});
