// The engine's command line: `discover` (inventory from files) and `pii` (PII in text).
// `main(argv, io)` never exits the process; it returns the exit code
// (0 ok, 1 a finding at or above --fail-on, 2 bad usage or unreadable input).
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { analyzeInventory } from '../analyze.js';
import { Inventory } from '../inventory.js';
import { detectPii } from '../pii/detect.js';
import {
  AccessLogError,
  detectLogFormat,
  readAccessLog,
  type AccessLogFormat,
  type AccessLogStats,
} from '../readers/access-log.js';
import { discoverLogFile } from './parallel-log.js';
import { readHar } from '../readers/har.js';
import { readOpenApi } from '../readers/openapi.js';
import { SEVERITY_ORDER, type Severity } from '../types.js';

export interface CliIO {
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** stderr is a terminal: show progress. */
  isTTY: boolean;
}

class UsageError extends Error {}

const USAGE = `Usage:
  argus-engine discover [--format auto|openapi|apache|nginx|aws|har] [--domain NAME] [--json] [--fail-on critical|high|medium|low] [--workers N|auto] FILE...
  argus-engine pii [--json] [FILE]        (reads stdin without FILE)
`;

const FORMATS = ['auto', 'openapi', 'apache', 'nginx', 'aws', 'har'] as const;
type InputFormat = (typeof FORMATS)[number];
const MAX_WHOLE_FILE = 256 * 1024 * 1024;

/** Read a big log with worker threads; the format is detected from its head first. */
async function discoverInParallel(
  path: string,
  format: AccessLogFormat | 'auto',
  domain: string | undefined,
  inventory: Inventory,
  workers: number,
): Promise<AccessLogStats> {
  let resolved: AccessLogFormat | null = format === 'auto' ? null : format;
  if (!resolved) {
    resolved = detectLogFormat((await sniff(path, 1 << 16)).split('\n').slice(0, -1));
    if (!resolved)
      throw new AccessLogError(
        'Unrecognised access log format: no line looks like Apache/Nginx common or combined, or AWS API Gateway JSON',
      );
  }
  const r = await discoverLogFile(path, { format: resolved, workers, ...(domain ? { domain } : {}) });
  for (const e of r.inventory.endpoints()) inventory.addAggregate(e);
  return r.stats;
}

interface ParsedArgs {
  flags: Map<string, string | true>;
  positional: string[];
}

function parseArgs(
  argv: readonly string[],
  valued: readonly string[],
  boolean: readonly string[],
): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (valued.includes(name)) {
        const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
        flags.set(name, value);
      } else if (boolean.includes(name)) flags.set(name, true);
      else throw new UsageError(`Unknown option --${name}`);
    } else positional.push(a);
  }
  return { flags, positional };
}

async function readWhole(path: string): Promise<string> {
  const info = await stat(path);
  if (!info.isFile()) throw new UsageError(`${path} is not a file`);
  if (info.size > MAX_WHOLE_FILE) throw new UsageError(`${path} is larger than 256 MB`);
  const handle = await open(path, 'r');
  try {
    return await handle.readFile({ encoding: 'utf8' });
  } finally {
    await handle.close();
  }
}

