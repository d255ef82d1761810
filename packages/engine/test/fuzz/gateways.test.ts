// Fuzzing the gateway payload readers on what a gateway answers (fetching it is
// @argus/connectors' part): Kong Admin API and Azure API Management page texts,
// corpus answers mutated, generated answers with fields of the wrong type, and
// garbage; AWS API Gateway resources and routes as the SDK types them, with hostile
// values. The readers answer well-formed endpoints or fail with GatewayError.
import fc from 'fast-check';
import { corpusText, hasCorpus } from '../corpus.js';
import {
  garbageText,
  httpMethod,
  maybeWrong,
  mutated,
  mutatedTree,
  urlPath,
  wrongType,
} from './generators.js';
import { checkEndpoint, fuzzReader } from './properties.js';
import { fuzzSettings } from './settings.js';
import type { GatewayResult } from '../../src/readers/gateways.js';
import type { AwsInput, Pages } from './targets.js';

const { scale } = fuzzSettings;
const corpus = (file: string, fallback: unknown): unknown =>
  hasCorpus ? (JSON.parse(corpusText(`gateway-config/${file}`)) as unknown) : fallback;

const list = <T>(item: fc.Arbitrary<T>, max = 4) => fc.array(item, { maxLength: max * scale });

/** One page's text: mostly a JSON body, sometimes mutated, sometimes garbage. */
function page(body: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: body.map((b) => JSON.stringify(b)), weight: 12 },
    {
      arbitrary: mutated(
        body.map((b) => JSON.stringify(b)),
        3,
      ),
      weight: 3,
    },
    {
      arbitrary: fc.oneof(
        garbageText(40),
        fc.json(),
        wrongType.map((v) => JSON.stringify(v)),
      ),
      weight: 1,
    },
  );
}
const pages = (body: fc.Arbitrary<unknown>) => fc.array(page(body), { minLength: 1, maxLength: 3 });

const hostile = fc.oneof(garbageText(12), wrongType);
const next = maybeWrong(
  fc.constantFrom(
    null,
    '/routes?offset=abc',
    'http://[bad',
    'https://other.example/x',
    '::',
    '?offset=1',
    '',
  ),
);

// Kong: services and routes pages.
const kongRoute = fc.record(
  {
    id: maybeWrong(fc.uuid()),
    name: maybeWrong(fc.constantFrom('r', '')),
    protocols: maybeWrong(list(maybeWrong(fc.constantFrom('http', 'https', 'grpc', 'tcp', 'tls')), 3)),
    methods: maybeWrong(list(maybeWrong(httpMethod), 3)),
    hosts: maybeWrong(list(maybeWrong(fc.constantFrom('Example.COM', 'x.test', '', '*.wild.example')), 2)),
    paths: maybeWrong(
      list(
        maybeWrong(
          fc.oneof(urlPath, fc.constantFrom('~/users/(?<id>\\d+)$', '~^/a/(.*)', '~', '~(', 'no-slash')),
          8,
        ),
        3,
      ),
    ),
    service: maybeWrong(fc.record({ id: maybeWrong(fc.constantFrom('s1', 's2')) })),
    tags: maybeWrong(list(maybeWrong(fc.string({ maxLength: 5 })), 2)),
  },
  { requiredKeys: [] },
);
const kongService = fc.record(
  {
    id: maybeWrong(fc.constantFrom('s1', 's2')),
    host: maybeWrong(fc.constantFrom('up.internal', '')),
    path: hostile,
    protocol: hostile,
  },
  { requiredKeys: [] },
);
const kongRoutes = corpus('kong/kong-docs-admin-api-3.1-list-routes.json', { data: [] });
const kongServices = corpus('kong/kong-docs-admin-api-3.1-list-services.json', { data: [] });
const kongPages: fc.Arbitrary<Pages> = fc.record({
  services: pages(
    fc.oneof(
      fc.record({ data: maybeWrong(list(maybeWrong(kongService))), next }, { requiredKeys: [] }),
      mutatedTree(fc.constant(kongServices), 3, false),
    ),
  ),
  routes: pages(
    fc.oneof(
      fc.record({ data: maybeWrong(list(maybeWrong(kongRoute))), next }, { requiredKeys: [] }),
      mutatedTree(fc.constant(kongRoutes), 3, false),
    ),
  ),
});

