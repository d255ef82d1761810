// Requests a test sends: built from the endpoint's baseline for an identity,
// changed by a step's mutations and injected values, rendered to a URL; plus
// the safety rule for destructive-looking operations and the one-line curl.
import { linearRegex } from './linear-regex.js';
import type { Mutation, StepTemplate } from './schema.js';
import { endpointParams, paramMatches } from './match.js';
import type { ActiveEndpoint, Identity } from './types.js';

/** A request before credentials are applied. */
export interface DraftRequest {
  method: string;
  pathTemplate: string;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** Body fields a mutation set, with their values (what a read-back must show). */
  setFields?: Record<string, unknown>;
}

export class CannotRun extends Error {}

/** `{{A.id}}`, `{{create.id}}`, `{{payload}}`: a value from the run's variables (unknown names stay). */
export function render(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

function renderDeep(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const exact = /^\{\{\s*([\w.-]+)\s*\}\}$/.exec(value);
    if (exact && vars[exact[1]!] !== undefined) return vars[exact[1]!];
    return render(value, vars);
  }
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, vars)]));
  return value;
}

/** The endpoint's request as `identity` would send it: its own values fill parameters of the same name. */
export function baselineDraft(endpoint: ActiveEndpoint, identity: Identity | undefined): DraftRequest {
  const own = {
    ...identity?.endpointValues?.[`${endpoint.method.toUpperCase()} ${endpoint.path}`],
    ...identity?.values,
  };
  const base = endpoint.baseline ?? {};
  const pathParams: Record<string, string> = {};
  for (const [, name] of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
    const declared = endpoint.params?.find((p) => p.in === 'path' && p.name === name)?.example;
    const value = own[name!] ?? base.pathParams?.[name!] ?? declared;
    if (value === undefined) throw new CannotRun(`no baseline value for path parameter {${name}}`);
    pathParams[name!] = value;
  }
  const query: Record<string, string> = { ...base.query };
  for (const p of endpoint.params ?? [])
    if (p.in === 'query' && query[p.name] === undefined && p.example !== undefined) query[p.name] = p.example;
  for (const name of Object.keys(query)) if (own[name] !== undefined) query[name] = own[name]!;
  let body = base.body;
  if (body === undefined && endpoint.params?.some((p) => p.in === 'body'))
    body = Object.fromEntries(
      endpoint.params.filter((p) => p.in === 'body').map((p) => [p.name, p.example ?? '']),
    );
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    body = structuredClone(body) as Record<string, unknown>;
    // a GraphQL operation's values are its variables
    const fields = (endpoint.graphql ? (body as Record<string, unknown>)['variables'] : body) as
      Record<string, unknown> | undefined;
    for (const name of Object.keys(fields ?? {})) if (own[name] !== undefined) fields![name] = own[name];
  }
  const headers = { ...base.headers };
  if (
    body !== undefined &&
    typeof body !== 'string' &&
    !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
  )
    headers['content-type'] = 'application/json';
  return {
    method: endpoint.method.toUpperCase(),
    pathTemplate: endpoint.path,
    pathParams,
    query,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

export function cloneDraft(d: DraftRequest): DraftRequest {
  return structuredClone(d);
}

/** A step's explicit request: method and templated path, no parameters left. */
export function explicitDraft(
  request: NonNullable<StepTemplate['request']>,
  vars: Record<string, string>,
): DraftRequest {
  return {
    method: request.method,
    pathTemplate: render(request.path, vars),
    pathParams: {},
    query: {},
    headers: {},
  };
}

export function applyMutation(
  draft: DraftRequest,
  m: Mutation | undefined,
  vars: Record<string, string>,
): DraftRequest {
  if (!m) return draft;
  const d = cloneDraft(draft);
  if (m.method) d.method = m.method;
  for (const [k, v] of Object.entries(m.pathParams ?? {})) d.pathParams[k] = render(v, vars);
  if (m.pathRewrite) {
    const rewritten = linearRegex(m.pathRewrite.from).matcher(d.pathTemplate).replaceFirst(m.pathRewrite.to);
    if (rewritten === d.pathTemplate) throw new CannotRun(`the path does not match ${m.pathRewrite.from}`);
    d.pathTemplate = rewritten;
  }
  if (m.pathSuffix) d.pathTemplate += render(m.pathSuffix, vars);
  for (const [k, v] of Object.entries(m.query ?? {})) d.query[k] = render(v, vars);
  if (m.body) {
    const body =
      d.body && typeof d.body === 'object' && !Array.isArray(d.body)
        ? (d.body as Record<string, unknown>)
        : {};
    const set = renderDeep(m.body, vars) as Record<string, unknown>;
    d.body = { ...body, ...set };
    d.setFields = { ...d.setFields, ...set };
    if (!Object.keys(d.headers).some((h) => h.toLowerCase() === 'content-type'))
      d.headers['content-type'] = 'application/json';
  }
  if (m.rawBody !== undefined) d.rawBody = render(m.rawBody, vars);
  // a header whose value renders empty (no cookies to send back) is left out
  for (const [k, v] of Object.entries(m.headers ?? {})) {
    const value = render(v, vars);
    if (value !== '') d.headers[k.toLowerCase()] = value;
  }
  for (const k of m.removeHeaders ?? []) delete d.headers[k.toLowerCase()];
  return d;
}

/**
 * The draft with each string body field that holds none of `keep` (identities' keys) and is not an e-mail,
 * URL or secret set to its own marker (`argus-<random>-<n>`), recorded in `setFields`.
 */
export function markStrings(
  draft: DraftRequest,
  endpoint: ActiveEndpoint,
  keep: Set<string>,
  random: string,
): DraftRequest {
  const d = cloneDraft(draft);
  if (!d.body || typeof d.body !== 'object' || Array.isArray(d.body))
    throw new CannotRun('no JSON body to mark');
  const body = d.body as Record<string, unknown>;
  const params = new Map(
    endpointParams(endpoint)
      .filter((p) => p.in === 'body')
      .map((p) => [p.name, p]),
  );
  const set: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const p = params.get(name) ?? { name, in: 'body' as const, example: String(value) };
    if (typeof value !== 'string' || keep.has(value) || /pass|secret|token/i.test(name)) continue;
    if (!paramMatches(p, { in: 'body', type: 'string' })) continue;
    set[name] = `argus-${random}-${Object.keys(set).length + 1}`;
  }
  if (Object.keys(set).length === 0) throw new CannotRun('no string body field to mark');
  d.body = { ...body, ...set };
  d.setFields = { ...d.setFields, ...set };
  return d;
}

