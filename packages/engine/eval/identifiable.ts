// `npx tsx eval/identifiable.ts [--half=validation] [--only=TEXT] [--values=alt]`: how much of the templating
// target the traffic itself allows. Without the spec, a parameter position whose traffic shows one
// value only, and a value spelled in letters alone (`sales`, `iron_initech`), is indistinguishable
// from a literal route: nothing in the requests says it varies. Such operations are set apart;
// the figures over the rest say which misses are the templater's and which the traffic's.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { HELD_OUT, halfOf, openApiDirectory, specFiles, type Half } from './openapi-directory.js';
import { operationsOf, type ApiSample } from './operations.js';
import { scoreSample, type Values } from './score.js';
import { generateTraffic } from './traffic.js';
import { generateAltTraffic } from './traffic-alt.js';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const onlyHalf = args.find((a) => a.startsWith('--half='))?.slice(7);
const generator: Values = args.includes('--values=alt') ? 'alt' : 'default';
const out = (s: string) => process.stdout.write(`${s}\n`);

/** A value a route word could be: letters, with dots, dashes or underscores between them. */
const WORD_LIKE = /^[A-Za-z]+(?:[._-][A-Za-z]+)*$/;

/**
 * Operations (by index) with a parameter position that the traffic shows with one word-like value
 * only, counted over every request sharing the operation's route up to that position.
 */
export function singleValued(sample: ApiSample): Set<number> {
  const requests = (generator === 'alt' ? generateAltTraffic : generateTraffic)(sample);
  const segmentsOf = (t: string) => t.split('/').filter((s) => s !== '');
  const isParam = (s: string) => /^\{[^{}]+\}$/.test(s);
  // The route above a position, parameters as `{}`: the node of the tree its values meet at.
  const keyOf = (segs: string[], k: number) =>
    `${k}:${segs
      .slice(0, k)
      .map((s) => (isParam(s) ? '{}' : s))
      .join('/')}`;
  const values = new Map<string, Set<string>>();
  for (const q of requests) {
    const declared = segmentsOf(sample.operations[q.op]!.template);
    const seen = segmentsOf(q.path);
    if (declared.length !== seen.length) continue;
    declared.forEach((s, k) => {
      if (!isParam(s)) return;
      const key = keyOf(declared, k);
      let set = values.get(key);
      if (!set) values.set(key, (set = new Set()));
      set.add(decodeURIComponent(seen[k] as string));
    });
  }
  const out = new Set<number>();
  sample.operations.forEach((op, i) => {
    const declared = segmentsOf(op.template);
    declared.forEach((s, k) => {
      const name = s.slice(1, -1);
      if (!isParam(s) || op.params[name]?.enum) return;
      const set = values.get(keyOf(declared, k));
      if (set && set.size === 1 && WORD_LIKE.test([...set][0] as string)) out.add(i);
    });
  });
  return out;
}

interface Row {
  name: string;
  operations: number;
  recovered: number;
  identifiable: number;
  identifiableRecovered: number;
}

function measure(sample: ApiSample): Row {
  const score = scoreSample(sample, undefined, generator);
  const single = singleValued(sample);
  const rest = score.outcomes.filter(([op]) => !single.has(op));
  return {
    name: sample.name,
    operations: score.operations,
    recovered: score.recovered,
    identifiable: rest.length,
    identifiableRecovered: rest.filter(([, ok]) => ok).length,
  };
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(2)} %`;

out(`# values: ${generator}`);
const api = openApiDirectory(out);
const rows: Record<Half, Row[]> = { development: [], validation: [] };
for (const file of specFiles(api)) {
  const name = relative(api, file).replace(/\.json$/, '');
  const provider = name.split('/')[0] as string;
  const half = halfOf(provider);
  if (HELD_OUT.has(provider) || (onlyHalf && half !== onlyHalf) || (only && !name.includes(only))) continue;
  const operations = operationsOf(JSON.parse(readFileSync(file, 'utf8')));
  if (operations.length > 0) rows[half].push(measure({ name, provider, operations }));
}
for (const half of ['development', 'validation'] as const) {
  const list = rows[half];
  if (list.length === 0) continue;
  const sum = (f: (r: Row) => number) => list.reduce((n, r) => n + f(r), 0);
  const below = (ops: (r: Row) => number, ok: (r: Row) => number) =>
    list.filter((r) => ops(r) > 0 && ok(r) / ops(r) < 0.8);
  const belowAll = below(
    (r) => r.operations,
    (r) => r.recovered,
  );
  const belowId = below(
    (r) => r.identifiable,
    (r) => r.identifiableRecovered,
  );
  out(
    `# ${half}: ${sum((r) => r.operations)} operations, ${pct(
      sum((r) => r.recovered),
      sum((r) => r.operations),
    )} exact, ` + `${belowAll.length} APIs below 80 %`,
  );
  out(
    `  set apart (one word-like value at a parameter): ${sum((r) => r.operations - r.identifiable)} operations; ` +
      `over the other ${sum((r) => r.identifiable)}: ${pct(
        sum((r) => r.identifiableRecovered),
        sum((r) => r.identifiable),
      )} exact, ` +
      `${belowId.length} APIs below 80 %`,
  );
  out(
    `  below 80 % on what the traffic allows: ${belowId
      .sort((a, b) => a.identifiableRecovered / a.identifiable - b.identifiableRecovered / b.identifiable)
      .map((r) => `${r.name} ${r.identifiableRecovered}/${r.identifiable}`)
      .join(', ')}`,
  );
}
