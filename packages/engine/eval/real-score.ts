// The real-traffic corpus's scoring rules (../shared/corpus/real-traffic/score.py), ported line
// for line so that `npm run eval:real` needs no Python; test/real-traffic.test.ts checks that both
// print the same line for the same inventory.
//   found     = truth operations listed as their own endpoint with the same template
//   listed    = endpoints in the inventory (OPTIONS excluded)
//   precision = endpoints that equal a truth operation / listed
//   noise listed = noise paths (method + path) some listed non-truth endpoint covers
//                  ({param} segments match any non-empty segment)

/** One truth file: real operations (`METHOD /template`) and noise paths (`NOISE category METHOD /path`). */
export interface Truth {
  operations: [method: string, template: string][];
  noise: [category: string, method: string, path: string][];
  /** `#   seen N` under an operation: its request count in the file. */
  seen: Map<string, number>;
}

export interface InventoryEndpoint {
  method?: unknown;
  normalizedPath?: unknown;
  path?: unknown;
}

export interface RealScore {
  found: number;
  total: number;
  listed: number;
  /** Listed endpoints that equal a truth operation. */
  trueListed: number;
  precision: number;
  noiseListed: number;
  noiseTotal: number;
  /** Noise paths listed literally, and through a `{param}` endpoint only. */
  noiseLiteral: number;
  noiseViaParam: number;
  /** Distinct non-truth endpoints that cover noise. */
  noiseEndpoints: number;
  missed: { method: string; template: string; near: string[] }[];
  extra: { method: string; template: string }[];
  noiseHits: { category: string; method: string; path: string; by: string }[];
}

const PARAM = /^\{[^/]*\}$/;

/** Python's `str.rstrip('/')`. */
const rstripSlash = (s: string) => s.replace(/\/+$/, '');

export function normTemplate(raw: string): string {
  let path = (raw.split('?', 1)[0] as string).split('#', 1)[0] as string;
  if (path.length > 1) path = rstripSlash(path) || '/';
  return path
    .split('/')
    .map((s) => (PARAM.test(s) ? '{}' : s))
    .join('/');
}

export function normConcrete(raw: string): string {
  let path = raw.split('?', 1)[0] as string;
  if (path.length > 1) path = rstripSlash(path) || '/';
  return path;
}

/** Python's `urllib.parse.unquote`: %XX runs decoded as UTF-8 with replacement characters. */
export function unquote(s: string): string {
  if (!s.includes('%')) return s;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length;) {
    if (s[i] === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 3;
      continue;
    }
    const cp = s.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    bytes.push(...encoder.encode(ch));
    i += ch.length;
  }
  return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
}

export function covers(template: string, concrete: string): boolean {
  const t = template.split('/');
  const c = concrete.split('/');
  if (t.length !== c.length) return false;
  for (let i = 0; i < t.length; i++) {
    const a = t[i] as string;
    const b = c[i] as string;
    if (a === '{}') {
      if (b === '') return false;
      continue;
    }
    if (a !== b && unquote(a) !== unquote(b)) return false;
  }
  return true;
}

/** Python's `str.split()`: runs of whitespace, none empty. */
const words = (s: string) => s.split(/\s+/).filter((w) => w !== '');

export function parseTruth(text: string): Truth {
  const ops: [string, string][] = [];
  const noise: [string, string, string][] = [];
  const seen = new Map<string, number>();
  let last: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const m = /^#\s+seen\s+(\d+)/.exec(line);
      if (m && last !== null) seen.set(last, (seen.get(last) ?? 0) + Number(m[1]));
      continue;
    }
    const parts = words(line);
    if (parts[0] === 'NOISE') {
      if (parts.length >= 4)
        noise.push([parts[1] as string, (parts[2] as string).toUpperCase(), parts.slice(3).join(' ')]);
      last = null;
      continue;
    }
    const op: [string, string] = [(parts[0] as string).toUpperCase(), normTemplate(parts[1] ?? '')];
    ops.push(op);
    last = op.join(' ');
  }
  const keys = new Set<string>();
  const operations = ops.filter((o) => {
    const k = o.join(' ');
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
  return { operations, noise, seen };
}

export function scoreInventory(truth: Truth, endpoints: readonly InventoryEndpoint[]): RealScore {
  const eps: { method: string; template: string }[] = [];
  for (const e of endpoints) {
    const method = String(e.method ?? '').toUpperCase();
    if (method === 'OPTIONS') continue;
    const path = (e.normalizedPath || e.path || '') as string;
    eps.push({ method, template: normTemplate(String(path)) });
  }
  const key = (m: string, t: string) => `${m} ${t}`;
  const opset = new Set(truth.operations.map(([m, t]) => key(m, t)));
  const epset = new Set(eps.map((e) => key(e.method, e.template)));
  const found = truth.operations.filter(([m, t]) => epset.has(key(m, t))).length;
  const listed = eps.length;
  const trueEps = eps.filter((e) => opset.has(key(e.method, e.template))).length;
  const bad = eps.filter((e) => !opset.has(key(e.method, e.template)));
  const noiseHits: RealScore['noiseHits'] = [];
  const noiseEps = new Set<string>();
  for (const [category, method, path] of truth.noise) {
    const concrete = normConcrete(path);
    const hit = bad.filter((e) => e.method === method && covers(e.template, concrete));
    if (hit.length === 0) continue;
    noiseHits.push({ category, method, path, by: (hit[0] as { template: string }).template });
    for (const e of hit) noiseEps.add(key(e.method, e.template));
  }
  const noiseLiteral = noiseHits.filter((h) => !h.by.split('/').includes('{}')).length;
  const missed = truth.operations
    .filter(([m, t]) => !epset.has(key(m, t)))
    .map(([method, template]) => {
      const t = template.split('/');
      const near = eps
        .filter((e) => {
          const s = e.template.split('/');
          return (
            e.method === method &&
            s.length === t.length &&
            s.every((a, i) => a === t[i] || a === '{}' || t[i] === '{}')
          );
        })
        .map((e) => e.template);
      return { method, template, near: [...new Set(near)].sort().slice(0, 4) };
    });
  return {
    found,
    total: truth.operations.length,
    listed,
    trueListed: trueEps,
    precision: listed ? trueEps / listed : 0,
    noiseListed: noiseHits.length,
    noiseTotal: truth.noise.length,
    noiseLiteral,
    noiseViaParam: noiseHits.length - noiseLiteral,
    noiseEndpoints: noiseEps.size,
    missed,
    extra: bad,
    noiseHits,
  };
}

/** `num / den` with three decimals as Python's `:.3f` writes it (an exact tie rounds to even). */
export function fixed3(num: number, den: number): string {
  if (den === 0) return '0.000';
  const scaled = num * 1000;
  let q = Math.floor(scaled / den);
  const twice = 2 * (scaled - q * den);
  if (twice > den || (twice === den && q % 2 === 1)) q++;
  return `${Math.floor(q / 1000)}.${String(q % 1000).padStart(3, '0')}`;
}

/** score.py's summary line, character for character. */
export function scoreLine(s: RealScore): string {
  return (
    `found ${s.found}/${s.total}, listed ${s.listed}, precision ${fixed3(s.trueListed, s.listed)}, ` +
    `noise listed ${s.noiseListed}/${s.noiseTotal} ` +
    `(${s.noiseLiteral} literally, ${s.noiseViaParam} via a {param} endpoint; ` +
    `by ${s.noiseEndpoints} non-truth endpoints)`
  );
}
