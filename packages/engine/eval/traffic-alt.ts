// A second, independent value generator for the templating evaluation (`--values=alt`): the same
// operations and the same spec-driven rules as eval/traffic.ts (enum, declared type and format,
// a simple pattern, examples), every other value drawn from other distributions, so that a figure
// tuned against one generator's word lists and id shapes can be checked against another's.
// Names come from @faker-js/faker in several locales (usernames, first names, company, product
// and city names), slugified one way per parameter (lower-case, kebab, snake, camel, with
// digits); ids take shapes the first generator lacks (ULID, KSUID, nanoid, Snowflake,
// base64url, zero-padded numbers, `ABC-1234` keys, short git SHAs, semver, epoch milliseconds,
// one-segment URNs and ARNs). Pools hold 1-25 values (log-uniform), examples are drawn half as
// often as not, request counts are geometric. Seeded: the same traffic every run.
import { allFakers, type Faker } from '@faker-js/faker';
import { rng } from '../bench/synthetic.js';
import type { ApiSample, ParamInfo } from './operations.js';
import {
  chars,
  declaredValues,
  hash,
  int,
  pick,
  withExamples,
  type Generator,
  type Random,
  trafficOf,
  type Request,
  type TrafficOptions,
} from './traffic.js';

/** Locales names are drawn from, one per parameter (names in their own languages and spellings). */
const LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'pt_BR', 'nl', 'pl', 'sv', 'tr', 'fi'] as const;

const DIGITS = '0123456789';
const HEX = '0123456789abcdef';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Milliseconds since 1970 between 2015 and 2026: ULIDs, Snowflakes and timestamps encode one. */
const epochMs = (r: Random) => 1_420_070_400_000 + Math.floor(r() * 362_000_000_000);
/** A big decimal string of `n` digits, not led by 0. */
const digits = (r: Random, n: number) => `${int(r, 1, 9)}${chars(r, DIGITS, n - 1)}`;

const base32Time = (ms: number, n: number): string => {
  let out = '';
  for (let i = 0; i < n; i++, ms = Math.floor(ms / 32)) out = CROCKFORD[ms % 32] + out;
  return out;
};

/** Id shapes eval/traffic.ts never makes. */
export const ALT_ID_SHAPES: Record<string, Generator> = {
  ulid: (r) => `${base32Time(epochMs(r), 10)}${chars(r, CROCKFORD, 16)}`,
  ulidLower: (r) => `${base32Time(epochMs(r), 10)}${chars(r, CROCKFORD, 16)}`.toLowerCase(),
  ksuid: (r) => `${pick(r, ['1', '2'])}${chars(r, BASE62, 26)}`,
  nanoid: (r) => chars(r, URL_SAFE, 21),
  snowflake: (r) => digits(r, int(r, 17, 19)),
  base64url: (r) => chars(r, URL_SAFE, pick(r, [16, 22, 32, 43])),
  zeroPadded: (r) => String(int(r, 1, 99_999)).padStart(pick(r, [6, 8, 10]), '0'),
  jiraKey: (r) => `${chars(r, UPPER, int(r, 2, 5))}-${int(r, 1, 9999)}`,
  shortSha: (r) => chars(r, HEX, 7),
  epochMs: (r) => String(epochMs(r)),
  uuidUpper: (r) =>
    `${chars(r, HEX, 8)}-${chars(r, HEX, 4)}-4${chars(r, HEX, 3)}-a${chars(r, HEX, 3)}-${chars(r, HEX, 12)}`.toUpperCase(),
  urn: (r) => pick(r, [`urn:isbn:978${digits(r, 10)}`, `urn:li:person:${chars(r, URL_SAFE, 10)}`]),
  arn: (r) =>
    `arn:aws:${pick(r, ['sqs', 'sns', 'lambda', 'dynamodb'])}:${pick(r, ['us-east-1', 'eu-west-2', 'ap-south-1'])}:${digits(r, 12)}:${chars(r, BASE62, 12)}`,
};
const ID_NAMES = [
  'ulid',
  'ulidLower',
  'ksuid',
  'nanoid',
  'snowflake',
  'base64url',
  'zeroPadded',
  'jiraKey',
  'shortSha',
  'epochMs',
  'uuidUpper',
];

const semver = (r: Random) => `${r() < 0.3 ? 'v' : ''}${int(r, 0, 12)}.${int(r, 0, 30)}.${int(r, 0, 60)}`;

/** Letters and digits of a name, accents taken off or kept. */
const words = (s: string, ascii: boolean): string[] =>
  (ascii ? s.normalize('NFD').replace(/\p{M}/gu, '') : s).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

