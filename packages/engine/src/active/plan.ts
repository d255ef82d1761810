// The plan of a run, before anything is sent: which tests run on which endpoints with which
// identities, and which tests will be skipped, grouped by why and by what enables them.
// Pure over the run options: the same checks the runner applies before it sends a step.
import { templateApplies } from './match.js';
import { destructiveReason } from './requests.js';
import type { ActiveTestTemplate } from './schema.js';
import { slotsFor, type Slots } from './slots.js';
import type { ActiveEndpoint, RunOptions } from './types.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** What enables a skipped test: a flag of `argus test` or the matching setting of a test run. */
export type PlanEnabler =
  'allow-intrusive' | 'allow-destructive' | 'identity' | 'second-identity' | 'admin' | 'canary' | 'endpoint';

export interface PlanSkip {
  reason: string;
  enable: PlanEnabler;
  tests: string[];
}

export interface RunPlan {
  endpoints: number;
  tests: number;
  /** (test, endpoint) pairs the run will try. */
  pairs: number;
  identities: { name: string; role: 'user' | 'admin' }[];
  skipped: PlanSkip[];
  budget: { maxRequests: number; ratePerSec: number };
}

type PlanOptions = Pick<
  RunOptions,
  'tests' | 'endpoints' | 'identities' | 'allowDestructive' | 'intrusiveConfirmed' | 'canary' | 'budget'
>;

/** Why a test cannot run for want of an identity or the canary (null: it has what it needs). */
export function needsMissing(
  test: ActiveTestTemplate,
  slots: Slots,
  options: Pick<RunOptions, 'canary'>,
): { reason: string; enable: PlanEnabler } | null {
  const uses = (slot: 'A' | 'B' | 'admin') =>
    test.needs.includes(slot) || test.steps.some((s) => s.as === slot);
  if (uses('A') && !slots.A) return { reason: 'no test identity: add one', enable: 'identity' };
  if (uses('B') && !slots.B)
    return { reason: 'needs a second non-admin identity (B)', enable: 'second-identity' };
  if (uses('admin') && !slots.admin) return { reason: 'needs an admin identity', enable: 'admin' };
  if (test.needs.includes('canary') && !options.canary)
    return { reason: 'needs the canary listener (SSRF)', enable: 'canary' };
  return null;
}

/** The method each step sends (an explicit request, a mutation, or the request it starts from). */
function stepMethods(test: ActiveTestTemplate, endpoint: ActiveEndpoint) {
  const methods = new Map<string, string>();
  for (const step of test.steps) {
    const from = step.from === 'baseline' ? endpoint.method.toUpperCase() : methods.get(step.from);
    methods.set(step.name, step.request?.method ?? step.mutate?.method ?? from ?? 'GET');
  }
  return test.steps.filter((s) => !s.cleanup).map((s) => ({ step: s, method: methods.get(s.name)! }));
}

/** Why this pair will be skipped before it sends anything, and what enables it. */
function blockOf(test: ActiveTestTemplate, endpoint: ActiveEndpoint, options: PlanOptions) {
  const missing = needsMissing(test, slotsFor(endpoint, options.identities), options);
  if (missing) return missing;
  for (const { step, method } of stepMethods(test, endpoint)) {
    const path = step.request ? step.request.path : endpoint.path;
    if (!options.allowDestructive && destructiveReason(method, path))
      return { reason: 'destructive operation (DELETE, reset-like)', enable: 'allow-destructive' as const };
    if (!options.intrusiveConfirmed && (test.intrusive || !SAFE_METHODS.has(method)))
      return {
        reason: 'intrusive test (changes state or repeats requests)',
        enable: 'allow-intrusive' as const,
      };
  }
  return null;
}

export function explainPlan(options: PlanOptions): RunPlan {
  const skipped = new Map<string, PlanSkip>();
  let pairs = 0;
  for (const test of options.tests) {
    const applies = options.endpoints.filter((e) => templateApplies(test, e));
    const blocks = applies.map((e) => blockOf(test, e, options));
    const runnable = blocks.filter((b) => b === null).length;
    pairs += runnable;
    if (runnable > 0) continue;
    const block = blocks[0] ?? { reason: 'no endpoint of the shape it tests', enable: 'endpoint' as const };
    const group = skipped.get(block.reason) ?? { ...block, tests: [] };
    group.tests.push(test.id);
    skipped.set(block.reason, group);
  }
  return {
    endpoints: options.endpoints.length,
    tests: options.tests.length - [...skipped.values()].reduce((n, g) => n + g.tests.length, 0),
    pairs,
    identities: options.identities.map((i) => ({
      name: i.name,
      role: i.role === 'admin' ? 'admin' : 'user',
    })),
    skipped: [...skipped.values()].sort((a, b) => b.tests.length - a.tests.length),
    budget: {
      maxRequests: options.budget?.maxRequests ?? 2000,
      ratePerSec: options.budget?.ratePerSec ?? 20,
    },
  };
}
