// Template a sample's traffic without its spec (the product's own path: an Inventory fed
// observations, then asked which template each request has) and score exact recovery per
// operation: every request of the operation lands on one template of the spec's shape.
import { Inventory, type EndpointAggregate, type Observation } from '../src/index.js';
import { rng } from '../bench/synthetic.js';
import { safeDecode } from '../src/url-text.js';
import type { ApiSample } from './operations.js';
import { generateTraffic, hash, type Request, type TrafficOptions } from './traffic.js';
import { generateAltTraffic } from './traffic-alt.js';

/** Which value generator makes the traffic: eval/traffic.ts, or the independent eval/traffic-alt.ts. */
export type Values = 'default' | 'alt';

export interface Miss {
  method: string;
  expected: string;
  /** Up to three templates its requests got. */
  got: string[];
}

export interface SampleScore {
  name: string;
  provider: string;
  /** Operations scored (distinct method and shape, no partial-segment parameters). */
  operations: number;
  recovered: number;
  /** A declared literal became a parameter. */
  overMerges: Miss[];
  /** A declared parameter stayed literal, or its requests split over several templates. */
  underMerges: Miss[];
  requests: number;
  /** Each scored operation (its index in the sample) and whether it was recovered. */
  outcomes: [op: number, recovered: boolean][];
}

const DOMAIN = 'api.example';

/** Shape of a declared template: `{}` for a parameter, `*` for an enum parameter, null if unscorable. */
function declaredShape(template: string, enums: ReadonlySet<string>): string[] | null {
  // `/#Action=Describe` (AWS query APIs): the fragment is never sent, the operations share a path.
  if (template.includes('#') || template.includes('?')) return null;
  const out: string[] = [];
  for (const seg of template.split('/')) {
    if (seg === '') continue;
    const param = /^\{([^{}]+)\}$/.exec(seg);
    if (param) out.push(enums.has(param[1] as string) ? '*' : '{}');
    else if (seg.includes('{') || seg.includes('}')) return null;
    else out.push(safeDecode(seg));
  }
  return out;
}

/**
 * Score one API. With `batches` (1 or more) its traffic is analysed as the server does, one
 * batch at a time: the requests in a seeded random order (a log interleaves operations), cut
 * into that many batches, each analysed by a new `Inventory` fed the endpoints the previous one
 * stored. With 0, in the order generated (operation by operation), by one `Inventory`.
 */
