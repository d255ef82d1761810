// Child process of bench/run.ts: discovery over one access log, printing JSON
// figures (lines/s, peak RSS). Run alone: tsx bench/access-log.ts FILE [--no-pii]
import { createReadStream } from 'node:fs';
import { Inventory, readAccessLog } from '../src/index.js';

const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error('usage: access-log.ts FILE [--no-pii|--parse-only]');
  process.exit(2);
}
const inventory = new Inventory({ detectPii: flag !== '--no-pii' });
let observations = 0;
const onObservation =
  flag === '--parse-only'
    ? () => void observations++
    : (o: Parameters<Inventory['addObservation']>[0]) => void inventory.addObservation(o);
const started = performance.now();
const stats = await readAccessLog(createReadStream(file, { highWaterMark: 4 << 20 }), {
  format: 'apache',
  onObservation,
});
const endpoints = inventory.endpoints().length;
const ms = performance.now() - started;
console.log(
  JSON.stringify({
    mode: flag ?? 'full',
    lines: stats.linesRead,
    rejected: stats.linesRejected,
    endpoints,
    ms: Math.round(ms),
    linesPerSecond: Math.round((stats.linesRead / ms) * 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
