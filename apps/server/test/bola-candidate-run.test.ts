// A BOLA candidate from live traffic, then its test: two signed-in users' requests reach
// POST /api/v1/captures over real HTTP (bob reads the book alice read first), the endpoint
// page lists the candidate with both principals, and the run the page's "Test With Two
// Identities" button starts (the API1 tests on that endpoint alone) confirms the flaw
// against the deliberately vulnerable fixture API.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainSchema,
  endpointListSchema,
  endpointSchema,
  paths,
  securityTestsOverviewSchema,
  testRunDetailSchema,
  testRunSchema,
  type CapturedExchange,
} from '@argus/api';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { createTestApp, json, type TestApp } from './helpers.js';

const SPEC = readFileSync(new URL('../../../fixtures/vulnerable-api/openapi.yaml', import.meta.url), 'utf8');
const TOKEN = 'bola-candidate-ingest-token-0123456789';
const HOST = 'books.fixture.test';
const BOOK = '/api/books/{bookId}';

describe('a BOLA candidate from traffic, confirmed by its two-identity test', () => {
  let t: TestApp;
  let api: VulnerableApi;
  let base: string;
  let domainId: string;

  beforeAll(async () => {
    api = await startVulnerableApi();
    t = await createTestApp('pglite', { allowPrivateUrls: true, ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    domainId = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: HOST } }),
      domainSchema,
    ).id;
    const source = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domainId),
      payload: {
        type: 'openapi',
        name: 'Fixture API',
        config: { fileContent: SPEC, fileName: 'openapi.yaml' },
      },
    });
    expect(source.statusCode, source.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  const read = (user: string, at: number): CapturedExchange => ({
    host: HOST,
    method: 'GET',
    path: '/api/books/1',
    status: 200,
    timestamp: new Date(Date.UTC(2026, 11, 7, 9, at)).toISOString(),
    requestHeaders: { Authorization: `Bearer ${api.tokenFor(user)}` },
    responseHeaders: { 'Content-Type': 'application/json' },
    responseBody: JSON.stringify({ id: 1, title: 'Notes', ownerId: 1 }),
  });

  it('lists the candidate, and the endpoint page run confirms BOLA with both answers', async () => {
    const sent = await fetch(`${base}${paths.captures()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ exchanges: [read('alice', 1), read('alice', 2), read('bob', 3)] }),
    });
    expect(sent.status, await sent.text()).toBeLessThan(300);
    await t.app.argus.sink.catchUp();

    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: HOST, limit: 200 }) }),
      endpointListSchema,
    );
    const summary = list.endpoints.find((e) => e.method === 'GET' && e.normalizedPath === BOOK);
    expect(summary, list.endpoints.map((e) => `${e.method} ${e.normalizedPath}`).join(', ')).toBeDefined();
    const endpoint = json(
      await t.inject({ method: 'GET', url: `/api/v1/endpoints/${summary!.id}` }),
      endpointSchema,
    );
    expect(endpoint.bolaCandidates).toHaveLength(1);
    const [candidate] = endpoint.bolaCandidates!;
    expect(candidate).toMatchObject({ object: { '{bookId}': '1' } });
    expect(candidate!.owner).not.toBe(candidate!.other);
    // The principals are the tokens' subjects, never the tokens.
    expect(JSON.stringify(candidate)).not.toContain(api.tokenFor('bob').split('.')[2]);

    // What a user sets up on Security Tests: the test base URL and the two identities.
    expect(
      (await t.inject({ method: 'PUT', url: paths.securityTests(domainId), payload: { baseUrl: api.url } }))
        .statusCode,
    ).toBe(200);
    for (const payload of [
      {
        name: 'alice',
        kind: 'login',
        login: { path: '/api/login', tokenFrom: 'json', tokenPath: 'token' },
        secret: JSON.stringify({ username: 'alice', password: 'alice-pass-1' }),
        values: { id: '1', bookId: '1', ownerId: '1' },
      },
      {
        name: 'bob',
        kind: 'bearer',
        secret: api.tokenFor('bob'),
        values: { id: '2', bookId: '2', ownerId: '2' },
      },
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/v1/domains/${domainId}/test-identities`,
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }

    // The button's request: the API1 tests, on this endpoint alone.
    const overview = json(
      await t.inject({ method: 'GET', url: paths.securityTests(domainId) }),
      securityTestsOverviewSchema,
    );
    const testIds = overview.tests.filter((x) => x.owaspCategory.startsWith('API1')).map((x) => x.id);
    expect(testIds.length).toBeGreaterThan(0);
    const started = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-runs`,
      payload: { testIds, endpointIds: [endpoint.id] },
    });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.argus.testRunner.idle();
    const run = json(
      await t.inject({ method: 'GET', url: `/api/v1/test-runs/${json(started, testRunSchema).id}` }),
      testRunDetailSchema,
    );
    expect(run.status).toBe('completed');
    expect(new Set(run.results.map((r) => r.endpointId))).toEqual(new Set([endpoint.id]));
    const confirmed = run.results.filter((r) => r.outcome === 'confirmed');
    expect(
      confirmed.map((r) => r.testId),
      JSON.stringify(run.results.map((r) => [r.testId, r.outcome, r.reason])),
    ).toContain('bola-path-id-swap');
    const bola = confirmed.find((r) => r.testId === 'bola-path-id-swap')!;
    expect(bola.evidence.length).toBeGreaterThanOrEqual(2);
    expect(bola.evidence.at(-1)!.response?.body).toContain('alice-private-note-7f3a');
  }, 240_000);
});
