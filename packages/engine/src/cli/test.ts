// `argus test`: run active security tests against a base URL, print results,
// optionally write SARIF 2.1.0, and exit 1 when a confirmed finding reaches
// --fail-on. The network comes from the caller (`deps`): the engine sends nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs as parseNodeArgs } from 'node:util';
import { activeEndpointsFromObservations, activeEndpointsFromOpenApi } from '../active/endpoints.js';
import { runCoverage } from '../active/coverage.js';
import { explainPlan, type PlanEnabler, type RunPlan } from '../active/plan.js';
import { loadBuiltinTemplates, parseTemplates, selectTemplates } from '../active/library.js';
import { runActiveTests } from '../active/runner.js';
import { toSarif } from '../active/sarif.js';
import type { ActiveEndpoint, Canary, Identity, RunEvent } from '../active/types.js';
import { readAccessLog } from '../readers/access-log.js';
import { readHar } from '../readers/har.js';
import type { Transport } from '../transport.js';
import { SEVERITY_ORDER, type Observation, type Severity } from '../types.js';
import { UsageError, type CliIO } from './args.js';

/** What `argus test` needs from outside the engine: how to send, and how to listen for SSRF callbacks. */
export interface TestDeps {
  transport: Transport;
  startCanary?: (options: {
    host: string;
    publicHost: string;
  }) => Promise<Canary & { close(): Promise<void> }>;
}

export const TEST_USAGE = `Usage:
  argus test (--spec FILE | --from-log FILE) --base-url URL --identity NAME=TOKEN [--identity NAME=TOKEN ...]
             [--admin NAME] [--value NAME.PARAM=VALUE ...] [--tests ID,...] [--skip ID,...] [--templates DIR]
             [--allow-intrusive] [--allow-destructive] [--max-requests N] [--rate N] [--canary-host HOST]
             [--jwt-digits N] [--sarif FILE] [--json] [--fail-on critical|high|medium|low]

  --identity NAME=TOKEN    a test identity sending "Authorization: Bearer TOKEN" (the first is A, the owner;
                           the second B); NAME=Header-Name:VALUE sends another header
  --admin NAME             that identity is an administrator (the privileged side of function-level tests)
  --value alice.id=1       a value of an identity: fills parameters of that name in its requests
  --allow-intrusive        the target is a test environment: state-changing and repeated requests may run
  --allow-destructive      DELETE and reset/drop/purge-like operations may be called
  --canary-host HOST       host name the target reaches this machine by (SSRF tests); default 127.0.0.1
                           for a loopback base URL, else SSRF tests do not run
  --jwt-digits N           JWT cracking also tries every numeric secret of up to N digits (6: a few CPU-s)
`;

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

const ENABLE_FLAG: Record<PlanEnabler, string> = {
  'allow-intrusive': '--allow-intrusive',
  'allow-destructive': '--allow-destructive',
  identity: '--identity NAME=TOKEN',
  'second-identity': 'a second --identity',
  admin: '--admin NAME',
  canary: '--canary-host HOST',
  endpoint: '',
};

/** The plan, printed before the run sends anything. */
export function formatPlan(plan: RunPlan): string {
  const who = plan.identities.map((i) => (i.role === 'admin' ? `${i.name} (admin)` : i.name));
  const lines = [
    `Plan: ${plan.tests} tests on ${plan.endpoints} endpoints (${plan.pairs} test × endpoint pairs)` +
      ` as ${who.length ? who.join(', ') : 'no identity'};` +
      ` budget ${plan.budget.maxRequests} requests at ${plan.budget.ratePerSec}/s`,
  ];
  for (const g of plan.skipped)
    lines.push(
      `  skipped ×${g.tests.length}: ${g.reason}` +
        (ENABLE_FLAG[g.enable] ? `; enable with ${ENABLE_FLAG[g.enable]}` : '') +
        ` (${g.tests.slice(0, 6).join(', ')}${g.tests.length > 6 ? ', …' : ''})`,
    );
  return `${lines.join('\n')}\n`;
}

