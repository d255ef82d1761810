// Other API discovery tools' own path-merging test expectations, translated to Argus's
// semantics: a merged position is any `{…}` (their `STRING`/`INTEGER`/`{param1}`/`{user}`),
// a position they keep static is the literal segment. Each case's observed paths are fed to
// an Inventory (every path a case asks about is observed too); declared templates stand for
// the tool's "known paths" / spec. Inputs and expectations are restated as data, not code.
//
// Where we think a tool's expectation is wrong for real traffic, `differs` says why and
// `expect` holds ours; `theirs` keeps what the tool expects, so the figure can be read
// both ways. `open` marks a case Argus does not get right yet (the test skips it, the
// evaluation counts it).
import { createHash } from 'node:crypto';

export interface ReferenceCase {
  name: string;
  /** Declared templates (a spec, known paths) registered before the traffic. */
  declared?: string[];
  /** Observed requests: a path (GET) or [method, path]. */
  paths: (string | [string, string])[];
  /** Path (GET) or [method, path] → the template it must get. */
  expect: [string | [string, string], string][];
  /** Why we expect something other than the tool does. */
  differs?: string;
  /** The tool's own expectation where `differs` is set: path → template. */
  theirs?: [string, string][];
  /** Argus does not get this case right yet: why. */
  open?: string;
}

export interface ReferenceSuite {
  tool: string;
  repository: string;
  /** Test files the cases come from. */
  files: string[];
  licence: string;
  cases: ReferenceCase[];
}

