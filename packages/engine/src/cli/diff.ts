// `argus diff OLD NEW`: the change in API surface between two inventories, each a
// lockfile or any input `discover` reads (a spec against traffic compares what was
// declared with what is used). A table, JSON or SARIF; exit 1 when a change matches
// --fail-on, 2 when an input cannot be read.
import { readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lineOfPath } from '../active/sarif.js';
import { analyzeInventory } from '../endpoint-analysis.js';
import type { TemplateOverride } from '../inventory.js';
import { buildLockfile, serializeLockfile } from '../lockfile/build.js';
import { CHANGE_KINDS, diffLockfiles, fails, parseFailPolicy, type ApiChange } from '../lockfile/diff.js';
import { lockfileSchema, type Lockfile } from '../lockfile/schema.js';
import { diffToSarif, type ChangeLocation } from '../lockfile/sarif.js';
import { parseArgs, UsageError, wantsHelp, type CliIO } from './args.js';
import { sniff } from './file-kind.js';
import { readInputs, readOptions, writeOutput, type ReadOptions } from './read-inputs.js';

export const DIFF_USAGE = `Usage:
  argus diff [--json] [--sarif FILE] [--fail-on LIST] [--lock FILE]
             [--format auto|openapi|apache|nginx|aws|har] [--domain NAME] OLD NEW

  What changed in the API surface from OLD to NEW: endpoints added and removed,
  authentication regressions, new PII, new and resolved findings, parameters.
  OLD and NEW are inventory lockfiles (argus discover --lock) or any file discover
  reads; a spec as OLD templates the traffic in NEW with its paths.
  --json            the changes as JSON
  --sarif FILE      also write SARIF 2.1.0 (for code scanning)
  --fail-on LIST    exit 1 on a change at or above a severity (critical, high, medium,
                    low) or of a kind (${CHANGE_KINDS.join(', ')}), comma-separated
  --lock FILE       also write NEW's lockfile
  --format, --domain  how to read inputs that are not lockfiles (as discover)
Exit codes: 0 no failing change, 1 a failing change, 2 bad usage or unreadable input.
`;

interface Side {
  path: string;
  lock: Lockfile;
  /** The file's text when lines in it can be pointed at (a lockfile, a spec). */
  text: string | null;
  kind: 'lockfile' | 'spec' | 'traffic';
}

async function isLockfile(path: string): Promise<boolean> {
  const head = (await sniff(path, 256)).replace(/^\uFEFF/, '').trimStart();
  return /^\{\s*"lockfileVersion"/.test(head);
}

function parseLockfile(path: string, text: string): Lockfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = lockfileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(
      `${path}: not an Argus lockfile version 1 (${issue.path.join('.') || 'root'}: ${issue.message})`,
    );
  }
  return parsed.data;
}

