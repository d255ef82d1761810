// False-positive marks survive templating: when literal paths (`/link/apple`,
// `/link/banana`, …) fold into one template, the findings marked on any of the
// folded rows stay marked (out of score and alerts) on the merged endpoint, with
// their reasons, across re-analysis and rescans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema, domainListSchema, endpointListSchema, endpointSchema, paths } from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const HOST = 'links.example.com';
/** One path per PII type, each marked false positive on its own row before the merge. */
const ROWS = [
  { path: '/link/apple', query: 'contact=help@links.example.org', type: 'email' },
  { path: '/link/banana', query: 'phone=%2B1-202-555-0173', type: 'phone' },
  { path: '/link/cherry', query: 'ssn=123-45-6789', type: 'ssn' },
];

describe.each(databaseKinds)('false-positive marks across merges (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(() => t?.close());

  const capture = (path: string) =>
    t.inject({ method: 'GET', url: paths.gateway(path), headers: { 'x-forwarded-host': HOST } });
  const list = async () => {
    await t.app.argus.analyzer.drain();
    return json(await t.inject({ method: 'GET', url: paths.endpoints({ domain: HOST }) }), endpointListSchema)
      .endpoints;
  };
  const endpoint = async (id: string) =>
    json(await t.inject({ method: 'GET', url: paths.endpoint(id) }), endpointSchema);

  it(
    'keeps every folded row’s marks on the merged endpoint and raises no alert for them',
    { timeout: 120_000 },
    async () => {
      for (const row of ROWS) expect((await capture(`${row.path}?${row.query}`)).statusCode).toBe(202);
      const literal = await list();
      expect(literal.map((e) => e.normalizedPath).sort()).toEqual(ROWS.map((r) => r.path));
      for (const row of ROWS) {
        const e = literal.find((l) => l.normalizedPath === row.path)!;
        expect(e.piiTypes).toContain(row.type);
        const marked = await t.inject({
          method: 'PATCH',
          url: paths.endpointFindings(e.id),
          payload: { kind: 'pii', target: row.type, falsePositive: true, reason: `test data on ${row.path}` },
        });
        expect(marked.statusCode).toBe(200);
      }

      // The user says these paths are one endpoint; new traffic carries all three types.
      const override = await t.inject({
        method: 'POST',
        url: paths.endpointTemplateOverrides(literal[0]!.id),
        payload: { kind: 'merge', template: '/link/{name}' },
      });
      expect(override.statusCode).toBe(200);
      await capture(`/link/durian?${ROWS.map((r) => r.query).join('&')}`);
      const merged = await list();
      expect(merged.map((e) => e.normalizedPath)).toEqual(['/link/{name}']);
      const id = merged[0]!.id;
      const after = await endpoint(id);
      for (const row of ROWS) {
        expect(after.piiTypes, row.type).not.toContain(row.type);
        expect(after.piiFindings?.find((p) => p.type === row.type)?.falsePositive, row.type).toEqual(
          expect.objectContaining({ reason: `test data on ${row.path}`, markedBy: 'admin' }),
        );
      }
      const rescanned = json(
        await t.inject({ method: 'POST', url: paths.rescanEndpoint(id) }),
        endpointSchema,
      );
      expect(rescanned.piiTypes).toEqual([]);
      const open = json(
        await t.inject({ method: 'GET', url: paths.alerts({ status: 'open' }) }),
        alertListSchema,
      ).alerts.filter((a) => a.endpointId === id && a.triggerType === 'pii_exposed');
      expect(open.flatMap((a) => a.found ?? [])).toEqual([]);

      // Restoring one on the merged endpoint brings it back.
      const restored = await t.inject({
        method: 'PATCH',
        url: paths.endpointFindings(id),
        payload: { kind: 'pii', target: 'ssn', falsePositive: false },
      });
      expect(json(restored, endpointSchema).piiTypes).toEqual(['ssn']);
    },
  );

  it('keeps a path finding’s mark when a spec renames the path', { timeout: 120_000 }, async () => {
    const host = 'accounts.example.com';
    for (const id of [1842, 1843, 1977])
      await t.inject({
        method: 'GET',
        url: paths.gateway(`/api/accounts/${id}/statements`),
        headers: { 'x-forwarded-host': host },
      });
    await t.app.argus.analyzer.drain();
    const [guessed] = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: host }) }),
      endpointListSchema,
    ).endpoints;
    expect(guessed?.normalizedPath).toBe('/api/accounts/{accountId}/statements');
    const idInPath = (await endpoint(guessed!.id)).vulnerabilities.find(
      (v) => v.vulnId === 'ARGUS-API1-001',
    )!;
    expect(idInPath).toBeDefined();
    const marked = await t.inject({
      method: 'PATCH',
      url: paths.endpointFindings(guessed!.id),
      payload: {
        kind: 'vulnerability',
        target: idInPath.id,
        falsePositive: true,
        reason: 'public statements',
      },
    });
    expect(
      json(marked, endpointSchema).vulnerabilities.find((v) => v.id === idInPath.id)?.falsePositive,
    ).not.toBeNull();

    const domainId = json(await t.inject({ method: 'GET', url: paths.domains() }), domainListSchema).find(
      (d) => d.name === host,
    )!.id;
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Accounts', version: '1' },
      paths: {
        '/api/accounts/{id}/statements': {
          get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }] },
        },
      },
    };
    const source = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domainId),
      payload: {
        type: 'openapi',
        name: 'Accounts spec',
        config: { fileContent: JSON.stringify(spec), fileName: 'accounts.json' },
      },
    });
    expect(source.statusCode).toBeLessThan(300);
    const after = await endpoint(guessed!.id);
    expect(after.normalizedPath).toBe('/api/accounts/{id}/statements');
    const finding = after.vulnerabilities.find((v) => v.vulnId === 'ARGUS-API1-001')!;
    expect(finding.falsePositive).toEqual(expect.objectContaining({ reason: 'public statements' }));
    expect(after.vulnerabilityCount).toBe(
      after.vulnerabilities.filter((v) => v.falsePositive === null).length,
    );
  });
});