export function scoreSample(
  sample: ApiSample,
  traffic?: TrafficOptions,
  values: Values = 'default',
  batches = 0,
): SampleScore {
  const shapes = new Map<number, string[]>();
  const seen = new Set<string>();
  sample.operations.forEach((op, i) => {
    const enums = new Set(Object.entries(op.params).flatMap(([k, v]) => (v.enum ? [k] : [])));
    const shape = declaredShape(op.template, enums);
    if (!shape) return;
    const key = `${op.method} /${shape.map((s) => (s === '*' ? '{}' : s)).join('/')}`;
    if (seen.has(key)) return; // the same operation declared twice under other names
    seen.add(key);
    shapes.set(i, shape);
  });
  const requests = (values === 'alt' ? generateAltTraffic : generateTraffic)(sample, traffic).filter((q) =>
    shapes.has(q.op),
  );
  const inv =
    batches > 0
      ? analyseInBatches(requests, batches, hash(sample.name))
      : new Inventory({ detectPii: false });
  // In batches, each batch's Inventory called endpoints() once already, as the server does.
  if (batches === 0) {
    for (const q of requests) inv.addObservation(observation(q.method, q.path));
    inv.endpoints();
  }
  const got = new Map<number, Set<string>>();
  // The templates themselves, names included: `/videos/{videoId}` and `/videos/{token}` are two
  // endpoints on the Endpoints page even though their shapes agree.
  const named = new Map<number, Set<string>>();
  for (const q of requests) {
    const shape = shapes.get(q.op) as string[];
    const t = inv.templateFor(DOMAIN, q.method, q.path);
    const segs = t === '/' ? [] : t.slice(1).split('/');
    // Enum positions may stay literal (a handful of values) or merge: either is right.
    const key = segs.map((s, i) => (shape[i] === '*' ? '*' : /^\{[^{}]+\}$/.test(s) ? '{}' : s)).join('/');
    let set = got.get(q.op);
    if (!set) got.set(q.op, (set = new Set()));
    set.add(`${segs.length === shape.length ? '' : '#'}${key}`);
    let names = named.get(q.op);
    if (!names) named.set(q.op, (names = new Set()));
    // A parameter after an enum kept literal takes its name from the enum's value (`…/clip/{clipId}`).
    names.add(
      segs
        .map((s, i) => (shape[i] === '*' ? '*' : shape[i - 1] === '*' && shape[i] === '{}' ? '{}' : s))
        .join('/'),
    );
  }
  const score: SampleScore = {
    name: sample.name,
    provider: sample.provider,
    operations: got.size,
    recovered: 0,
    overMerges: [],
    underMerges: [],
    requests: requests.length,
    outcomes: [],
  };
  for (const [i, keys] of got) {
    const op = sample.operations[i]!;
    const shape = (shapes.get(i) as string[]).join('/');
    const split = (named.get(i) as Set<string>).size > 1;
    const recovered = keys.size === 1 && keys.has(shape) && !split;
    score.outcomes.push([i, recovered]);
    if (recovered) {
      score.recovered++;
      continue;
    }
    const miss: Miss = {
      method: op.method,
      expected: op.template,
      got: (split && keys.size === 1
        ? [...(named.get(i) as Set<string>)].map((k) => `/${k}`)
        : [...keys].map((k) => `/${k}`)
      ).slice(0, 3),
    };
    const declared = shape.split('/');
    const over = [...keys].some((k) =>
      k.split('/').some((s, j) => s === '{}' && declared[j] !== '{}' && declared[j] !== '*'),
    );
    (over ? score.overMerges : score.underMerges).push(miss);
  }
  return score;
}

/** The last of `n` inventories, each fed the endpoints the one before it stored (see `scoreSample`). */
function analyseInBatches(requests: readonly Request[], n: number, seed: number): Inventory {
  const order = [...requests];
  const r = rng(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [order[i], order[j]] = [order[j] as Request, order[i] as Request];
  }
  const size = Math.ceil(order.length / n);
  let stored: EndpointAggregate[] = [];
  let inv = new Inventory({ detectPii: false });
  for (let start = 0; start < order.length; start += size) {
    inv = new Inventory({ detectPii: false });
    inv.addAggregates(stored);
    for (const q of order.slice(start, start + size)) inv.addObservation(observation(q.method, q.path));
    stored = inv.endpoints();
  }
  return inv;
}

/** A successful access-log request for `path`, as the evaluations feed the Inventory. */
export function observation(method: string, path: string, domain = DOMAIN): Observation {
  return {
    source: 'access_log',
    domain,
    method,
    path,
    query: '',
    status: 200,
    scheme: 'https',
    auth: null,
    requestHeaders: {},
    responseHeaders: {},
    timestamp: null,
  };
}

export interface Totals {
  samples: number;
  operations: number;
  recovered: number;
  /** recovered / operations */
  recovery: number;
  /** Samples whose own recovery is below 0.80. */
  below80: number;
  overMerges: number;
  underMerges: number;
}

export function totals(scores: readonly SampleScore[]): Totals {
  let operations = 0;
  let recovered = 0;
  let below80 = 0;
  let over = 0;
  let under = 0;
  for (const s of scores) {
    operations += s.operations;
    recovered += s.recovered;
    over += s.overMerges.length;
    under += s.underMerges.length;
    if (s.operations > 0 && s.recovered / s.operations < 0.8) below80++;
  }
  return {
    samples: scores.length,
    operations,
    recovered,
    recovery: operations === 0 ? 1 : recovered / operations,
    below80,
    overMerges: over,
    underMerges: under,
  };
}
