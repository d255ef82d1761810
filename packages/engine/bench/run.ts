// `npm run bench -w @argus/engine`: prints the engine's figures and rewrites
// bench/RESULTS.md with them (date, machine, tables). Generates its inputs into a
// temporary directory and removes them afterwards.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectPiiInBody, readOpenApi } from '../src/index.js';
import { generateBodies, generateSpec, writeApacheLog } from './generate.js';
import { measureActiveTests } from './active.js';
import { evaluatePresidio } from './pii-eval.js';
import { measureTemplating } from './synthetic.js';
import { commonLogs, measureRealLogs } from './real-logs.js';
import { measureWholeProcess, type Timing } from './whole-process.js';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const corpus = join(here, '..', '..', '..', '..', 'shared', 'corpus');
const lines = Number(process.env['ARGUS_BENCH_LINES'] ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'argus-bench-'));
/** Everything printed, for RESULTS.md. */
const printed: string[] = [];
const out = (s: string) => {
  printed.push(s);
  process.stdout.write(`${s}\n`);
};
const startedAt = new Date();
const loadAtStart = loadavg();
const fmt = (n: number | undefined) => (n ?? 0).toLocaleString('en');

try {
  // The CLI and the worker-thread mode run the built package: build it first.
  execFileSync(process.execPath, [tsc, '-p', join(here, '..', 'tsconfig.build.json')], { stdio: 'inherit' });
  const log = join(dir, 'access.log');
  const templates = await writeApacheLog(log, lines);
  const mb = statSync(log).size / 1024 / 1024;
  // 1. The CLI as a whole process, against mawk and GoAccess on the same file.
  const rounds = Number(process.env['ARGUS_BENCH_ROUNDS'] ?? 5);
  const whole = measureWholeProcess(join(here, '..', 'bin', 'argus.js'), log, dir, rounds);
  const mawk = whole.discovery.find((d) => d.label.startsWith('mawk'))!.timing;
  const floor = whole.startup[0]!.timing;
  const row = (label: string, t: Timing, base: Timing) =>
    `| ${label} | ${t.wall.toFixed(2)} s | ${(t.wall / base.wall).toFixed(2)}× | ${t.cpu.toFixed(2)} s | ${(t.cpu / base.cpu).toFixed(2)}× | ${t.rssMb} MB |`;
  const discoveryTable = [
    `| whole process, same file (median of ${rounds}, interleaved) | wall | ÷ mawk | CPU | ÷ mawk | peak RSS |`,
    '|---|---|---|---|---|---|',
    ...whole.discovery.map((d) => row(d.label, d.timing, mawk)),
  ];
  const startupTable = [
    `| start-up (median of ${rounds}) | wall | ÷ node -e 0 | CPU | ÷ node -e 0 | peak RSS |`,
    '|---|---|---|---|---|---|',
    ...whole.startup.map((d) => row(d.label, d.timing, floor)),
  ];
  out(
    `# CLI whole process: ${lines.toLocaleString('en')} generated Apache combined lines (${mb.toFixed(0)} MB)`,
  );
  for (const line of [...discoveryTable, '', ...startupTable]) out(line);
  if (whole.missing.length) out(`  (not installed, skipped: ${whole.missing.join(', ')})`);

  // 1b. The same comparison on real logs (the shared corpus's Common/Combined logs, repeated).
  const realFiles = commonLogs([join(corpus, 'logs'), join(corpus, 'real-traffic')]);
  if (realFiles.length) {
    const real = await measureRealLogs(join(here, '..', 'bin', 'argus.js'), realFiles, dir, lines, rounds);
    out(`# CLI whole process: real logs, each repeated to ${lines.toLocaleString('en')} lines`);
    out(
      `  (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} after the real-log runs)`,
    );
    out('');
    out(
      `| argus discover --json vs mawk, paired (median of ${rounds}) | distinct lines | argus wall | mawk wall | wall ÷ mawk | CPU ÷ mawk | peak RSS |`,
    );
    out('|---|---|---|---|---|---|---|');
    for (const r of real)
      out(
        `| ${r.file} | ${fmt(r.sourceLines)} | ${r.argus.wall.toFixed(2)} s | ${r.mawk.wall.toFixed(2)} s | ${r.wallRatio.toFixed(2)}× | ${r.cpuRatio.toFixed(2)}× | ${r.argus.rssMb} MB |`,
      );
  } else out('# CLI whole process on real logs: skipped (../shared/corpus not found)');

  // 2. Access-log discovery in process (child processes so peak RSS is the reader's own).
  out(
    `# access log: ${lines.toLocaleString('en')} Apache combined lines (${mb.toFixed(0)} MB, ${templates} endpoint templates)`,
  );
  out(
    `  (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores; lines per CPU-second does not depend on load)`,
  );
  // [mode, label, node flags]: the capped run shows memory is bounded by endpoints, not by the
  // file (V8 otherwise grows its heap lazily up to the machine's default limit before collecting).
  const modes: [string, string, string[]][] = [
    ['--parse-only', 'parse only (no inventory)', []],
    ['--no-pii', 'discovery, 1 thread, no PII', []],
    ['full', 'discovery, 1 thread', []],
    ['full', 'discovery, 1 thread, heap capped 64 MB', ['--max-old-space-size=64']],
    [`--workers=${availableParallelism()}`, `discovery, ${availableParallelism()} worker threads`, []],
  ];
  for (const [mode, label, flags] of modes) {
    const args = [...flags, '--import', 'tsx', join(here, 'access-log.ts'), log, mode];
    const r = JSON.parse(
      execFileSync(process.execPath, args, {
        encoding: 'utf8',
        env: { ...process.env, ARGUS_BENCH_DIST: '1' },
      }),
    ) as Record<string, number>;
    out(
      `  ${label.padEnd(40)} ${fmt(r['linesPerSecond'])} lines/s (${r['ms']} ms wall)  ${fmt(r['linesPerCpuSecond'])} lines/CPU-s  peak RSS ${r['peakRssMb']} MB  ${r['endpoints']} endpoints`,
    );
  }

  const spec = generateSpec(250);
  readOpenApi(generateSpec(5)); // warm-up
  const runs: number[] = [];
  const cpuRuns: number[] = [];
  let operations = 0;
  const first = performance.now();
  readOpenApi(spec);
  const firstMs = performance.now() - first;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    operations = readOpenApi(spec).endpoints.length;
    runs.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpuRuns.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => Math.round(xs.sort((a, b) => a - b)[2] as number);
  out(
    `# OpenAPI ingest: ${(spec.length / 1024 / 1024).toFixed(1)} MB JSON, ${operations} operations on 250 paths, shared $refs`,
  );
  out(
    `  first run ${Math.round(firstMs)} ms; then median ${median(runs)} ms wall, ${median(cpuRuns)} ms CPU (5 runs)`,
  );

  // 4. PII throughput over JSON bodies.
  const bodies = generateBodies(20_000);
  const bytes = bodies.reduce((n, b) => n + b.length, 0);
  for (const b of bodies.slice(0, 500)) detectPiiInBody(b, 'response.body');
  const t = performance.now();
  const c = process.cpuUsage();
  let findings = 0;
  for (const b of bodies) findings += detectPiiInBody(b, 'response.body').length;
  const secs = (performance.now() - t) / 1000;
  const used = process.cpuUsage(c);
  const cpuSecs = (used.user + used.system) / 1e6;
  const bodyMb = bytes / 1024 / 1024;
  out(
    `# PII in JSON bodies: ${bodyMb.toFixed(1)} MB, ${bodies.length} bodies (realistic API payloads, 30 % with PII)`,
  );
  out(
    `  ${(bodyMb / secs).toFixed(1)} MB/s wall, ${(bodyMb / cpuSecs).toFixed(1)} MB/CPU-s (${findings} findings)`,
  );

  // 5. Precision / recall and templating accuracy (need the shared corpus).
  const presidio = join(corpus, 'pii', 'presidio-recognizer-test-cases.json');
  if (existsSync(presidio)) {
    const { byType } = evaluatePresidio(JSON.parse(readFileSync(presidio, 'utf8')));
    out('# PII precision / recall on Presidio recogniser cases');
    for (const type of ['ssn', 'email', 'phone', 'credit_card', 'national_id', 'dob', 'iban', 'ip_address']) {
      const s = byType[type];
      if (s)
        out(
          `  ${type.padEnd(12)} P ${s.precision.toFixed(3)}  R ${s.recall.toFixed(3)}  (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`,
        );
    }
  } else out('# PII precision / recall: skipped (../shared/corpus not found)');
  const specs = [
    'oas30-petstore3.yaml',
    'swagger20-petstore-classic.json',
    'oas31-petstore-design-first.yaml',
    'oas30-uspto.json',
  ].map((f) => join(corpus, 'openapi', f));
  if (specs.every((f) => existsSync(f))) {
    const r = measureTemplating(specs.map((f) => readFileSync(f, 'utf8')));
    out(`# Templating accuracy (synthetic traffic from the corpus specs, no spec given)`);
    out(
      `  ${r.recovered}/${r.templates} templates recovered exactly = ${(r.accuracy * 100).toFixed(1)} %; requests mapped right ${(r.requestAccuracy * 100).toFixed(1)} %`,
    );
    for (const m of r.misses) out(`  miss: ${m.expected} → ${m.got.join(' | ')}`);
  } else out('# Templating accuracy on corpus specs: skipped (../shared/corpus not found)');
  const gen = measureTemplating([generateSpec(60)], 40);
  out(`  generated spec (${gen.templates} templates): ${(gen.accuracy * 100).toFixed(1)} %`);
  // 6. Active tests against the vulnerable fixture API.
  for (const line of await measureActiveTests()) out(line);
  writeResults();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** bench/RESULTS.md: when, on what, and what was printed (tables as tables). */
function writeResults(): void {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const body: string[] = [];
  let inCode = false;
  for (const line of printed) {
    const table = line.startsWith('|');
    const heading = line.startsWith('# ');
    if ((table || heading || line === '') && inCode) {
      body.push('```');
      inCode = false;
    }
    if (heading) body.push('', `#${line}`, '');
    else if (table || line === '') body.push(line);
    else {
      if (!inCode) body.push('```');
      inCode = true;
      body.push(line);
    }
  }
  if (inCode) body.push('```');
  const text = [
    '# @argus/engine benchmark results',
    '',
    'Written by `npm run bench -w @argus/engine` (bench/run.ts); do not edit by hand.',
    '',
    `- date: ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- machine: ${cpu}, ${availableParallelism()} cores, ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}, ${process.platform}`,
    `- load average at start: ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} (wall times depend on it; CPU times much less)`,
    `- input: ${lines.toLocaleString('en')} generated Apache combined lines (bench/generate.ts)`,
    ...body,
    '',
  ].join('\n');
  writeFileSync(join(here, 'RESULTS.md'), text.replace(/\n{3,}/g, '\n\n'));
}
