// Realistic synthetic traffic for a set of operations: parameter values by declared type,
// format, enum and examples, else by the shape real APIs give such a name (integers, UUIDs,
// ObjectIds, prefixed ids like `ch_3Ab…`, slugs, e-mails, dates, short codes); a pool of a
// few values per parameter shared by every operation of the API (so sub-resources of one
// user appear under the same ids); uneven request counts per operation.
import { FIRST, LAST, rng } from '../bench/synthetic.js';
import type { ApiSample, Operation, ParamInfo } from './operations.js';

export type Random = () => number;

export interface Request {
  method: string;
  path: string;
  /** Index of the operation in the sample. */
  op: number;
}

/** FNV-1a of a string: fixed seeds and the development/validation split. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
export const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
export const chars = (r: Random, alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
const HEX = '0123456789abcdef';
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_NUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const WORDS = [
  'acme',
  'globex',
  'initech',
  'umbrella',
  'hooli',
  'stark',
  'wayne',
  'wonka',
  'tyrell',
  'cyberdyne',
  'soylent',
  'aperture',
  'vandelay',
  'oscorp',
  'pied',
  'piper',
  'sales',
  'marketing',
  'prod',
  'staging',
  'north',
  'south',
  'east',
  'west',
  'blue',
  'green',
  'red',
  'gold',
  'iron',
  'oak',
];
const LOCALES = ['en-us', 'en-gb', 'fr-fr', 'de-de', 'es-es', 'ja-jp', 'pt-br', 'it-it', 'nl-nl', 'zh-cn'];
const COUNTRIES = ['US', 'GB', 'FR', 'DE', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT', 'NL'];
const PREFIXES = ['ch', 'cus', 'pi', 'sub', 'inv', 'acct', 'txn', 'ord', 'prod', 'evt', 'usr', 'org'];

export const uuid = (r: Random) =>
  `${chars(r, HEX, 8)}-${chars(r, HEX, 4)}-4${chars(r, HEX, 3)}-${pick(r, ['8', '9', 'a', 'b'])}${chars(r, HEX, 3)}-${chars(r, HEX, 12)}`;
const date = (r: Random) =>
  `20${int(r, 10, 25)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}`;
const slug = (r: Random) =>
  pick(r, [
    () => pick(r, WORDS),
    () => `${pick(r, WORDS)}-${pick(r, WORDS)}`,
    () => `${pick(r, WORDS)}_${pick(r, WORDS)}`,
    () => `${pick(r, WORDS)}${int(r, 1, 999)}`,
    () => `${pick(r, FIRST)}-${pick(r, LAST)}`,
  ])();
const username = (r: Random) =>
  pick(r, [
    () => pick(r, FIRST),
    () => `${pick(r, FIRST)}${pick(r, LAST)}`,
    () => `${pick(r, FIRST)}.${pick(r, LAST)}`,
    () => `${pick(r, FIRST)}${int(r, 1, 99)}`,
  ])();

/** The id shapes real APIs use; one is chosen per parameter name and API. */
export const ID_SHAPES: Record<string, (r: Random) => string> = {
  integer: (r) => String(int(r, 1, 9_999_999)),
  smallInteger: (r) => String(int(r, 1, 400)),
  uuid,
  objectId: (r) => chars(r, HEX, 24),
  prefixed: (r) => `${pick(r, PREFIXES)}_${chars(r, B62, int(r, 14, 24))}`,
  shortCode: (r) => chars(r, UPPER_NUM, int(r, 6, 10)),
  hex: (r) => chars(r, HEX, pick(r, [16, 32, 40])),
  base62: (r) => chars(r, B62, int(r, 10, 22)),
};
const ID_SHAPE_NAMES = Object.keys(ID_SHAPES);

export type Generator = (r: Random) => string;

/** Values the spec (an enum) or a generated shape (a pool) declares, or null. */
export function declaredValues(info: ParamInfo): Generator | null {
  const values = info.enum && info.enum.length > 0 ? info.enum : info.pool;
  return values && values.length > 0 ? (r) => pick(r, values) : null;
}

/** `typed`, or with `probability` one of the declared examples that fits in a path segment. */
export function withExamples(info: ParamInfo, typed: Generator, probability: number): Generator {
  const examples = info.examples?.filter((e) => !/[\s{}]/.test(e) && e.length <= 80) ?? [];
  if (examples.length === 0) return typed;
  return (r) => (r() < probability ? pick(r, examples) : typed(r));
}

/** Shuffle requests in place, as real traffic interleaves operations. */
export function interleave(out: Request[], r: Random): Request[] {
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as Request, out[i] as Request];
  }
  return out;
}

