// Gateway readers against a local HTTP server that replays recorded responses
// (the corpus files when present, else the package's own copies of their shape).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, UnsafeUrlError, readGateway, syncSource } from '../src/index.js';
import { corpusText, hasCorpus } from './corpus.js';

type Route = (req: IncomingMessage, url: URL) => { status?: number; body: unknown } | undefined;

let server: Server;
let base = '';
const requests: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
let route: Route = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push({ method: req.method ?? '', url: `${url.pathname}${url.search}`, headers: req.headers });
    const r = route(req, url);
    res.writeHead(r?.status ?? (r ? 200 : 404), { 'content-type': 'application/json' });
    res.end(JSON.stringify(r?.body ?? { message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (rel: string, fallback: unknown) =>
  hasCorpus ? (JSON.parse(corpusText(rel)) as unknown) : fallback;

describe('Kong Admin API', () => {
  const services = json('gateway-config/kong/kong-docs-admin-api-3.1-list-services.json', {
    data: [
      {
        id: 'a5fb8d9b-a99d-40e9-9d35-72d42a62d83a',
        name: 'my-service',
        protocol: 'http',
        host: 'example.com',
        port: 80,
        path: '/some_api',
      },
    ],
    next: 'http://localhost:8001/services?offset=6378122c-a0a1-438d-a5c6-efabae9fb969',
  }) as { data: unknown[]; next: string };
  const routes = json('gateway-config/kong/kong-docs-admin-api-3.1-list-routes.json', {
    data: [
      {
        id: 'a9daa3ba',
        name: 'my-route',
        protocols: ['http', 'https'],
        methods: ['GET', 'POST'],
        hosts: ['example.com', 'foo.test'],
        paths: ['/foo', '/bar'],
        service: { id: '127dfc88' },
      },
      {
        id: '9aa116fd',
        name: 'my-route',
        protocols: ['tcp', 'tls'],
        snis: ['foo.test'],
        service: { id: 'ba641b07' },
      },
    ],
    next: 'http://localhost:8001/routes?offset=6378122c-a0a1-438d-a5c6-efabae9fb969',
  }) as { data: unknown[]; next: string };

  it('pages through services and routes with the admin token', async () => {
    requests.length = 0;
    route = (req, url) => {
      if (req.headers['kong-admin-token'] !== 'secret')
        return { status: 401, body: { message: 'Unauthorized' } };
      const second = url.searchParams.has('offset');
      if (url.pathname === '/admin/services') return { body: second ? { data: [], next: null } : services };
      if (url.pathname === '/admin/routes') {
        return {
          body: second
            ? {
                data: [
                  {
                    id: 'r2',
                    protocols: ['https'],
                    paths: ['~/users/(?<id>\\d+)$'],
                    hosts: ['api.example.com'],
                  },
                ],
                next: null,
              }
            : routes,
        };
      }
      return undefined;
    };
    const r = await readGateway(
      { provider: 'kong', url: `${base}/admin`, apiKey: 'secret' },
      { allowPrivate: true },
    );
    const got = r.endpoints.map((e) => `${e.method} ${e.domain}${e.pathTemplate}`).sort();
    expect(got).toEqual([
      'ANY api.example.com/users/{id}',
      'GET example.com/bar',
      'GET example.com/foo',
      'GET foo.test/bar',
      'GET foo.test/foo',
      'POST example.com/bar',
      'POST example.com/foo',
      'POST foo.test/bar',
      'POST foo.test/foo',
    ]);
    expect(r.warnings.join()).toMatch(/stream route/);
    expect(requests.map((q) => q.url)).toContain('/admin/routes?offset=6378122c-a0a1-438d-a5c6-efabae9fb969');
    expect(r.endpoints[0]!.spec).toMatchObject({ source: 'gateway', origin: 'kong' });
  });

  it('reports a clear error for a refused token, and refuses private URLs unless allowed', async () => {
    await expect(
      readGateway({ provider: 'kong', url: `${base}/admin`, apiKey: 'wrong' }, { allowPrivate: true }),
    ).rejects.toThrow(/401 Unauthorized/);
    await expect(readGateway({ provider: 'kong', url: `${base}/admin`, apiKey: 'secret' })).rejects.toThrow(
      UnsafeUrlError,
    );
  });
});

describe('hostile gateway answers', () => {
  it('reports garbage and truncated JSON clearly, and stops endless paging', async () => {
    route = (_req, url) => (url.pathname === '/g/services' ? { body: 'x' } : undefined);
    const raw = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname.endsWith('/services')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          u.pathname.startsWith('/garbage') ? '\u0000\u0001PK\u0003 not json' : '{"data": [{"id": "a", "na',
        );
        return;
      }
      // routes: a `next` link that points back to itself forever
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: [{ id: 'r', paths: ['/loop'], hosts: ['h.example'] }],
          next: `${u.pathname}?offset=same`,
        }),
      );
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    try {
      await expect(
        readGateway({ provider: 'kong', url: `${rawBase}/garbage`, apiKey: 'k' }, { allowPrivate: true }),
      ).rejects.toThrow(/did not answer a JSON object/);
      await expect(
        readGateway({ provider: 'kong', url: `${rawBase}/truncated`, apiKey: 'k' }, { allowPrivate: true }),
      ).rejects.toThrow(GatewayError);
    } finally {
      await new Promise<void>((r) => raw.close(() => r()));
    }
  });
});