const range = <T = string>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** A fixed version-4-shaped UUID per (seed, i): the suites use random ones. */
export function fixedUuid(seed: string, i: number): string {
  const h = createHash('sha1').update(`${seed}:${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A fixed 24-hex ObjectId per i. */
const objectId = (i: number) => createHash('sha1').update(`oid:${i}`).digest('hex').slice(0, 24);

const WORDS = [
  'apple', 'banana', 'cat', 'dog', 'elephant', 'flower', 'guitar', 'house', 'island', 'jungle', 'kite',
  'lemon', 'mountain', 'night', 'ocean', 'piano', 'queen', 'river', 'sun', 'tree', 'umbrella', 'village',
  'whale', 'xylophone', 'yacht', 'zebra', 'bird', 'clock', 'desert', 'engine', 'forest', 'garden', 'honey',
]; // prettier-ignore

const aktoBooks = range(50, (i) => `/api/${i}/books/${i + 1}/cars/${i + 3}`);
const aktoProducts = range(25, (i) => {
  const u = (k: number) => fixedUuid(`product${k}`, i);
  return `/api/product/${u(1)}/subproduct/${u(2)}/subitem/${u(3)}/id/${i}`;
});
const aktoNotifications = range(50, (i) => `/api/notifications/${fixedUuid('notification', i)}/received`);

export const AKTO: ReferenceSuite = {
  tool: 'Akto',
  repository: 'akto-api-security/akto',
  files: [
    'apps/api-runtime/src/test/java/com/akto/parsers/TestMergingNew.java',
    'apps/api-runtime/src/test/java/com/akto/parsers/TestDBSync.java',
    'apps/api-runtime/src/test/java/com/akto/runtime/TestApiCatalogSync.java',
  ],
  licence: 'MIT',
  cases: [
    {
      name: 'testMultipleIntegerMerging: /api/{i}/books/{i+1}/cars/{i+3}, 50 paths, one template',
      paths: aktoBooks,
      expect: aktoBooks.filter((_, i) => i < 12 || i % 10 === 0).map((p) => [p, '/api/{}/books/{}/cars/{}']),
    },
    {
      name: 'testStringMerging: words stay, short upper-case codes and a UUID merge',
      paths: [
        '/api/demo',
        '/api/cat',
        '/api/OSHE2CNS',
        '/api/2HOIWNJK',
        '/api/31a1a7c5-b4e3-47f5-8579-f7fc044c6a98',
        '/api/tree',
      ],
      expect: [
        ['/api/demo', '/api/demo'],
        ['/api/cat', '/api/cat'],
        ['/api/tree', '/api/tree'],
        ['/api/OSHE2CNS', '/api/{}'],
        ['/api/2HOIWNJK', '/api/{}'],
        ['/api/31a1a7c5-b4e3-47f5-8579-f7fc044c6a98', '/api/{}'],
      ],
    },
    {
      name: 'testEnglishWordsUrlTestString: 33 dictionary words under /link stay literal',
      paths: WORDS.map((w) => `/link/${w}`),
      expect: WORDS.map((w) => [`/link/${w}`, `/link/${w}`]),
    },
    {
      name: 'testmultipleUUIDForceMerge: UUIDs (and one e-mail) at three positions, a counter at the end',
      paths: [
        ...aktoProducts,
        '/api/product/avneesh@akto.io/subproduct/avneesh@akto.io/subitem/avneesh@akto.io/id/112',
      ],
      expect: [
        ...aktoProducts
          .slice(0, 6)
          .map((p): [string, string] => [p, '/api/product/{}/subproduct/{}/subitem/{}/id/{}']),
        [
          '/api/product/avneesh@akto.io/subproduct/avneesh@akto.io/subitem/avneesh@akto.io/id/112',
          '/api/product/{}/subproduct/{}/subitem/{}/id/{}',
        ],
      ],
    },
    {
      name: 'testFirstUrlParameterMerging: identifiers as the first segment',
      paths: [
        '/D654447FF7',
        '/c7e5e544-4040-4405-b2a7-22bf9c5286fb',
        '/3',
        `/${objectId(1)}`,
        '/test@akto.io',
      ],
      expect: [
        ['/D654447FF7', '/{}'],
        ['/c7e5e544-4040-4405-b2a7-22bf9c5286fb', '/{}'],
        ['/3', '/{}'],
        [`/${objectId(1)}`, '/{}'],
        ['/test@akto.io', '/{}'],
      ],
      differs:
        'Akto keeps the lone e-mail static only because its subtype count is below its threshold; an e-mail in a path is a value, and its siblings are all identifiers.',
      theirs: [['/test@akto.io', '/test@akto.io']],
    },
    {
      name: 'testUUIDForceMerge: /api/notifications/{uuid}/received (and an e-mail)',
      paths: [...aktoNotifications, '/api/notifications/avneesh@akto.io/received'],
      expect: [
        ...aktoNotifications.slice(0, 5).map((p): [string, string] => [p, '/api/notifications/{}/received']),
        ['/api/notifications/avneesh@akto.io/received', '/api/notifications/{}/received'],
      ],
    },
    {
      name: 'testParameterizedURLsTestString: /link/A0 … /link/A32 merge',
      paths: range(33, (i) => `/link/A${i}`),
      expect: range(33, (i) => `/link/A${i}`).map((p) => [p, '/link/{}']),
    },
    {
      name: 'testNonJsonResponsePayload: /v1/l/inv_0 … inv_29 merge',
      paths: range(30, (i) => `/v1/l/inv_${i}`),
      expect: range(30, (i) => `/v1/l/inv_${i}`).map((p) => [p, '/v1/l/{}']),
    },
    {
      name: 'testEmptyResponsePayload: /1/kb/paymentGateways/hosted/form/param0 … param29',
      paths: range(30, (i): [string, string] => ['POST', `/1/kb/paymentGateways/hosted/form/param${i}`]),
      expect: range(30, (i) => `/1/kb/paymentGateways/hosted/form/param${i}`).map((p) => [
        ['POST', p],
        '/1/kb/paymentGateways/hosted/form/{}',
      ]),
      differs:
        'Akto keeps 30 templates (the leading 1 merged, each paramN static); thirty word+counter values at one leaf are one parameter, and a lone leading 1 is a version.',
      theirs: range(3, (i): [string, string] => [
        `/1/kb/paymentGateways/hosted/form/param${i}`,
        `/{}/kb/paymentGateways/hosted/form/param${i}`,
      ]),
    },
    {
      name: 'testStrictIntoTemplate: /api/books/c0 … c29 merge',
      paths: range(30, (i) => `/api/books/c${i}`),
      expect: range(30, (i) => `/api/books/c${i}`).map((p) => [p, '/api/books/{}']),
    },
    {
      name: 'test20percentCondition: /api/a0 … a32 merge',
      paths: range(33, (i) => `/api/a${i}`),
      expect: range(33, (i) => `/api/a${i}`).map((p) => [p, '/api/{}']),
    },
    {
      name: 'testMinMaxAndLastSeenNew: /api/books1 … books24, books99, books100 merge',
      paths: [...range(25, (i) => `/api/books${i}`), '/api/books99', '/api/books100'],
      expect: [...range(25, (i) => `/api/books${i}`), '/api/books99', '/api/books100'].map((p) => [
        p,
        '/api/{}',
      ]),
    },
    {
      name: 'testCaseInsensitiveApisMerging: case variants of /api/demo and /api/v1/demo',
      paths: ['/api/demo', '/api/DeMo', '/api/demO', '/api/dEmo', '/api/v1/demo', '/api/v1/Demo'].map(
        (p): [string, string] => ['POST', p],
      ),
      expect: [
        [['POST', '/api/demo'], '/api/demo'],
        [['POST', '/api/DeMo'], '/api/DeMo'],
        [['POST', '/api/demO'], '/api/demO'],
        [['POST', '/api/dEmo'], '/api/dEmo'],
        [['POST', '/api/v1/demo'], '/api/v1/demo'],
        [['POST', '/api/v1/Demo'], '/api/v1/Demo'],
      ],
      differs:
        'Akto folds case here only because the test turns on its case-insensitive merge; a URL path is case-sensitive (RFC 3986 §6.2.2.1), so each spelling is its own literal.',
      theirs: [
        ['/api/demo', '/api/DeMo'],
        ['/api/demO', '/api/DeMo'],
        ['/api/dEmo', '/api/DeMo'],
        ['/api/v1/demo', '/api/v1/Demo'],
      ],
    },
    {
      name: 'testSampleDataUpdate: POST /v2/books/1 … 3 template at once, PUT /v2/pet stays',
      paths: [
        ['PUT', '/v2/pet'],
        ['POST', '/v2/books/1'],
        ['POST', '/v2/books/2'],
        ['POST', '/v2/books/3'],
      ],
      expect: [
        [['PUT', '/v2/pet'], '/v2/pet'],
        [['POST', '/v2/books/1'], '/v2/books/{}'],
        [['POST', '/v2/books/2'], '/v2/books/{}'],
        [['POST', '/v2/books/3'], '/v2/books/{}'],
      ],
    },
    {
      name: 'testDuplicateSTI: /api/books/1 and /api/books/2 merge',
      paths: ['/api/books/1', '/api/books/2'],
      expect: [
        ['/api/books/1', '/api/books/{}'],
        ['/api/books/2', '/api/books/{}'],
      ],
    },
    {
      name: 'testMergeUrlsAndSaveSlashBug: api/books and /api/books are not merged into a template',
      paths: ['api/books', '/api/books'],
      expect: [['/api/books', '/api/books']],
    },
    {
      name: 'testMultipleParamMerge: /v1/payments/pay_…/callback/{40-hex} merges at both positions',
      paths: [
        '/v1/payments/pay_M4aF0T32RMlJGY/callback/885cfaf9b074af2a38888a0a054a6d5aa323fb10',
        '/v1/payments/pay_M4aAEM4AD4cLB0/callback/c04a604d75ad8693e66eab9a4ef7b00388a4e9e7',
      ],
      expect: [
        [
          '/v1/payments/pay_M4aF0T32RMlJGY/callback/885cfaf9b074af2a38888a0a054a6d5aa323fb10',
          '/v1/payments/{}/callback/{}',
        ],
        [
          '/v1/payments/pay_M4aAEM4AD4cLB0/callback/c04a604d75ad8693e66eab9a4ef7b00388a4e9e7',
          '/v1/payments/{}/callback/{}',
        ],
      ],
    },
    {
      name: 'testMultipleLongMerging: one request with two longs past 2^31 templates both',
      paths: [['POST', '/api/books/2147483648/cars/2147483650']],
      expect: [[['POST', '/api/books/2147483648/cars/2147483650'], '/api/books/{}/cars/{}']],
    },
    {
      name: 'testMultipleFloatMerging: one request with two floats templates both',
      paths: [['POST', '/api/books/2.3/cars/4.3']],
      expect: [[['POST', '/api/books/2.3/cars/4.3'], '/api/books/{}/cars/{}']],
    },
    {
      name: 'TestApiCatalogSync.testFillUrlParams: card numbers and integers fill a known /api/books/{}',
      declared: ['/api/books/{book}'],
      paths: [
        '/api/books/378282246310005',
        'api/books/378282246310005',
        'api/books/4111111111111111/',
        '/api/books/234',
        'api/books/999',
      ],
      expect: [
        ['/api/books/378282246310005', '/api/books/{}'],
        ['api/books/378282246310005', '/api/books/{}'],
        ['api/books/4111111111111111/', '/api/books/{}'],
        ['/api/books/234', '/api/books/{}'],
        ['api/books/999', '/api/books/{}'],
      ],
    },
    {
      name: 'TestDBSync.testParameterizedURL: /link/1 … /link/30 merge',
      paths: range(30, (i) => `/link/${i + 1}`),
      expect: range(30, (i) => `/link/${i + 1}`).map((p) => [p, '/link/{}']),
      differs:
        'Akto asserts one strict URL beside the template: /link/1 stays apart only because its sample carried an extra response header; the path is the 1 of 1 … 30.',
      theirs: [['/link/1', '/link/1']],
    },
    {
      name: 'TestDBSync.testImmediateSync: /immediate/1 … /immediate/30 merge',
      paths: range(30, (i) => `/immediate/${i + 1}`),
      expect: range(30, (i) => `/immediate/${i + 1}`).map((p) => [p, '/immediate/{}']),
    },
    {
      name: 'TestDBSync.testInvalidMergeParameterizedURL: /payment/id1 … id30 merge, /payment/history stays',
      paths: [...range(30, (i) => `/payment/id${i + 1}`), '/payment/history'],
      expect: [
        ...range(30, (i) => `/payment/id${i + 1}`).map((p): [string, string] => [p, '/payment/{}']),
        ['/payment/history', '/payment/history'],
      ],
    },
  ],
};

const GITHUB_USERS = [
  '/users/{username}/events/public',
  '/users',
  '/users/{username}',
  '/users/{username}/events',
  '/users/{username}/events/orgs/{org}',
  '/users/{username}/followers',
  '/users/{username}/following',
  '/users/{username}/following/{target_user}',
  '/users/{username}/gists',
  '/users/{username}/gpg_keys',
  '/users/{username}/gpg_keys/{key}',
  '/users/{username}/hovercard',
  '/users/{username}/installation',
  '/users/{username}/keys',
  '/users/{username}/orgs',
  '/users/{username}/packages',
  '/users/{username}/packages/{package_type}/{package_name}',
];

const topLevel = (prefix: string): ReferenceCase['paths'] =>
  [
    '/orders/3/products',
    '/orders/3',
    '/orders/3/tracking',
    '/users/m24-3343/addresses/1',
    '/users/n94-3343/addresses',
    '/users/n94-3343/addresses/4',
    '/health-check',
    '/rates/10005',
    // asked about, so observed too
    '/users/m24-3343/addresses',
    '/users/n94-3343/addresses/1',
  ].map((p) => `${prefix}${p}`);

const topLevelExpect = (prefix: string): ReferenceCase['expect'] =>
  (
    [
      ['/orders/3', '/orders/{}'],
      ['/orders/3/products', '/orders/{}/products'],
      ['/orders/3/tracking', '/orders/{}/tracking'],
      ['/users/m24-3343/addresses', '/users/{}/addresses'],
      ['/users/n94-3343/addresses/1', '/users/{}/addresses/{}'],
      ['/users/m24-3343/addresses/1', '/users/{}/addresses/{}'],
      ['/health-check', '/health-check'],
      ['/rates/10005', '/rates/{}'],
    ] as const
  ).map(([p, t]) => [`${prefix}${p}`, `${prefix}${t}`]);

const opticRepos = [
  '/organizations/opticdev/repositories/optic',
  '/organizations/opticdev/repositories/optic-10',
  '/organizations/opticdev/repositories/fun',
  '/organizations/acme-fun/repositories/demo',
];

export const OPTIC: ReferenceSuite = {
  tool: 'Optic',
  repository: 'opticdev/optic',
  files: [
    'projects/optic/src/commands/oas/operations/infer-path-structure.test.ts',
    'projects/optic/src/commands/capture/operations/__tests__/infer-path-structure.test.ts',
    'projects/optic/src/commands/capture/operations/__tests__/path-inference.test.ts',
    'projects/openapi-cli/src/operations/infer-path-structure.test.ts',
  ],
  licence: 'MIT',
  cases: [
    {
      name: 'returns the path when nothing can be inferred',
      paths: ['/api/users/status'],
      expect: [['/api/users/status', '/api/users/status']],
    },
    {
      name: 'guesses obvious variables from one request',
      paths: ['/organizations/648/repositories/11221'],
      expect: [['/organizations/648/repositories/11221', '/organizations/{}/repositories/{}']],
    },
    {
      name: 'overlapping string values under a shared structure become variables',
      paths: opticRepos,
      expect: opticRepos.map((p) => [p, '/organizations/{}/repositories/{}']),
    },
    {
      name: 'reduces overlapping string constants to variables (with the bare collection item)',
      paths: [
        ...opticRepos,
        '/organizations/acme-fun',
        '/organizations/acme-fun/repositories/love',
        '/organizations/Rosa/repositories/love',
      ],
      expect: [
        ['/organizations/acme-fun', '/organizations/{}'],
        ['/organizations/opticdev/repositories/optic', '/organizations/{}/repositories/{}'],
        ['/organizations/Rosa/repositories/love', '/organizations/{}/repositories/{}'],
        ['/organizations/acme-fun/repositories/demo', '/organizations/{}/repositories/{}'],
      ],
    },
    {
      name: 'two numeric values under /api',
      paths: ['/api/123456789', '/api/987654311'],
      expect: [
        ['/api/123456789', '/api/{}'],
        ['/api/987654311', '/api/{}'],
      ],
      differs:
        'Optic reserves the word "api" so the numbers after it stay literal; nine-digit numbers are identifiers wherever they sit.',
      theirs: [['/api/123456789', '/api/123456789']],
    },
    {
      name: 'known paths: a new sub-resource under a declared parameter extends it',
      declared: GITHUB_USERS,
      paths: ['/users/auser/settings', '/organizations/opticdev/settings'],
      expect: [
        ['/users/auser/settings', '/users/{}/settings'],
        ['/organizations/opticdev/settings', '/organizations/opticdev/settings'],
      ],
    },
    {
      name: 'known paths: values under a declared literal sibling become a variable',
      declared: [...GITHUB_USERS, '/users/friends'],
      paths: ['/users/friends/anotherfriend', '/users/friends/hello', '/users/friends/myfriend'],
      expect: [['/users/friends/myfriend', '/users/friends/{}']],
      open: 'Three plain words under a declared literal (no parameter declared there) stay literal: nothing but the plural name says they are values.',
    },
    {
      name: 'known paths: different top-level variables',
      declared: GITHUB_USERS,
      paths: topLevel(''),
      expect: topLevelExpect(''),
    },
    {
      name: 'known paths: a declared constant stays, an id-like sibling is a variable',
      declared: [...GITHUB_USERS, '/projects', '/projects/active'],
      paths: [
        '/projects/my-project',
        '/projects/active',
        '/projects/inactive',
        '/projects/f6a55ab7-f30d-4738-a6b7-50edb7b10008',
      ],
      expect: [
        ['/projects/active', '/projects/active'],
        ['/projects/inactive', '/projects/inactive'],
        ['/projects/f6a55ab7-f30d-4738-a6b7-50edb7b10008', '/projects/{}'],
      ],
    },
    {
      name: 'will not learn paths it recognises; learns entirely new ones',
      declared: GITHUB_USERS,
      paths: [['GET', '/todos'], ['POST', '/todos'], '/users/octocat/gpg_keys/7'],
      expect: [
        ['/todos', '/todos'],
        [['POST', '/todos'], '/todos'],
        ['/users/octocat/gpg_keys/7', '/users/{}/gpg_keys/{}'],
      ],
    },
    {
      name: 'expands from hints in spec variables',
      declared: ['/organizations/{organization}'],
      paths: ['/organizations/opticdev/members', '/organizations/opticdev/members/1'],
      expect: [
        ['/organizations/opticdev/members', '/organizations/{}/members'],
        ['/organizations/opticdev/members/1', '/organizations/{}/members/{}'],
      ],
    },
    {
      name: 'respects verified components',
      declared: ['/users/{username}/events/public'],
      paths: ['/users/name-of-a-person/events/private'],
      expect: [['/users/name-of-a-person/events/private', '/users/{}/events/private']],
    },
    {
      name: 'learns a variable component with constants after',
      paths: [
        '/users/name-of-a-person/events',
        '/users/othername-of-thing/repos',
        '/users/othername-of-thing/favorites',
      ],
      expect: [
        ['/users/name-of-a-person/events', '/users/{}/events'],
        ['/users/othername-of-thing/repos', '/users/{}/repos'],
        ['/users/othername-of-thing/favorites', '/users/{}/favorites'],
      ],
      open: 'Two slugs under /users with no sub-route in common: no shared structure and too few values to merge by count.',
    },
    {
      name: 'learns a variable component with variables after',
      paths: [
        '/users/name-of-a-person/events',
        '/users/othername-of-thing/repos',
        '/users/othername-of-thing/favorites',
        '/users/othername-of-thing/repos/abc',
        '/users/othername-of-thing/repos/def',
        '/users/OTHER-user/repos/xyz',
      ],
      expect: [
        ['/users/name-of-a-person/events', '/users/{}/events'],
        ['/users/othername-of-thing/repos', '/users/{}/repos'],
        ['/users/othername-of-thing/favorites', '/users/{}/favorites'],
        ['/users/othername-of-thing/repos/abc', '/users/{}/repos/{}'],
        ['/users/OTHER-user/repos/xyz', '/users/{}/repos/{}'],
      ],
    },
    {
      name: 'known paths: before /projects/active is declared, it collapses with my-project',
      declared: [...GITHUB_USERS, '/projects'],
      paths: ['/projects/my-project', '/projects/active'],
      expect: [
        ['/projects/active', '/projects/{}'],
        ['/projects/my-project', '/projects/{}'],
      ],
      open: 'A slug and a word under a declared literal /projects (no parameter declared there) stay literal: got /projects/active and /projects/my-project.',
    },
    {
      name: 'suggests an additional method on a known path',
      declared: ['/orgs'],
      paths: [['POST', '/orgs']],
      expect: [[['POST', '/orgs'], '/orgs']],
    },
    {
      name: 'works with async captured interactions',
      paths: [
        ['POST', '/orders/3/products'],
        ['PATCH', '/orders/3/products'],
        ['GET', '/orders'],
      ],
      expect: [
        [['POST', '/orders/3/products'], '/orders/{}/products'],
        [['PATCH', '/orders/3/products'], '/orders/{}/products'],
        ['/orders', '/orders'],
      ],
    },
    {
      name: 'multiple top-level resources',
      paths: topLevel(''),
      expect: topLevelExpect(''),
    },
    {
      name: 'multiple top-level resources under a declared /api',
      declared: ['/api'],
      paths: topLevel('/api'),
      expect: topLevelExpect('/api'),
    },
  ],
};

export const SPECULATOR: ReferenceSuite = {
  tool: 'APIClarity speculator',
  repository: 'openclarity/speculator',
  files: ['pkg/spec/path_params_test.go', 'pkg/spec/review_test.go', 'pkg/pathtrie/path_trie_test.go'],
  licence: 'Apache-2.0',
  cases: [
    {
      name: 'createParameterizedPath: no suspect params',
      paths: ['/api/user/hello'],
      expect: [['/api/user/hello', '/api/user/hello']],
    },
    {
      name: 'createParameterizedPath: one suspect param',
      paths: ['/api/123/hello'],
      expect: [['/api/123/hello', '/api/{}/hello']],
    },
    {
      name: 'createParameterizedPath: two suspect params',
      paths: ['/api/123/hello/234'],
      expect: [['/api/123/hello/234', '/api/{}/hello/{}']],
    },
    {
      name: 'isSuspectPathParam: a number, a 30-digit number, a UUID',
      paths: [
        '/items/1234',
        '/tokens/123456789001234567890023456789',
        '/jobs/3d9f2779-264f-4930-9196-e60c8a3610d2',
      ],
      expect: [
        ['/items/1234', '/items/{}'],
        ['/tokens/123456789001234567890023456789', '/tokens/{}'],
        ['/jobs/3d9f2779-264f-4930-9196-e60c8a3610d2', '/jobs/{}'],
      ],
    },
    {
      name: 'isSuspectPathParam: letters with three digits are a value, with two are not',
      paths: ['/codes/abcdefghij123', '/names/abcdefghijk12'],
      expect: [
        ['/codes/abcdefghij123', '/codes/{}'],
        ['/names/abcdefghijk12', '/names/abcdefghijk12'],
      ],
    },
    {
      name: 'CreateSuggestedReview: /api/1 and /api/2 map to one parameterized path',
      paths: ['/api/1', '/api/2'],
      expect: [
        ['/api/1', '/api/{}'],
        ['/api/2', '/api/{}'],
      ],
    },
    {
      name: 'CreateSuggestedReview: two under /api/{}, /api/foo literal, /api/foo/{}/bar/{}',
      paths: ['/api/1', '/api/2', '/api/foo', '/api/foo/1/bar/2'],
      expect: [
        ['/api/1', '/api/{}'],
        ['/api/2', '/api/{}'],
        ['/api/foo', '/api/foo'],
        ['/api/foo/1/bar/2', '/api/foo/{}/bar/{}'],
      ],
      open: 'A digit after a singular word two levels down with routes below (`/rest/atlassian-connect/1/…`) is kept as a possible version: got /api/foo/1/bar/{}.',
    },
    {
      name: 'createLearningParametrizedPaths: a lone /api/1 is parameterized',
      paths: ['/api/1'],
      expect: [['/api/1', '/api/{}']],
    },
    {
      name: 'PathTrie getNode: the most accurate of several known templates',
      declared: [
        '/api/{param1}/items',
        '/api/items',
        '/api/{param1}/{param2}',
        '/api/{param1}/cat',
        '/api/items/cat',
      ],
      paths: ['/api/1/items', '/api/items', '/api/1/2', '/api/1/cat', '/api/items/cat'],
      expect: [
        ['/api/1/items', '/api/{}/items'],
        ['/api/items', '/api/items'],
        ['/api/1/2', '/api/{}/{}'],
        ['/api/1/cat', '/api/{}/cat'],
        ['/api/items/cat', '/api/items/cat'],
      ],
    },
    {
      name: 'PathTrie getMatchNodes: a literal with no value of its own does not take the match',
      declared: ['/api/{param1}/test/cats', '/api/{param1}/{param2}'],
      paths: ['/api/123/test'],
      expect: [['/api/123/test', '/api/{}/{}']],
    },
    {
      name: 'PathTrie getMatchNodes: a longer path matches no known template',
      declared: ['/api/{param1}/test', '/api/{param1}/{param2}'],
      paths: ['/api/cats/dogs/test'],
      expect: [['/api/cats/dogs/test', '/api/{}/{}/test']],
      differs:
        'The trie answers only same-length matches, so speculator learns the path as it is; Argus extends a declared parameter prefix by a new sub-route, as Optic expects (`/users/auser/settings` → `/users/{}/settings`).',
      theirs: [['/api/cats/dogs/test', '/api/cats/dogs/test']],
    },
    {
      name: 'getMostAccurateNode: fewer parameters win',
      declared: ['/api/{param1}/test/{param2}', '/api/{param1}/{param2}/{param3}'],
      paths: ['/api/cats/test/dogs'],
      expect: [['/api/cats/test/dogs', '/api/{}/test/{}']],
    },
  ],
};

const HAR_LOGIN = [
  '/login/date/2022-02-02/id/12345/uuid/123e4567-e89b-12d3-a456-426655440000',
  '/login/date/2022-02-02',
  '/login/uuid/123e4567-e89b-12d3-a456-426655440000',
  '/login/id/1234567',
  '/login/id/1234567/idTwo/1234567',
  '/login/id/1234567/idTwo/1234567/true',
];

export const HAR_TO_OPENAPI: ReferenceSuite = {
  tool: 'har-to-openapi',
  repository: 'jonluca/har-to-openapi',
  files: [
    'test/parameter.test.ts',
    'test/__snapshots__/parameter.test.ts.snap',
    'test/data/url.har',
    'test/pathReplace.test.ts',
    'test/__snapshots__/pathReplace.test.ts.snap',
    'test/capture-routing.test.ts',
    'test/definite-bugs.test.ts',
  ],
  licence: 'MIT',
  cases: [
    {
      name: 'parameterized URLs: dates, long ids, UUIDs and a boolean (snapshot of url.har)',
      paths: HAR_LOGIN.map((p): [string, string] => ['POST', p]),
      expect: [
        [['POST', HAR_LOGIN[0] as string], '/login/date/{date}/id/{id}/uuid/{uuid}'],
        [['POST', HAR_LOGIN[1] as string], '/login/date/{date}'],
        [['POST', HAR_LOGIN[2] as string], '/login/uuid/{uuid}'],
        [['POST', HAR_LOGIN[3] as string], '/login/id/{id}'],
        [['POST', HAR_LOGIN[4] as string], '/login/id/{id}/idTwo/{id1}'],
        [['POST', HAR_LOGIN[5] as string], '/login/id/{id}/idTwo/{id1}/{bool}'],
      ],
    },
    {
      name: 'pathReplace: a 28-character token under /login/id is the id (upstream maps it to a UUID first)',
      paths: [['POST', '/login/id/9zkhruw7w1zMWOC1J2SGSti2Jf8j']],
      expect: [[['POST', '/login/id/9zkhruw7w1zMWOC1J2SGSti2Jf8j'], '/login/id/{uuid}']],
    },
    {
      name: 'capture routing: trailing slashes and empty segments are kept when parameterizing',
      paths: ['/items/123', '/items/123/', '/items//123', '/items//'],
      expect: [
        ['/items/123', '/items/{id}'],
        ['/items/123/', '/items/{id}'],
        ['/items//123', '/items/{id}'],
        ['/items//', '/items'],
      ],
      differs:
        'har-to-openapi keeps each spelling as its own OpenAPI path; servers route `/items/123/` and `/items//123` to the handler of `/items/123`, so Argus folds trailing and repeated slashes into one endpoint.',
      theirs: [
        ['/items/123/', '/items/{id}/'],
        ['/items//123', '/items//{id}'],
        ['/items//', '/items//'],
      ],
    },
    {
      name: 'definite bugs: decimal path segments are ids',
      paths: ['/category/1.2', '/measurements/12.3'],
      expect: [
        ['/category/1.2', '/category/{id}'],
        ['/measurements/12.3', '/measurements/{id}'],
      ],
    },
  ],
};

