import { describe, expect, it } from 'vitest';
import {
  HarError,
  Inventory,
  authSummary,
  mergeAggregates,
  piiTypesOf,
  readHar,
  type Observation,
} from '../src/index.js';
import { corpusText, hasCorpus } from './corpus.js';

const har = (entries: unknown[]) =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } });
const entry = (
  method: string,
  url: string,
  opts: {
    headers?: Record<string, string>;
    body?: string;
    status?: number;
    response?: string;
    responseHeaders?: Record<string, string>;
    at?: string;
  } = {},
) => ({
  startedDateTime: opts.at ?? '2024-05-01T10:00:00.000Z',
  request: {
    method,
    url,
    headers: Object.entries(opts.headers ?? {}).map(([name, value]) => ({ name, value })),
    ...(opts.body ? { postData: { mimeType: 'application/json', text: opts.body } } : {}),
  },
  response: {
    status: opts.status ?? 200,
    headers: Object.entries(opts.responseHeaders ?? {}).map(([name, value]) => ({ name, value })),
    content: { mimeType: 'application/json', text: opts.response ?? '' },
  },
});

describe('readHar', () => {
  it('reads requests, auth evidence and bodies in both directions (with a BOM)', () => {
    const text =
      '\uFEFF' +
      har([
        entry('POST', 'https://api.example.com/v1/users?debug=1', {
          headers: { Authorization: 'Bearer abc', 'Content-Type': 'application/json' },
          body: '{"email":"jane@example.com"}',
          response: '{"id":1,"ssn":"078-05-1123"}',
        }),
        entry('GET', 'http://api.example.com/v1/users/7', {
          headers: { Cookie: 'sessionid=xyz; theme=dark' },
        }),
        entry('GET', 'https://api.example.com/v1/public'),
        { request: { method: 'GET' } },
      ]);
    const r = readHar(text);
    expect(r.entriesRejected).toBe(1);
    expect(r.observations.map((o) => o.auth)).toEqual([['bearer'], ['cookie'], []]);
    expect(r.observations[0]).toMatchObject({
      source: 'har',
      domain: 'api.example.com',
      method: 'POST',
      path: '/v1/users',
      query: 'debug=1',
      scheme: 'https',
      status: 200,
      requestBody: '{"email":"jane@example.com"}',
    });
    const inv = new Inventory();
    for (const o of r.observations) inv.addObservation(o);
    const users = inv.endpoints().find((e) => e.method === 'POST')!;
    expect(piiTypesOf(users)).toEqual(['email', 'ssn']);
    expect(users.pii.find((p) => p.type === 'ssn')).toMatchObject({
      location: 'response.body',
      field: 'ssn',
    });
    expect(users.requestHeaders['authorization']).toBe('Bearer [redacted]');
    expect(users.requestFields).toEqual(['email']);
  });

  it('keeps 64 KiB of a 1 MB body', () => {
    const big = JSON.stringify({ note: 'x'.repeat(1 << 20), email: 'jane@example.com' });
    const r = readHar(har([entry('POST', 'https://api.example.com/big', { body: big, response: big })]));
    expect(r.observations[0]!.requestBody!.length).toBe(64 * 1024);
    expect(r.observations[0]!.responseBody!.length).toBe(64 * 1024);
  });

  it.each([
    ['truncated JSON', '{"log": {"entries": [{"request":'],
    ['binary garbage', '\u0000\u0001PK\u0003garbage'],
    ['JSON that is not a HAR', '{"hello": 1}'],
  ])('rejects %s with a HarError', (_n, text) => {
    expect(() => readHar(text)).toThrow(HarError);
  });
});

describe.skipIf(!hasCorpus)('readHar on the corpus', () => {
  it.each([
    ['har-to-openapi-url.har', 6],
    ['har-to-openapi-auth-variants.har', 4],
    ['har-to-openapi-one-post-json-cookie.har', 1],
    ['mitmproxy-browser-export-chrome.har', 3],
    ['mitmproxy-browser-export-with-bom.har', 1],
  ])('%s', (file, min) => {
    const r = readHar(corpusText(`http-samples/${file}`));
    expect(r.observations.length).toBeGreaterThanOrEqual(min);
  });
  it('auth variants: bearer, basic, api key header, cookie', () => {
    const r = readHar(corpusText('http-samples/har-to-openapi-auth-variants.har'));
    expect(r.observations.map((o) => `${o.path}:${o.auth?.join('+')}`)).toEqual([
      '/bearer:bearer',
      '/basic:basic',
      '/custom:api_key',
      '/cookie:cookie',
    ]);
  });
  it('url.har: typed path parameters and e-mails in bodies', () => {
    const inv = new Inventory();
    for (const o of readHar(corpusText('http-samples/har-to-openapi-url.har')).observations)
      inv.addObservation(o);
    const eps = inv.endpoints();
    expect(eps.map((e) => e.normalizedPath)).toContain('/login/date/{date}/id/{id}/uuid/{uuid}');
    expect(eps.every((e) => piiTypesOf(e).includes('email'))).toBe(true);
  });
});

