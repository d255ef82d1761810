// Which endpoints a template applies to, and the parameters an endpoint has.
import { linearRegex } from './linear-regex.js';
import type { ActiveTestTemplate } from './schema.js';
import type { ActiveEndpoint, ActiveParam } from './types.js';

type ParamType = NonNullable<ActiveParam['type']>;

const I = { ignoreCase: true };
const URL_NAME = /(url|uri|link|callback|webhook|redirect|avatar|image|img|src|dest|target|feed|proxy)$/i;
const ID_NAME = /(^id$|_id$|Id$|^uuid$|_uuid$|Uuid$)/;
const ID_VALUE = /^(\d{1,19}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24})$/i;

export function paramType(param: ActiveParam): ParamType {
  if (param.type) return param.type;
  const example = param.example ?? '';
  if (URL_NAME.test(param.name) || /^https?:\/\//.test(example)) return 'url';
  if (/e-?mail/i.test(param.name) || /^[^@\s]+@[^@\s]+$/.test(example)) return 'email';
  if (ID_NAME.test(param.name) || (example !== '' && ID_VALUE.test(example))) return 'id';
  return 'string';
}

/** Path parameters of the template, then declared ones, then the baseline's query and body fields. */
export function endpointParams(endpoint: ActiveEndpoint): ActiveParam[] {
  const out = new Map<string, ActiveParam>();
  const add = (p: ActiveParam) => {
    const key = `${p.in}:${p.name}`;
    if (!out.has(key)) out.set(key, p);
  };
  for (const p of endpoint.params ?? []) add(p);
  // a GraphQL operation's parameters are its arguments; its query text is not one
  if (endpoint.graphql) return [...out.values()];
  for (const [, name] of endpoint.path.matchAll(/\{([^}]+)\}/g))
    add({ name: name!, in: 'path', ...exampleOf(endpoint.baseline?.pathParams?.[name!]) });
  for (const [name, value] of Object.entries(endpoint.baseline?.query ?? {}))
    add({ name, in: 'query', example: value });
  const body = endpoint.baseline?.body;
  if (body && typeof body === 'object' && !Array.isArray(body))
    for (const [name, value] of Object.entries(body as Record<string, unknown>))
      if (typeof value !== 'object' || value === null) add({ name, in: 'body', example: String(value) });
  return [...out.values()];
}

const exampleOf = (v: string | undefined) => (v === undefined ? {} : { example: v });

export function paramMatches(
  param: ActiveParam,
  want: { in: 'path' | 'query' | 'body' | 'any'; name?: string | undefined; type: ParamType | 'any' },
): boolean {
  if (want.in !== 'any' && param.in !== want.in) return false;
  if (want.name !== undefined && !linearRegex(want.name, I).test(param.name)) return false;
  return want.type === 'any' || paramType(param) === want.type;
}

export function templateApplies(template: ActiveTestTemplate, endpoint: ActiveEndpoint): boolean {
  const m = template.match;
  if (m.methods && !m.methods.includes(endpoint.method.toUpperCase())) return false;
  if (m.path !== undefined && !linearRegex(m.path, I).test(endpoint.path)) return false;
  if (m.notPath !== undefined && linearRegex(m.notPath, I).test(endpoint.path)) return false;
  if (m.auth === 'required' && endpoint.authRequired !== true) return false;
  if (m.auth === 'none' && endpoint.authRequired !== false) return false;
  if (m.graphql !== 'any' && (endpoint.graphql?.kind ?? 'none') !== m.graphql) return false;
  if (m.response !== 'any' && !(endpoint.responseHas ?? []).includes(m.response)) return false;
  if (m.param && !endpointParams(endpoint).some((p) => paramMatches(p, m.param!))) return false;
  return true;
}
