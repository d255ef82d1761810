import { describe, expect, it } from 'vitest';
import { readOpenApi, SpecError } from '../src/index.js';
import { generateSpec } from '../bench/generate.js';
import { corpusText, hasCorpus } from './corpus.js';

const doc = (body: string) => `openapi: 3.0.3\ninfo: {title: T, version: "1"}\n${body}`;

describe('readOpenApi (own fixtures)', () => {
  it('reads security (global, per operation, security: [] = public), deprecated and servers', () => {
    const r = readOpenApi(
      doc(`servers: [{url: "https://api.example.com/v1"}]
security: [{bearer: []}]
components:
  securitySchemes: {bearer: {type: http, scheme: bearer}}
  schemas:
    User: {type: object, properties: {email: {type: string}, ssn: {type: string}, friend: {$ref: "#/components/schemas/User"}}}
paths:
  /users/{id}:
    get:
      deprecated: true
      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
      responses: {"200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/User"}}}}}
  /health:
    get:
      security: []
      responses: {"200": {description: ok}}
`),
    );
    expect(r.endpoints).toHaveLength(2);
    const [user, health] = r.endpoints;
    expect(user).toMatchObject({
      domain: 'api.example.com',
      method: 'GET',
      pathTemplate: '/v1/users/{id}',
      spec: { security: 'required', securitySchemes: ['bearer'], deprecated: true },
    });
    expect(user!.spec.piiFields.map((p) => `${p.type}:${p.field}`)).toEqual(['email:email', 'ssn:ssn']);
    expect(health!.spec.security).toBe('public');
  });

  it('reads Swagger 2.0 host/basePath/schemes and body parameters', () => {
    const r = readOpenApi(
      JSON.stringify({
        swagger: '2.0',
        info: { title: 't', version: '1' },
        host: 'api.example.com',
        basePath: '/v2',
        schemes: ['http'],
        paths: {
          '/login': {
            post: {
              parameters: [
                {
                  in: 'body',
                  name: 'b',
                  schema: { type: 'object', properties: { password: { type: 'string' } } },
                },
              ],
              responses: {},
            },
          },
        },
      }),
    );
    expect(r.endpoints[0]).toMatchObject({
      domain: 'api.example.com',
      pathTemplate: '/v2/login',
      spec: { servers: ['http://api.example.com/v2'], security: 'public' },
    });
    expect(r.endpoints[0]!.spec.piiFields[0]).toMatchObject({ type: 'password', location: 'spec.request' });
  });

  it('survives $ref cycles, missing refs and ref chains', () => {
    const r = readOpenApi(
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/a': { $ref: '#/components/pathItems/A' },
          '/b': { get: { responses: { 200: { $ref: '#/components/responses/Loop' } } } },
        },
        components: {
          pathItems: {
            A: {
              get: {
                responses: {
                  200: {
                    description: 'x',
                    content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
                  },
                },
              },
            },
          },
          schemas: {
            Node: {
              type: 'object',
              properties: {
                next: { $ref: '#/components/schemas/Node' },
                email: { type: 'string', format: 'email' },
                missing: { $ref: '#/components/schemas/Nope' },
              },
            },
          },
          responses: {
            Loop: { $ref: '#/components/responses/Loop2' },
            Loop2: { $ref: '#/components/responses/Loop' },
          },
        },
      }),
    );
    expect(r.endpoints.map((e) => e.pathTemplate)).toEqual(['/a', '/b']);
    expect(r.endpoints[0]!.spec.piiFields.map((p) => p.field)).toContain('email');
    expect(r.warnings.join()).toMatch(/could not be resolved/);
  });

  it('takes a declared IP format for PII only where it is a person’s, not a machine’s', () => {
    const ipv4 = { type: 'string', format: 'ipv4' };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Context', version: '1' },
      servers: [{ url: 'https://api.example.com' }],
      paths: {
        '/settings': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        ipFiltering: {
                          type: 'object',
                          properties: { blacklist: { type: 'array', items: ipv4 } },
                        },
                        routes: { type: 'array', items: { type: 'object', properties: { nextHop: ipv4 } } },
                        lastLogin: { type: 'object', properties: { from: ipv4 } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const [op] = readOpenApi(doc).endpoints;
    expect(op!.spec.piiFields.map((p) => [p.type, p.field])).toEqual([['ip_address', 'lastLogin.from']]);
  });

  it('accepts a document without paths', () => {
    expect(
      readOpenApi('{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "webhooks": {}}').endpoints,
    ).toEqual([]);
  });

  it.each([
    [
      'a YAML alias bomb',
      `a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n`,
      /alias|YAML/i,
    ],
    ['truncated JSON', '{"openapi": "3.0.0", "paths": {"/a": {"get": ', /Invalid JSON/],
    ['binary garbage', '\u0000\u0001\u0002\uFFFD\u0007PK\u0003\u0004 garbage', /Invalid YAML|Not an OpenAPI/],
    ['a JSON array', '[1,2,3]', /Not an OpenAPI/],
    ['an unrelated document', 'name: x\nversion: 1\n', /no "openapi" or "swagger"/],
    [
      'an unsupported version',
      'openapi: 4.0.0\ninfo: {title: t, version: "1"}\n',
      /Unsupported OpenAPI version/,
    ],
  ])('rejects %s with a clear SpecError', (_name, text, message) => {
    expect(() => readOpenApi(text)).toThrow(SpecError);
    expect(() => readOpenApi(text)).toThrow(message);
  });

  it('handles a 1 MB line (a huge description)', () => {
    const r = readOpenApi(
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 't', version: '1', description: 'x'.repeat(1 << 20) },
        paths: { '/a': { get: { responses: {} } } },
      }),
    );
    expect(r.endpoints).toHaveLength(1);
  });

  it('reads the large test: a ~4 MB spec with 250 paths and shared $refs', () => {
    const text = generateSpec(250);
    expect(text.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const r = readOpenApi(text);
    expect(r.endpoints).toHaveLength(2000);
    expect(r.endpoints[0]!.spec.piiFields.map((p) => p.type)).toEqual(
      expect.arrayContaining(['email', 'phone', 'dob']),
    );
    expect(r.endpoints.every((e) => e.spec.security === 'required')).toBe(true);
  });
});