function identitiesFrom(specs: string[], admins: string[], values: string[]): Identity[] {
  const identities = specs.map((spec): Identity => {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1)
      throw new UsageError(`--identity must be NAME=TOKEN, not "${spec}"`);
    const name = spec.slice(0, eq);
    const secret = spec.slice(eq + 1);
    const header = /^([A-Za-z][\w-]*):(.+)$/.exec(secret);
    return {
      name,
      ...(admins.includes(name) ? { role: 'admin' as const } : {}),
      auth: header
        ? { kind: 'header', name: header[1]!, value: header[2]! }
        : { kind: 'bearer', token: secret },
    };
  });
  for (const admin of admins)
    if (!identities.some((i) => i.name === admin))
      throw new UsageError(`--admin ${admin}: no such --identity`);
  for (const v of values) {
    const m = /^([^.=]+)\.([^=]+)=(.*)$/.exec(v);
    if (!m) throw new UsageError(`--value must be NAME.PARAM=VALUE, not "${v}"`);
    const identity = identities.find((i) => i.name === m[1]);
    if (!identity) throw new UsageError(`--value ${v}: no identity named ${m[1]}`);
    identity.values = { ...identity.values, [m[2]!]: m[3]! };
  }
  return identities;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

async function endpointsFromLog(file: string): Promise<ActiveEndpoint[]> {
  const text = readText(file);
  if (/^\s*\{/.test(text) && /"log"\s*:/.test(text.slice(0, 4096)))
    return activeEndpointsFromObservations(readHar(text).observations);
  const observations: Observation[] = [];
  await readAccessLog(text, { onObservation: (o) => observations.push(o) });
  return activeEndpointsFromObservations(observations);
}

function userTemplates(dir: string) {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
  } catch (err) {
    throw new UsageError(
      `Cannot read ${dir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  return files.flatMap((f) => parseTemplates(readText(join(dir, f)), f));
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export async function testCommand(argv: readonly string[], io: CliIO, deps?: TestDeps): Promise<number> {
  let parsed;
  try {
    parsed = parseNodeArgs({
      args: [...argv],
      options: {
        spec: { type: 'string' },
        'from-log': { type: 'string' },
        'base-url': { type: 'string' },
        identity: { type: 'string', multiple: true },
        admin: { type: 'string', multiple: true },
        value: { type: 'string', multiple: true },
        tests: { type: 'string' },
        skip: { type: 'string' },
        templates: { type: 'string' },
        'allow-intrusive': { type: 'boolean' },
        'allow-destructive': { type: 'boolean' },
        'max-requests': { type: 'string' },
        rate: { type: 'string' },
        'canary-host': { type: 'string' },
        'jwt-digits': { type: 'string' },
        sarif: { type: 'string' },
        json: { type: 'boolean' },
        'fail-on': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${TEST_USAGE}`);
  }
  const o = parsed.values;
  if (o.help) {
    io.stdout.write(TEST_USAGE);
    return 0;
  }
  if (!deps)
    throw new UsageError('argus test sends requests: run it as `npx argus test` (the @argus/server command)');
  if (!o.spec === !o['from-log'])
    throw new UsageError(`argus test needs one of --spec FILE or --from-log FILE\n${TEST_USAGE}`);
  const baseUrl = o['base-url'];
  if (!baseUrl || !/^https?:\/\/[^/]+/.test(baseUrl))
    throw new UsageError('--base-url must be an http(s) URL');
  const failOn = o['fail-on'];
  if (failOn !== undefined && !SEVERITIES.includes(failOn as Severity))
    throw new UsageError(`--fail-on must be one of ${SEVERITIES.join(', ')}`);
  const number = (name: string, v: string | undefined, fallback: number) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number`);
    return n;
  };
  const maxRequests = number('max-requests', o['max-requests'], 2000);
  const rate = number('rate', o.rate, 20);
  const jwtDigits = o['jwt-digits'] === undefined ? 0 : number('jwt-digits', o['jwt-digits'], 0);
  if (jwtDigits > 8 || !Number.isInteger(jwtDigits)) throw new UsageError('--jwt-digits must be 1 to 8');
  const identities = identitiesFrom(o.identity ?? [], o.admin ?? [], o.value ?? []);
  let endpoints: ActiveEndpoint[];
  let specText: string | undefined;
  if (o.spec) {
    specText = readText(o.spec);
    try {
      endpoints = activeEndpointsFromOpenApi(specText);
    } catch (err) {
      throw new UsageError(`${o.spec}: ${(err as Error).message}`);
    }
  } else endpoints = await endpointsFromLog(o['from-log']!);
  if (endpoints.length === 0) throw new UsageError('no endpoints to test in the input');
  let tests;
  let known: Set<string>;
  try {
    const builtIn = loadBuiltinTemplates();
    const user = o.templates ? userTemplates(o.templates) : [];
    known = new Set([...builtIn, ...user].map((t) => t.id));
    tests = selectTemplates(builtIn, user, { only: list(o.tests), disabled: list(o.skip) });
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError((err as Error).message);
  }
  const unknown = [...list(o.tests), ...list(o.skip)].filter((id) => !known.has(id));
  if (unknown.length) throw new UsageError(`unknown test id(s): ${unknown.join(', ')}`);

  const loopback = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/i.test(baseUrl);
  const canaryHost = o['canary-host'] ?? (loopback ? '127.0.0.1' : undefined);
  const canary =
    canaryHost && deps.startCanary
      ? await deps.startCanary({ host: loopback ? '127.0.0.1' : '0.0.0.0', publicHost: canaryHost })
      : undefined;
  const plan = explainPlan({
    tests,
    endpoints,
    identities,
    allowDestructive: o['allow-destructive'] === true,
    intrusiveConfirmed: o['allow-intrusive'] === true,
    ...(canary ? { canary } : {}),
    budget: { maxRequests, ratePerSec: rate },
  });
  // with --json stdout is the run alone: the plan goes to stderr
  (o.json ? io.stderr : io.stdout).write(formatPlan(plan));
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  let done = 0;
  const onEvent = (e: RunEvent) => {
    if (e.type === 'result' && io.isTTY) {
      done = e.done;
      io.stderr.write(`\r${done}/${e.total} tests`);
    }
  };
  let run;
  try {
    run = await runActiveTests({
      endpoints,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      identities,
      tests,
      transport: deps.transport,
      budget: { maxRequests, ratePerSec: rate },
      allowDestructive: o['allow-destructive'] === true,
      intrusiveConfirmed: o['allow-intrusive'] === true,
      ...(canary ? { canary } : {}),
      ...(jwtDigits ? { jwtDigits } : {}),
      signal: controller.signal,
      onEvent,
    });
  } finally {
    process.off('SIGINT', stop);
    await canary?.close();
    if (io.isTTY && done) io.stderr.write('\n');
  }
  const confirmed = run.results
    .filter((r) => r.outcome === 'confirmed')
    .sort((a, b) => SEVERITY_ORDER[b.severity] - SEVERITY_ORDER[a.severity]);
  if (o.sarif) {
    const sarif = toSarif(run, {
      tests,
      baseUrl,
      ...(o.spec && specText ? { spec: { uri: o.spec, text: specText } } : {}),
    });
    try {
      writeFileSync(o.sarif, `${JSON.stringify(sarif, null, 2)}\n`);
    } catch (err) {
      throw new UsageError(
        `Cannot write ${o.sarif}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  if (o.json) io.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
  else {
    for (const r of confirmed) {
      io.stdout.write(
        `CONFIRMED ${r.severity.padEnd(8)} ${r.testId}  ${r.endpoint.method} ${r.endpoint.path}` +
          `${r.endpoint.operation ? ` (${r.endpoint.operation})` : ''}\n`,
      );
      io.stdout.write(`  ${r.detail}\n  ${r.evidence.at(-1)?.curl ?? ''}\n`);
    }
    const count = (outcome: string) => run.results.filter((r) => r.outcome === outcome).length;
    const reasons = new Map<string, number>();
    for (const r of run.results)
      if (r.outcome === 'could-not-run') {
        const reason = r.detail
          .replace(/ \(.*\)$/, '')
          .replace(/the \w+ request answered/, 'a precondition answered');
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
    io.stdout.write(
      `\n${confirmed.length} confirmed, ${count('not-vulnerable')} not vulnerable, ${count('could-not-run')} could not run` +
        ` (${tests.length} tests, ${endpoints.length} endpoints, ${run.requestsSent} requests)` +
        (run.stopped
          ? `; stopped: ${run.stopped === 'budget' ? 'request budget reached' : 'cancelled'}`
          : '') +
        '\n',
    );
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 8))
      io.stdout.write(`  could not run ×${n}: ${reason}\n`);
    const coverage = runCoverage(
      run.exchanges,
      identities.map((i) => i.name),
    );
    for (const c of coverage.identities)
      io.stdout.write(
        `  ${c.name}: ${c.answered2xx} distinct requests answered 2xx (of ${c.answers} answers)\n`,
      );
    if (coverage.testedNothing)
      io.stdout.write(
        `WARNING: ${coverage.unauthorizedOrMissing} of ${coverage.answers} answers were 401 or 404: ` +
          "the run tested nothing (check the identities' tokens and the base URL)\n",
      );
    if (o.sarif) io.stdout.write(`SARIF written to ${o.sarif}\n`);
  }
  if (failOn && confirmed.some((r) => SEVERITY_ORDER[r.severity] >= SEVERITY_ORDER[failOn as Severity]))
    return 1;
  return run.stopped === 'cancelled' ? 130 : 0;
}