const kubescapeUsers = (n: number) => range(n, (i) => `/users/${i}`);

export const KUBESCAPE: ReferenceSuite = {
  tool: 'Kubescape',
  repository: 'kubescape/storage',
  files: [
    'pkg/registry/file/dynamicpathdetector/tests/analyze_endpoints_test.go',
    'pkg/registry/file/dynamicpathdetector/tests/coverage_test.go',
  ],
  licence: 'Apache-2.0',
  cases: [
    {
      name: 'TestAnalyzeEndpoints: a single endpoint /users/123',
      paths: ['/users/123'],
      expect: [['/users/123', '/users/{}']],
      differs:
        'Kubescape merges a position only past its threshold of 100 values; 123 after a collection is an id from the first request.',
      theirs: [['/users/123', '/users/123']],
    },
    {
      name: 'TestAnalyzeEndpoints: POST /users/123 joins a known dynamic /users/⋯',
      declared: ['/users/{user}'],
      paths: [['POST', '/users/123']],
      expect: [[['POST', '/users/123'], '/users/{}']],
    },
    {
      name: 'TestAnalyzeEndpoints: different ports (the :123 service): POST /users/456, GET and POST /x/x',
      paths: [['POST', '/users/456'], '/x/x', ['POST', '/x/x']],
      expect: [
        [['POST', '/users/456'], '/users/{}'],
        ['/x/x', '/x/x'],
        [['POST', '/x/x'], '/x/x'],
      ],
      differs:
        'Below its threshold of 100 values Kubescape keeps /users/456 literal; 456 after a collection is an id.',
      theirs: [['/users/456', '/users/456']],
    },
    {
      name: 'TestAnalyzeEndpointsWithThreshold: /users/0 … /users/100 become /users/⋯',
      paths: kubescapeUsers(101),
      expect: kubescapeUsers(101)
        .filter((_, i) => i < 5 || i % 25 === 0)
        .map((p) => [p, '/users/{}']),
    },
    {
      name: 'TestAnalyzeEndpointsWithExactThreshold: /users/0 … /users/99 stay 100 endpoints',
      paths: kubescapeUsers(100),
      expect: kubescapeUsers(100)
        .filter((_, i) => i < 5 || i % 25 === 0)
        .map((p) => [p, '/users/{}']),
      differs:
        'At exactly its threshold Kubescape keeps the 100 integer ids as 100 endpoints; they are one endpoint whatever their count.',
      theirs: kubescapeUsers(100)
        .filter((_, i) => i < 5 || i % 25 === 0)
        .map((p): [string, string] => [p, p]),
    },
    {
      name: 'TestAnalyzePath: /api/users/123 and /api/users/123/posts/456 alone, and /api/',
      paths: ['/api/users/123', '/api/users/123/posts/456', '/api/'],
      expect: [
        ['/api/users/123', '/api/users/{}'],
        ['/api/users/123/posts/456', '/api/users/{}/posts/{}'],
        ['/api/', '/api'],
      ],
      differs:
        'Below its threshold of 100 values Kubescape keeps every id literal; integers after collections are ids.',
      theirs: [
        ['/api/users/123', '/api/users/123'],
        ['/api/users/123/posts/456', '/api/users/123/posts/456'],
      ],
    },
    {
      name: 'TestDynamicSegments: past 100 users, /api/users/101 and /api/users/50 are /api/users/⋯',
      paths: [...range(101, (i) => `/api/users/${i}`), '/api/users/101'],
      expect: [
        ['/api/users/101', '/api/users/{}'],
        ['/api/users/50', '/api/users/{}'],
      ],
    },
    {
      name: 'TestMultipleDynamicSegments: /api/users/{i}/posts/{i} (110), then /api/users/101/posts/1031',
      paths: [...range(110, (i) => `/api/users/${i}/posts/${i}`), '/api/users/101/posts/1031'],
      expect: [['/api/users/101/posts/1031', '/api/users/{}/posts/{}']],
    },
    {
      name: 'TestMixedStaticAndDynamicSegments: /api/users/{i}/posts (101) keep posts literal',
      paths: range(101, (i) => `/api/users/${i}/posts`),
      expect: [['/api/users/99/posts', '/api/users/{}/posts']],
    },
    {
      name: 'TestDifferentRootIdentifiers: /api/users/123 and /api/products/456, once each',
      paths: ['/api/users/123', '/api/products/456'],
      expect: [
        ['/api/users/123', '/api/users/{}'],
        ['/api/products/456', '/api/products/{}'],
      ],
      differs:
        'Kubescape keeps both literal below its threshold of 100 values; each integer after a collection is an id.',
      theirs: [
        ['/api/users/123', '/api/users/123'],
        ['/api/products/456', '/api/products/456'],
      ],
    },
    {
      name: 'TestDynamicThreshold: after /api/users/0 … /api/users/100, /api/users/991 is /api/users/⋯',
      paths: [...range(101, (i) => `/api/users/${i}`), '/api/users/991'],
      expect: [['/api/users/991', '/api/users/{}']],
    },
    {
      name: 'TestEdgeCases: repeated slashes, a handle, a long literal path',
      paths: ['//users///123////', '/users/@johndoe/settings', '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p'],
      expect: [
        ['//users///123////', '/users/{}'],
        ['/users/@johndoe/settings', '/users/@johndoe/settings'],
        ['/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p', '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p'],
      ],
      differs:
        'Kubescape collapses the slashes but keeps 123 literal below its threshold of 100 values; it is an id.',
      theirs: [['//users///123////', '/users/123']],
    },
    {
      name: 'TestDynamicInsertion: /api/users/102 joins a known /api/users/⋯',
      declared: ['/api/users/{user}'],
      paths: ['/api/users/102'],
      expect: [['/api/users/102', '/api/users/{}']],
    },
  ],
};