describe.skipIf(!hasCorpus)('readOpenApi on the corpus', () => {
  it('Swagger 2.0 petstore', () => {
    const r = readOpenApi(corpusText('openapi/swagger20-petstore-classic.json'));
    expect(r.version).toBe('2.0');
    expect(r.endpoints).toHaveLength(20);
    expect(
      r.endpoints.every((e) => e.domain === 'petstore.swagger.io' && e.pathTemplate.startsWith('/v2/')),
    ).toBe(true);
    const user = r.endpoints.find((e) => e.method === 'POST' && e.pathTemplate === '/v2/user');
    expect(new Set(user!.spec.piiFields.map((p) => p.type))).toEqual(
      new Set(['email', 'phone', 'password', 'name']),
    );
    expect(
      r.endpoints.find((e) => e.pathTemplate === '/v2/pet/{petId}' && e.method === 'GET')!.spec
        .securitySchemes,
    ).toContain('api_key');
  });
  it('OpenAPI 3.0 petstore (YAML)', () => {
    const r = readOpenApi(corpusText('openapi/oas30-petstore3.yaml'));
    expect(r.endpoints).toHaveLength(19);
    expect(r.endpoints[0]!.domain).toBe('petstore3.swagger.io');
    expect(r.endpoints.some((e) => e.spec.piiFields.some((p) => p.type === 'email'))).toBe(true);
  });
  it('OpenAPI 3.1 petstore (no host: no domain, a warning)', () => {
    const r = readOpenApi(corpusText('openapi/oas31-petstore-design-first.yaml'));
    expect(r.version).toBe('3.1.1');
    expect(r.endpoints.length).toBeGreaterThan(0);
    expect(r.endpoints.every((e) => e.domain === '')).toBe(true);
    expect(
      readOpenApi(corpusText('openapi/oas31-petstore-design-first.yaml'), { domain: 'pets.example' })
        .endpoints[0]!.domain,
    ).toBe('pets.example');
  });
  it('USPTO: no security schemes → public', () => {
    const r = readOpenApi(corpusText('openapi/oas30-uspto.json'));
    expect(r.endpoints.map((e) => `${e.method} ${e.pathTemplate}`)).toEqual([
      'GET /ds-api',
      'GET /ds-api/{dataset}/{version}/fields',
      'POST /ds-api/{dataset}/{version}/records',
    ]);
    expect(r.endpoints.every((e) => e.spec.security === 'public')).toBe(true);
  });
  it('webhooks only: valid, no endpoints', () => {
    expect(readOpenApi(corpusText('openapi/oas31-webhook-example.json')).endpoints).toEqual([]);
  });
  it('truncated corpus files give a clear error, never a hang', () => {
    for (const f of ['openapi/swagger20-petstore-classic.json', 'openapi/oas30-petstore3.yaml']) {
      const text = corpusText(f);
      const cut = text.slice(0, Math.floor(text.length / 2));
      try {
        readOpenApi(cut);
      } catch (err) {
        expect(err).toBeInstanceOf(SpecError);
      }
    }
  });
});