/** How values of one parameter are made, decided once per API and parameter name. */
export function generatorFor(api: string, name: string, info: ParamInfo): Generator {
  const choice = rng(hash(`${api}\u0000${name}`));
  const n = name.toLowerCase();
  const declared = declaredValues(info);
  if (declared) return declared;
  const typed = ((): Generator => {
    if (info.type === 'integer' || info.type === 'number')
      return choice() < 0.5 ? ID_SHAPES['integer']! : ID_SHAPES['smallInteger']!;
    if (info.format === 'uuid' || /uuid|guid/.test(n)) return uuid;
    if (info.format === 'date' || /(^|_)date$|day$/.test(n)) return date;
    if (info.format === 'date-time')
      return (r) => `${date(r)}T${String(int(r, 0, 23)).padStart(2, '0')}:00:00Z`;
    if (info.format === 'email' || /e-?mail/.test(n))
      return (r) => `${pick(r, FIRST)}.${pick(r, LAST)}@example.com`;
    if (/^(lang|language|locale|culture)/.test(n)) return (r) => pick(r, LOCALES);
    if (/country/.test(n)) return (r) => pick(r, COUNTRIES);
    if (/(user_?name|login|handle|owner|username|author)$/.test(n)) return username;
    if (/(id|key|sid|uid|sha|hash|token|number|no|code|ref)$/i.test(name) || /id$/i.test(name))
      return ID_SHAPES[ID_SHAPE_NAMES[Math.floor(choice() * ID_SHAPE_NAMES.length)] as string]!;
    if (
      /(name|slug|repo|project|org|team|tenant|bucket|dataset|table|group|workspace|site|domain|app|space|channel)$/.test(
        n,
      )
    )
      return slug;
    return pick(choice, [ID_SHAPES['integer']!, ID_SHAPES['uuid']!, ID_SHAPES['prefixed']!, slug]);
  })();
  return withExamples(info, typed, 0.2);
}

export interface TrafficOptions {
  seed?: number;
  /** Upper bound of requests per operation (counts are uneven below it). */
  maxPerOperation?: number;
}

/** How one generator lays out an API's traffic (eval/traffic-alt.ts gives its own). */
export interface TrafficShape {
  /** The generator of one parameter's values, decided once per API and parameter name. */
  generatorFor: (api: string, name: string, info: ParamInfo) => Generator;
  /** How many distinct values the API's pool of one parameter holds. */
  poolSize: (r: Random, info: ParamInfo) => number;
  /** How many requests one operation gets (at most `max`). */
  count: (r: Random, max: number) => number;
  /** Which value of a pool of `n` one request takes. */
  choose: (r: Random, n: number) => number;
}

/** Requests for every operation of a sample, shaped by `shape`, interleaved as real traffic arrives. */
export function trafficOf(sample: ApiSample, r: Random, max: number, shape: TrafficShape): Request[] {
  // One pool of values per parameter name for the whole API, shared by its operations.
  const pools = new Map<string, string[]>();
  const poolOf = (name: string, info: ParamInfo): string[] => {
    let pool = pools.get(name);
    if (!pool) {
      const gen = shape.generatorFor(sample.name, name, info);
      const size = shape.poolSize(r, info);
      const set = new Set<string>();
      for (let i = 0; i < size * 4 && set.size < size; i++) set.add(gen(r));
      pools.set(name, (pool = [...set]));
    }
    return pool;
  };
  const out: Request[] = [];
  sample.operations.forEach((op: Operation, index) => {
    const count = shape.count(r, max);
    for (let i = 0; i < count; i++) {
      const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const pool = poolOf(name, op.params[name] ?? {});
        return encodeURIComponent(pool[shape.choose(r, pool.length)] as string);
      });
      out.push({ method: op.method, path, op: index });
    }
  });
  return interleave(out, r);
}

/** Requests for every operation of a sample, interleaved as real traffic arrives. */
export function generateTraffic(sample: ApiSample, options: TrafficOptions = {}): Request[] {
  return trafficOf(sample, rng(options.seed ?? hash(sample.name)), options.maxPerOperation ?? 40, {
    generatorFor,
    // 2-12 values, uneven.
    poolSize: (r, info) => (info.enum ? Math.min(info.enum.length, 6) : int(r, 2, 12)),
    // Heavy-tailed counts: most operations get a few requests, some many.
    count: (r, max) => Math.max(1, Math.min(max, Math.round(Math.exp(r() * Math.log(max))))),
    // Skewed choice: the first values of a pool are the popular ones.
    choose: (r, n) => Math.floor(n * r() * r()),
  });
}
