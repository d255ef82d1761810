import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import {
  Inventory,
  emptyAggregate,
  inventoryToOpenApi,
  parseSpecText,
  readOpenApi,
  serializeOpenApi,
  type Observation,
} from '../src/index.js';

const DOMAIN = 'shop.example.test';

const obs = (method: string, path: string, over: Partial<Observation> = {}): Observation => ({
  source: 'har',
  domain: DOMAIN,
  method,
  path,
  query: '',
  status: 200,
  scheme: 'https',
  auth: ['bearer'],
  requestHeaders: { authorization: 'Bearer x' },
  responseHeaders: { 'content-type': 'application/json' },
  timestamp: 1_700_000_000_000,
  ...over,
});

const EMAIL = 'jane.roe@mail.example.test';

function traffic(): Inventory {
  const inv = new Inventory();
  for (let id = 1000; id < 1040; id++) {
    inv.addObservation(
      obs('GET', `/api/users/${id}`, {
        query: id % 2 ? 'fields=name' : '',
        responseBody: JSON.stringify({ id, email: EMAIL, created: '2024-01-02T03:04:05Z', tags: ['a'] }),
      }),
    );
  }
  inv.addObservation(
    obs('POST', '/api/users', {
      status: 201,
      requestHeaders: { 'content-type': 'application/json', 'x-api-key': 'k' },
      auth: ['api_key'],
      requestBody: JSON.stringify({ name: 'Jane Roe', address: { city: 'Springfield' } }),
    }),
  );
  inv.addObservation(obs('GET', '/api/health', { auth: [], status: 204 }));
  inv.addObservation(obs('GET', '/elsewhere', { domain: 'other.example.test' }));
  return inv;
}

const keys = (list: { method: string; path: string }[]): string[] =>
  list.map((e) => `${e.method.toUpperCase()} ${e.path}`).sort();

describe('inventoryToOpenApi', () => {
  const endpoints = traffic().endpoints();
  const doc = inventoryToOpenApi(DOMAIN, endpoints);

  it('validates as OpenAPI 3.1 in both serialisations', async () => {
    expect(doc['openapi']).toBe('3.1.0');
    for (const format of ['yaml', 'json'] as const) {
      const parsed = parseSpecText(serializeOpenApi(doc, format)) as object;
      await expect(SwaggerParser.validate(structuredClone(parsed) as never)).resolves.toBeTruthy();
    }
  });

  it('reads back into Argus as the same endpoints of the domain', () => {
    const mine = endpoints.filter((e) => e.domain === DOMAIN);
    expect(mine.length).toBeGreaterThan(2);
    const back = readOpenApi(serializeOpenApi(doc));
    expect(back.endpoints.every((e) => e.domain === DOMAIN)).toBe(true);
    expect(keys(back.endpoints.map((e) => ({ method: e.method, path: e.pathTemplate })))).toEqual(
      keys(mine.map((e) => ({ method: e.method, path: e.normalizedPath }))),
    );
  });

  it('says where each parameter came from and what its values look like', () => {
    const user = endpoints.find(
      (e) => e.method === 'GET' && e.normalizedPath !== '/api/health' && e.normalizedPath.includes('{'),
    );
    expect(user).toBeDefined();
    const op = (doc['paths'] as Record<string, Record<string, { parameters: Record<string, unknown>[] }>>)[
      user!.normalizedPath
    ]!['get']!;
    const path = op.parameters.find((p) => p['in'] === 'path')!;
    expect(path).toMatchObject({ required: true, schema: { type: 'integer' }, 'x-argus-source': 'learned' });
    expect(op.parameters.find((p) => p['in'] === 'query')).toMatchObject({
      name: 'fields',
      'x-argus-source': 'traffic',
    });
  });

  it('names the templating rule that merged a path position', () => {
    const agg = emptyAggregate(DOMAIN, 'GET', '/orders/{orderId}');
    agg.samplePaths = ['/orders/3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f'];
    agg.merges = [{ parameter: '{orderId}', rule: 'cardinality', values: ['x'], distinct: 12, shared: null }];
    const one = inventoryToOpenApi(DOMAIN, [agg]);
    const op = (one['paths'] as Record<string, Record<string, { parameters: unknown[] }>>)[
      '/orders/{orderId}'
    ]!['get']!;
    expect(op.parameters).toEqual([
      {
        name: 'orderId',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
        'x-argus-source': 'learned',
        'x-argus-rule': 'cardinality',
        'x-argus-distinct-values': 12,
      },
    ]);
    expect(JSON.stringify(one)).not.toContain('3f2b8c1e');
  });

  it('infers body schemas, statuses and auth without writing sample values', () => {
    const text = serializeOpenApi(doc, 'json');
    for (const value of [EMAIL, 'Jane Roe', 'Springfield', '1000', 'Bearer x'])
      expect(text).not.toContain(value);
    const paths = doc['paths'] as Record<string, Record<string, Record<string, unknown>>>;
    const user = Object.entries(paths).find(([p]) => p.includes('{'))![1]['get']!;
    const schema = (
      user['responses'] as Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>
    )['200']!.content['application/json']!.schema;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['id', 'email', 'created', 'tags'],
      properties: {
        id: { type: 'integer' },
        email: { type: 'string', format: 'email', 'x-argus-pii': ['email'] },
        created: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(user['security']).toEqual([{ bearer: [] }]);
    expect(user['x-argus-pii']).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'email' })]));
    const create = paths['/api/users']!['post']!;
    expect(Object.keys(create['responses'] as object)).toEqual(['201']);
    expect(create['requestBody']).toMatchObject({
      content: {
        'application/json': { schema: { properties: { name: {}, address: { properties: { city: {} } } } } },
      },
    });
    expect(paths['/api/health']!['get']!['security']).toEqual([]);
    const schemes = (doc['components'] as { securitySchemes: Record<string, unknown> }).securitySchemes;
    expect(schemes['bearer']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes['api_key']).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });
});