describe('paging links that fuzzing found', () => {
  it('Kong: a "next" link that is not a URL is a GatewayError, not a TypeError', async () => {
    route = (_req, url) =>
      url.pathname.endsWith('/services')
        ? { body: { data: [] } }
        : { body: { data: [], next: 'http://[bad' } };
    await expect(
      readGateway({ provider: 'kong', url: `${base}/k`, apiKey: '' }, { allowPrivate: true }),
    ).rejects.toThrow(/"next" link for routes is not a URL/);
  });

  it('Azure: a nextLink on the same host but another scheme is not followed', async () => {
    requests.length = 0;
    const svc = '/subscriptions/s/providers/Microsoft.ApiManagement/service/svc';
    route = (_req, url) =>
      url.pathname.endsWith('/apis')
        ? { body: { value: [], nextLink: `ttps://${base.slice('http://'.length)}${svc}/apis?page=2` } }
        : undefined;
    const r = await readGateway(
      { provider: 'azure', url: `${base}${svc}`, apiKey: 't' },
      { allowPrivate: true },
    );
    expect(r.endpoints).toEqual([]);
    expect(requests.map((q) => q.url.split('?')[0])).toEqual([`${svc}/apis`]);
  });
});

describe('Azure API Management (ARM)', () => {
  const apis = (
    json('gateway-config/azure-apim/azure-rest-api-specs-2024-05-01-ApiManagementListApis.json', {
      responses: {
        200: {
          body: {
            value: [
              {
                name: 'echo-api',
                properties: { displayName: 'Echo API', path: 'echo', protocols: ['https'] },
              },
            ],
          },
        },
      },
    }) as { responses: { 200: { body: { value: unknown[] } } } }
  ).responses[200].body;
  const ops = json(
    'gateway-config/azure-apim/devopskit-ApiManagementListApiOperations_success_response.json',
    {
      value: [
        {
          name: 'op1',
          properties: {
            displayName: 'CancelOrder',
            method: 'POST',
            urlTemplate: '/?soapAction=http://tempuri.org/IFazioService/CancelOrder',
          },
        },
      ],
    },
  ) as { value: unknown[] };
  const svc = '/subscriptions/sub/resourceGroups/rg1/providers/Microsoft.ApiManagement/service/apimService1';

  it('lists APIs and their operations with the bearer token, following nextLink', async () => {
    route = (req, url) => {
      if (req.headers.authorization !== 'Bearer tok') return { status: 401, body: { error: 'no' } };
      if (url.pathname === `${svc}/apis` && !url.searchParams.has('page'))
        return {
          body: {
            value: apis.value.slice(0, 1),
            nextLink: `${base}${svc}/apis?api-version=2024-05-01&page=2`,
          },
        };
      if (url.pathname === `${svc}/apis`) return { body: { value: apis.value.slice(1) } };
      if (url.pathname.startsWith(`${svc}/apis/`) && url.pathname.endsWith('/operations'))
        return { body: ops };
      return undefined;
    };
    const r = await readGateway(
      { provider: 'azure', url: `${base}${svc}`, apiKey: 'tok' },
      { allowPrivate: true },
    );
    expect(r.endpoints.length).toBe(apis.value.length * ops.value.length);
    expect(r.endpoints[0]).toMatchObject({
      domain: 'apimservice1.azure-api.net',
      method: 'POST',
      spec: { origin: 'azure', security: 'required' },
    });
    expect(r.endpoints[0]!.pathTemplate.startsWith('/')).toBe(true);
  });

  it('refuses a URL that is not a service resource', async () => {
    await expect(
      readGateway({ provider: 'azure', url: `${base}/nope`, apiKey: 'tok' }, { allowPrivate: true }),
    ).rejects.toThrow(GatewayError);
  });
});

