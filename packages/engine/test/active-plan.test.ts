// The plan of a run, printed before anything is sent: skipped tests grouped by
// why, each with the flag that enables it; the flags and identities change it.
import { describe, expect, it } from 'vitest';
import { activeEndpointsFromOpenApi } from '../src/active/endpoints.js';
import { loadBuiltinTemplates } from '../src/active/library.js';
import { runCoverage } from '../src/active/coverage.js';
import { explainPlan } from '../src/active/plan.js';
import type { Identity } from '../src/active/types.js';
import { testCommand, type TestDeps } from '../src/cli/test.js';
import { fixtureSpec, jsonAnswer } from './active-helpers.js';

const endpoints = activeEndpointsFromOpenApi(fixtureSpec);
const tests = loadBuiltinTemplates();
const user = (name: string): Identity => ({ name, auth: { kind: 'bearer', token: `t-${name}` } });
const enablers = (plan: ReturnType<typeof explainPlan>) => plan.skipped.map((g) => g.enable);

/** `argus test` on the fixture's description as alice, its stdout collected in `out`. */
function argusTest(out: string[], maxRequests: string, transport: TestDeps['transport']) {
  const io = {
    stdin: [][Symbol.iterator]() as never,
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: () => true },
    isTTY: false,
  };
  const spec = new URL('../../../fixtures/vulnerable-api/openapi.yaml', import.meta.url).pathname;
  const argv = ['--spec', spec, '--base-url', 'http://127.0.0.1:9', '--identity', 'alice=t'];
  return testCommand([...argv, '--max-requests', maxRequests], io, { transport });
}

describe('explainPlan', () => {
  it('groups what one identity without flags cannot run, by what enables it', () => {
    const plan = explainPlan({ tests, endpoints, identities: [user('alice')] });
    expect(plan.endpoints).toBe(endpoints.length);
    expect(enablers(plan)).toEqual(expect.arrayContaining(['second-identity', 'allow-intrusive', 'canary']));
    // every test is either planned or skipped once
    const skipped = plan.skipped.flatMap((g) => g.tests);
    expect(new Set(skipped).size).toBe(skipped.length);
    expect(plan.tests + skipped.length).toBe(tests.length);
    expect(plan.budget).toEqual({ maxRequests: 2000, ratePerSec: 20 });
  });

  it('plans more once the identities and the flags are there', () => {
    const few = explainPlan({ tests, endpoints, identities: [user('alice')] });
    const admin: Identity = { ...user('root'), role: 'admin' };
    const canary = { url: 'http://127.0.0.1:1', received: () => Promise.resolve(false) };
    const all = explainPlan({
      tests,
      endpoints,
      identities: [user('alice'), user('bob'), admin],
      intrusiveConfirmed: true,
      allowDestructive: true,
      canary,
    });
    expect(all.pairs).toBeGreaterThan(few.pairs);
    expect(all.tests).toBeGreaterThan(few.tests);
    expect(enablers(all)).not.toEqual(
      expect.arrayContaining(['second-identity', 'admin', 'allow-intrusive', 'allow-destructive']),
    );
    expect(all.identities).toEqual([
      { name: 'alice', role: 'user' },
      { name: 'bob', role: 'user' },
      { name: 'root', role: 'admin' },
    ]);
  });
});

describe('argus test prints the plan', () => {
  it('before the first request, naming the flag of each skipped group', async () => {
    const out: string[] = [];
    let printedBeforeFirstRequest: string | undefined;
    const transport = () => {
      printedBeforeFirstRequest ??= out.join('');
      return Promise.resolve(jsonAnswer(404, {}));
    };
    await argusTest(out, '5', transport);
    expect(printedBeforeFirstRequest).toMatch(
      /^Plan: \d+ tests on \d+ endpoints \(\d+ test × endpoint pairs\) as alice; budget 5 requests at 20\/s$/m,
    );
    expect(printedBeforeFirstRequest).toMatch(
      /^ {2}skipped ×\d+: .+; enable with --allow-intrusive \(.+\)$/m,
    );
    expect(printedBeforeFirstRequest).toMatch(/^ {2}skipped ×\d+: .+; enable with a second --identity \(/m);
  });
});

describe('argus test reports what each identity reached', () => {
  it('warns when most answers were 401/404', async () => {
    const out: string[] = [];
    const transport = (r: { url: string }) =>
      Promise.resolve(r.url.endsWith('/api/me') ? jsonAnswer(200, { id: 1 }) : jsonAnswer(401, {}));
    await argusTest(out, '40', transport);
    const text = out.join('');
    expect(text).toMatch(/^ {2}alice: \d+ distinct requests answered 2xx \(of \d+ answers\)$/m);
    expect(text).toMatch(/^WARNING: \d+ of \d+ answers were 401 or 404: the run tested nothing/m);
  });
});

describe('runCoverage', () => {
  const ex = (identity: string, method: string, url: string, status: number) =>
    ({
      testId: 't',
      step: 's',
      identity,
      request: { method, url, headers: {} },
      response: { status, headers: {}, body: '', truncated: false },
      durationMs: 1,
      curl: '',
    }) as const;
  it('counts distinct 2xx requests per identity and no warning when most answers are 2xx', () => {
    const c = runCoverage(
      [
        ex('alice', 'GET', 'http://h/api/a?x=1', 200),
        ex('alice', 'GET', 'http://h/api/a?x=2', 200),
        ex('alice', 'POST', 'http://h/api/a', 201),
        ex('bob', 'GET', 'http://h/api/b', 404),
      ],
      ['alice', 'bob'],
    );
    expect(c.identities).toEqual([
      { name: 'alice', answered2xx: 2, answers: 3 },
      { name: 'bob', answered2xx: 0, answers: 1 },
    ]);
    expect(c.testedNothing).toBe(false);
  });
});
