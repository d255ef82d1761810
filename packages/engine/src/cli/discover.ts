// `argus discover`: an endpoint inventory from OpenAPI documents, HAR files and
// access logs. Readers a run does not need (YAML for specs, HAR, worker threads)
// are loaded only when a file needs them.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { analyzeInventory } from '../endpoint-analysis.js';
import { Inventory } from '../inventory.js';
import {
  AccessLogError,
  detectLogFormat,
  readAccessLog,
  type AccessLogFormat,
  type AccessLogStats,
} from '../readers/access-log.js';
import type { DomainTraffic } from '../traffic.js';
import { SEVERITY_ORDER, type Severity } from '../types.js';
import { DISCOVER_USAGE, parseArgs, UsageError, wantsHelp, type CliIO } from './args.js';
import { kindOf, sniff, type InputFormat } from './file-kind.js';

const FORMATS = ['auto', 'openapi', 'apache', 'nginx', 'aws', 'har'] as const;
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

export async function discover(argv: readonly string[], io: CliIO): Promise<number> {
  if (wantsHelp(argv)) {
    io.stdout.write(DISCOVER_USAGE);
    return 0;
  }
  const { flags, positional } = parseArgs(argv, ['format', 'domain', 'fail-on', 'workers'], ['json']);
  const format = (flags.get('format') ?? 'auto') as InputFormat;
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`Unknown --format ${String(format)} (expected ${FORMATS.join(', ')})`);
  const failOn = flags.get('fail-on');
  if (failOn !== undefined && !(typeof failOn === 'string' && failOn in SEVERITY_ORDER))
    throw new UsageError('--fail-on must be critical, high, medium or low');
  const domain = typeof flags.get('domain') === 'string' ? (flags.get('domain') as string) : undefined;
  const workersFlag = flags.get('workers') ?? '1';
  // One thread unless asked: on a shared 2-core machine the workers' start-up and their
  // second heap cost more than they gain (see bench/RESULTS.md).
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
      traffic: inventory.traffic().map((t) => ({
        ...t,
        attack: { ...t.attack, firstSeen: iso(t.attack.firstSeen), lastSeen: iso(t.attack.lastSeen) },
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
    io.stdout.write(trafficReport(inventory.traffic()));
    for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
  }
  if (typeof failOn === 'string') {
    const min = SEVERITY_ORDER[failOn as Severity];
    if (report.some((r) => r.vulnerabilities.some((v) => SEVERITY_ORDER[v.severity] >= min))) return 1;
  }
  return 0;
}

/** The attack traffic and other non-API requests per domain, for the table output. */
function trafficReport(traffic: readonly DomainTraffic[]): string {
  const lines: string[] = [];
  for (const t of traffic) {
    const { attack } = t;
    const other = `${t.pageRequests ?? 0} page, ${t.staticRequests} static, ${t.browserRequests} browser, ${t.preflights} preflight requests`;
    if (attack.requests === 0) {
      lines.push(`${t.domain || '-'}: no attack traffic; ${other}`);
      continue;
    }
    const span =
      attack.firstSeen === null
        ? ''
        : ` from ${new Date(attack.firstSeen).toISOString()} to ${new Date(attack.lastSeen ?? attack.firstSeen).toISOString()}`;
    lines.push(`${t.domain || '-'}: attack traffic, ${attack.requests} requests${span}; ${other}`);
    const kinds = Object.entries(attack.byKind).sort((a, b) => b[1] - a[1]);
    lines.push(`  by kind:   ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
    if (attack.byClient.length > 0)
      lines.push(
        `  by client: ${attack.byClient
          .slice(0, 5)
          .map((c) => `${c.client} ${c.count}`)
          .join(', ')}`,
      );
    lines.push(
      `  probed:    ${attack.topPaths
        .slice(0, 8)
        .map((p) => `${p.path} ${p.count}`)
        .join(', ')}`,
    );
  }
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}
