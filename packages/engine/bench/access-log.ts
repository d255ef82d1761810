// Child process of bench/run.ts: discovery over one access log, printing JSON
// figures (lines/s, CPU time, peak RSS).
//   tsx bench/access-log.ts FILE [--parse-only | --no-pii | --workers=N]
// With ARGUS_BENCH_DIST=1 the worker-thread mode runs the built dist/ (as the CLI
// does when built), so the workers do not compile the TypeScript sources first.
import { createReadStream } from 'node:fs';
import { Inventory, readAccessLog } from '../src/index.js';
import type * as ParallelLogModule from '../src/cli/parallel-log.js';

type ParallelLog = typeof ParallelLogModule;

const [file, flag = 'full'] = process.argv.slice(2);
if (!file) {
  console.error('usage: access-log.ts FILE [--parse-only|--no-pii|--workers=N]');
  process.exit(2);
}
const started = performance.now();
const cpu0 = process.cpuUsage();
let lines: number;
let endpoints: number;
if (flag.startsWith('--workers=')) {
  const { discoverLogFile } = (await import(
    process.env['ARGUS_BENCH_DIST']
      ? new URL('../dist/cli/parallel-log.js', import.meta.url).href
      : '../src/cli/parallel-log.js'
  )) as ParallelLog;
  const r = await discoverLogFile(file, { format: 'apache', workers: Number(flag.slice(10)) });
  lines = r.stats.linesRead;
  endpoints = r.inventory.endpoints().length;
} else {
  const inventory = new Inventory({ detectPii: flag !== '--no-pii' });
  const onObservation =
    flag === '--parse-only'
      ? () => undefined
      : (o: Parameters<Inventory['addObservation']>[0]) => void inventory.addObservation(o);
  // 1 MiB reads, as the CLI does: bigger chunks only hold more decoded text at once.
  const stats = await readAccessLog(createReadStream(file, { highWaterMark: 1 << 20 }), {
    format: 'apache',
    onObservation,
  });
  lines = stats.linesRead;
  endpoints = inventory.endpoints().length;
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  JSON.stringify({
    mode: flag,
    lines,
    endpoints,
    ms: Math.round(ms),
    linesPerSecond: Math.round((lines / ms) * 1000),
    cpuMs: Math.round(cpuMs),
    linesPerCpuSecond: Math.round((lines / cpuMs) * 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
