// `argus discover`: an endpoint inventory from OpenAPI documents, HAR files and
// access logs, as a table, JSON or an inventory lockfile (see lockfile/).
import { analyzeInventory } from '../endpoint-analysis.js';
import type { EndpointAggregate } from '../inventory.js';
import { buildLockfile, serializeLockfile } from '../lockfile/build.js';
import { inventoryToOpenApi, serializeOpenApi } from '../openapi-export/export.js';
import type { DomainTraffic } from '../traffic.js';
import { SEVERITY_ORDER, type Severity } from '../types.js';
import { DISCOVER_USAGE, parseArgs, UsageError, wantsHelp, type CliIO } from './args.js';
import { readInputs, readOptions, writeOutput } from './read-inputs.js';

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
  const { flags, positional } = parseArgs(
    argv,
    ['format', 'domain', 'fail-on', 'workers', 'lock', 'openapi'],
    ['json'],
  );
  const failOn = flags.get('fail-on');
  if (failOn !== undefined && !(typeof failOn === 'string' && failOn in SEVERITY_ORDER))
    throw new UsageError('--fail-on must be critical, high, medium or low');
  const read = readOptions(flags);
  if (positional.length === 0) throw new UsageError('discover needs at least one FILE');
  const { inventory, stats, warnings } = await readInputs(positional, read, io);
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
  const lock = flags.get('lock');
  if (typeof lock === 'string') writeOutput(lock, serializeLockfile(buildLockfile(endpoints, analyses)));
  const openapi = flags.get('openapi');
  if (typeof openapi === 'string') writeOpenApi(openapi, endpoints, flags.get('domain'));
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

/** Writes the OpenAPI description of the one domain read, or of `--domain` (YAML, JSON for `.json`). */
function writeOpenApi(path: string, endpoints: readonly EndpointAggregate[], domain: unknown): void {
  const domains = [...new Set(endpoints.map((e) => e.domain))].sort();
  const chosen =
    typeof domain === 'string' ? domain.toLowerCase() : domains.length === 1 ? domains[0] : undefined;
  if (chosen === undefined)
    throw new UsageError(
      `--openapi describes one domain; the inventory has ${domains.length}: name one with --domain (${domains.join(', ')})`,
    );
  const format = path.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
  writeOutput(path, serializeOpenApi(inventoryToOpenApi(chosen, endpoints), format));
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
