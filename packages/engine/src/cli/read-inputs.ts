// Reading the files `discover` and `diff` take (OpenAPI documents, HAR files, access
// logs) into one inventory. Readers a run does not need (YAML for specs, HAR, worker
// threads) are loaded only when a file needs them.
import { createReadStream, writeFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Inventory, type TemplateOverride } from '../inventory.js';
import {
  AccessLogError,
  detectLogFormat,
  readAccessLog,
  type AccessLogFormat,
  type AccessLogStats,
} from '../readers/access-log.js';
import { UsageError, type CliIO, type ParsedArgs } from './args.js';
import { kindOf, sniff, type FileKind, type InputFormat } from './file-kind.js';

export const FORMATS = ['auto', 'openapi', 'apache', 'nginx', 'aws', 'har'] as const;
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
  const { discoverLogFile } = await import('./parallel-log.js');
  const r = await discoverLogFile(path, { format: resolved, workers, ...(domain ? { domain } : {}) });
  for (const e of r.inventory.endpoints()) inventory.addAggregate(e);
  inventory.addPreflights(r.inventory.pendingPreflights());
  inventory.addTraffic(r.inventory.traffic());
  return r.stats;
}

export async function readWhole(path: string): Promise<string> {
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

export interface ReadOptions {
  format: InputFormat;
  domain: string | undefined;
  workers: number;
}

/** `--format`, `--domain` and `--workers`, checked. */
export function readOptions(flags: ParsedArgs['flags']): ReadOptions {
  const format = (flags.get('format') ?? 'auto') as InputFormat;
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`Unknown --format ${String(format)} (expected ${FORMATS.join(', ')})`);
  const domain = typeof flags.get('domain') === 'string' ? (flags.get('domain') as string) : undefined;
  const workersFlag = flags.get('workers') ?? '1';
  // One thread unless asked: on a shared 2-core machine the workers' start-up and their
  // second heap cost more than they gain (see bench/RESULTS.md).
  const workers = workersFlag === 'auto' ? availableParallelism() : Number(workersFlag);
  if (!Number.isInteger(workers) || workers < 1 || workers > 8)
    throw new UsageError('--workers must be a number from 1 to 8, or auto');
  return { format, domain, workers };
}

export interface ReadStats {
  linesRead: number;
  linesRejected: number;
  observations: number;
  elapsedMs: number;
}

export interface ReadResult {
  inventory: Inventory;
  stats: ReadStats;
  warnings: string[];
  kinds: FileKind[];
}

/**
 * Read `paths` into one inventory, specs first so their templates win for the traffic.
 * `overrides` (per domain) template the traffic as declared without adding endpoints.
 * An unreadable file throws a UsageError naming it.
 */
export async function readInputs(
  paths: readonly string[],
  { format, domain, workers }: ReadOptions,
  io: CliIO,
  overrides: ReadonlyMap<string, TemplateOverride[]> = new Map(),
): Promise<ReadResult> {
  const started = performance.now();
  const inventory = new Inventory();
  for (const [d, list] of overrides) inventory.addOverrides(d, list);
  const stats = { linesRead: 0, linesRejected: 0, observations: 0, elapsedMs: 0 };
  const warnings: string[] = [];
  const files: { path: string; kind: FileKind }[] = [];
  for (const path of paths) {
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
        const { readOpenApi } = await import('../readers/openapi.js');
        const r = readOpenApi(await readWhole(path), domain ? { domain } : {});
        inventory.addSpecEndpoints(r.endpoints);
        warnings.push(...r.warnings.map((w) => `${path}: ${w}`));
      } else if (kind === 'har') {
        const { readHar } = await import('../readers/har.js');
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
  stats.elapsedMs = Math.round(performance.now() - started);
  return { inventory, stats, warnings, kinds: files.map((f) => f.kind) };
}

/** Write an output file (a lockfile, SARIF), or throw a UsageError naming the file. */
export function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (err) {
    throw new UsageError(
      `Cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}
