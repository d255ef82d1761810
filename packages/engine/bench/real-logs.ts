// Real access logs at user scale: each real Common/Combined log of the shared corpus,
// repeated to the bench's line count, read by `argus discover --json` and counted by
// mawk (method and path) in paired rounds. A pair runs back to back, so the ratio
// of the two is what a changing load touches least; the median of the ratios is reported.
import { createWriteStream, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { median, timed, type Timing } from './whole-process.js';

export interface RealLogResult {
  file: string;
  /** Distinct lines in the original file. */
  sourceLines: number;
  argus: Timing;
  mawk: Timing;
  /** Median over rounds of argus wall ÷ mawk wall in the same round. */
  wallRatio: number;
  cpuRatio: number;
}

/** A Common or Combined log line: client, identity, user, [time], "request", status. */
const commonLogLine = /^\S+ \S+ \S+ \[[^\]]+\] "[A-Z]+ \S+[^"]*" \d{3} /;

/** The `.log` files in these folders whose first line has the Common/Combined shape. */
export function commonLogs(folders: string[]): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.log')).sort()) {
      const path = join(folder, name);
      const first = readFileSync(path, 'utf8').split('\n', 1)[0] ?? '';
      if (commonLogLine.test(first)) found.push(path);
    }
  }
  return found;
}

/** Write `source` repeated until `lines` lines (the last copy cut short). */
async function repeatTo(source: string, lines: number, target: string): Promise<number> {
  const text = readFileSync(source, 'utf8');
  const rows = text.split('\n').filter((l) => l.length > 0);
  const out = createWriteStream(target);
  const whole = `${rows.join('\n')}\n`;
  let written = 0;
  while (written + rows.length <= lines) {
    if (!out.write(whole)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    written += rows.length;
  }
  if (written < lines) out.write(`${rows.slice(0, lines - written).join('\n')}\n`);
  await new Promise<void>((resolve, reject) => out.end((err?: Error) => (err ? reject(err) : resolve())));
  return rows.length;
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function measureRealLogs(
  argusBin: string,
  files: string[],
  dir: string,
  lines: number,
  rounds: number,
): Promise<RealLogResult[]> {
  const results: RealLogResult[] = [];
  for (const file of files) {
    const log = join(dir, `real-${basename(file)}`);
    const sourceLines = await repeatTo(file, lines, log);
    const argus: Timing[] = [];
    const mawk: Timing[] = [];
    for (let round = 0; round < rounds; round++) {
      argus.push(timed([process.execPath, argusBin, 'discover', '--json', log]));
      mawk.push(timed(['mawk', '{ n[$6 " " $7]++ } END { for (k in n) c++; print c }', log]));
    }
    rmSync(log, { force: true });
    results.push({
      file: basename(file),
      sourceLines,
      argus: median(argus),
      mawk: median(mawk),
      wallRatio: mid(argus.map((a, i) => a.wall / Math.max(mawk[i]!.wall, 0.01))),
      cpuRatio: mid(argus.map((a, i) => a.cpu / Math.max(mawk[i]!.cpu, 0.01))),
    });
  }
  return results;
}