type Style = (ws: string[], r: Random) => string;
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
/** The ways a name is written in a URL, one per parameter. */
const STYLES: Style[] = [
  (ws) => ws.join('').toLowerCase(),
  (ws) => ws.join('-').toLowerCase(),
  (ws) => ws.join('_').toLowerCase(),
  (ws) => ws.map((w, i) => (i === 0 ? w.toLowerCase() : cap(w.toLowerCase()))).join(''),
  (ws, r) => `${ws.join('-').toLowerCase()}-${int(r, 1, 9999)}`,
  (ws, r) => `${ws.join('').toLowerCase()}${int(r, 1, 99)}`,
  (ws, r) => `${ws.join('_').toLowerCase()}_${int(r, 2000, 2025)}`,
];

/** Where names come from (faker, one locale per parameter). */
const SOURCES: ((f: Faker) => string)[] = [
  (f) => f.company.name(),
  (f) => f.commerce.productName(),
  (f) => f.location.city(),
  (f) => f.person.firstName(),
  (f) => `${f.person.firstName()} ${f.person.lastName()}`,
  (f) => `${f.word.adjective()} ${f.word.noun()}`,
];

/** A faker for one parameter, seeded by the API and parameter name. */
function fakerOf(seed: number): Faker {
  const f = allFakers[LOCALES[seed % LOCALES.length]!];
  f.seed(seed);
  return f;
}

function nameGenerator(choice: Random, f: Faker): Generator {
  const source = pick(choice, SOURCES);
  const style = pick(choice, STYLES);
  const ascii = choice() < 0.6;
  return (r) => {
    const ws = words(source(f), ascii);
    return ws.length === 0 ? f.string.alpha(6).toLowerCase() : style(ws, r);
  };
}

function usernameGenerator(choice: Random, f: Faker): Generator {
  const kind = Math.floor(choice() * 4);
  return (r) => {
    if (kind === 0) return f.internet.username();
    if (kind === 1) return f.internet.username().toLowerCase();
    if (kind === 2) return words(f.person.firstName(), true).join('').toLowerCase();
    return `${words(f.person.firstName(), true).join('').toLowerCase()}${pick(r, ['', '_', '.', '-'])}${int(r, 1, 2024)}`;
  };
}

/**
 * A generator for a simple pattern: character classes, escapes and literals with quantifiers,
 * anchored, no groups or alternation (`^[A-Z]{2}\d{4}$`, `^[a-z0-9-]+$`); null for any other.
 */
export function patternGenerator(pattern: string): Generator | null {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  if (/[()|]/.test(body)) return null;
  const atoms: { set: string; min: number; max: number }[] = [];
  const classOf = (esc: string): string | null =>
    esc === 'd' ? DIGITS : esc === 'w' ? `${BASE62}_` : /[-.\\/_:+]/.test(esc) ? esc : null;
  let i = 0;
  while (i < body.length) {
    let set: string | null = null;
    const c = body[i]!;
    if (c === '[') {
      const end = body.indexOf(']', i + 1);
      if (end < 0) return null;
      let inner = body.slice(i + 1, end);
      if (inner.startsWith('^')) return null;
      set = '';
      while (inner.length > 0) {
        if (inner[0] === '\\') {
          const cls = classOf(inner[1] ?? '');
          if (cls === null) return null;
          set += cls;
          inner = inner.slice(2);
        } else if (inner.length >= 3 && inner[1] === '-') {
          const from = inner.charCodeAt(0);
          const to = inner.charCodeAt(2);
          if (to < from || to - from > 80) return null;
          for (let k = from; k <= to; k++) set += String.fromCharCode(k);
          inner = inner.slice(3);
        } else {
          set += inner[0];
          inner = inner.slice(1);
        }
      }
      i = end + 1;
    } else if (c === '\\') {
      set = classOf(body[i + 1] ?? '');
      i += 2;
    } else if (/[A-Za-z0-9_\-:]/.test(c)) {
      set = c;
      i++;
    }
    if (set === null || set === '') return null;
    let min = 1;
    let max = 1;
    const q = /^(?:\{(\d+)(?:,(\d*))?\}|([+*?]))/.exec(body.slice(i));
    if (q) {
      if (q[3] === '+') [min, max] = [1, 12];
      else if (q[3] === '*') [min, max] = [1, 12];
      else if (q[3] === '?') [min, max] = [0, 1];
      else {
        min = Number(q[1]);
        max = q[2] === undefined ? min : q[2] === '' ? min + 12 : Number(q[2]);
      }
      i += q[0].length;
    }
    if (max > 64 || max < min) return null;
    atoms.push({ set, min, max });
  }
  if (atoms.length === 0) return null;
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch {
    return null;
  }
  const gen: Generator = (r) => atoms.map((a) => chars(r, a.set, int(r, a.min, a.max))).join('');
  // Only a pattern whose values the generator meets (and are not empty) is used.
  const probe = rng(hash(pattern));
  for (let k = 0; k < 5; k++) {
    const v = gen(probe);
    if (v === '' || !re.test(v)) return null;
  }
  return gen;
}

