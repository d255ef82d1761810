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
      name: 'TestDBSync.testParameterizedURL: /link/1 … /link/30 merge',
      paths: range(30, (i) => `/link/${i + 1}`),
      expect: range(30, (i) => `/link/${i + 1}`).map((p) => [p, '/link/{}']),
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
  files: ['pkg/spec/path_params_test.go'],
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
  ],
};

export const SUITES: readonly ReferenceSuite[] = [AKTO, OPTIC, SPECULATOR];
