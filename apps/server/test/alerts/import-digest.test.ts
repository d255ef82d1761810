// A large import raises one digest plus what is critical, on the real app: an OpenAPI
// description with many PII endpoints and findings is uploaded over HTTP, and the
// alerts it raised are read back through the API, the digest's links followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertListSchema,
  alertRuleSchema,
  discoverySourceSchema,
  domainSchema,
  paths,
  vulnerabilityListSchema,
} from '@argus/api';
import { z } from 'zod';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

const DOMAIN = 'digest.example.com';

/** 80 resources, each read publicly with an e-mail, phone and SSN; three deleted without credentials. */
function largeSpec(resources: number): string {
  const person = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      email: { type: 'string', format: 'email' },
      phone: { type: 'string' },
      ssn: { type: 'string' },
    },
  };
  const ok = (schema: unknown) => ({
    '200': { description: 'ok', content: { 'application/json': { schema } } },
  });
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Large', version: '1' },
    servers: [{ url: `http://${DOMAIN}` }],
    paths: Object.fromEntries(
      Array.from({ length: resources }, (_, i) => [
        `/members${i}/{id}`,
        {
          get: { parameters: [id], responses: ok(person) },
          ...(i < 3
            ? {
                delete: {
                  parameters: [id],
                  responses: ok({ type: 'object', properties: { deleted: { type: 'boolean' } } }),
                },
              }
            : {}),
        },
      ]),
    ),
  });
}

describe.each(databaseKinds)('an import raises a digest and its criticals (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { cookie: t.cookie } });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('has default rules for scanner activity and new shadow endpoints', async () => {
    const { body } = await get('/api/v1/alert-rules');
    const rules = z.array(alertRuleSchema).parse(body);
    expect(rules.find((r) => r.name === 'Scanner activity')).toMatchObject({
      triggerType: 'threshold_breach',
      isActive: true,
      conditions: { metric: 'scannerRequests', operator: '>=', value: 50 },
    });
    expect(rules.find((r) => r.name === 'New shadow endpoint')).toMatchObject({
      triggerType: 'vulnerability_detected',
      isActive: true,
      conditions: { vulnIds: ['ARGUS-API9-001'] },
    });
  });

  it('≤ 25 alerts: one digest listing every finding with its endpoint, and the criticals', async () => {
    const domain = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: DOMAIN } }),
      domainSchema,
    );
    const res = await fetch(`${base}${paths.discoverySources(domain.id)}`, {
      method: 'POST',
      headers: { cookie: t.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'openapi',
        name: 'large',
        config: { fileContent: largeSpec(80), fileName: 'large.json' },
      }),
    });
    expect(res.status).toBe(201);
    expect(discoverySourceSchema.parse(await res.json())).toMatchObject({ endpointsDiscovered: 83 });

    const { alerts, total } = alertListSchema.parse(
      (await get(`/api/v1/alerts?search=${DOMAIN}&limit=100`)).body,
    );
    expect(total).toBeLessThanOrEqual(25);
    const digests = alerts.filter((a) => a.endpointId === null && /found [\d,]+ findings on/.test(a.title));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.title).toMatch(
      /^1 import found [\d,]+ findings on digest\.example\.com: 80 endpoints with new PII/,
    );
    // Everything else is critical, each with its own endpoint: the three open deletes.
    const others = alerts.filter((x) => x !== digest);
    expect(others.map((a) => a.severity)).toEqual(['critical', 'critical', 'critical']);
    expect(others.every((a) => a.endpointId)).toBe(true);

    // The digest links each finding to its endpoint; each link opens that endpoint.
    const links = digest.found!.map((f) => /→ \/endpoints\/([0-9a-f-]+)$/.exec(f)?.[1]);
    expect(links.every(Boolean)).toBe(true);
    for (const endpointId of [...new Set(links)].slice(0, 5)) {
      expect((await get(`/api/v1/endpoints/${endpointId}`)).status).toBe(200);
    }
    // Every high finding the import made is either in the digest or a critical alert of its own.
    const vulns = vulnerabilityListSchema.parse((await get('/api/v1/vulnerabilities?limit=1000')).body);
    const high = vulns.vulnerabilities.filter((v) => v.endpoint?.domain === DOMAIN && v.severity === 'high');
    expect(high.length).toBeGreaterThan(0);
    for (const v of high)
      expect(
        digest.found!.some((f) => f.includes(v.vulnId) && f.endsWith(`/endpoints/${v.endpointId}`)),
      ).toBe(true);
    const pii = digest.found!.filter((f) => f.includes(' · PII: '));
    expect(pii).toHaveLength(80);
    expect(pii[0]).toMatch(/^GET \/members\d+\/\{id\} · PII: .*email/);
  });
});
