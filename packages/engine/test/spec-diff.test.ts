import { describe, expect, it } from 'vitest';
import {
  compareSpecToObservations,
  compareSpecToTraffic,
  emptyAggregate,
  readOpenApi,
  type Observation,
} from '../src/index.js';

const SPEC = `openapi: 3.0.3
info: {title: Shop, version: "1"}
servers: [{url: "https://shop.example.com"}]
paths:
  /users/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
        - {name: fields, in: query, schema: {type: string}}
      responses:
        "200":
          description: ok
          content: {application/json: {schema: {type: object, properties: {id: {type: integer}, name: {type: string}}}}}
  /users:
    post:
      requestBody:
        content: {application/json: {schema: {type: object, properties: {name: {type: string}, address: {type: object, properties: {city: {type: string}}}}}}}
      responses: {"201": {description: created}}
  /legacy/export:
    get:
      deprecated: true
      responses: {"200": {description: ok}}
`;

const obs = (method: string, path: string, over: Partial<Observation> = {}): Observation => ({
  source: 'har',
  domain: 'shop.example.com',
  method,
  path,
  query: '',
  status: 200,
  scheme: 'https',
  auth: [],
  requestHeaders: { 'content-type': 'application/json' },
  responseHeaders: { 'content-type': 'application/json' },
  timestamp: 1_700_000_000_000,
  ...over,
});

const traffic = (): Observation[] => [
  obs('GET', '/users/7', {
    query: 'fields=name&debug=1',
    responseBody: JSON.stringify({ id: 7, name: 'x', role: 'admin', profile: { tier: 'gold' } }),
  }),
  obs('GET', '/users/8', { responseBody: JSON.stringify({ id: 8, name: 'y' }) }),
  obs('POST', '/users', {
    status: 201,
    requestBody: JSON.stringify({ name: 'n', isAdmin: true, address: { city: 'c', zip: '1' } }),
  }),
  obs('GET', '/internal/export-users'),
  obs('GET', '/internal/export-users'),
];

describe('compareSpecToTraffic', () => {
  it('separates declared-unused, used-undeclared and undeclared inputs of declared endpoints', () => {
    const spec = readOpenApi(SPEC).endpoints;
    const diff = compareSpecToObservations(spec, traffic());
    expect(diff.declaredUnused.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /legacy/export']);
    expect(diff.declaredUnused[0]).toMatchObject({ deprecated: true, requestCount: 0 });
    expect(diff.declaredUnused[0]!.pointer).toBe('#/paths/~1legacy~1export/get');
    expect(diff.usedUndeclared.map((e) => `${e.method} ${e.path} ${e.requestCount}`)).toEqual([
      'GET /internal/export-users 2',
    ]);
    const byOp = Object.fromEntries(diff.undeclaredInputs.map((u) => [`${u.method} ${u.path}`, u]));
    expect(byOp['GET /users/{id}']).toMatchObject({
      queryParams: ['debug'],
      requestFields: [],
      responseFields: ['role', 'profile'],
    });
    expect(byOp['POST /users']).toMatchObject({ queryParams: [], requestFields: ['isAdmin', 'address.zip'] });
    expect(diff.counts).toEqual({
      declared: 3,
      used: 3,
      declaredUsed: 2,
      declaredUnused: 1,
      usedUndeclared: 1,
      undeclaredInputs: 2,
    });
  });

  it('reports nothing undeclared when traffic keeps to the description', () => {
    const spec = readOpenApi(SPEC).endpoints;
    const diff = compareSpecToObservations(spec, [
      obs('GET', '/users/1', { query: 'fields=id', responseBody: '{"id":1,"name":"a"}' }),
      obs('POST', '/users', { status: 201, requestBody: '{"name":"a","address":{"city":"b"}}' }),
      obs('GET', '/legacy/export'),
    ]);
    expect(diff.declaredUnused).toEqual([]);
    expect(diff.usedUndeclared).toEqual([]);
    expect(diff.undeclaredInputs).toEqual([]);
  });

  it('treats gateway routes as undeclared by the description and ignores a cut sample', () => {
    const diff = compareSpecToTraffic([
      {
        ...emptyAggregate('a.example.com', 'GET', '/r'),
        sources: ['gateway'],
        requestCount: 3,
        responseSample: '{"a":1,"b":',
        spec: { ...readOpenApi(SPEC).endpoints[0]!.spec, source: 'gateway' },
      },
    ]);
    expect(diff.usedUndeclared.map((e) => e.path)).toEqual(['/r']);
    expect(diff.counts.declared).toBe(0);
  });
});
