// An endpoint's parameters and authentication as OpenAPI objects, each parameter saying
// where Argus learned it (`x-argus-source`, and for a merged path position `x-argus-rule`).
import type { EndpointAggregate } from '../inventory.js';
import { splitPath } from '../templating/index.js';
import { stringFormat, type Schema } from './sample-schema.js';

type Parameter = Record<string, unknown>;

const isParameter = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}');

/** The type the raw values at a path position show (digits, a uuid, …), never the values. */
function segmentSchema(agg: EndpointAggregate, at: number): Schema {
  const values = agg.samplePaths.map((p) => splitPath(p)[at]).filter((v): v is string => !!v);
  if (values.length === 0) return { type: 'string' };
  if (values.every((v) => /^\d+$/.test(v))) return { type: 'integer' };
  const formats = new Set(values.map((v) => stringFormat(decodeURIComponentSafe(v))));
  const [format] = formats;
  return formats.size === 1 && format ? { type: 'string', format } : { type: 'string' };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function pathSource(agg: EndpointAggregate, segment: string): Record<string, unknown> {
  if (agg.spec) return { 'x-argus-source': agg.spec.source === 'gateway' ? 'gateway' : 'spec' };
  if (agg.tracedRoute) return { 'x-argus-source': 'trace-route' };
  if (agg.routeTemplate) return { 'x-argus-source': 'declared-route' };
  const merge = agg.merges?.find((m) => m.parameter === segment);
  return merge
    ? { 'x-argus-source': 'learned', 'x-argus-rule': merge.rule, 'x-argus-distinct-values': merge.distinct }
    : { 'x-argus-source': 'learned' };
}

function piiOf(agg: EndpointAggregate, location: string, name: string): Record<string, unknown> {
  const types = [
    ...new Set(agg.pii.filter((p) => p.location === location && p.field === name).map((p) => p.type)),
  ];
  return types.length ? { 'x-argus-pii': types.sort() } : {};
}

/** Path, query, header and cookie parameters: declared ones first, then those only traffic showed. */
export function parametersOf(agg: EndpointAggregate): Parameter[] {
  const out: Parameter[] = [];
  const declared = new Map((agg.spec?.parameters ?? []).map((p) => [`${p.in} ${p.name}`, p]));
  splitPath(agg.normalizedPath).forEach((segment, at) => {
    if (!isParameter(segment)) return;
    const name = segment.slice(1, -1);
    const spec = declared.get(`path ${name}`);
    const schema = spec?.type
      ? { type: spec.type, ...(spec.format ? { format: spec.format } : {}) }
      : segmentSchema(agg, at);
    out.push({
      name,
      in: 'path',
      required: true,
      schema,
      ...pathSource(agg, segment),
      ...piiOf(agg, 'request.path', name),
    });
  });
  for (const p of agg.spec?.parameters ?? []) {
    if (p.in === 'path' || !['query', 'header', 'cookie'].includes(p.in)) continue;
    const schema = p.type ? { type: p.type, ...(p.format ? { format: p.format } : {}) } : {};
    const seen = p.in === 'query' && agg.queryParams.includes(p.name);
    out.push({
      name: p.name,
      in: p.in,
      ...(p.required ? { required: true } : {}),
      schema,
      'x-argus-source': seen ? 'spec+traffic' : 'spec',
      ...piiOf(agg, `request.${p.in}`, p.name),
    });
  }
  for (const name of agg.queryParams) {
    if (declared.has(`query ${name}`)) continue;
    out.push({
      name,
      in: 'query',
      schema: { type: 'string' },
      'x-argus-source': 'traffic',
      ...piiOf(agg, 'request.query', name),
    });
  }
  return out;
}

const API_KEY_HEADERS = ['x-api-key', 'api-key', 'apikey', 'x-auth-token', 'ocp-apim-subscription-key'];

/** The OpenAPI security scheme for an authentication scheme Argus saw, by the headers it saw it in. */
export function securitySchemeOf(scheme: string, agg: EndpointAggregate): Schema {
  const seen = { 'x-argus-auth': scheme };
  switch (scheme) {
    case 'bearer':
      return { type: 'http', scheme: 'bearer', ...seen };
    case 'basic':
    case 'remote_user':
      return { type: 'http', scheme: 'basic', ...seen };
    case 'api_key': {
      const name = API_KEY_HEADERS.find((h) => h in agg.requestHeaders) ?? API_KEY_HEADERS[0];
      return { type: 'apiKey', in: 'header', name, ...seen };
    }
    case 'cookie':
      return { type: 'apiKey', in: 'cookie', name: 'session', 'x-argus-name-known': false, ...seen };
    case 'query_key':
      return { type: 'apiKey', in: 'query', name: 'api_key', 'x-argus-name-known': false, ...seen };
    case 'aws_iam':
      return { type: 'http', scheme: 'aws4-hmac-sha256', ...seen };
    case 'mtls':
      return { type: 'mutualTLS', ...seen };
    default:
      return { type: 'http', scheme: 'other', ...seen };
  }
}