/** How values of one parameter are made, decided once per API and parameter name. */
export function altGeneratorFor(api: string, name: string, info: ParamInfo): Generator {
  const seed = hash(`alt\u0000${api}\u0000${name}`);
  const choice = rng(seed);
  const f = fakerOf(seed);
  const n = name.toLowerCase();
  const declared = declaredValues(info);
  if (declared) return declared;
  const id = (shape: string) => ALT_ID_SHAPES[shape]!;
  const typed = ((): Generator => {
    const patterned = info.pattern ? patternGenerator(info.pattern) : null;
    if (patterned) return patterned;
    if (info.type === 'integer' || info.type === 'number')
      return pick(choice, [
        (r: Random) => String(int(r, 1, 60)),
        (r: Random) => String(int(r, 1000, 999_999)),
        id('snowflake'),
        id('epochMs'),
        (r: Random) => String(int(r, 1, 2_000_000_000)),
      ]);
    if (info.format === 'uuid' || /uuid|guid/.test(n))
      return pick(choice, [
        () => f.string.uuid(),
        id('uuidUpper'),
        (r: Random) => f.string.uuid({ version: 7, refDate: epochMs(r) }),
      ]);
    if (info.format === 'date' || /(^|_)date$|day$/.test(n))
      return () => f.date.between({ from: '2012-01-01', to: '2026-12-31' }).toISOString().slice(0, 10);
    if (info.format === 'date-time')
      return (r) => {
        const iso = f.date.between({ from: '2012-01-01', to: '2026-12-31' }).toISOString();
        return r() < 0.5 ? iso : iso.replace(/\.\d{3}Z$/, '+00:00');
      };
    if (info.format === 'email' || /e-?mail/.test(n)) return () => f.internet.email().toLowerCase();
    if (/^(lang|language|locale|culture)/.test(n))
      return (r) => {
        const lang = f.location.language().alpha2;
        return r() < 0.4 ? lang : `${lang}${pick(r, ['-', '_'])}${f.location.countryCode()}`;
      };
    if (/country/.test(n)) return () => f.location.countryCode(choice() < 0.7 ? 'alpha-2' : 'alpha-3');
    if (/(user_?name|login|handle|owner|username|author|member|user|nick)$/.test(n))
      return usernameGenerator(choice, f);
    if (/(sha|commit|revision|rev)$/.test(n)) return id('shortSha');
    if (/(version|release|tag)$/.test(n)) return semver;
    if (/(timestamp|time|since|until|epoch)$/.test(n)) return id('epochMs');
    if (/(arn|urn)$/.test(n)) return id(/arn$/.test(n) ? 'arn' : 'urn');
    if (/issue/.test(n) && /key/.test(n)) return id('jiraKey');
    if (/(id|key|sid|uid|hash|token|number|no|code|ref)$/i.test(name) || /id$/i.test(name))
      return id(ID_NAMES[Math.floor(choice() * ID_NAMES.length)] as string);
    if (
      /(name|slug|repo|project|org|team|tenant|bucket|dataset|table|group|workspace|site|domain|app|space|channel|city|store|brand|company|account|vendor|category|product)$/.test(
        n,
      )
    )
      return nameGenerator(choice, f);
    return pick(choice, [id('ulid'), id('nanoid'), id('snowflake'), nameGenerator(choice, f)]);
  })();
  return withExamples(info, typed, 0.45);
}

/** Requests for every operation of a sample, interleaved, with the alternative values. */
export function generateAltTraffic(sample: ApiSample, options: TrafficOptions = {}): Request[] {
  return trafficOf(sample, rng(options.seed ?? hash(`alt:${sample.name}`)), options.maxPerOperation ?? 40, {
    generatorFor: altGeneratorFor,
    // 1-25 values, log-uniform (a heavier tail than 2-12).
    poolSize: (r, info) =>
      info.enum
        ? Math.min(info.enum.length, int(r, 1, 8))
        : Math.min(25, Math.floor(Math.exp(r() * Math.log(26)))),
    // Geometric counts (mean about 7), at most `max`.
    count: (r, max) => Math.min(max, 1 + Math.floor(Math.log(1 - r()) / Math.log(6 / 7))),
    // Zipf-like choice: a few values take most requests.
    choose: (r, n) => Math.floor(n * r() ** 1.6),
  });
}
