// Active security testing (issue #16): a domain's test settings, its test
// identities (secrets never sent back), custom templates, test runs and their
// results with evidence. Requests and answers in one place, as for other areas.
import { z } from 'zod';
import { timestamp } from './entities.js';
import { isHttpUrl, requiredString } from './requests.js';

export const TEST_OUTCOMES = ['confirmed', 'passed', 'skipped', 'error'] as const;
export const TEST_RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export const IDENTITY_KINDS = ['bearer', 'header', 'cookie', 'login'] as const;
export const IDENTITY_ROLES = ['user', 'admin'] as const;
export const TOKEN_SOURCES = ['json', 'header', 'cookie'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

export const TEST_BUDGET_DEFAULT = 500;
export const TEST_RATE_DEFAULT = 10;
/** Custom template files are small text; the whole upload is capped. */
export const MAX_TEMPLATE_BYTES = 256 * 1024;

// ---------------------------------------------------------------- settings

const BUDGET_MESSAGE = 'Request budget must be 1 to 10000 requests';
const RATE_MESSAGE = 'Rate limit must be 1 to 100 requests per second';

export const testSettingsUpdateSchema = z.object({
  /** Where tests send their requests; '' clears it (no test can run). */
  baseUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || isHttpUrl(v), 'Must be a valid URL')
    .optional(),
  /** "This is a test environment": intrusive (state-changing, repeated) tests may run. */
  testEnvironment: z.boolean().optional(),
  /** DELETE and paths like reset, createdb, drop, purge may be called. */
  allowDestructive: z.boolean().optional(),
  budget: z
    .number({ error: BUDGET_MESSAGE })
    .int(BUDGET_MESSAGE)
    .min(1, BUDGET_MESSAGE)
    .max(10000, BUDGET_MESSAGE)
    .optional(),
  ratePerSecond: z
    .number({ error: RATE_MESSAGE })
    .int(RATE_MESSAGE)
    .min(1, RATE_MESSAGE)
    .max(100, RATE_MESSAGE)
    .optional(),
  /** Test ids switched off for this domain. */
  disabledTests: z.array(z.string().min(1).max(200)).max(1000).optional(),
});
export type TestSettingsUpdate = z.infer<typeof testSettingsUpdateSchema>;

export const testSettingsSchema = z.object({
  baseUrl: z.string().nullable(),
  testEnvironment: z.boolean(),
  allowDestructive: z.boolean(),
  budget: z.number().int(),
  ratePerSecond: z.number().int(),
  disabledTests: z.array(z.string()),
});
export type TestSettings = z.infer<typeof testSettingsSchema>;

// ---------------------------------------------------------------- identities

const IDENTITY_NAME_MESSAGE = 'Identity name may hold letters, digits and . _ - only (at most 40)';
const identityName = requiredString('Identity name is required')
  .max(40, IDENTITY_NAME_MESSAGE)
  .regex(/^[A-Za-z0-9._-]+$/, IDENTITY_NAME_MESSAGE);
const headerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Enter a valid header name');
const cookieName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'Enter a valid cookie name');

/** How a login answer yields the token, and how the token is sent afterwards. */
export const loginFlowSchema = z.object({
  method: z.enum(['POST', 'PUT', 'GET']).default('POST'),
  /** Path on the test base URL, e.g. /api/login. */
  path: requiredString('Login path is required').regex(/^\//, 'Login path must start with /'),
  /** Where the token is in the answer: a JSON path (`data.token`), a header or a cookie name. */
  tokenFrom: z.enum(TOKEN_SOURCES),
  tokenPath: requiredString('Where the token is found is required').max(200),
  /** How the token is sent afterwards: `Authorization: Bearer …`, a named header or a named cookie. */
  sendAs: z.enum(['bearer', 'header', 'cookie']).default('bearer'),
  sendName: z.string().trim().max(100).optional(),
});
export type LoginFlow = z.infer<typeof loginFlowSchema>;

/**
 * Creating or changing an identity. `secret` is the header value, the cookie
 * value or the login request's JSON body (it holds the password); on update it
 * may be left out to keep the stored one, unless the test base URL changed.
 */
export const testIdentityInputSchema = z
  .object({
    name: identityName,
    kind: z.enum(IDENTITY_KINDS, { error: 'Choose how this identity authenticates' }),
    /** `admin` identities are the privileged side of function-level (BFLA) tests. */
    role: z.enum(IDENTITY_ROLES).default('user'),
    /** Values that belong to this identity (`id`, `bookId`, `username`): they fill its requests' parameters. */
    values: z
      .record(
        z.string().trim().min(1).max(100),
        z.string().max(500, 'A value must be at most 500 characters'),
      )
      .refine((v) => Object.keys(v).length <= 50, 'At most 50 values')
      .default({}),
    headerName: headerName.optional(),
    cookieName: cookieName.optional(),
    login: loginFlowSchema.optional(),
    secret: z.string().max(8192, 'The secret must be at most 8192 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'header' && !value.headerName)
      ctx.addIssue({ code: 'custom', path: ['headerName'], message: 'Header name is required' });
    if (value.kind === 'login' && value.login?.sendAs !== 'bearer' && value.login && !value.login.sendName)
      ctx.addIssue({
        code: 'custom',
        path: ['login', 'sendName'],
        message: 'Name the header or cookie the token goes in',
      });
    if (value.kind === 'cookie' && !value.cookieName)
      ctx.addIssue({ code: 'custom', path: ['cookieName'], message: 'Cookie name is required' });
    if (value.kind === 'login' && !value.login)
      ctx.addIssue({ code: 'custom', path: ['login'], message: 'Describe the login request' });
    if (value.kind === 'login' && value.secret !== undefined && value.secret !== '') {
      try {
        JSON.parse(value.secret);
      } catch {
        ctx.addIssue({ code: 'custom', path: ['secret'], message: 'The login body must be JSON' });
      }
    }
  });
export type TestIdentityInput = z.infer<typeof testIdentityInputSchema>;
/** What a form or client sends (defaults not applied yet). */
export type TestIdentityBody = z.input<typeof testIdentityInputSchema>;

/**
 * The hint shown for a stored secret: a token's last four characters, nothing of a login body (its
 * end is the password's).
 */
export function secretHintOf(kind: (typeof IDENTITY_KINDS)[number], lastFour: string | null): string {
  return kind === 'login' || !lastFour ? '••••' : `••••${lastFour}`;
}

/** An identity as the server sends it: never the secret, at most a token's last four characters. */
export const testIdentitySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(IDENTITY_KINDS),
  role: z.enum(IDENTITY_ROLES),
  values: z.record(z.string(), z.string()),
  headerName: z.string().nullable(),
  cookieName: z.string().nullable(),
  login: loginFlowSchema.nullable(),
  /** "••••abcd" (a login body: "••••"), or null when no secret is stored. */
  secretHint: z.string().nullable(),
  /** The secret must be entered again (none yet, or the test base URL changed since). */
  needsSecret: z.boolean(),
  updatedAt: timestamp,
});
export type TestIdentity = z.infer<typeof testIdentitySchema>;

