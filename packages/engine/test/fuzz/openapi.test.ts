// Fuzzing the OpenAPI/Swagger reader: corpus specs and generated documents (with
// `$ref` cycles, refs to anywhere, fields of the wrong type), as JSON, as YAML and
// as parsed objects, mutated as text; YAML alias bombs and recursive aliases,
// deep nesting, long strings and garbage. The reader answers or throws SpecError.
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { corpusText, hasCorpus } from '../corpus.js';
import { garbageText, maybeWrong, mutated, mutatedTree, urlPath, wrongType } from './generators.js';
import { parseSpecText } from '../../src/readers/openapi.js';
import { checkEndpoint, fuzzReader, PropertyFailure } from './properties.js';
import { fuzzSettings } from './settings.js';

const { scale } = fuzzSettings;

const corpusFiles = hasCorpus
  ? [
      'openapi/oas30-petstore3.yaml',
      'openapi/oas30-uspto.json',
      'openapi/oas31-petstore-design-first.yaml',
      'openapi/oas31-webhook-example.json',
      'openapi/swagger20-petstore-classic.json',
    ]
  : [];
const corpusSpecs = corpusFiles.length
  ? corpusFiles.map(corpusText)
  : [
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /a/{id}:\n    get: {responses: {"200": {description: ok}}}\n',
    ];
// The yaml package reads 0.3-1 MB/s here: the corpus's YAML files (12-23 KB) are
// mutated as text only rarely in CI and mostly as parsed trees.
const corpusJson = corpusSpecs.filter((t) => t.trimStart().startsWith('{'));
const corpusYaml = corpusSpecs.filter((t) => !t.trimStart().startsWith('{'));
const corpusDocs = corpusSpecs.map((t) => parseSpecText(t));

const schemaNames = ['User', 'Order', 'Node', 'Card'];
const ref = fc.oneof(
  { arbitrary: fc.constantFrom(...schemaNames).map((n) => `#/components/schemas/${n}`), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '#',
      '#/',
      '#/paths',
      '#/components',
      '#/definitions/User',
      '#/components/schemas/Missing',
    ),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(
      'other.yaml#/X',
      'http://[::1]/x',
      '#/components/schemas/%ZZ',
      '#/a~2b/~',
      '#/paths/~1a',
    ),
    weight: 1,
  },
);

/** A schema that may refer to the components (and so to itself: cycles). */
const schema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'xsmall', withCrossShrink: true },
    fc.record({ $ref: ref }),
    fc.record(
      {
        type: maybeWrong(fc.constantFrom('object', 'string', 'array', 'integer')),
        format: maybeWrong(fc.constantFrom('email', 'date', 'uuid', 'ipv4', 'password')),
        properties: maybeWrong(
          fc.dictionary(
            fc.constantFrom('email', 'ssn', 'name', 'id', 'card', 'phone', 'x.y', ''),
            tie('schema'),
            {
              maxKeys: 3,
            },
          ),
        ),
        items: tie('schema'),
        allOf: maybeWrong(fc.array(tie('schema'), { maxLength: 2 })),
        additionalProperties: maybeWrong(tie('schema')),
      },
      { requiredKeys: [] },
    ),
    wrongType,
  ),
})).schema;

const parameter = fc.record(
  {
    name: maybeWrong(fc.constantFrom('id', 'email', 'q', 'X-Api-Key', 'body')),
    in: maybeWrong(fc.constantFrom('path', 'query', 'header', 'cookie', 'body', 'formData')),
    required: maybeWrong(fc.boolean()),
    schema,
    type: maybeWrong(fc.constantFrom('string', 'integer')),
  },
  { requiredKeys: ['name', 'in'] },
);

