// The plan of a run, printed before anything is sent: skipped tests grouped by
// why, each with the flag that enables it; the flags and identities change it.
import { describe, expect, it } from 'vitest';
import { activeEndpointsFromOpenApi } from '../src/active/endpoints.js';
import { loadBuiltinTemplates } from '../src/active/library.js';
import { explainPlan } from '../src/active/plan.js';
import type { Identity } from '../src/active/types.js';
import { testCommand } from '../src/cli/test.js';
import { fixtureSpec, jsonAnswer } from './active-helpers.js';

const endpoints = activeEndpointsFromOpenApi(fixtureSpec);
const tests = loadBuiltinTemplates();
const user = (name: string): Identity => ({ name, auth: { kind: 'bearer', token: `t-${name}` } });
const enablers = (plan: ReturnType<typeof explainPlan>) => plan.skipped.map((g) => g.enable);

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
    const io = {
      stdin: [][Symbol.iterator]() as never,
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: () => true },
      isTTY: false,
    };
    const spec = new URL('../../../fixtures/vulnerable-api/openapi.yaml', import.meta.url).pathname;
    const argv = ['--spec', spec, '--base-url', 'http://127.0.0.1:9', '--identity', 'alice=t'];
    await testCommand([...argv, '--max-requests', '5'], io, { transport });
    expect(printedBeforeFirstRequest).toMatch(
      /^Plan: \d+ tests on \d+ endpoints \(\d+ test × endpoint pairs\) as alice; budget 5 requests at 20\/s$/m,
    );
    expect(printedBeforeFirstRequest).toMatch(
      /^ {2}skipped ×\d+: .+; enable with --allow-intrusive \(.+\)$/m,
    );
    expect(printedBeforeFirstRequest).toMatch(/^ {2}skipped ×\d+: .+; enable with a second --identity \(/m);
  });
});
