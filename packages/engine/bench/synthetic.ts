// Synthetic traffic from declared path templates, for the templating accuracy
// measurement: fill each parameter with realistic values, template the traffic
// without the spec, count the templates recovered exactly (parameter names aside).
import { Inventory, readOpenApi, type SpecEndpoint } from '../src/index.js';

/** A small deterministic PRNG (mulberry32) so figures are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** First names and family names for usernames and e-mails (shared with eval/traffic.ts). */
export const FIRST = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yara',
  'zoe',
  'liam',
  'noah',
  'emma',
  'ava',
  'mia',
  'lucas',
  'mateo',
  'sofia',
  'chloe',
];
export const LAST = [
  'smith',
  'jones',
  'garcia',
  'miller',
  'davis',
  'lopez',
  'wilson',
  'moore',
  'taylor',
  'clark',
  'lewis',
  'walker',
  'young',
  'king',
  'wright',
];
const WORDS = [
  'alpha',
  'delta',
  'orion',
  'vega',
  'atlas',
  'nova',
  'lyra',
  'draco',
  'hydra',
  'pavo',
  'crux',
  'ara',
  'lupus',
  'mensa',
  'norma',
  'volans',
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}
const hex = (r: () => number, n: number) =>
  Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
const b62 = (r: () => number, n: number) =>
  Array.from(
    { length: n },
    () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(r() * 62)],
  ).join('');

/** A realistic value for a path parameter, from its declared type/format/name/enum. */
export function sampleValue(
  r: () => number,
  p: { name: string; type?: string; format?: string; enum?: unknown[] },
): string {
  const name = p.name.toLowerCase();
  if (p.enum && p.enum.length > 0) return String(pick(r, p.enum));
  if (p.type === 'integer' || p.type === 'number') return String(1 + Math.floor(r() * 10_000_000));
  if (p.format === 'uuid') return `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-a${hex(r, 3)}-${hex(r, 12)}`;
  if (p.format === 'date')
    return `20${10 + Math.floor(r() * 15)}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`;
  if (p.format === 'email' || name.includes('email')) return `${pick(r, FIRST)}.${pick(r, LAST)}@example.com`;
  if (name.includes('user') || name.includes('login') || name === 'name' || name.includes('handle')) {
    const style = r();
    return style < 0.4
      ? `${pick(r, FIRST)}${pick(r, LAST)}`
      : style < 0.7
        ? `${pick(r, FIRST)}.${pick(r, LAST)}`
        : `${pick(r, FIRST)}${Math.floor(r() * 1000)}`;
  }
  if (name.endsWith('id') || name.endsWith('_id') || name.includes('key')) {
    const style = r();
    if (style < 0.3) return String(1 + Math.floor(r() * 10_000_000));
    if (style < 0.5) return `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-a${hex(r, 3)}-${hex(r, 12)}`;
    if (style < 0.7) return hex(r, 24);
    return `${pick(r, ['cus', 'ord', 'inv', 'sub', 'pm'])}_${b62(r, 14)}`;
  }
  if (name.includes('version')) return pick(r, ['v1', 'v2', 'v3']);
  // Free text parameters (dataset names, slugs): a word and a suffix.
  return `${pick(r, WORDS)}_${pick(r, WORDS)}${Math.floor(r() * 100)}`;
}

export interface SyntheticRequest {
  method: string;
  path: string;
  expected: string;
}

/** Requests for every declared endpoint: `perEndpoint` each, parameters filled at random. */
export function synthesize(
  endpoints: readonly SpecEndpoint[],
  paramsOf: (e: SpecEndpoint) => Map<string, { type?: string; format?: string; enum?: unknown[] }>,
  perEndpoint = 60,
  seed = 7,
): SyntheticRequest[] {
  const r = rng(seed);
  const out: SyntheticRequest[] = [];
  for (const e of endpoints) {
    const params = paramsOf(e);
    for (let i = 0; i < perEndpoint; i++) {
      const path = e.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(sampleValue(r, { name, ...(params.get(name) ?? {}) })),
      );
      out.push({ method: e.method, path, expected: e.pathTemplate });
    }
  }
  // Interleave as real traffic would arrive.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as SyntheticRequest, out[i] as SyntheticRequest];
  }
  return out;
}

const shape = (t: string) => t.replace(/\{[^}]*\}/g, '{}');

export interface AccuracyResult {
  templates: number;
  recovered: number;
  accuracy: number;
  /** Share of requests whose normalizedPath equals their template's shape. */
  requestAccuracy: number;
  misses: { expected: string; got: string[] }[];
}

/** Template synthetic traffic for the given specs without the spec; report exact recovery. */
export function measureTemplating(specTexts: readonly string[], perEndpoint = 60): AccuracyResult {
  const endpoints: SpecEndpoint[] = [];
  const paramInfo = new Map<
    SpecEndpoint,
    Map<string, { type?: string; format?: string; enum?: unknown[] }>
  >();
  specTexts.forEach((text, i) => {
    for (const e of readOpenApi(text).endpoints) {
      const ep = { ...e, domain: e.domain || `spec${i}.example` };
      const m = new Map<string, { type?: string; format?: string }>();
      for (const p of e.spec.parameters)
        if (p.in === 'path')
          m.set(p.name, { ...(p.type ? { type: p.type } : {}), ...(p.format ? { format: p.format } : {}) });
      paramInfo.set(ep, m);
      endpoints.push(ep);
    }
  });
  const requests = synthesize(endpoints, (e) => paramInfo.get(e) ?? new Map(), perEndpoint);
  const inv = new Inventory({ detectPii: false });
  const byExpected = new Map<string, Set<string>>();
  const domainOf = new Map(endpoints.map((e) => [`${e.method} ${e.pathTemplate}`, e.domain]));
  for (const req of requests) {
    inv.addObservation({
      source: 'capture',
      domain: domainOf.get(`${req.method} ${req.expected}`) ?? '',
      method: req.method,
      path: req.path,
      query: '',
      status: 200,
      scheme: 'https',
      auth: null,
      requestHeaders: {},
      responseHeaders: {},
      timestamp: null,
    });
  }
  const final = inv.endpoints();
  // Map each request again with the final (merged) templater.
  let correct = 0;
  for (const req of requests) {
    const got = inv.templateFor(domainOf.get(`${req.method} ${req.expected}`) ?? '', req.method, req.path);
    const key = `${req.method} ${req.expected}`;
    const set = byExpected.get(key) ?? new Set<string>();
    set.add(shape(got));
    byExpected.set(key, set);
    if (shape(got) === shape(req.expected)) correct++;
  }
  const misses: AccuracyResult['misses'] = [];
  let recovered = 0;
  for (const [key, got] of byExpected) {
    const expected = shape(key.slice(key.indexOf(' ') + 1));
    if (got.size === 1 && got.has(expected)) recovered++;
    else misses.push({ expected: key, got: [...got].slice(0, 3) });
  }
  void final;
  return {
    templates: byExpected.size,
    recovered,
    accuracy: recovered / byExpected.size,
    requestAccuracy: correct / requests.length,
    misses,
  };
}
