// `npm run eval:risk -w @argus/engine`: does a deliberately vulnerable API outrank the
// reference descriptions? Each target of eval/risk/data.json is started with its run.sh
// (../shared/targets/NAME) to fetch the OpenAPI description it serves; each is read like an
// upload (spec endpoints → passive checks → risk). Prints average and maximum risk per
// description, whether every target ranks above every reference on both, and per documented
// flaw (FLAWS.md) that the description can show whether a finding flags its category.
// Writes eval/RESULTS-risk.md.
//   --running=NAME=PORT   use a target already serving on 127.0.0.1:PORT instead of starting it
//   --timeout=S           how long a target may take to serve its description (default 600)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inventory, analyzeInventory, readOpenApi } from '../src/index.js';
import { matchFlaws, parseFlaws, type FlawResult } from './risk/flaws.js';
import { fetchTargetDescription } from './risk/targets.js';

const here = dirname(fileURLToPath(import.meta.url));
const shared = join(here, '..', '..', '..', '..', 'shared');
const data = JSON.parse(readFileSync(join(here, 'risk', 'data.json'), 'utf8')) as {
  targets: { name: string; docs: string }[];
  references: string[];
};
const args = process.argv.slice(2);
const option = (name: string) =>
  args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
const running = new Map(option('running').map((v) => [v.split('=')[0]!, Number(v.split('=')[1])]));
const timeoutMs = Number(option('timeout')[0] ?? 600) * 1000;
const lines: string[] = [];
const notes: string[] = [];
const note = (s: string) => {
  notes.push(s);
  process.stderr.write(`${s}\n`);
};
const out = (s: string) => {
  lines.push(s);
  process.stdout.write(`${s}\n`);
};

interface Scored {
  name: string;
  vulnerable: boolean;
  operations: number;
  avg: number;
  max: number;
  flaws: FlawResult[];
}

function score(name: string, text: string, vulnerable: boolean, flawsMd: string | null): Scored {
  const inventory = new Inventory();
  inventory.addSpecEndpoints(readOpenApi(text, { domain: `${name.toLowerCase()}.eval.invalid` }).endpoints);
  const analysed = [...analyzeInventory(inventory.endpoints())].map(([ep, analysis]) => ({
    method: ep.method,
    path: ep.normalizedPath,
    analysis,
  }));
  const scores = analysed.map((a) => a.analysis.risk.riskScore);
  const avg = scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : 0;
  const flaws = flawsMd ? matchFlaws(parseFlaws(flawsMd), analysed) : [];
  return { name, vulnerable, operations: scores.length, avg, max: Math.max(0, ...scores), flaws };
}

async function targetDescription(name: string, docs: string): Promise<string> {
  const port = running.get(name);
  if (port) return (await fetch(`http://127.0.0.1:${port}${docs}`)).text();
  return fetchTargetDescription(join(shared, 'targets', name), docs, { timeoutMs });
}

if (!existsSync(shared)) {
  note(`${shared} is absent: nothing to evaluate`);
  process.exit(0);
}
const results: Scored[] = [];
for (const t of data.targets) {
  const dir = join(shared, 'targets', t.name);
  if (!existsSync(dir)) {
    note(`${t.name}: absent, skipped`);
    continue;
  }
  try {
    const text = await targetDescription(t.name, t.docs);
    results.push(score(t.name, text, true, readFileSync(join(dir, 'FLAWS.md'), 'utf8')));
  } catch (err) {
    note(`${t.name}: ${(err as Error).message}, skipped`);
  }
}
for (const file of data.references) {
  const path = join(shared, 'corpus', file);
  if (existsSync(path)) results.push(score(file, readFileSync(path, 'utf8'), false, null));
  else note(`${file}: absent, skipped`);
}

out('# eval:risk — written by `npm run eval:risk -w @argus/engine`; do not edit by hand');
out('');
for (const n of notes) out(`- ${n}`);
out('');
out('| description | vulnerable | operations | average risk | max risk |');
out('|---|---|---|---|---|');
for (const r of results)
  out(`| ${r.name} | ${r.vulnerable ? 'yes' : 'no'} | ${r.operations} | ${r.avg.toFixed(1)} | ${r.max} |`);
const vuln = results.filter((r) => r.vulnerable);
const refs = results.filter((r) => !r.vulnerable);
const above = (key: 'avg' | 'max') =>
  vuln.length > 0 &&
  refs.length > 0 &&
  Math.min(...vuln.map((r) => r[key])) > Math.max(...refs.map((r) => r[key]));
out('');
out(
  `Every vulnerable description above every reference: average ${above('avg') ? 'yes' : 'NO'}, max ${above('max') ? 'yes' : 'NO'}`,
);
for (const r of vuln) {
  const shown = r.flaws.filter((f) => f.shown);
  out('');
  out(
    `## ${r.name}: ${shown.filter((f) => f.flagged).length}/${shown.length} documented flaws the description shows are flagged with their category`,
  );
  out('');
  out('| flaw | operations | category | flagged | categories found |');
  out('|---|---|---|---|---|');
  for (const f of shown) {
    const ops = f.flaw.operations.map((o) => `${o.method} ${o.path}`).join(', ');
    out(
      `| ${f.flaw.id} ${f.flaw.title} | ${ops} | ${f.flaw.categories.join(' ')} | ${f.flagged ? 'yes' : 'NO'} | ${f.found.join(' ') || '—'} |`,
    );
  }
}
writeFileSync(join(here, 'RESULTS-risk.md'), `${lines.join('\n')}\n`);