const obs = (o: Partial<Observation>): Observation => ({
  source: 'capture',
  domain: 'api.example.com',
  method: 'GET',
  path: '/',
  query: '',
  status: 200,
  scheme: 'https',
  auth: [],
  requestHeaders: {},
  responseHeaders: {},
  timestamp: null,
  ...o,
});

/** An endpoint an OpenAPI file declares, requiring authentication. */
const declared = (method: string, pathTemplate: string) => ({
  domain: 'api.example.com',
  method,
  pathTemplate,
  spec: {
    source: 'openapi' as const,
    security: 'required' as const,
    securitySchemes: ['b'],
    deprecated: false,
    parameters: [],
    requestFields: [],
    responseFields: [],
    piiFields: [],
    servers: [],
  },
});

describe('Inventory', () => {
  it('aggregates per (domain, method, normalizedPath) and serialises', () => {
    const inv = new Inventory();
    inv.addObservation(obs({ path: '/orders/1', timestamp: 1000, status: 200, auth: ['bearer'] }));
    inv.addObservation(obs({ path: '/orders/2', timestamp: 5000, status: 404, auth: [] }));
    inv.addObservation(obs({ path: '/orders/3', method: 'DELETE', timestamp: 3000 }));
    const eps = inv.endpoints();
    expect(eps).toHaveLength(2);
    const get = eps.find((e) => e.method === 'GET')!;
    expect(get).toMatchObject({
      normalizedPath: '/orders/{orderId}',
      requestCount: 2,
      firstSeen: 1000,
      lastSeen: 5000,
      statusCounts: { '200': 1, '404': 1 },
      auth: { bearer: 1, none: 1 },
    });
    expect(authSummary(get)).toBe('mixed');
    const copy = Inventory.fromJSON(JSON.parse(JSON.stringify(inv.toJSON())));
    copy.addObservation(obs({ path: '/orders/9', timestamp: 9000 }));
    expect(copy.endpoints().find((e) => e.method === 'GET')).toMatchObject({
      requestCount: 3,
      lastSeen: 9000,
    });
    expect(() => Inventory.fromJSON({ version: 2 } as never)).toThrow(/Not a serialised Argus inventory/);
  });

  it('merges stored aggregates of the same endpoint', () => {
    const a = new Inventory();
    a.addObservation(obs({ path: '/x/1', timestamp: 10 }));
    const b = new Inventory();
    b.addObservation(obs({ path: '/x/2', timestamp: 5, status: 500 }));
    const m = mergeAggregates(a.endpoints()[0]!, b.endpoints()[0]!);
    expect(m).toMatchObject({
      requestCount: 2,
      firstSeen: 5,
      lastSeen: 10,
      statusCounts: { '200': 1, '500': 1 },
    });
  });

  it('declared templates win and appear without traffic; AWS route templates are used as given', () => {
    const inv = new Inventory();
    inv.addSpecEndpoints([declared('GET', '/users/{username}')]);
    inv.addSpecEndpoints([declared('POST', '/users')]);
    inv.addObservation(obs({ path: '/users/alice' }));
    inv.addObservation(obs({ path: '/pets/7', route: '/pets/{petId}' }));
    const eps = inv
      .endpoints()
      .map((e) => `${e.method} ${e.normalizedPath} ${e.requestCount}`)
      .sort();
    expect(eps).toEqual(['GET /pets/{petId} 1', 'GET /users/{username} 1', 'POST /users 0']);
  });

  it('re-keys stored guesses to a declared template, whatever order they are added in', () => {
    const earlier = new Inventory();
    for (const id of ['1842', '1843', '1977'])
      earlier.addObservation(obs({ path: `/accounts/${id}/statements` }));
    const [guess] = earlier.endpoints();
    expect(guess?.normalizedPath).toBe('/accounts/{accountId}/statements');
    const declaredSpec = new Inventory();
    declaredSpec.addSpecEndpoints([declared('GET', '/accounts/{id}/statements')]);
    const [stored] = declaredSpec.endpoints();

    const inv = new Inventory();
    inv.addAggregates([guess!, stored!]);
    expect(inv.endpoints().map((e) => `${e.method} ${e.normalizedPath} ${e.requestCount}`)).toEqual([
      'GET /accounts/{id}/statements 3',
    ]);
    expect([...inv.renames()]).toEqual([
      ['api.example.com GET /accounts/{accountId}/statements', '/accounts/{id}/statements'],
    ]);
  });

  it('stays bounded by distinct endpoints on high-cardinality traffic', () => {
    const inv = new Inventory({ detectPii: false });
    for (let i = 0; i < 20_000; i++)
      inv.addObservation(obs({ path: `/files/${'f' + (i * 7919).toString(36)}x/raw`, timestamp: i }));
    const eps = inv.endpoints();
    expect(eps.length).toBeLessThan(30);
    expect(eps.reduce((n, e) => n + e.requestCount, 0)).toBe(20_000);
    expect(eps.every((e) => e.samplePaths.length <= 16)).toBe(true);
  });
});
