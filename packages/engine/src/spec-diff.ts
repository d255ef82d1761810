// Spec versus traffic: what an API description declares against what traffic used, per
// endpoint of an inventory (the output of `Inventory.endpoints()` after `addSpecEndpoints`
// and the traffic, or a domain's stored aggregates). Declared templates win when traffic
// is templated, so a declared endpoint that traffic reached carries both its `spec` and
// its request count.
import { Inventory, type EndpointAggregate, type InventoryOptions, type SpecEndpoint } from './inventory.js';
import type { Observation } from './types.js';

/** One endpoint in a comparison. */
export interface SpecDiffEndpoint {
  domain: string;
  method: string;
  path: string;
  /** JSON pointer to the operation in the description (declared endpoints). */
  pointer?: string;
  deprecated?: boolean;
  requestCount: number;
  firstSeen: number | null;
  lastSeen: number | null;
}

/** A declared endpoint that traffic used with inputs or outputs the description does not declare. */
export interface SpecDiffUndeclared extends SpecDiffEndpoint {
  /** Query parameter names seen and not declared (`in: query`). */
  queryParams: string[];
  /** Request body field paths seen (`customer.email`) and not declared. */
  requestFields: string[];
  /** Response body field paths seen in the kept success sample and not declared. */
  responseFields: string[];
}

export interface SpecTrafficComparison {
  /** Declared, never used by traffic: zombie candidates. */
  declaredUnused: SpecDiffEndpoint[];
  /** Used by traffic, not declared: shadow endpoints. */
  usedUndeclared: SpecDiffEndpoint[];
  /** Declared and used, with parameters or fields seen but undeclared. */
  undeclaredInputs: SpecDiffUndeclared[];
  counts: {
    declared: number;
    used: number;
    declaredUsed: number;
    declaredUnused: number;
    usedUndeclared: number;
    undeclaredInputs: number;
  };
}

const MAX_SAMPLE_FIELDS = 50;

/** Field paths compare without array markers (`items[].id` ≡ `items.id`, a top-level array's `[].id` ≡ `id`). */
const fieldKey = (f: string): string =>
  f
    .replace(/\[\]/g, '')
    .replace(/^\.+|\.+$/g, '')
    .replace(/\.{2,}/g, '.');

/** The field paths (two levels) of a JSON success sample; [] when it is not whole JSON. */
function sampleFields(sample: string | undefined): string[] {
  if (!sample) return [];
  let value: unknown;
  try {
    value = JSON.parse(sample);
  } catch {
    return [];
  }
  if (Array.isArray(value))
    value = value.find((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    out.push(k);
    const inner = Array.isArray(v) ? v.find((x) => typeof x === 'object' && x !== null) : v;
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      for (const k2 of Object.keys(inner).slice(0, 20)) out.push(`${k}.${k2}`);
    if (out.length >= MAX_SAMPLE_FIELDS) break;
  }
  return out.slice(0, MAX_SAMPLE_FIELDS);
}

/** Fields of `seen` the declared list does not name (nor a parent object of: its inner shape is undeclared then too). */
function undeclared(seen: readonly string[], declared: readonly string[]): string[] {
  const known = new Set(declared.map(fieldKey));
  const out: string[] = [];
  for (const f of seen) {
    const key = fieldKey(f);
    if (!key || known.has(key)) continue;
    // A child of an undeclared parent is reported through the parent.
    const parent = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : null;
    if (parent && !known.has(parent) && seen.some((s) => fieldKey(s) === parent)) continue;
    if (!out.includes(f)) out.push(f);
  }
  return out;
}

function entry(ep: EndpointAggregate): SpecDiffEndpoint {
  return {
    domain: ep.domain,
    method: ep.method,
    path: ep.normalizedPath,
    ...(ep.spec?.pointer ? { pointer: ep.spec.pointer } : {}),
    ...(ep.spec?.deprecated ? { deprecated: true } : {}),
    requestCount: ep.requestCount,
    firstSeen: ep.firstSeen,
    lastSeen: ep.lastSeen,
  };
}

const byPath = (a: SpecDiffEndpoint, b: SpecDiffEndpoint): number =>
  a.domain.localeCompare(b.domain) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method);

/**
 * Compare what an API description declares (endpoints whose `spec.source` is `openapi`) with
 * what traffic used (`requestCount > 0`). Gateway routes are not a description: an endpoint
 * only a gateway declares counts as undeclared once traffic uses it.
 */
export function compareSpecToTraffic(endpoints: readonly EndpointAggregate[]): SpecTrafficComparison {
  const declaredUnused: SpecDiffEndpoint[] = [];
  const usedUndeclared: SpecDiffEndpoint[] = [];
  const undeclaredInputs: SpecDiffUndeclared[] = [];
  let declared = 0;
  let used = 0;
  let declaredUsed = 0;
  for (const ep of endpoints) {
    const spec = ep.spec?.source === 'openapi' ? ep.spec : undefined;
    const isUsed = ep.requestCount > 0;
    if (spec) declared++;
    if (isUsed) used++;
    if (spec && !isUsed) declaredUnused.push(entry(ep));
    else if (!spec && isUsed) usedUndeclared.push(entry(ep));
    else if (spec && isUsed) {
      declaredUsed++;
      const declaredQuery = spec.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      const queryParams = ep.queryParams.filter((q) => !declaredQuery.includes(q));
      const requestFields = undeclared(ep.requestFields ?? [], spec.requestFields);
      const responseFields = undeclared(sampleFields(ep.responseSample), spec.responseFields);
      if (queryParams.length || requestFields.length || responseFields.length)
        undeclaredInputs.push({ ...entry(ep), queryParams, requestFields, responseFields });
    }
  }
  declaredUnused.sort(byPath);
  usedUndeclared.sort(byPath);
  undeclaredInputs.sort(byPath);
  return {
    declaredUnused,
    usedUndeclared,
    undeclaredInputs,
    counts: {
      declared,
      used,
      declaredUsed,
      declaredUnused: declaredUnused.length,
      usedUndeclared: usedUndeclared.length,
      undeclaredInputs: undeclaredInputs.length,
    },
  };
}

/**
 * The comparison of a description's endpoints with observations, read into one inventory
 * (the description's templates win, so traffic lands on the operations it reached).
 */
export function compareSpecToObservations(
  spec: Iterable<SpecEndpoint>,
  observations: Iterable<Observation>,
  options: InventoryOptions = {},
): SpecTrafficComparison {
  const inventory = new Inventory(options);
  inventory.addSpecEndpoints(spec);
  for (const obs of observations) inventory.addObservation(obs);
  return compareSpecToTraffic(inventory.endpoints());
}