describe('AWS API Gateway (SDK v3 with an endpoint override)', () => {
  const examples = (
    json('gateway-config/aws-apigateway/awscli-doc-examples.json', {
      examples: {
        'get-rest-apis': { items: [{ createdDate: 1438884790, id: '12s44z21rb', name: 'My First API' }] },
        'get-resources': {
          items: [
            {
              path: '/resource/subresource',
              resourceMethods: { POST: {} },
              id: '024ace',
              pathPart: 'subresource',
              parentId: 'ai5b02',
            },
          ],
        },
      },
    }) as { examples: Record<string, { items: Record<string, unknown>[] }> }
  ).examples;

  it('reads REST API resources and HTTP API routes', async () => {
    requests.length = 0;
    route = (req, url) => {
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'))
        return { status: 403, body: { message: 'unsigned' } };
      // The CLI prints `items`; the REST wire format of API Gateway v1 is `item`.
      if (url.pathname === '/restapis') return { body: { item: examples['get-rest-apis']!.items } };
      if (/^\/restapis\/[^/]+\/resources$/.test(url.pathname)) {
        return {
          body: {
            item: [
              ...examples['get-resources']!.items,
              {
                id: 'r1',
                path: '/pets/{petId}',
                resourceMethods: { GET: { authorizationType: 'NONE', apiKeyRequired: false } },
              },
            ],
          },
        };
      }
      if (url.pathname === '/v2/apis')
        return {
          body: {
            items: [
              {
                apiId: 'h77',
                name: 'http',
                apiEndpoint: 'https://h77.execute-api.eu-west-1.amazonaws.com',
                protocolType: 'HTTP',
              },
            ],
          },
        };
      if (url.pathname === '/v2/apis/h77/routes')
        return {
          body: {
            items: [
              { routeKey: 'GET /orders/{id}', authorizationType: 'JWT', routeId: 'x' },
              { routeKey: '$default', routeId: 'y' },
            ],
          },
        };
      return undefined;
    };
    const r = await readGateway(
      { provider: 'aws', url: base, apiKey: 'AKIDEXAMPLE:secretexample', region: 'eu-west-1' },
      { allowPrivate: true },
    );
    const got = r.endpoints.map((e) => `${e.method} ${e.domain}${e.pathTemplate} ${e.spec.security}`);
    expect(got).toEqual(
      expect.arrayContaining([
        'POST 12s44z21rb.execute-api.eu-west-1.amazonaws.com/resource/subresource undeclared',
        'GET 12s44z21rb.execute-api.eu-west-1.amazonaws.com/pets/{petId} public',
        'GET h77.execute-api.eu-west-1.amazonaws.com/orders/{id} required',
      ]),
    );
    expect(
      requests.some(
        (q) => q.url.startsWith('/restapis/12s44z21rb/resources') && q.url.includes('embed=methods'),
      ),
    ).toBe(true);
  });

  it('refuses an AWS endpoint that re-resolves to a private address when the SDK connects', async () => {
    route = () => ({ status: 200, body: { items: [] } });
    const port = new URL(base).port;
    // Public when the URL is checked, loopback when the SDK connects (DNS rebinding).
    let asked = 0;
    const lookup = async () => [{ address: asked++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const before = requests.length;
    await expect(
      readGateway(
        { provider: 'aws', url: `http://apigw.rebind.example:${port}`, apiKey: 'a:b', region: 'us-east-1' },
        { lookup },
      ),
    ).rejects.toThrow(/apigw\.rebind\.example resolves to 127\.0\.0\.1/);
    expect(asked).toBeGreaterThan(1);
    expect(requests.length).toBe(before);
  });

  it('needs a region and reports SDK errors clearly', async () => {
    await expect(
      readGateway({ provider: 'aws', url: base, apiKey: 'a:b' }, { allowPrivate: true }),
    ).rejects.toThrow(/needs a region/);
    route = () => ({
      status: 403,
      body: { message: 'The security token included in the request is invalid.' },
    });
    await expect(
      readGateway({ provider: 'aws', url: base, apiKey: 'a:b', region: 'us-east-1' }, { allowPrivate: true }),
    ).rejects.toThrow(/AWS API Gateway: .*invalid/);
  });
});

describe('syncSource', () => {
  it('syncs a gateway source into an inventory; routes without hosts get the source domain', async () => {
    route = (_req, url) =>
      url.pathname === '/services'
        ? { body: { data: [{ id: 's1', host: 'upstream.internal', protocol: 'http' }] } }
        : url.pathname === '/routes'
          ? {
              body: {
                data: [
                  { id: 'r', paths: ['/v1/things'], methods: ['GET'], hosts: ['api.example.com'] },
                  {
                    id: 'r2',
                    name: 'any-host',
                    paths: ['/v1/other'],
                    methods: ['POST'],
                    service: { id: 's1' },
                  },
                ],
              },
            }
          : undefined;
    const r = await syncSource(
      { type: 'api_gateway', provider: 'kong', url: base, apiKey: 'k' },
      { allowPrivate: true, domain: 'gw.example' },
    );
    expect(r.specEndpoints).toHaveLength(2);
    expect(
      r.endpoints
        .map((e) => `${e.method} ${e.domain}${e.normalizedPath} ${e.sources.join()} ${e.requestCount}`)
        .sort(),
    ).toEqual(['GET api.example.com/v1/things gateway 0', 'POST gw.example/v1/other gateway 0']);
    expect(r.specEndpoints[1]!.spec.summary).toBe('any-host → http://upstream.internal');
  });

  it('downloads a spec through the guard and follows only safe redirects', async () => {
    const spec =
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /ping: {get: {responses: {"200": {description: ok}}}}\n';
    const fetchFn = async (url: string) => {
      const u = new URL(url);
      if (u.hostname === 'specs.example.com' && u.pathname === '/old')
        return response(302, '', { location: 'http://10.0.0.5/openapi.yaml' });
      if (u.hostname === 'specs.example.com') return response(200, spec);
      return response(500, 'unexpected');
    };
    const lookup = async (host: string) => [
      { address: host === 'specs.example.com' ? '93.184.216.34' : '10.0.0.5', family: 4 },
    ];
    const ok = await syncSource(
      { type: 'openapi', url: 'https://specs.example.com/openapi.yaml' },
      { fetch: fetchFn, lookup },
    );
    expect(ok.endpoints[0]).toMatchObject({ domain: 'specs.example.com', normalizedPath: '/ping' });
    await expect(
      syncSource({ type: 'openapi', url: 'https://specs.example.com/old' }, { fetch: fetchFn, lookup }),
    ).rejects.toThrow(UnsafeUrlError);
  });

  it('reads uploaded files streamed in pieces, split inside characters and lines', async () => {
    const spec =
      'openapi: 3.0.0\ninfo: {title: "tést", version: "1"}\npaths:\n  /pïng: {get: {responses: {"200": {description: ok}}}}\n';
    const log = '10.0.0.1 - - [10/Oct/2025:13:55:36 +0000] "GET /a/1 HTTP/1.1" 200 5 "-" "ü"\n'.repeat(3);
    /** The text's bytes in 7-byte pieces: multi-byte characters fall across pieces. */
    async function* pieces(text: string) {
      const bytes = new TextEncoder().encode(text);
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    }
    const fromSpec = await syncSource(
      { type: 'openapi', fileContent: pieces(spec) },
      { domain: 'files.example.com' },
    );
    expect(fromSpec.endpoints.map((e) => e.normalizedPath)).toEqual(['/pïng']);
    const fromLog = await syncSource(
      { type: 'access_log', format: 'apache', fileContent: pieces(log) },
      { domain: 'files.example.com' },
    );
    expect(fromLog.stats).toMatchObject({ linesRead: 3, linesRejected: 0 });
  });

  it('explains missing fields', async () => {
    await expect(syncSource({ type: 'access_log', format: 'apache' })).rejects.toThrow(
      'Log file content is required',
    );
    await expect(syncSource({ type: 'api_gateway', provider: 'kong', url: base })).rejects.toThrow(
      'API key is required',
    );
    await expect(syncSource({ type: 'openapi' })).rejects.toThrow(/URL or file content/);
  });
});

function response(status: number, body: string, headers: Record<string, string> = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    headers: { get: (n: string) => headers[n.toLowerCase()] ?? null },
    text: async () => body,
  };
}
