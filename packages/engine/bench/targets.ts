// Active tests against the third-party vulnerable APIs of ../shared/targets:
// each started with its own run.sh, two fresh test users signed up and signed
// in as a tester would (bench/targets.json), then `argus test` (the server's
// CLI, a whole process) with the settings of a test environment. Per target:
// documented flaws confirmed, findings that match no documented flaw,
// requests and time. Skips, saying so, when ../shared/targets is absent.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { loadBuiltinTemplates, type ActiveRunResult } from '../src/index.js';
import { recordHar } from './target-capture.js';
import { startTarget } from './target-process.js';
import { parseFlaws, scoreRun, type Score } from './target-score.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
export const TARGETS_DIR = process.env['ARGUS_TARGETS_DIR'] ?? join(root, '..', 'shared', 'targets');
const argus = join(root, 'apps', 'server', 'bin', 'argus.js');

interface RequestSpec {
  method: string;
  path: string;
  json?: Record<string, string>;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}
interface TargetConfig {
  name: string;
  /** Where its API description is served; else `capture`: what a client sends, recorded as a HAR. */
  spec?: string;
  capture?: { path: string; requests: unknown[] };
  /** A request that switches the target to its secure (hard) mode, and the flaws that mode fixes. */
  secure?: { request: RequestSpec; fixes: string[] };
  /** GET path that answers 200 once the target is up (default: `spec`). */
  ready?: string;
  startTimeoutSeconds: number;
  signup: RequestSpec;
  login: RequestSpec & { token: string };
  values: Record<string, string>;
}

export interface TargetRow {
  name: string;
  score: Score;
  /** On the secure mode: confirmed findings of flaws that mode fixes. */
  secureFalsePositives?: string[];
  requests: number;
  seconds: number;
  stopped?: string;
}

const fill = (o: Record<string, string> | undefined, vars: Record<string, string>) =>
  o &&
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, v.replace(/\{\{(\w+)\}\}/g, (_, n) => vars[n] ?? '')]),
  );