/** One path templated alone, as per-request heuristics (Beyla's, Datadog's) do. */
const alone = (
  name: string,
  path: string,
  template: string,
  more: Pick<ReferenceCase, 'open' | 'differs' | 'theirs'> = {},
): ReferenceCase => ({ name, paths: [path], expect: [[path, template]], ...more });

const clusterPath = (
  path: string,
  template: string,
  more?: Pick<ReferenceCase, 'open' | 'differs' | 'theirs'>,
) => alone(`ClusterPath(${JSON.stringify(path)})`, path, template, more);

const TRAILING_SLASH =
  'Beyla keeps the spelling of each path; servers route a trailing or repeated slash to the handler of the path without it, so Argus folds them into one endpoint.';
const FDKLSD =
  'Lower-case letters alone stay literal when seen once: the letter-pair test for generated ids asks for a capital, and directory route words such as `vnfpkgm` and `wkhtmltopdf` score as low as `fdklsd`. Got ';

export const BEYLA: ReferenceSuite = {
  tool: 'Grafana Beyla',
  repository: 'grafana/beyla',
  files: ['pkg/transform/route/cluster_test.go'],
  licence: 'Apache-2.0',
  cases: [
    clusterPath('/users/fdklsd/j4elk/23993/job/2', '/users/{}/j4elk/{}/job/{}', {
      open: `${FDKLSD}/users/fdklsd/j4elk/{}/job/{}.`,
    }),
    clusterPath('/123', '/{}'),
    clusterPath('/123/', '/{}', { differs: TRAILING_SLASH, theirs: [['/123/', '/{}/']] }),
    clusterPath('/123/ljgdflgjf', '/{}/{}', {
      open: `${FDKLSD}/{}/ljgdflgjf.`,
    }),
    clusterPath('/**', '/**', {
      differs:
        'Beyla makes any segment that is not a word a wildcard; a run of asterisks is a glob written into the path (a probe), not a value of a route.',
      theirs: [['/**', '/{}']],
    }),
    clusterPath('/u/2', '/u/{}'),
    clusterPath('/v1/products/2', '/v1/products/{}'),
    clusterPath('/v1/products/22', '/v1/products/{}'),
    clusterPath('/v1/products/22j', '/v1/products/{}', {
      open: 'Three characters of digits and a letter are no id shape Argus knows (mixed codes count from six characters): got /v1/products/22j.',
    }),
    clusterPath('/products/1/org/3', '/products/{}/org/{}'),
    clusterPath('/products//org/3', '/products/org/{}', {
      differs: TRAILING_SLASH,
      theirs: [['/products//org/3', '/products//org/{}']],
    }),
    clusterPath('/v1/k6-test-runs/1', '/v1/k6-test-runs/{}'),
    clusterPath('/attach', '/attach'),
    clusterPath('/usuarios/fdklsd/j4elk/23993/trabajo/2', '/usuarios/{}/j4elk/{}/trabajo/{}', {
      open: `${FDKLSD}/usuarios/fdklsd/j4elk/{}/trabajo/{}.`,
    }),
    clusterPath('/Benutzer/fdklsd/j4elk/23993/Arbeit/2', '/Benutzer/{}/j4elk/{}/Arbeit/{}', {
      open: `${FDKLSD}/Benutzer/fdklsd/j4elk/{}/Arbeit/{}.`,
    }),
    clusterPath('/utilisateurs/fdklsd/j4elk/23993/tache/2', '/utilisateurs/{}/j4elk/{}/tache/{}', {
      open: `${FDKLSD}/utilisateurs/fdklsd/j4elk/{}/tache/{}.`,
    }),
    clusterPath('/products/', '/products', {
      differs: TRAILING_SLASH,
      theirs: [['/products/', '/products/']],
    }),
    clusterPath('/user-space/', '/user-space', {
      differs: TRAILING_SLASH,
      theirs: [['/user-space/', '/user-space/']],
    }),
    clusterPath('/user_space/', '/user_space', {
      differs: TRAILING_SLASH,
      theirs: [['/user_space/', '/user_space/']],
    }),
  ],
};

