// `npm run eval:real -w @argus/engine`: discovery on every file of the real-traffic corpus (both
// directories: ../shared/corpus/real-traffic and eval/real-traffic, see real-traffic.ts), scored
// against its truth files. Prints per file, per directory and half, and per half over both
// (tuning, reporting: the reporting half's figures are the ones that count) found/total, listed,
// precision and noise listed, the targets, and what moved against eval/baseline-real.json.
//   --update-baseline   rewrite eval/baseline-real.json with these figures
//   --verbose           list each file's missed operations, extra endpoints and listed noise
//   --only=TEXT         only files whose name contains TEXT
//   --half=tuning       only one half (tuning runs)
import { relative } from 'node:path';
import { writeFileSync } from 'node:fs';
import {
  BASELINE_FILE,
  REAL_DIRS,
  evaluateRealFile,
  figuresOf,
  readRealBaseline,
  realFiles,
  type RealCorpus,
  type RealFigures,
  type RealHalf,
  type RealResult,
} from './real-traffic.js';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const onlyHalf = args.find((a) => a.startsWith('--half='))?.slice(7);
const out = (s: string) => process.stdout.write(`${s}\n`);
const pct = (x: number) => `${(100 * x).toFixed(2)} %`;

/** Targets of the reporting half (issue 40). */
const TARGET_FOUND = 0.98;
const TARGET_PRECISION = 0.95;

function fileLine(r: RealResult): string {
  const s = r.score;
  return (
    `  ${r.file.corpus.padEnd(6)} ${r.file.half.slice(0, 3)} ${r.file.name.padEnd(44)} found ${`${s.found}/${s.total}`.padEnd(6)} ` +
    `listed ${String(s.listed).padEnd(4)} precision ${s.precision.toFixed(3)}  ` +
    `noise listed ${s.noiseListed}/${s.noiseTotal} paths, ${r.noiseRequests}/${r.noiseRequestsTotal} requests` +
    `  (${Math.round(r.ms)} ms)`
  );
}

function details(r: RealResult): string[] {
  return [
    ...r.score.missed.map(
      (m) => `      MISS ${m.method} ${m.template}${m.near.length ? `   ~ ${m.near.join(', ')}` : ''}`,
    ),
    ...r.score.extra.map((e) => `      EXTRA ${e.method} ${e.template}`),
    ...r.score.noiseHits.map((h) => `      NOISE-LISTED ${h.category} ${h.method} ${h.path} <- ${h.by}`),
  ];
}

function halfSummary(label: string, half: RealHalf, results: RealResult[]): void {
  if (results.length === 0) return;
  const found = results.reduce((n, r) => n + r.score.found, 0);
  const total = results.reduce((n, r) => n + r.score.total, 0);
  const listed = results.reduce((n, r) => n + r.score.listed, 0);
  const right = results.reduce((n, r) => n + r.score.trueListed, 0);
  const noisePaths = results.reduce((n, r) => n + r.score.noiseListed, 0);
  const noiseRequests = results.reduce((n, r) => n + r.noiseRequests, 0);
  const below = results.filter((r) => r.score.precision < TARGET_PRECISION);
  const worst = [...results].sort((a, b) => a.score.precision - b.score.precision)[0] as RealResult;
  out(
    `# ${label}: ${results.length} files, found ${found}/${total} (${pct(total ? found / total : 1)}), ` +
      `listed ${listed}, precision ${listed ? (right / listed).toFixed(3) : '-'} overall, ` +
      `lowest ${worst.score.precision.toFixed(3)}; noise listed ${noisePaths} paths, ${noiseRequests} requests`,
  );
  if (half === 'reporting' && label === half)
    out(
      `  targets: found ≥ 98 %: ${total === 0 || found / total >= TARGET_FOUND ? 'met' : 'NOT met'}; ` +
        `precision ≥ 0.95 on every file: ${below.length === 0 ? 'met' : `NOT met (${below.length} below)`}; ` +
        `0 noise requests listed: ${noiseRequests === 0 ? 'met' : 'NOT met'}`,
    );
}

const describe = (f: RealFigures) =>
  `found ${f.found}/${f.total}, listed ${f.listed}, precision ${f.precision.toFixed(3)}, noise ${f.noiseListed} paths ${f.noiseRequests} requests`;

function moves(results: RealResult[], baseline: Record<string, RealFigures>): void {
  const moved: string[] = [];
  for (const r of results) {
    const now = figuresOf(r);
    const before = baseline[r.file.name];
    if (!before) moved.push(`  ${r.file.half.slice(0, 3)} ${r.file.name}: new, ${describe(now)}`);
    else if (JSON.stringify(before) !== JSON.stringify(now)) {
      const better =
        now.found -
        before.found +
        (now.precision - before.precision) * 10 -
        (now.noiseRequests - before.noiseRequests);
      moved.push(
        `  ${r.file.half.slice(0, 3)} ${r.file.name} ${better >= 0 ? '+' : '-'}: ${describe(before)} → ${describe(now)}`,
      );
    }
  }
  out(
    moved.length === 0
      ? '# versus baseline: no file moved'
      : `# versus baseline: ${moved.length} files moved`,
  );
  for (const line of moved) out(line);
}

const files = realFiles().filter(
  (f) => (!only || f.name.includes(only)) && (!onlyHalf || f.half === onlyHalf),
);
const corpora = Object.keys(REAL_DIRS) as RealCorpus[];
const countIn = (c: RealCorpus) => files.filter((f) => f.corpus === c).length;
const where = corpora.map((c) => `${c}: ${countIn(c)} in ${relative(process.cwd(), REAL_DIRS[c])}`);
if (files.length === 0) {
  out(`# real-traffic corpus: no files with truth (${where.join(', ')})`);
  process.exit(0);
}
if (countIn('shared') === 0) out(`# ${REAL_DIRS.shared} not found: only the repository's files are scored`);
const started = performance.now();
out(`# real-traffic corpus: ${files.length} files (${where.join('; ')})`);
const results: RealResult[] = [];
for (const file of files) {
  const r = await evaluateRealFile(file);
  results.push(r);
  out(fileLine(r));
  if (verbose) for (const line of details(r)) out(line);
}
const halves = ['tuning', 'reporting'] as const;
for (const corpus of corpora)
  for (const half of halves)
    halfSummary(
      `${corpus} ${half}`,
      half,
      results.filter((r) => r.file.corpus === corpus && r.file.half === half),
    );
for (const half of halves)
  halfSummary(
    half,
    half,
    results.filter((r) => r.file.half === half),
  );
const baseline = readRealBaseline();
moves(results, baseline);
if (args.includes('--update-baseline') && !only && !onlyHalf && countIn('shared') > 0) {
  const next: Record<string, RealFigures> = {};
  for (const r of results) next[r.file.name] = figuresOf(r);
  writeFileSync(BASELINE_FILE, `${JSON.stringify(next, null, 2)}\n`);
  out(`# baseline written: ${relative(process.cwd(), BASELINE_FILE)}`);
}
out(`# ${results.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