async function send(base: string, r: RequestSpec, vars: Record<string, string>) {
  const json = fill(r.json, vars);
  const form = fill(r.form, vars);
  const answer = await fetch(`${base}${r.path}`, {
    method: r.method,
    ...(json
      ? { headers: { 'content-type': 'application/json', ...r.headers }, body: JSON.stringify(json) }
      : form
        ? { body: new URLSearchParams(form) }
        : {}),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${r.method} ${r.path} answered ${answer.status}: ${text.slice(0, 200)}`);
  return text;
}

/** Signs up and signs in one test user: its token and its values (`--value NAME.K=V`). */
async function testUser(base: string, t: TargetConfig, label: string) {
  const vars = {
    user: `argus${label}${randomBytes(3).toString('hex')}`,
    password: `Pw-${randomBytes(6).toString('hex')}`,
    digits: String(5_550_000_000 + randomBytes(3).readUIntBE(0, 3)),
  };
  await send(base, t.signup, vars);
  let token: unknown = JSON.parse(await send(base, t.login, vars));
  for (const key of t.login.token.split('.')) token = (token as Record<string, unknown> | null)?.[key];
  if (typeof token !== 'string') throw new Error(`${t.login.path} answered no ${t.login.token}`);
  return { name: label, token, values: fill(t.values, vars)! };
}

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [argus, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The target's input for `argus test`: its served description, or a HAR of the capture's requests. */
async function inputOf(t: TargetConfig, base: string, work: string): Promise<string[]> {
  if (t.spec) {
    const specFile = join(work, 'spec.json');
    writeFileSync(specFile, await (await fetch(`${base}${t.spec}`)).text());
    return ['--spec', specFile];
  }
  const harFile = join(work, 'capture.har');
  writeFileSync(harFile, await recordHar(base, t.capture!.path, t.capture!.requests));
  return ['--from-log', harFile];
}

async function measureTarget(
  t: TargetConfig,
  testOf: (id: string) => { once: boolean; text: string },
  secure = false,
): Promise<TargetRow> {
  const dir = join(TARGETS_DIR, t.name);
  const target = await startTarget(dir, t.ready ?? t.spec ?? '/', t.startTimeoutSeconds);
  const work = mkdtempSync(join(tmpdir(), 'argus-bench-target-'));
  try {
    const input = await inputOf(t, target.url, work);
    if (secure && t.secure) await send(target.url, t.secure.request, {});
    const users = [await testUser(target.url, t, 'a'), await testUser(target.url, t, 'b')];
    // a test environment: intrusive tests, and numeric JWT keys of up to 6 digits tried offline
    const args = [
      'test',
      ...input,
      '--base-url',
      target.url,
      '--allow-intrusive',
      '--jwt-digits',
      '6',
      '--json',
    ];
    args.push('--max-requests', process.env['ARGUS_BENCH_MAX_REQUESTS'] ?? '5000');
    for (const u of users) {
      args.push('--identity', `${u.name}=${u.token}`);
      for (const [k, v] of Object.entries(u.values)) args.push('--value', `${u.name}.${k}=${v}`);
    }
    const t0 = performance.now();
    const out = await runCli(args);
    const seconds = (performance.now() - t0) / 1000;
    if (out.code !== 0 && out.code !== 1)
      throw new Error(`argus test exited ${out.code}: ${out.stderr.slice(-500)}`);
    const run = JSON.parse(out.stdout) as ActiveRunResult;
    const flaws = parseFlaws(readFileSync(join(dir, 'FLAWS.md'), 'utf8'));
    return {
      name: t.name,
      score: scoreRun(flaws, run.results, testOf),
      requests: run.requestsSent,
      seconds,
      ...(run.stopped ? { stopped: run.stopped } : {}),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
    await target.stop();
  }
}

/** The section's lines for the targets present (a table and notes), or a note that they are absent. */
export async function measureTargets(only?: string[]): Promise<string[]> {
  if (!existsSync(TARGETS_DIR)) return [`  (no targets: ${TARGETS_DIR} is absent, skipped)`];
  const config = JSON.parse(readFileSync(join(here, 'targets.json'), 'utf8')) as { targets: TargetConfig[] };
  const library = new Map(loadBuiltinTemplates().map((t) => [t.id, t]));
  const testOf = (id: string) => {
    const t = library.get(id);
    // a test of a GraphQL endpoint itself is run-wide there
    return {
      once: t?.once === true || t?.match.graphql === 'endpoint',
      text: t ? `${t.id} ${t.title} ${t.description}` : id,
    };
  };
  const lines = [
    '| target (argus test --allow-intrusive --jwt-digits 6) | documented flaws confirmed | confirmed, no documented flaw | secure mode: fixed flaws confirmed | requests | wall |',
    '|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const t of config.targets) {
    if (only?.length && !only.includes(t.name)) continue;
    if (!existsSync(join(TARGETS_DIR, t.name, 'run.sh'))) {
      notes.push(`  ${t.name}: absent, skipped`);
      continue;
    }
    try {
      const r = await measureTarget(t, testOf);
      const s = r.score;
      const fp = t.secure
        ? (await measureTarget(t, testOf, true)).score.confirmed.filter((c) =>
            t.secure!.fixes.includes(c.flaw),
          )
        : undefined;
      lines.push(
        `| ${r.name} | ${s.confirmed.length} / ${s.documented} | ${s.unmatched.length} | ${fp ? `${fp.length} of ${t.secure!.fixes.length}` : 'no secure mode'} | ${r.requests}${r.stopped ? ` (${r.stopped})` : ''} | ${r.seconds.toFixed(0)} s |`,
      );
      notes.push(
        `  ${r.name}: confirmed ${s.confirmed.map((c) => `${c.flaw} (${c.testId})`).join(', ') || 'none'}; missed ${s.missed.join(', ') || 'none'}`,
      );
      if (fp?.length)
        notes.push(`    secure mode confirmed: ${fp.map((c) => `${c.flaw} (${c.testId})`).join(', ')}`);
      if (s.unmatched.length)
        notes.push(
          `    no documented flaw: ${s.unmatched.map((u) => `${u.testId} ${u.endpoint}`).join('; ')}`,
        );
    } catch (err) {
      lines.push(`| ${t.name} | failed | | | | |`);
      notes.push(`  ${t.name}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  return [...lines, '', ...notes];
}