async function readSide(
  path: string,
  options: ReadOptions,
  io: CliIO,
  overrides?: ReadonlyMap<string, TemplateOverride[]>,
): Promise<Side> {
  let lockfile: boolean;
  try {
    lockfile = await isLockfile(path);
  } catch (err) {
    throw new UsageError(
      `Cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  if (lockfile) {
    const text = await readFile(path, 'utf8');
    return { path, lock: parseLockfile(path, text), text, kind: 'lockfile' };
  }
  const { inventory, kinds, warnings } = await readInputs([path], options, io, overrides);
  for (const w of warnings) io.stderr.write(`warning: ${w}\n`);
  const endpoints = inventory.endpoints();
  const lock = buildLockfile(endpoints, analyzeInventory(endpoints));
  const spec = kinds.every((k) => k === 'openapi');
  return { path, lock, text: spec ? await readFile(path, 'utf8') : null, kind: spec ? 'spec' : 'traffic' };
}

/** Per domain, the declared templates of a spec side, to template the other side's traffic. */
function declaredTemplates(side: Side): Map<string, TemplateOverride[]> {
  const out = new Map<string, TemplateOverride[]>();
  if (side.kind !== 'spec') return out;
  for (const d of side.lock.domains)
    out.set(
      d.domain,
      d.endpoints.map((e) => ({ kind: 'merge', template: e.path })),
    );
  return out;
}

/** The line of each endpoint in a lockfile's text (`domain method path` → 1-based line). */
function lockfileLines(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const lines = text.split('\n');
  let domain = '';
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    const d = /^"domain": (".*"),?$/.exec(t);
    if (d) domain = JSON.parse(d[1]!) as string;
    const m = /^"method": (".*"),$/.exec(t);
    const p = /^"path": (".*"),$/.exec(lines[i + 1]?.trim() ?? '');
    if (m && p) out.set(`${domain} ${JSON.parse(m[1]!) as string} ${JSON.parse(p[1]!) as string}`, i + 1);
  }
  return out;
}

function locator(side: Side): (c: ApiChange) => ChangeLocation {
  const uri = isAbsolute(side.path)
    ? pathToFileURL(side.path).href
    : encodeURI(side.path.replace(/\\/g, '/'));
  const lines = side.kind === 'lockfile' && side.text ? lockfileLines(side.text) : null;
  return (c) => ({
    uri,
    line: lines
      ? (lines.get(`${c.domain} ${c.method} ${c.path}`) ?? null)
      : side.kind === 'spec' && side.text
        ? lineOfPath(side.text, c.path)
        : null,
  });
}

function table(changes: readonly ApiChange[]): string {
  const rows = [
    ['SEVERITY', 'CHANGE', 'ENDPOINT', 'DETAIL'],
    ...changes.map((c) => [c.severity ?? '-', c.kind, `${c.method} ${c.domain}${c.path}`, c.message]),
  ];
  const widths = [0, 1, 2].map((i) => Math.min(60, Math.max(...rows.map((r) => r[i]!.length))));
  return rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n');
}

export async function diff(argv: readonly string[], io: CliIO): Promise<number> {
  if (wantsHelp(argv)) {
    io.stdout.write(DIFF_USAGE);
    return 0;
  }
  const { flags, positional } = parseArgs(argv, ['format', 'domain', 'fail-on', 'sarif', 'lock'], ['json']);
  const failOn = flags.get('fail-on');
  const policy = typeof failOn === 'string' ? parseFailPolicy(failOn) : null;
  if (typeof policy === 'string') throw new UsageError(policy);
  if (positional.length !== 2) throw new UsageError('diff takes two inputs: OLD NEW');
  const options = { ...readOptions(flags), workers: 1 };
  const before = await readSide(positional[0]!, options, io);
  const after = await readSide(positional[1]!, options, io, declaredTemplates(before));
  const oldDomains = new Set(before.lock.domains.map((d) => d.domain));
  const newDomains = after.lock.domains.map((d) => d.domain);
  if (oldDomains.size > 0 && newDomains.length > 0 && !newDomains.some((d) => oldDomains.has(d)))
    io.stderr.write(
      `warning: OLD and NEW share no domain (OLD: ${[...oldDomains].join(', ') || "''"}; NEW: ${newDomains.join(', ') || "''"}); pass --domain to name log traffic\n`,
    );
  const lock = flags.get('lock');
  if (typeof lock === 'string') writeOutput(lock, serializeLockfile(after.lock));
  const changes = diffLockfiles(before.lock, after.lock);
  const failing = policy ? changes.filter((c) => fails(c, policy)) : [];
  const sarifPath = flags.get('sarif');
  if (typeof sarifPath === 'string') {
    const [locateOld, locateNew] = [locator(before), locator(after)];
    const sarif = diffToSarif(changes, (c) => (c.kind === 'removed-endpoint' ? locateOld(c) : locateNew(c)));
    writeOutput(sarifPath, `${JSON.stringify(sarif, null, 2)}\n`);
  }
  const counts: Record<string, number> = {};
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  if (flags.has('json'))
    io.stdout.write(`${JSON.stringify({ changes, counts, failing: failing.length }, null, 2)}\n`);
  else {
    io.stdout.write(changes.length ? `${table(changes)}\n\n` : 'No change in the API surface.\n');
    const summary = Object.entries(counts).map(([k, n]) => `${n} ${k}`);
    if (summary.length) io.stdout.write(`${summary.join(' · ')}\n`);
    if (policy) io.stdout.write(`${failing.length} failing (--fail-on ${String(failOn)})\n`);
  }
  return failing.length > 0 ? 1 : 0;
}