// ---------------------------------------------------------------- templates and catalogue

export const testTemplateUploadSchema = z.object({
  fileName: requiredString('File name is required').max(200),
  content: requiredString('The template file is empty'),
});

/** One test a domain can run: built in or from an uploaded template. */
export const securityTestSchema = z.object({
  id: z.string(),
  title: z.string(),
  severity: z.string(),
  owaspCategory: z.string(),
  description: z.string(),
  /** Changes state or repeats requests: needs the test-environment confirmation. */
  intrusive: z.boolean(),
  /** Calls destructive-looking operations: needs "allow destructive operations". */
  destructive: z.boolean(),
  /** From an uploaded template (its id), or null for the built-in library and the data folder. */
  templateId: z.string().nullable(),
  /** The built-in library, a template uploaded for the domain, or the server's template folder. */
  source: z.enum(['built-in', 'upload', 'folder']),
  enabled: z.boolean(),
});
export type SecurityTest = z.infer<typeof securityTestSchema>;

export const customTemplateSchema = z.object({
  /** The upload's id, or `folder:<file name>` for a file in the server's template folder. */
  id: z.string(),
  fileName: z.string(),
  /** Uploaded for this domain, or a file in `<data directory>/active-tests` (every domain). */
  source: z.enum(['upload', 'folder']),
  testIds: z.array(z.string()),
  /** Why a folder file's tests are not offered (it does not parse), or null. */
  error: z.string().nullable(),
  uploadedAt: timestamp,
});
export type CustomTemplate = z.infer<typeof customTemplateSchema>;

/** `GET /api/v1/domains/{id}/security-tests`: everything the Security Tests section shows. */
export const securityTestsOverviewSchema = z.object({
  domainId: z.string(),
  domain: z.string(),
  settings: testSettingsSchema,
  identities: z.array(testIdentitySchema),
  templates: z.array(customTemplateSchema),
  tests: z.array(securityTestSchema),
});
export type SecurityTestsOverview = z.infer<typeof securityTestsOverviewSchema>;

// ---------------------------------------------------------------- runs and results

export const testRunCreateSchema = z.object({
  /** Only these tests (default: every enabled one). */
  testIds: z.array(z.string().min(1).max(200)).max(1000).optional(),
  /** Only these endpoints (default: every endpoint of the domain). */
  endpointIds: z.array(z.string().min(1).max(100)).max(10000).optional(),
});
export type TestRunCreate = z.infer<typeof testRunCreateSchema>;

export const testExchangeSchema = z.object({
  /** Which step of the test, e.g. "bob reads alice's object". */
  label: z.string().nullable(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string().nullable(),
  }),
  response: z
    .object({
      status: z.number().int(),
      headers: z.record(z.string(), z.string()),
      body: z.string(),
    })
    .nullable(),
  /** One line that reproduces the request (secrets redacted). */
  curl: z.string(),
});
export type TestExchange = z.infer<typeof testExchangeSchema>;

export const testResultSchema = z.object({
  id: z.string(),
  runId: z.string(),
  endpointId: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  testId: z.string(),
  title: z.string(),
  severity: z.string(),
  owaspCategory: z.string(),
  outcome: z.enum(TEST_OUTCOMES),
  /** Why: what proved the flaw, or why the test could not run. */
  reason: z.string(),
  evidence: z.array(testExchangeSchema),
  at: timestamp,
});
export type TestResult = z.infer<typeof testResultSchema>;

export const testRunSchema = z.object({
  id: z.string(),
  domainId: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  trigger: z.enum(['manual', 'rescan']),
  startedBy: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  requestsSent: z.number().int().nonnegative(),
  budget: z.number().int(),
  testsPlanned: z.number().int().nonnegative(),
  testsDone: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** Why a run failed or stopped early (budget reached, cancelled by …). */
  message: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;

export const testRunListSchema = z.array(testRunSchema);
export const testRunDetailSchema = testRunSchema.extend({ results: z.array(testResultSchema) });
export type TestRunDetail = z.infer<typeof testRunDetailSchema>;
/** `GET /api/v1/endpoints/{id}/test-results`: the latest result of every test run on the endpoint. */
export const testResultListSchema = z.array(testResultSchema);
