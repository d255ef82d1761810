// Which principals touched which objects of an endpoint, and the BOLA candidates that
// follows from it (issue 45). A principal is who made a request as the source says: a
// trace's `enduser.id`, a captured request's JWT `sub` (read, never verified, and the
// token itself never kept), else a stable hash of its session cookie. Per endpoint the first uses of each (principal, method, raw
// path) are kept, bounded; once the template is known, the raw path's values at its
// parameters name the object. When a principal reads or changes an object another
// principal used first, that is a candidate for broken object-level authorization: two
// principals, one object, the two requests (method and path only).
import { sessionCookiePrincipal } from './session-principal.js';
import type { Observation } from './types.js';

export interface PrincipalUse {
  principal: string;
  method: string;
  /** The raw path (bounded), whose values at the template's parameters name the object. */
  path: string;
  /** Epoch milliseconds, null when the source did not say. */
  at: number | null;
}

export interface BolaCandidate {
  /** The parameters naming the object and their values (`{orderId}` → `2`). */
  object: Record<string, string>;
  /** Who used the object first. */
  owner: string;
  /** Who used it after them. */
  other: string;
  first: Omit<PrincipalUse, 'principal'>;
  then: Omit<PrincipalUse, 'principal'>;
}

/** What of an endpoint aggregate the uses live on (inventory.ts's EndpointAggregate has both). */
interface WithUses {
  normalizedPath: string;
  principalUses?: PrincipalUse[];
}

/** Uses kept per endpoint: enough for the objects of a few principals, bounded for every endpoint. */
export const MAX_PRINCIPAL_USES = 64;
const MAX_CANDIDATES = 20;
const MAX_PATH = 512;
const MAX_PRINCIPAL = 200;

function base64UrlJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The `sub` of a bearer JWT, unverified: who the token says it is. */
export function jwtSubject(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const m = /^bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/i.exec(authorization.trim());
  if (!m) return undefined;
  const payload = base64UrlJson(m[2] as string);
  if (typeof payload !== 'object' || payload === null) return undefined;
  const sub = (payload as Record<string, unknown>)['sub'];
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : undefined;
}

/** Who the request's credentials say made it: a JWT's `sub`, else its session cookie's hash. */
export function principalOfHeaders(headers: Readonly<Record<string, string>>): string | undefined {
  const sub = jwtSubject(headers['authorization']);
  return sub !== undefined && sub !== '' ? sub : sessionCookiePrincipal(headers['cookie']);
}

/** Who made the request, when the observation can tell. */
export function principalOf(obs: Observation): string | undefined {
  const principal = obs.principal || principalOfHeaders(obs.requestHeaders);
  return principal === undefined || principal === '' ? undefined : principal.slice(0, MAX_PRINCIPAL);
}

/** Keeps the first use of the object by this principal (called once per request on the endpoint). */
export function notePrincipalUse(agg: WithUses, obs: Observation): void {
  const { authorization, cookie } = obs.requestHeaders;
  if (obs.principal === undefined && authorization === undefined && cookie === undefined) return;
  const principal = principalOf(obs);
  if (principal === undefined) return;
  const uses = (agg.principalUses ??= []);
  if (uses.length >= MAX_PRINCIPAL_USES) return;
  const path = obs.path.slice(0, MAX_PATH);
  const method = obs.method.toUpperCase();
  if (uses.some((u) => u.principal === principal && u.path === path && u.method === method)) return;
  uses.push({ principal, method, path, at: obs.timestamp });
}

/** `b`'s uses added to `a`'s (bounded), as when two aggregates become one endpoint. */
export function mergePrincipalUses(a: WithUses, b: WithUses): void {
  if (!b.principalUses?.length) return;
  const uses = (a.principalUses ??= []);
  for (const u of b.principalUses) {
    if (uses.length >= MAX_PRINCIPAL_USES) break;
    if (!uses.some((x) => x.principal === u.principal && x.path === u.path && x.method === u.method))
      uses.push(u);
  }
}

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

/** The template's parameter values in `path`, or null when the path is not one of the template's. */
function objectOf(template: readonly string[], path: string): Record<string, string> | null {
  const segments = segmentsOf(path);
  if (segments.length !== template.length) return null;
  const object: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string;
    const s = segments[i] as string;
    if (t.startsWith('{')) object[t] = s;
    else if (t !== s) return null;
  }
  return object;
}

/**
 * Principals that used an object another principal used first, on one template: `aggs` are its
 * endpoints (one per method), so that a read by one and a change by the other meet.
 */
export function bolaCandidates(aggs: readonly WithUses[]): BolaCandidate[] {
  const template = segmentsOf(aggs[0]?.normalizedPath ?? '');
  const all = aggs.flatMap((a) =>
    a.normalizedPath === aggs[0]?.normalizedPath ? (a.principalUses ?? []) : [],
  );
  if (all.length === 0 || !template.some((t) => t.startsWith('{'))) return [];
  // In time order; uses without a time keep the order they arrived in.
  const uses = all
    .map((u, i) => ({ u, i }))
    .sort((a, b) => (a.u.at ?? 0) - (b.u.at ?? 0) || a.i - b.i)
    .map(({ u }) => u);
  const firstUse = new Map<string, PrincipalUse>();
  const candidates: BolaCandidate[] = [];
  const seen = new Set<string>();
  for (const use of uses) {
    const object = objectOf(template, use.path);
    if (!object) continue;
    const key = JSON.stringify(object);
    const first = firstUse.get(key);
    if (!first) {
      firstUse.set(key, use);
      continue;
    }
    if (first.principal === use.principal || seen.has(`${key} ${use.principal}`)) continue;
    seen.add(`${key} ${use.principal}`);
    const { principal: owner, ...firstRequest } = first;
    const { principal: other, ...thenRequest } = use;
    candidates.push({ object, owner, other, first: firstRequest, then: thenRequest });
    if (candidates.length >= MAX_CANDIDATES) break;
  }
  return candidates;
}
