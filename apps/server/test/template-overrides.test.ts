// Split and merge overrides through the API: stored per domain, audit-logged, applied by the
// analysis at once and by every later one (new traffic, rescans).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainSchema,
  endpointListSchema,
  paths,
  templateOverrideListSchema,
  templateOverrideResultSchema,
} from '@argus/api';
import { auditLog } from '../src/db/schema/index.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const TOKEN = 'override-test-token-0123456789abcdef';
const DOMAIN = 'overrides.example.com';

describe.each(databaseKinds)('template overrides (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
  }, 60_000);
  afterAll(() => t?.close());

  const capture = async (path: string) => {
    const res = await t.anonymous({
      method: 'GET',
      url: `/gateway${path}`,
      headers: { host: DOMAIN, authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(202);
  };
  const list = async () =>
    json(await t.inject({ method: 'GET', url: paths.endpoints({ domain: DOMAIN }) }), endpointListSchema)
      .endpoints.map((e) => ({ id: e.id, path: e.normalizedPath, count: e.requestCount }))
      .sort((a, b) => a.path.localeCompare(b.path));

  it(
    'merges two endpoints into a named template, keeps them merged, and splits them again',
    { timeout: 120_000 },
    async () => {
      json(await t.inject({ method: 'POST', url: paths.domains(), payload: { name: DOMAIN } }), domainSchema);
      for (const word of ['apple', 'banana', 'cherry']) await capture(`/link/${word}`);
      const before = await list();
      expect(before.map((e) => e.path)).toEqual(['/link/apple', '/link/banana', '/link/cherry']);

      const bad = await t.inject({
        method: 'POST',
        url: paths.endpointTemplateOverrides(before[0]!.id),
        payload: { kind: 'merge', template: '/other/{name}' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("The template must match this endpoint's path /link/apple");

      const merged = json(
        await t.inject({
          method: 'POST',
          url: paths.endpointTemplateOverrides(before[0]!.id),
          payload: { kind: 'merge', template: '/link/{name}' },
        }),
        templateOverrideResultSchema,
      );
      expect(merged.override).toMatchObject({ kind: 'merge', template: '/link/{name}', createdBy: 'admin' });
      expect(merged.endpoints.map((e) => e.normalizedPath)).toEqual(['/link/{name}']);
      // The first row keeps its id and history.
      expect(await list()).toEqual([{ id: before[0]!.id, path: '/link/{name}', count: 3 }]);

      // Later traffic and a rescan of the domain respect it.
      await capture('/link/zebra');
      const scan = await t.inject({ method: 'POST', url: paths.domainScan(DOMAIN) });
      expect(scan.statusCode).toBeLessThan(300);
      expect(await list()).toEqual([{ id: before[0]!.id, path: '/link/{name}', count: 4 }]);
      const stored = json(
        await t.inject({ method: 'GET', url: paths.domainTemplateOverrides(DOMAIN) }),
        templateOverrideListSchema,
      );
      expect(stored.overrides.map((o) => o.kind)).toEqual(['merge']);

      // Splitting what the merge named undoes it: every value its own endpoint again.
      const split = json(
        await t.inject({
          method: 'POST',
          url: paths.endpointTemplateOverrides(before[0]!.id),
          payload: { kind: 'split', parameter: '{name}' },
        }),
        templateOverrideResultSchema,
      );
      expect(split.removedMerge).toBe(true);
      expect((await list()).map((e) => e.path)).toEqual([
        '/link/apple',
        '/link/banana',
        '/link/cherry',
        '/link/zebra',
      ]);
      await capture('/link/kiwi');
      expect((await list()).map((e) => e.path)).toContain('/link/kiwi');

      const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetType, 'domain'));
      expect(entries.map((e) => e.action)).toEqual(
        expect.arrayContaining(['template.merge', 'template.split']),
      );
    },
  );

  it('splits a parameter the templater merged, and remembers the split', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 25; i++) await capture(`/accounts/k${i}z`);
    const merged = (await list()).filter((e) => e.path.startsWith('/accounts'));
    expect(merged.map((e) => e.path)).toEqual(['/accounts/{accountId}']);
    const answer = await t.inject({
      method: 'POST',
      url: paths.endpointTemplateOverrides(merged[0]!.id),
      payload: { kind: 'split', parameter: '{accountId}' },
    });
    const split = json(answer, templateOverrideResultSchema);
    expect(split.override).toMatchObject({ kind: 'split', parameter: '{accountId}' });
    expect(split.endpoints.length).toBeGreaterThan(1);
    expect(split.endpoints.every((e) => !e.normalizedPath.includes('{'))).toBe(true);
    for (let i = 25; i < 30; i++) await capture(`/accounts/k${i}z`);
    const after = (await list()).filter((e) => e.path.startsWith('/accounts'));
    expect(after.map((e) => e.path)).toContain('/accounts/k29z');
    expect(after.some((e) => e.path.includes('{'))).toBe(false);
    const missing = await t.inject({
      method: 'POST',
      url: paths.endpointTemplateOverrides(after[0]!.id),
      payload: { kind: 'split', parameter: '{nope}' },
    });
    expect(missing.statusCode).toBe(400);
  });
});