const operation = fc.record(
  {
    operationId: maybeWrong(fc.string({ maxLength: 10 })),
    summary: maybeWrong(garbageText(20)),
    deprecated: maybeWrong(fc.boolean()),
    parameters: maybeWrong(fc.array(fc.oneof(parameter, fc.record({ $ref: ref })), { maxLength: 3 })),
    requestBody: maybeWrong(
      fc.record({
        content: maybeWrong(
          fc.dictionary(fc.constantFrom('application/json', '*/*'), fc.record({ schema }), { maxKeys: 2 }),
        ),
      }),
    ),
    responses: maybeWrong(
      fc.dictionary(
        fc.constantFrom('200', '201', 'default', '2XX', '404'),
        fc.oneof(
          fc.record({ $ref: ref }),
          fc.record(
            {
              schema,
              content: fc.dictionary(fc.constant('application/json'), fc.record({ schema }), { maxKeys: 1 }),
            },
            { requiredKeys: [] },
          ),
        ),
        { maxKeys: 3 },
      ),
    ),
    security: maybeWrong(
      fc.array(
        fc.dictionary(
          fc.constantFrom('key', 'oauth', ''),
          fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
          { maxKeys: 2 },
        ),
        { maxLength: 2 },
      ),
    ),
  },
  { requiredKeys: [] },
);

const pathItem = fc.oneof(
  {
    arbitrary: fc.dictionary(
      fc.constantFrom('get', 'post', 'put', 'delete', 'patch', 'parameters', 'x-ext'),
      maybeWrong(operation),
      { maxKeys: 3 },
    ),
    weight: 8,
  },
  {
    arbitrary: fc.record({ $ref: fc.constantFrom('#/paths/~1a', '#/paths', '#', '#/x-items/a') }),
    weight: 1,
  },
  { arbitrary: wrongType, weight: 1 },
);