const simplified = (
  path: string,
  template: string,
  more?: Pick<ReferenceCase, 'open' | 'differs' | 'theirs'>,
) => alone(`_compute_simplified_endpoint(${JSON.stringify(path)})`, path, template, more);

const DD_SEGMENTS = range(20, (i) => `segment${i}`);

export const DATADOG: ReferenceSuite = {
  tool: 'Datadog dd-trace-py',
  repository: 'DataDog/dd-trace-py',
  files: ['tests/tracer/test_resource_renaming.py'],
  licence: 'Apache-2.0 OR BSD-3-Clause',
  cases: [
    simplified('/', '/'),
    simplified('/users', '/users'),
    simplified('/api/users?id=123', '/api/users'),
    simplified('/users/123#section', '/users/{}', {
      differs:
        'Datadog keeps the fragment and so reads `123#section` as a word; a fragment is never sent to the server, and 123 is an id.',
      theirs: [['/users/123#section', '/users/123#section']],
    }),
    simplified('/users/123?filter=active#top', '/users/{}'),
    simplified('/users/123', '/users/{}'),
    simplified('/users/5', '/users/{}', {
      differs:
        'Datadog takes integers from two digits to bound cardinality; a single digit after a collection is an id too.',
      theirs: [['/users/5', '/users/5']],
    }),
    simplified('/users/0123', '/users/{}'),
    simplified('/items/123-456', '/items/{}'),
    simplified('/commits/abc123', '/commits/{}'),
    simplified('/sessions/deadbeef', '/sessions/deadbeef'),
    simplified('/items/abc123-def', '/items/{}'),
    simplified('/files/verylongfilename12345', '/files/{}'),
    simplified('/users/user@example', '/users/{}'),
    simplified('/a/b/c/d/e/f/g/h/i/j/k', '/a/b/c/d/e/f/g/h/i/j/k', {
      differs:
        'Datadog cuts an endpoint to eight segments to bound cardinality; every segment of the path is a literal.',
      theirs: [['/a/b/c/d/e/f/g/h/i/j/k', '/a/b/c/d/e/f/g/h']],
    }),
    simplified('/api//v1///users//123', '/api/v1/users/{}'),
    simplified('///////////////////////', '/'),
    simplified(
      '/api/v2/users/123/posts/abc123/comments/hello%20world',
      '/api/v2/users/{}/posts/{}/comments/{}',
    ),
    simplified('/12/123-456/abc123/abc-def-123/longstringthathastoomanycharacters', '/{}/{}/{}/{}/{}', {
      open: 'Hex letters joined to digits by dashes and a long lower-case run are no id shapes Argus knows: got /{}/{}/{}/abc-def-123/longstringthathastoomanycharacters.',
    }),
    {
      name: 'test_processor_with_route: the route the framework gives wins',
      declared: ['/api/users/{id}'],
      paths: ['/api/users/123'],
      expect: [['/api/users/123', '/api/users/{}']],
    },
    alone('test_processor_without_route: /api/users/123', '/api/users/123', '/api/users/{}'),
    alone(`test_path_limit: twenty segments`, `/${DD_SEGMENTS.join('/')}`, `/${DD_SEGMENTS.join('/')}`, {
      differs:
        'Datadog cuts an endpoint to eight segments to bound cardinality; every segment of the path is a literal.',
      theirs: [[`/${DD_SEGMENTS.join('/')}`, `/${DD_SEGMENTS.slice(0, 8).join('/')}`]],
    }),
    alone('test_realistic_urls: GitHub issue', '/repos/user/repo/issues/123', '/repos/user/repo/issues/{}'),
    alone('test_realistic_urls: product reviews', '/products/12345/reviews', '/products/{}/reviews'),
    alone(
      'test_realistic_urls: a long document name',
      '/uploads/documents/verylongdocumentname',
      '/uploads/documents/{}',
      {
        open: 'A long lower-case run of words under a collection is kept literal when seen once (Datadog takes any segment of twenty characters): got /uploads/documents/verylongdocumentname.',
      },
    ),
  ],
};

export const SUITES: readonly ReferenceSuite[] = [
  AKTO,
  OPTIC,
  SPECULATOR,
  HAR_TO_OPENAPI,
  KUBESCAPE,
  BEYLA,
  DATADOG,
];