export interface Variant {
  draft: DraftRequest;
  param?: string;
  value?: string;
}

/** One request per (parameter × value) of an `inject` block. */
export function injectVariants(
  draft: DraftRequest,
  endpoint: ActiveEndpoint,
  inject: NonNullable<StepTemplate['inject']>,
  vars: Record<string, string>,
): Variant[] {
  const params = endpointParams(endpoint).filter((p) => paramMatches(p, inject));
  if (params.length === 0) throw new CannotRun('no parameter to inject into');
  const out: Variant[] = [];
  for (const raw of inject.values) {
    for (const p of params) {
      const d = cloneDraft(draft);
      const value = render(raw, { ...vars, payload: raw });
      const set = (old: string | undefined) => (inject.mode === 'append' ? `${old ?? ''}${value}` : value);
      if (p.in === 'path') {
        if (!(p.name in d.pathParams)) continue;
        d.pathParams[p.name] = set(d.pathParams[p.name]);
      } else if (p.in === 'query') d.query[p.name] = set(d.query[p.name]);
      else if (endpoint.graphql) {
        const body = d.body && typeof d.body === 'object' ? (d.body as Record<string, unknown>) : {};
        const variables = (body['variables'] ?? {}) as Record<string, unknown>;
        const old = variables[p.name];
        // an Int argument keeps its type when the injected value is a number
        const value = set(old === undefined ? undefined : String(old));
        const typed = typeof old === 'number' && /^-?\d+$/.test(value) ? Number(value) : value;
        d.body = { ...body, variables: { ...variables, [p.name]: typed } };
      } else {
        const body = d.body && typeof d.body === 'object' ? (d.body as Record<string, unknown>) : {};
        const old = body[p.name];
        d.body = { ...body, [p.name]: set(old === undefined ? undefined : String(old)) };
      }
      out.push({ draft: d, param: `${p.in}:${p.name}`, value });
    }
  }
  if (out.length === 0) throw new CannotRun('no parameter to inject into');
  return out;
}

const enc = (s: string) => encodeURIComponent(s).replace(/%2F/gi, '/');

export function draftPath(d: DraftRequest): string {
  return d.pathTemplate.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    d.pathParams[name] === undefined ? whole : encodeURIComponent(d.pathParams[name]!),
  );
}

export function draftUrl(baseUrl: string, d: DraftRequest): string {
  const query = Object.entries(d.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${enc(v)}`)
    .join('&');
  return `${baseUrl.replace(/\/+$/, '')}${draftPath(d)}${query ? `?${query}` : ''}`;
}

export function draftBody(d: DraftRequest): string | undefined {
  if (d.rawBody !== undefined) return d.rawBody;
  if (d.body === undefined) return undefined;
  return typeof d.body === 'string' ? d.body : JSON.stringify(d.body);
}

/** Words in a path that name operations which wipe or reset state. */
export const DESTRUCTIVE_PATH =
  /(^|[/_.-])(reset|createdb|create-db|dropdb|drop|purge|truncate|wipe|destroy|shutdown|restart|flush|nuke|erase|clear|delete|remove|factory-reset|reinit|init-?db|seed)([/_.?-]|$)/i;

/** Why a request looks destructive, or null. */
export function destructiveReason(method: string, path: string): string | null {
  if (method.toUpperCase() === 'DELETE') return `${method} ${path} deletes`;
  const m = DESTRUCTIVE_PATH.exec(path);
  return m ? `${method} ${path} looks destructive ("${m[2]}")` : null;
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Quote for a POSIX shell, leaving `$ARGUS_…` placeholders outside the quotes so they expand. */
function shellQuote(s: string): string {
  const parts = s.split(/(\$ARGUS_[A-Z0-9_]+)/);
  return parts.map((p, i) => (i % 2 === 1 ? `"${p}"` : p === '' ? '' : q(p))).join('') || "''";
}

export function curlOf(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}): string {
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(request.url)];
  for (const [k, v] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${k}: ${v}`));
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