async function sniff(path: string, bytes = 4096): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** What a file is: by --format, else by extension and its first bytes. */
async function kindOf(path: string, format: InputFormat): Promise<'openapi' | 'har' | 'log'> {
  if (format === 'openapi' || format === 'har') return format;
  if (format !== 'auto') return 'log';
  const ext = extname(path).toLowerCase();
  if (ext === '.har') return 'har';
  const head = (await sniff(path)).replace(/^\uFEFF/, '');
  if (/^\s*\{\s*"log"\s*:/.test(head)) return 'har';
  if (
    /(^|\n)\s*["']?(openapi|swagger)["']?\s*:/.test(head) ||
    /^\s*\{[\s\S]{0,2000}"(openapi|swagger)"\s*:/.test(head)
  )
    return 'openapi';
  if (ext === '.yaml' || ext === '.yml') return 'openapi';
  return 'log';
}

function formatNumber(n: number): string {
  return n >= 100 ? String(Math.round(n)) : n >= 1 ? n.toFixed(2) : n === 0 ? '0' : n.toPrecision(2);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.min(70, Math.max(...rows.map((r) => (r[c] ?? '').length))));
  return rows
    .map((r) =>
      r
        .map((cell, c) =>
          cell.length > (widths[c] as number)
            ? `${cell.slice(0, (widths[c] as number) - 1)}…`
            : cell.padEnd(widths[c] as number),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function discover(argv: readonly string[], io: CliIO): Promise<number> {
  const { flags, positional } = parseArgs(argv, ['format', 'domain', 'fail-on', 'workers'], ['json']);
  const format = (flags.get('format') ?? 'auto') as InputFormat;
  if (!FORMATS.includes(format))
    throw new UsageError(`Unknown --format ${String(format)} (expected ${FORMATS.join(', ')})`);
  const failOn = flags.get('fail-on');
  if (failOn !== undefined && !(typeof failOn === 'string' && failOn in SEVERITY_ORDER))
    throw new UsageError('--fail-on must be critical, high, medium or low');
  const domain = typeof flags.get('domain') === 'string' ? (flags.get('domain') as string) : undefined;
  const workersFlag = flags.get('workers') ?? '1';
  // One thread unless asked: on a shared 2-core machine the workers' start-up and their
  // second heap cost more than they gain (see the README's benchmarks).
  const workers = workersFlag === 'auto' ? availableParallelism() : Number(workersFlag);
  if (!Number.isInteger(workers) || workers < 1 || workers > 8)
    throw new UsageError('--workers must be a number from 1 to 8, or auto');
  if (positional.length === 0) throw new UsageError('discover needs at least one FILE');
  const started = performance.now();
  const inventory = new Inventory();
  const stats = { linesRead: 0, linesRejected: 0, observations: 0, elapsedMs: 0 };
  const warnings: string[] = [];
  const files: { path: string; kind: 'openapi' | 'har' | 'log' }[] = [];
  for (const path of positional) {
    try {
      files.push({ path, kind: await kindOf(path, format) });
    } catch (err) {
      throw new UsageError(
        `Cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  const hasSpecs = files.some((f) => f.kind === 'openapi');
  // Specs first, so their templates win for the traffic in the other files.
  files.sort((a, b) => (a.kind === 'openapi' ? 0 : 1) - (b.kind === 'openapi' ? 0 : 1));
  for (const { path, kind } of files) {
    try {
      if (kind === 'openapi') {
        const r = readOpenApi(await readWhole(path), domain ? { domain } : {});
        inventory.addSpecEndpoints(r.endpoints);
        warnings.push(...r.warnings.map((w) => `${path}: ${w}`));
      } else if (kind === 'har') {
        const r = readHar(await readWhole(path), domain ? { domain } : {});
        for (const o of r.observations) inventory.addObservation(o);
        stats.observations += r.observations.length;
        warnings.push(...r.warnings.map((w) => `${path}: ${w}`));
      } else {
        const info = await stat(path);
        if (!info.isFile()) throw new UsageError(`${path} is not a file`);
        const showProgress = io.isTTY;
        const logFormat: AccessLogFormat | 'auto' =
          format === 'aws' ? 'aws_api_gateway' : format === 'apache' || format === 'nginx' ? format : 'auto';
        // Workers learn without the spec's templates: with a spec the log is read here.
        const parallel = workers > 1 && !hasSpecs;
        const s = parallel
          ? await discoverInParallel(path, logFormat, domain, inventory, workers)
          : await readAccessLog(createReadStream(path, { highWaterMark: 1 << 20 }), {
              format: logFormat,
              ...(domain ? { domain } : {}),
              onObservation: (o) => inventory.addObservation(o),
              ...(showProgress && info.size > 8 * 1024 * 1024
                ? {
                    onProgress: (bytes: number, lines: number) =>
                      void io.stderr.write(
                        `\r${path}: ${Math.round((100 * bytes) / info.size)}% (${lines} lines)`,
                      ),
                  }
                : {}),
            });
        if (showProgress && !parallel && info.size > 8 * 1024 * 1024) io.stderr.write('\n');
        stats.linesRead += s.linesRead;
        stats.linesRejected += s.linesRejected;
        stats.observations += s.observations;
        if (s.linesRejected > 0)
          warnings.push(
            `${path}: ${s.linesRejected} of ${s.linesRead} lines rejected (first at line ${s.rejected[0]?.line}: ${s.rejected[0]?.reason})`,
          );
      }
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(
        `${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
      );
    }
  }
  const endpoints = inventory.endpoints();
  const analyses = analyzeInventory(endpoints);
  const report = endpoints.map((ep) => {
    const a = analyses.get(ep)!;
    return { ep, a, vulnerabilities: a.vulnerabilities, riskScore: a.risk.riskScore };
  });
  report.sort(
    (x, y) =>
      y.riskScore - x.riskScore ||
      x.ep.domain.localeCompare(y.ep.domain) ||
      x.ep.normalizedPath.localeCompare(y.ep.normalizedPath) ||
      x.ep.method.localeCompare(y.ep.method),
  );
  stats.elapsedMs = Math.round(performance.now() - started);
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  if (flags.has('json')) {
    const out = {
      endpoints: report.map(({ ep, a, vulnerabilities, riskScore }) => ({
        method: ep.method,
        domain: ep.domain,
        normalizedPath: ep.normalizedPath,
        sources: ep.sources,
        requestCount: ep.requestCount,
        firstSeen: iso(ep.firstSeen),
        lastSeen: iso(ep.lastSeen),
        avgRps: Math.round(a.avgRps * 1e6) / 1e6,
        auth: a.auth,
        piiTypes: a.piiTypes,
        riskScore,
        classification: a.classification.classification,
        vulnerabilities: vulnerabilities.map((v) => ({
          vulnId: v.vulnId,
          title: v.title,
          severity: v.severity,
          owaspCategory: v.owaspCategory,
        })),
      })),
      stats,
      ...(warnings.length ? { warnings } : {}),
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const rows = [['METHOD', 'DOMAIN', 'PATH', 'REQS', 'RPS', 'AUTH', 'PII', 'RISK', 'FINDINGS']];
    for (const { ep, a, vulnerabilities, riskScore } of report) {
      rows.push([
        ep.method,
        ep.domain || '-',
        ep.normalizedPath,
        String(ep.requestCount),
        formatNumber(a.avgRps),
        a.auth,
        a.piiTypes.join(',') || '-',
        String(riskScore),
        vulnerabilities.map((v) => v.vulnId.replace('ARGUS-', '')).join(',') || '-',
      ]);
    }
    io.stdout.write(
      `${table(rows)}\n\n${endpoints.length} endpoints · ${stats.observations} observations · ${stats.linesRead} lines read, ${stats.linesRejected} rejected · ${stats.elapsedMs} ms\n`,
    );
    for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
  }
  if (typeof failOn === 'string') {
    const min = SEVERITY_ORDER[failOn as Severity];
    if (report.some((r) => r.vulnerabilities.some((v) => SEVERITY_ORDER[v.severity] >= min))) return 1;
  }
  return 0;
}

async function collect(stream: AsyncIterable<string | Uint8Array>, limit: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    size += b.length;
    if (size > limit) throw new UsageError('input is larger than 64 MB');
    parts.push(b);
  }
  return Buffer.concat(parts).toString('utf8');
}

async function pii(argv: readonly string[], io: CliIO): Promise<number> {
  const { flags, positional } = parseArgs(argv, [], ['json']);
  if (positional.length > 1) throw new UsageError('pii takes at most one FILE');
  let text: string;
  const file = positional[0];
  if (file && file !== '-') {
    try {
      text = await collect(createReadStream(file), 64 * 1024 * 1024);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(
        `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  } else text = await collect(io.stdin, 64 * 1024 * 1024);
  const matches = detectPii(text);
  if (flags.has('json')) {
    io.stdout.write(
      `${JSON.stringify({ matches: matches.map(({ type, start, end, value }) => ({ type, start, end, value })) }, null, 2)}\n`,
    );
  } else if (matches.length === 0) io.stdout.write('No PII found\n');
  else {
    for (const m of matches)
      io.stdout.write(
        `${m.type.padEnd(12)} ${String(m.start).padStart(6)}-${String(m.end).padEnd(6)} ${m.value}\n`,
      );
  }
  return 0;
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'discover') return await discover(rest, io);
    if (command === 'pii') return await pii(rest, io);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`Unknown command "${command}"`);
  } catch (err) {
    const message = (err as Error).message.split('\n')[0];
    io.stderr.write(`argus: ${message}\n`);
    if (err instanceof UsageError && /Unknown (command|option)|needs|must be|takes/.test(message ?? ''))
      io.stderr.write(USAGE);
    return 2;
  }
}
