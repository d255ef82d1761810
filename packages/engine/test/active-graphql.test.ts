// GraphQL in the active tests: operations read from request bodies with the
// reference parser, endpoints per operation, and the GraphQL tests against a
// graphql-js API that is vulnerable by default and secure on request.
import { afterEach, describe, expect, it } from 'vitest';
import {
  activeEndpointsFromObservations,
  graphqlEndpoints,
  graphqlOperations,
  liftArguments,
  loadBuiltinTemplates,
  readHar,
  runActiveTests,
} from '../src/index.js';
import { GRAPHQL_CLIENT_REQUESTS, startGraphqlApi } from '../../../fixtures/graphql-api/server.js';
import { fetchTransport } from './active-helpers.js';

describe('GraphQL operations', () => {
  it('names each operation, its type, root fields and variables', () => {
    const ops = graphqlOperations(
      'query Find($f: String!) { hits: pastes(filter: $f) { id } me { id } } mutation Add { add(x: 1) { id } }',
    );
    expect(ops.map((o) => [o.type, o.name, o.fields])).toEqual([
      ['query', 'Find', ['pastes', 'me']],
      ['mutation', 'Add', ['add']],
    ]);
    expect(ops[0]!.variables).toEqual([{ name: 'f', type: 'String!' }]);
    expect(graphqlOperations('{ broken ')).toEqual([]);
  });

  it('lifts literal arguments into typed variables, keeping existing ones', () => {
    const lifted = liftArguments(
      {
        query: 'query Q($id: Int) { paste(id: $id, title: "a", public: true) { id } }',
        variables: { id: 3 },
      },
      'Q',
    )!;
    expect(lifted.variables).toEqual({ id: 3, title: 'a', public: true });
    expect(graphqlOperations(lifted.query)[0]!.variables).toEqual([
      { name: 'id', type: 'Int' },
      { name: 'title', type: 'String!' },
      { name: 'public', type: 'Boolean!' },
    ]);
  });

  it('makes one endpoint for the GraphQL endpoint and one per operation, arguments as parameters', () => {
    const eps = graphqlEndpoints(
      'POST',
      '/graphql',
      GRAPHQL_CLIENT_REQUESTS.map((r) => JSON.stringify(r)),
    );
    expect(eps.map((e) => [e.graphql?.kind, e.graphql?.operationName, e.graphql?.fields])).toEqual([
      ['endpoint', null, ['pastes', 'diagnose', 'health']],
      ['operation', 'Pastes', ['pastes']],
      ['operation', 'Find', ['pastes']],
      ['operation', 'Diagnose', ['diagnose']],
      ['operation', null, ['health']],
    ]);
    expect(eps[2]!.params).toEqual([{ name: 'filter', in: 'body', example: 'hello', type: 'string' }]);
  });

  it('finds GraphQL endpoints in captured traffic by the shape of their bodies', () => {
    const entry = (text: string) => ({
      startedDateTime: '2026-12-01T10:00:00.000Z',
      request: {
        method: 'POST',
        url: 'https://api.example.com/api/gql',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        postData: { mimeType: 'application/json', text },
      },
      response: { status: 200, headers: [], content: { mimeType: 'application/json', text: '{"data":{}}' } },
    });
    const har = JSON.stringify({
      log: { entries: GRAPHQL_CLIENT_REQUESTS.map((r) => entry(JSON.stringify(r))).concat(entry('{"a":1}')) },
    });
    const eps = activeEndpointsFromObservations(readHar(har).observations);
    const gql = eps.filter((e) => e.graphql);
    expect(gql).toHaveLength(5);
    expect(gql.every((e) => e.method === 'POST' && e.path === '/api/gql')).toBe(true);
    expect(eps.filter((e) => !e.graphql)).toHaveLength(1);
  });
});

describe('GraphQL tests', () => {
  const tests = loadBuiltinTemplates().filter((t) => t.id.startsWith('graphql-'));
  let api: Awaited<ReturnType<typeof startGraphqlApi>> | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  const runOn = async (secure: boolean) => {
    api = await startGraphqlApi({ secure });
    return runActiveTests({
      endpoints: graphqlEndpoints('POST', '/graphql', GRAPHQL_CLIENT_REQUESTS),
      baseUrl: api.url,
      identities: [{ name: 'alice', auth: { kind: 'bearer', token: 'alice-token' } }],
      tests,
      transport: fetchTransport,
      intrusiveConfirmed: true,
      budget: { ratePerSec: 1000 },
    });
  };

  it('confirms each flaw of the vulnerable API with its evidence', async () => {
    const run = await runOn(false);
    const confirmed = run.results.filter((r) => r.outcome === 'confirmed');
    expect(new Set(confirmed.map((r) => r.testId))).toEqual(
      new Set([
        'graphql-introspection',
        'graphql-field-suggestions',
        'graphql-batching',
        'graphql-alias-amplification',
        'graphql-field-duplication',
        'graphql-ide-exposed',
        'graphql-ide-cookie-gate',
        'graphql-error-fingerprint',
        'graphql-argument-sqli',
        'graphql-argument-command-injection',
      ]),
    );
    const sqli = confirmed.find((r) => r.testId === 'graphql-argument-sqli')!;
    expect(sqli.endpoint).toEqual({ method: 'POST', path: '/graphql', operation: 'Find' });
    expect(sqli.evidence.at(-1)!.response!.body).toContain('SQLITE_ERROR');
    // graphql-js validates fragment cycles away: the test says so rather than confirming
    expect(run.results.find((r) => r.testId === 'graphql-circular-fragments')!.outcome).toBe(
      'not-vulnerable',
    );
  });

  it('judges the IDE by the queries it runs: gated by an editable cookie, not by its page', async () => {
    const run = await runOn(false);
    const ide = run.results.find((r) => r.testId === 'graphql-ide-exposed')!;
    expect(ide.outcome).toBe('confirmed');
    const query = ide.evidence.at(-1)!;
    expect(query.request).toMatchObject({ method: 'POST', headers: { cookie: 'ide=enabled' } });
    expect(query.request.url).toMatch(/\/graphiql$/);
    expect(JSON.parse(query.response!.body)).toEqual({ data: { __typename: 'Query' } });
    const gate = run.results.find((r) => r.testId === 'graphql-ide-cookie-gate')!;
    expect(gate.evidence.map((e) => e.response!.body)).toContain(
      '{"errors":[{"message":"IDE access rejected"}]}',
    );
  });

  it('confirms nothing on the secure API, whose IDE page is served but runs no query', async () => {
    const run = await runOn(true);
    const page = run.exchanges.find((e) => e.testId === 'graphql-ide-exposed' && e.step === 'ide')!;
    expect(page.response).toMatchObject({ status: 200, body: expect.stringContaining('<title>GraphiQL') });
    expect(run.results.filter((r) => r.outcome === 'confirmed').map((r) => r.testId)).toEqual([]);
    expect(run.results.filter((r) => r.outcome === 'not-vulnerable').length).toBeGreaterThan(8);
  });
});
