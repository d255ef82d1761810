// The built-in active-test library against the deliberately vulnerable fixture
// API, through the real transport and canary: every planted flaw is found and
// confirmed with evidence, and the secure switch yields no confirmed finding.
import { afterEach, describe, expect, it } from 'vitest';
import {
  activeEndpointsFromOpenApi,
  loadBuiltinTemplates,
  runActiveTests,
  type ActiveRunResult,
} from '@argus/engine';
import { fixtureIdentities } from '../../../fixtures/vulnerable-api/identities.js';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { readFileSync } from 'node:fs';
import { createTransport, startCanary, type CanaryListener } from '../src/index.js';

const spec = readFileSync(new URL('../../../fixtures/vulnerable-api/openapi.yaml', import.meta.url), 'utf8');
const library = loadBuiltinTemplates();
let api: VulnerableApi | undefined;
let canary: CanaryListener | undefined;
afterEach(async () => {
  await api?.close();
  await canary?.close();
  api = canary = undefined;
});

async function runLibrary(secure: boolean): Promise<{ run: ActiveRunResult; api: VulnerableApi }> {
  api = await startVulnerableApi({ secure });
  canary = await startCanary({ waitMs: 1000 });
  const run = await runActiveTests({
    endpoints: activeEndpointsFromOpenApi(spec),
    baseUrl: api.url,
    identities: fixtureIdentities(api),
    tests: library,
    transport: createTransport({ allowPrivate: true, timeoutMs: 60_000 }),
    canary,
    intrusiveConfirmed: true,
    budget: { maxRequests: 5000, ratePerSec: 500 },
  });
  return { run, api };
}

const key = (r: { testId: string; endpoint: { method: string; path: string } }) =>
  `${r.testId} ${r.endpoint.method} ${r.endpoint.path}`;

/** Every flaw the fixture plants, as test id + endpoint. */
const PLANTED = [
  'bola-path-id-swap GET /api/users/{id}',
  'bola-path-id-swap GET /api/books/{bookId}',
  'bola-path-id-swap GET /api/v2/books/{bookId}',
  'bola-query-id-swap GET /api/books',
  'bola-body-id-swap POST /api/books/lookup',
  'bola-write-path-id PUT /api/users/{id}',
  'bola-write-path-id PUT /api/users/{id}/password',
  'bola-create-then-read POST /api/books',
  'auth-no-token GET /api/debug/users',
  'auth-jwt-alg-none GET /api/users/{id}',
  'auth-jwt-weak-secret GET /api/users/{id}',
  'auth-jwt-expired GET /api/users/{id}',
  'auth-token-in-url GET /api/users/{id}',
  'auth-user-enumeration POST /api/login',
  'mass-assign-admin-on-create POST /api/register',
  'mass-assign-role-on-create POST /api/register',
  'mass-assign-isadmin-on-create POST /api/register',
  'mass-assign-verified-on-create POST /api/register',
  'mass-assign-admin-on-update PUT /api/users/{id}',
  'mass-assign-role-on-update PUT /api/users/{id}',
  'exposure-password-field GET /api/debug/users',
  'exposure-password-hash GET /api/users/{id}',
  'rate-limit-login POST /api/login',
  'redos-email-query GET /api/check-email',
  'redos-email-body POST /api/register',
  'bfla-admin-read-as-user GET /api/admin/users',
  'bfla-method-swap GET /api/admin/stats',
  'bfla-head-bypass GET /api/admin/stats',
  'bfla-method-override-header GET /api/admin/stats',
  'ssrf-query-url GET /api/preview',
  'sqli-error-based GET /api/books/{bookId}',
  'sqli-error-based GET /api/search',
  'sqli-time-based GET /api/search',
  'sqli-boolean-based GET /api/books/{bookId}',
  'nosqli-operator-login POST /api/login',
  'cmdi-output GET /api/tools/ping',
  'cmdi-time GET /api/tools/ping',
  'ssti-expression GET /api/greet',
  'cors-credentials-any-origin',
  'cors-null-origin',
  'header-missing-nosniff',
  'header-missing-hsts',
  'header-missing-csp',
  'header-missing-frame-options',
  'header-missing-referrer-policy',
  'header-missing-cache-control',
  'header-version-disclosure',
  'verbose-error-stack-trace GET /api/users/{id}',
  'verbose-error-malformed-json POST /api/books',
  'old-version-v1-answers GET /api/v2/books/{bookId}',
];

describe('the built-in library on the vulnerable fixture', () => {
  it('finds and confirms every planted flaw with evidence', { timeout: 600_000 }, async () => {
    const { run } = await runLibrary(false);
    const confirmed = run.results.filter((r) => r.outcome === 'confirmed');
    const found = confirmed.map(key);
    const missing = PLANTED.filter((p) => !found.some((f) => f.startsWith(p)));
    expect(missing).toEqual([]);
    for (const r of confirmed) {
      expect(r.evidence.length, key(r)).toBeGreaterThan(0);
      expect(r.evidence.at(-1)!.curl, key(r)).toMatch(/^curl /);
      expect(r.detail, key(r)).not.toBe('');
    }
    // GET /createdb was never sent; the only DELETEs remove what the run itself created
    expect(api!.calls.get('GET /createdb') ?? 0).toBe(0);
    const deleted = run.exchanges.filter((e) => e.request.method === 'DELETE');
    expect(deleted.every((e) => e.step === 'cleanup')).toBe(true);
    expect(run.cleanup?.removed).toHaveLength(deleted.length);
    expect(library.length).toBeGreaterThanOrEqual(60);
  });

  it('confirms nothing against the secure switch', { timeout: 600_000 }, async () => {
    const { run } = await runLibrary(true);
    expect(run.results.filter((r) => r.outcome === 'confirmed').map((r) => `${key(r)}: ${r.detail}`)).toEqual(
      [],
    );
    // the planted classes were tried: none skipped for want of an identity, the canary or permission
    for (const p of PLANTED) {
      // a `once` test reports the endpoint that decided it, or the last one tried
      const tried = run.results.filter((r) => r.testId === p.split(' ')[0]);
      expect(tried.length, p).toBeGreaterThan(0);
      for (const r of tried) expect(r.detail, key(r)).not.toMatch(/needs|no test identity|intrusive|budget/);
    }
  });
});