// Azure API Management: apis and operations pages.
const azureApi = fc.record(
  {
    name: maybeWrong(fc.constantFrom('echo', 'a b', '../x', '')),
    properties: maybeWrong(
      fc.record(
        {
          path: maybeWrong(fc.constantFrom('echo', '', '/lead', 'a/b', '..')),
          apiVersion: maybeWrong(fc.constantFrom('v2', '', '2024-01-01')),
          apiVersionSet: maybeWrong(
            fc.record({ versioningScheme: maybeWrong(fc.constantFrom('Segment', 'Query')) }),
          ),
          subscriptionRequired: maybeWrong(fc.boolean()),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);
const azureOperation = fc.record(
  {
    name: maybeWrong(fc.string({ maxLength: 6 })),
    properties: maybeWrong(
      fc.record(
        {
          method: maybeWrong(httpMethod),
          urlTemplate: maybeWrong(
            fc.oneof(urlPath, fc.constantFrom('/users/{id}?x={y}', 'no-slash', '', '/*', '/{a}{b}')),
          ),
          displayName: hostile,
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);
const azureNext = maybeWrong(
  fc.constantFrom(
    null,
    'https://management.azure.com/next?page=2',
    'https://evil.example/steal',
    'not a url',
    'http://[::1',
    '',
  ),
);
const azureApis = corpus('azure-apim/azure-rest-api-specs-2024-05-01-ApiManagementListApis.json', {
  value: [],
});
const azureOperations = corpus('azure-apim/devopskit-ApiManagementListApiOperations_success_response.json', {
  value: [],
});
const azurePages: fc.Arbitrary<Pages> = fc.record({
  apis: pages(
    fc.oneof(
      fc.record({ value: maybeWrong(list(maybeWrong(azureApi))), nextLink: azureNext }, { requiredKeys: [] }),
      mutatedTree(fc.constant(azureApis), 3, false),
    ),
  ),
  operations: pages(
    fc.oneof(
      fc.record(
        { value: maybeWrong(list(maybeWrong(azureOperation))), nextLink: azureNext },
        { requiredKeys: [] },
      ),
      mutatedTree(fc.constant(azureOperations), 3, false),
    ),
  ),
});

// AWS API Gateway: what the SDK returns for a REST API's resources and an HTTP API's routes.
const awsMethod = fc.oneof(httpMethod, fc.constant('ANY'));
const awsPath = fc.oneof(urlPath, fc.constantFrom('', 'x', '/{proxy+}', '//a', '/a b'));
const awsInput: fc.Arbitrary<AwsInput> = fc.record({
  region: fc.constantFrom('eu-west-1', 'us-east-1'),
  restApi: fc.record(
    { id: fc.constantFrom('a1b2c3', 'AbC123', '../x', ''), name: fc.string({ maxLength: 8 }) },
    { requiredKeys: ['id'] },
  ),
  resources: list(
    fc.record(
      {
        path: awsPath,
        resourceMethods: fc.dictionary(
          awsMethod,
          fc.record(
            {
              authorizationType: fc.constantFrom('NONE', 'AWS_IAM', 'CUSTOM', ''),
              apiKeyRequired: fc.boolean(),
            },
            { requiredKeys: [] },
          ),
          { maxKeys: 3 },
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  httpApi: fc.record(
    {
      ApiId: fc.constantFrom('h1', 'H2', ''),
      Name: fc.string({ maxLength: 8 }),
      ApiEndpoint: fc.constantFrom(
        'https://h1.execute-api.eu-west-1.amazonaws.com',
        'https://UP.Example',
        'not a url',
        'https://[::1',
        '',
      ),
    },
    { requiredKeys: ['ApiId'] },
  ),
  routes: list(
    fc.record(
      {
        RouteKey: fc.oneof(
          fc.constant('$default'),
          fc.tuple(awsMethod, awsPath).map(([m, p]) => `${m} ${p}`),
          garbageText(10),
        ),
        AuthorizationType: fc.constantFrom('NONE', 'JWT', 'AWS_IAM', ''),
      },
      { requiredKeys: [] },
    ),
  ),
});

const endpointsWellFormed = (_: unknown, out: GatewayResult | undefined) => {
  for (const e of out?.endpoints ?? []) checkEndpoint(e);
};
fuzzReader('Kong gateway payload reader', 'kong', kongPages, 'GatewayError', endpointsWellFormed);
fuzzReader('Azure APIM gateway payload reader', 'azure', azurePages, 'GatewayError', endpointsWellFormed);
fuzzReader('AWS API Gateway payload reader', 'aws', awsInput, 'GatewayError', endpointsWellFormed);
