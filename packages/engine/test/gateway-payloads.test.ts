// Gateway payloads as plain data (what Kong, AWS API Gateway and Azure APIM answer)
// → declared endpoints. No network: @argus/connectors fetches them.
import { describe, expect, it } from 'vitest';
import {
  GatewayError,
  awsHttpEndpoints,
  awsRestEndpoints,
  azureApiEndpoints,
  azureServiceName,
  kongEndpoints,
  kongPathToTemplate,
  parseGatewayPage,
  readSource,
} from '../src/index.js';
import { corpusText, hasCorpus } from './corpus.js';

describe('Kong', () => {
  it('turns routes into one endpoint per host, path and method; skips stream routes', () => {
    const r = kongEndpoints(
      [{ id: 's1', host: 'upstream.internal', protocol: 'http', path: '/v2' }],
      [
        {
          id: 'r1',
          name: 'users',
          methods: ['GET', 'post'],
          hosts: ['API.example.com'],
          paths: ['/users', '~/users/(?<id>\\d+)$'],
          service: { id: 's1' },
        },
        { id: 'r2', protocols: ['tcp'], snis: ['x'] },
        { id: 'r3', paths: ['/any'] },
        'not a route',
      ],
    );
    expect(r.endpoints.map((e) => `${e.method} ${e.domain}${e.pathTemplate}`)).toEqual([
      'GET api.example.com/users',
      'POST api.example.com/users',
      'GET api.example.com/users/{id}',
      'POST api.example.com/users/{id}',
      'ANY /any',
    ]);
    expect(r.endpoints[0]!.spec).toMatchObject({
      source: 'gateway',
      origin: 'kong',
      summary: 'users → http://upstream.internal/v2',
      servers: ['https://api.example.com'],
    });
    expect(r.warnings).toEqual(['1 Kong stream route(s) (tcp/tls/udp) have no HTTP paths and were skipped']);
    expect(kongEndpoints([], []).warnings).toEqual(['Kong reported no services and no routes']);
    expect(kongPathToTemplate('~^/orders/(\\d+)/items/.*$')).toBe('/orders/{param}/items/{param}');
  });

  it.runIf(hasCorpus)('reads the Kong docs listings from the corpus', () => {
    const services = JSON.parse(
      corpusText('gateway-config/kong/kong-docs-admin-api-3.1-list-services.json'),
    ) as { data: unknown[] };
    const routes = JSON.parse(corpusText('gateway-config/kong/kong-docs-admin-api-3.1-list-routes.json')) as {
      data: unknown[];
    };
    const r = kongEndpoints(services.data, routes.data);
    expect(r.endpoints.length).toBeGreaterThan(0);
    expect(r.endpoints.every((e) => e.pathTemplate.startsWith('/'))).toBe(true);
  });
});

describe('AWS API Gateway', () => {
  it('reads REST resources with their authorisation, and HTTP API routes', () => {
    const rest = awsRestEndpoints('eu-west-1', { id: 'abc', name: 'Pets' }, [
      {
        path: '/pets/{petId}',
        resourceMethods: { GET: { authorizationType: 'NONE', apiKeyRequired: false } },
      },
      {
        path: '/pets',
        resourceMethods: {
          POST: { authorizationType: 'COGNITO_USER_POOLS' },
          PUT: { authorizationType: 'NONE', apiKeyRequired: true },
        },
      },
      { resourceMethods: { GET: {} } },
    ]);
    expect(rest.map((e) => `${e.method} ${e.domain}${e.pathTemplate} ${e.spec.security}`)).toEqual([
      'GET abc.execute-api.eu-west-1.amazonaws.com/pets/{petId} public',
      'POST abc.execute-api.eu-west-1.amazonaws.com/pets required',
      'PUT abc.execute-api.eu-west-1.amazonaws.com/pets required',
    ]);
    expect(rest[1]!.spec.securitySchemes).toEqual(['COGNITO_USER_POOLS']);
    const http = awsHttpEndpoints(
      'eu-west-1',
      { ApiId: 'h77', Name: 'orders', ApiEndpoint: 'https://orders.example.com' },
      [
        { RouteKey: 'GET /orders/{id}', AuthorizationType: 'JWT' },
        { RouteKey: '$default' },
        { RouteKey: 'DELETE /orders/{id}', AuthorizationType: 'NONE' },
      ],
    );
    expect(http.map((e) => `${e.method} ${e.domain}${e.pathTemplate} ${e.spec.security}`)).toEqual([
      'GET orders.example.com/orders/{id} required',
      'DELETE orders.example.com/orders/{id} public',
    ]);
  });
});

describe('Azure API Management', () => {
  it('prefixes operations with the API path and a segment version', () => {
    expect(azureServiceName('/subscriptions/s/providers/Microsoft.ApiManagement/service/Shop')).toBe('Shop');
    expect(azureServiceName('/nope')).toBeUndefined();
    const api = {
      name: 'echo',
      properties: {
        path: 'echo',
        apiVersion: 'v2',
        apiVersionSet: { versioningScheme: 'Segment' },
        subscriptionRequired: false,
      },
    };
    const eps = azureApiEndpoints('Shop', api, [
      {
        name: 'get-item',
        properties: { method: 'get', urlTemplate: '/items/{itemId}', displayName: 'Get item' },
      },
      { name: 'broken', properties: { method: 7 } },
    ]);
    expect(eps).toHaveLength(1);
    expect(eps[0]).toMatchObject({
      domain: 'shop.azure-api.net',
      method: 'GET',
      pathTemplate: '/echo/v2/items/{itemId}',
      spec: { security: 'public', summary: 'Get item', operationId: 'get-item', origin: 'azure' },
    });
    expect(azureApiEndpoints('Shop', { properties: {} }, [])).toEqual([]);
  });
});

describe('pages and sources', () => {
  it('explains a page that is not a JSON object', () => {
    expect(() => parseGatewayPage('\u0000PK not json', '/services')).toThrow(GatewayError);
    expect(() => parseGatewayPage('[1]', '/services')).toThrow(
      '/services did not answer a JSON object: not an object',
    );
    expect(parseGatewayPage('{"data":[]}', '/services')).toEqual({ data: [] });
  });

  it('reads declared gateway endpoints, logs and HAR into an inventory', async () => {
    const gw = await readSource(
      {
        type: 'api_gateway',
        declared: kongEndpoints([], [{ id: 'r', paths: ['/v1/things'], methods: ['GET'] }]),
      },
      { domain: 'GW.example' },
    );
    expect(gw.endpoints.map((e) => `${e.method} ${e.domain}${e.normalizedPath} ${e.sources.join()}`)).toEqual(
      ['GET gw.example/v1/things gateway'],
    );
    const log = await readSource(
      {
        type: 'access_log',
        format: 'apache',
        text: '1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /a/1 HTTP/1.1" 200 1\nbad\n',
      },
      { domain: 'logs.example' },
    );
    expect(log.stats).toMatchObject({ linesRead: 2, linesRejected: 1 });
    expect(log.endpoints[0]).toMatchObject({ domain: 'logs.example', normalizedPath: '/a/{id}' });
    expect(log.warnings).toEqual(['1 of 2 lines could not be parsed']);
    await expect(readSource({ type: 'access_log', text: '' })).rejects.toThrow(
      'Log file content is required',
    );
    const spec = await readSource({
      type: 'openapi',
      url: 'https://Specs.example.com/openapi.yaml',
      text: 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /ping: {get: {responses: {"200": {description: ok}}}}\n',
    });
    expect(spec.endpoints[0]).toMatchObject({ domain: 'specs.example.com', normalizedPath: '/ping' });
  });
});
