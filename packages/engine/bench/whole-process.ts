// Whole-process figures for the CLI, measured the way a user meets them: start-up
// (`--help`, `discover` on a one-line log, next to `node -e 0`), and `argus
// discover` on a generated Apache log against a one-line `mawk` count of method
// and path and (when installed) GoAccess, in interleaved rounds in one run.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Timing {
  /** Median wall time, seconds. */
  wall: number;
  /** Median CPU time (user + system), seconds. */
  cpu: number;
  /** Median peak RSS, MB. */
  rssMb: number;
}

export interface WholeProcessResult {
  startup: { label: string; timing: Timing }[];
  discovery: { label: string; timing: Timing }[];
  rounds: number;
  missing: string[];
}

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Run a command under /usr/bin/time (GNU time's format): wall, user, system, max RSS. */
export function timed(argv: string[]): Timing {
  const r = spawnSync('/usr/bin/time', ['-f', '@@ %e %U %S %M', ...argv], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const m = /@@ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`${argv.join(' ')} failed: ${r.stderr.slice(-500)}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Math.round(Number(m[4]) / 1024) };
}

export function median(xs: Timing[]): Timing {
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  return {
    wall: mid(xs.map((x) => x.wall)),
    cpu: mid(xs.map((x) => x.cpu)),
    rssMb: mid(xs.map((x) => x.rssMb)),
  };
}

/** `argus` is the built engine CLI (bin/argus.js runs dist/ when it is current). */
export function measureWholeProcess(
  argusBin: string,
  log: string,
  dir: string,
  rounds = 5,
): WholeProcessResult {
  const node = process.execPath;
  const oneLine = join(dir, 'one-line.log');
  writeFileSync(
    oneLine,
    '203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /api/v1/users/42 HTTP/1.1" 200 512 "-" "curl/8.5.0"\n',
  );
  const startupCommands: [string, string[]][] = [
    ['node -e 0 (floor)', [node, '-e', '0']],
    ['argus --help', [node, argusBin, '--help']],
    ['argus discover one-line.log', [node, argusBin, 'discover', oneLine]],
  ];
  // [label, argv, measured in the first round only (GoAccess takes minutes on a loaded machine)]
  const discoveryCommands: [string, string[], boolean?][] = [
    [
      'argus discover --format apache --json',
      [node, argusBin, 'discover', '--format', 'apache', '--json', log],
    ],
    [
      'argus discover --workers 2',
      [node, argusBin, 'discover', '--format', 'apache', '--json', '--workers', '2', log],
    ],
    ['mawk count of method and path', ['mawk', '{ n[$6 " " $7]++ } END { for (k in n) c++; print c }', log]],
  ];
  const missing: string[] = [];
  if (has('goaccess'))
    discoveryCommands.push([
      'GoAccess (JSON report, one round)',
      ['goaccess', log, '--log-format=COMBINED', '--no-global-config', '-o', join(dir, 'goaccess.json')],
      true,
    ]);
  else missing.push('goaccess');
  if (!has('mawk')) throw new Error('mawk is needed for the comparison (apt-get install mawk)');
  const startup = new Map<string, Timing[]>();
  const discovery = new Map<string, Timing[]>();
  // Interleaved: each round runs every command once, so a change in the machine's
  // load touches all of them alike.
  for (let round = 0; round < rounds; round++) {
    for (const [label, argv] of startupCommands)
      startup.set(label, [...(startup.get(label) ?? []), timed(argv)]);
    for (const [label, argv, once] of discoveryCommands)
      if (round === 0 || !once) discovery.set(label, [...(discovery.get(label) ?? []), timed(argv)]);
  }
  return {
    startup: [...startup].map(([label, ts]) => ({ label, timing: median(ts) })),
    discovery: [...discovery].map(([label, ts]) => ({ label, timing: median(ts) })),
    rounds,
    missing,
  };
}
