// Active tests against the deliberately vulnerable fixture API (loopback): test
// pairs (template × endpoint) per second and requests per run, for the untimed
// library (throughput) and the whole library (timed proofs sleep by design).
// Alone: `npm run bench:active` prints them, then runs the third-party targets
// (targets.ts), and rewrites only their sections of bench/RESULTS.md (with
// `--target NAME`, only that target's rows and notes);
// `npm run bench` includes the fixture part.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  activeEndpointsFromOpenApi,
  loadBuiltinTemplates,
  runActiveTests,
  type ActiveTestTemplate,
} from '../src/index.js';
import { fetchTransport as transport } from '../../../fixtures/vulnerable-api/fetch-transport.js';
import { fixtureIdentities } from '../../../fixtures/vulnerable-api/identities.js';
import { startVulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { mergeTargets, sectionLines } from './target-results.js';
import { measureTargets } from './targets.js';

const here = dirname(fileURLToPath(import.meta.url));
const spec = readFileSync(join(here, '..', '..', '..', 'fixtures', 'vulnerable-api', 'openapi.yaml'), 'utf8');
export const ACTIVE_HEADING = '# Active tests against the vulnerable fixture API';
const TARGETS_HEADING = '# Active tests against third-party vulnerable APIs (../shared/targets)';

async function once(tests: ActiveTestTemplate[], secure: boolean) {
  const api = await startVulnerableApi({ secure });
  try {
    const t0 = performance.now();
    const run = await runActiveTests({
      endpoints: activeEndpointsFromOpenApi(spec),
      baseUrl: api.url,
      identities: fixtureIdentities(api),
      tests,
      transport,
      intrusiveConfirmed: true,
      budget: { maxRequests: 100_000, ratePerSec: 100_000 },
    });
    const secs = (performance.now() - t0) / 1000;
    const count = (o: string) => run.results.filter((r) => r.outcome === o).length;
    return {
      pairs: run.results.length,
      confirmed: count('confirmed'),
      notVulnerable: count('not-vulnerable'),
      couldNotRun: count('could-not-run'),
      requests: run.requestsSent,
      secs,
    };
  } finally {
    await api.close();
  }
}

/** The section's lines (a table and notes). */
export async function measureActiveTests(): Promise<string[]> {
  const library = loadBuiltinTemplates();
  const untimed = library.filter((t) => !t.proof.some((c) => c.slower || c.timeGrowth));
  const rows: string[] = [];
  for (const [label, tests] of [
    [`untimed tests (${untimed.length})`, untimed],
    [`whole library (${library.length})`, library],
  ] as const)
    for (const secure of [false, true]) {
      const r = await once(tests, secure);
      rows.push(
        `| ${label}, ${secure ? 'secure' : 'vulnerable'} | ${r.pairs} | ${r.confirmed} / ${r.notVulnerable} / ${r.couldNotRun} | ${r.requests} | ${r.secs.toFixed(2)} s | ${(r.pairs / r.secs).toFixed(1)} | ${Math.round(r.requests / r.secs)} |`,
      );
    }
  return [
    ACTIVE_HEADING,
    '| run (no rate limit, loopback) | test × endpoint pairs | confirmed / not vulnerable / could not run | requests | wall | pairs/s | requests/s |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `  ${endpointsCount()} endpoints from the fixture's OpenAPI; 3 identities (one logs in). SSRF tests could not run (no canary in the engine bench).`,
    '  The whole library includes time-based proofs (SQL and command sleeps of 3 s, ReDoS growth), each confirmed twice.',
  ];
}

const endpointsCount = () => activeEndpointsFromOpenApi(spec).length;

/** Replaces (or appends) one section of bench/RESULTS.md, in the format run.ts writes. */
function writeSection(heading: string, body: string[], notes: string[]) {
  const file = join(here, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const section = [
    heading,
    '',
    `Measured ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} by \`npm run bench:active\`.`,
    '',
    ...body,
    ...(notes.length ? ['```', ...notes, '```'] : []),
    '',
  ].join('\n');
  const start = text.indexOf(heading);
  const next = start < 0 ? -1 : text.indexOf('\n## ', start + heading.length);
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next + 1)}`;
  writeFileSync(file, updated.replace(/\n{3,}/g, '\n\n'));
}

// `npm run bench:active [-- --target NAME ...] [--no-fixture] [--no-targets]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.flatMap((a, i) => (args[i - 1] === '--target' ? [a] : []));
  if (!args.includes('--no-fixture')) {
    const lines = await measureActiveTests();
    for (const l of lines) process.stdout.write(`${l}\n`);
    writeSection(`#${ACTIVE_HEADING}`, lines.slice(1, -2), lines.slice(-2));
  }
  if (!args.includes('--no-targets')) {
    process.stdout.write(`${TARGETS_HEADING}\n`);
    const lines = await measureTargets(only);
    for (const l of lines) process.stdout.write(`${l}\n`);
    const fresh = {
      table: lines.filter((l) => l.startsWith('|')),
      notes: lines.filter((l) => !l.startsWith('|') && l),
    };
    // a partial run (--target) replaces only the rows and notes of the targets it measured
    const { table, notes } = only.length
      ? mergeTargets(
          sectionLines(readFileSync(join(here, 'RESULTS.md'), 'utf8'), TARGETS_HEADING),
          fresh,
          only,
        )
      : fresh;
    const stamp = `  partial-run: ${only.join(', ')} re-measured ${new Date().toISOString().slice(0, 16)}Z; the other rows are from an earlier run`;
    const kept = notes.filter((l) => !l.startsWith('  partial-run:'));
    if (table.length > 2) writeSection(`#${TARGETS_HEADING}`, table, only.length ? [...kept, stamp] : kept);
  }
}