/** A generated OpenAPI 3 or Swagger 2 document with fields of the wrong type here and there. */
const document = fc
  .record(
    {
      version: fc.constantFrom(
        'openapi:3.0.3',
        'openapi:3.1.0',
        'swagger:2.0',
        'openapi:4.0',
        'swagger:1.2',
        'openapi:3',
      ),
      info: maybeWrong(fc.record({ title: maybeWrong(garbageText(12)) }, { requiredKeys: [] })),
      servers: maybeWrong(
        fc.array(
          fc.record(
            {
              url: maybeWrong(
                fc.constantFrom(
                  'https://API.example.com/v1/',
                  '/relative',
                  '{scheme}://h:{port}/{base}',
                  'http://[bad',
                  '',
                  '//x',
                ),
              ),
              variables: maybeWrong(
                fc.dictionary(fc.constantFrom('scheme', 'port', 'base'), fc.record({ default: wrongType }), {
                  maxKeys: 2,
                }),
              ),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 2 },
        ),
      ),
      host: maybeWrong(fc.constantFrom('api.example.com', 'h:8080', '', 'a b')),
      basePath: maybeWrong(fc.constantFrom('/v2', '', '/', 'noslash', '/a/../b')),
      schemes: maybeWrong(fc.array(fc.constantFrom('https', 'http', 'ws', ''), { maxLength: 2 })),
      paths: maybeWrong(
        fc.dictionary(fc.oneof(urlPath, garbageText(10)), pathItem, { maxKeys: 3 * scale }),
        12,
      ),
      components: maybeWrong(
        fc.record(
          {
            schemas: maybeWrong(
              fc.record(Object.fromEntries(schemaNames.map((n) => [n, schema])), { requiredKeys: [] }),
            ),
            securitySchemes: maybeWrong(
              fc.dictionary(fc.constantFrom('key', 'oauth'), fc.constant({ type: 'apiKey' }), { maxKeys: 2 }),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
      security: maybeWrong(
        fc.array(fc.dictionary(fc.constantFrom('key', 'oauth'), fc.constant([]), { maxKeys: 1 }), {
          maxLength: 2,
        }),
      ),
    },
    { requiredKeys: ['version', 'paths'] },
  )
  .map(({ version, ...rest }) => {
    const [field, value] = version.split(':') as [string, string];
    return { [field]: value, ...rest };
  });

/** Documents whose objects are shared or cyclic (what YAML anchors produce when parsed). */
const cyclicDocument = fc.tuple(document, fc.nat(3)).map(([doc, how]) => {
  const d = structuredClone(doc) as Record<string, unknown>;
  const paths = (
    typeof d['paths'] === 'object' && d['paths'] !== null ? d['paths'] : (d['paths'] = {})
  ) as Record<string, unknown>;
  const node: Record<string, unknown> = { type: 'object' };
  node['properties'] = { self: node, email: node };
  node['items'] = node;
  const op = { responses: { '200': { content: { 'application/json': { schema: node } } } } };
  if (how === 0) paths['/cycle'] = { get: op, post: op };
  else if (how === 1)
    paths['/root'] = { get: { responses: { '200': { schema: d, content: { a: { schema: d } } } } } };
  else if (how === 2) paths['/loop'] = paths;
  else d['components'] = { schemas: { User: node, Order: { $ref: '#/components/schemas/Order' } } };
  return d;
});

/** YAML that expands exponentially, refers to itself, or nests deeply. */
const hostileYaml = fc.oneof(
  fc
    .tuple(fc.integer({ min: 2, max: 6 + scale }), fc.integer({ min: 2, max: 4 + scale }))
    .map(([levels, width]) => {
      const lines = ['openapi: 3.0.0', 'l0: &l0 [lol, lol]'];
      for (let i = 1; i < levels; i++)
        lines.push(
          `l${i}: &l${i} [${Array(width)
            .fill(`*l${i - 1}`)
            .join(', ')}]`,
        );
      lines.push(`paths: {"/a": {get: {responses: {"200": {description: *l${levels - 1}}}}}}`);
      return lines.join('\n');
    }),
  fc.constantFrom(
    'openapi: 3.0.0\npaths: &p\n  /a: *p\n',
    'openapi: 3.0.0\npaths:\n  /a: &a\n    get: {responses: {"200": {content: {a: {schema: {properties: {x: *a}}}}}}}\n',
    'openapi: 3.0.0\nx: &x [*x]\npaths: {}\n',
    'openapi: 3.0.0\npaths:\n  /a:\n    <<: *missing\n',
    'openapi: 3.0.0\n!!binary x: y\npaths: {}',
    '%YAML 9.9\n---\nopenapi: 3.0.0\n',
    '--- !<tag:yaml.org,2002:js/function> "function(){}"\n',
  ),
  fc
    .integer({ min: 1, max: 200 * scale })
    .map((n) => `openapi: 3.0.0\npaths: ${'['.repeat(n)}${']'.repeat(n)}`),
  fc
    .integer({ min: 1, max: 2000 * scale })
    .map((n) => `{"openapi":"3.0.0","paths":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`),
  fc
    .integer({ min: 1, max: 300 * scale })
    .map(
      (n) =>
        `{"openapi":"3.0.0","paths":{"/a":{"get":{"responses":{"200":{"schema":${'{"properties":{"p":'.repeat(n)}{}${'}}'.repeat(n)}}}}}}}`,
    ),
  fc
    .integer({ min: 1, max: 2_000 * scale })
    .map((n) => `openapi: 3.0.0\ninfo: {title: ${'x'.repeat(n)}}\npaths: {"/${'a'.repeat(n)}": {get: {}}}`),
);

// Weights keep the mean input near a millisecond in CI: YAML costs ten times JSON.
const yamlWeight = fuzzSettings.scale > 1 ? 40 : 1;
const text = fc.oneof(
  { arbitrary: fc.constantFrom(...corpusJson), weight: 5 },
  { arbitrary: mutated(fc.constantFrom(...corpusJson), 6), weight: 40 },
  { arbitrary: mutated(fc.constantFrom(...corpusYaml), 6), weight: yamlWeight },
  { arbitrary: document.map((d) => JSON.stringify(d)), weight: 60 },
  { arbitrary: document.map((d) => toYaml(d)), weight: 5 * yamlWeight },
  { arbitrary: mutated(document.map((d) => JSON.stringify(d))), weight: 40 },
  { arbitrary: mutated(document.map((d) => toYaml(d))), weight: 5 * yamlWeight },
  { arbitrary: hostileYaml, weight: 10 },
  { arbitrary: garbageText(200), weight: 30 },
  { arbitrary: fc.json(), weight: 30 },
);

const input = fc.oneof(
  { arbitrary: fc.record({ text }), weight: 6 },
  {
    arbitrary: fc.record({
      doc: fc.oneof(document, cyclicDocument, mutatedTree(fc.constantFrom(...corpusDocs), 6), fc.anything()),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ text, domain: fc.constantFrom('Example.COM', '', 'ß.example') }), weight: 1 },
);

fuzzReader('OpenAPI reader', 'openapi', input, 'SpecError', (_, out) => {
  if (out === undefined) return;
  for (const e of out.endpoints) checkEndpoint(e);
  if (!out.warnings.every((w) => typeof w === 'string' && w.length > 0))
    throw new PropertyFailure(`bad warnings ${JSON.stringify(out.warnings)}`);
});
