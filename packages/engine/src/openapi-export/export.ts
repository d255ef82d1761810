// A domain's inventory as an OpenAPI 3.1 description: the paths and methods seen or
// declared, their parameters (and where each came from), the statuses seen, body schemas
// inferred from samples, the authentication seen and PII marked with `x-argus-pii`.
// No sample value is written: schemas carry types, formats and field names only.
import { stringify as toYaml } from 'yaml';
import { authSchemesSeen, type EndpointAggregate } from '../inventory.js';
import { markPii, schemaOfFields, schemaOfSample, type Schema } from './sample-schema.js';
import { parametersOf, securitySchemeOf } from './parameters.js';

type Doc = Record<string, unknown>;

export interface OpenApiExportOptions {
  /** `info.title`; default "<domain> (discovered by Argus)". */
  title?: string;
  /** `info.version`; default the date of the latest observation, else "0". */
  version?: string;
}

const iso = (ms: number | null): string | undefined => (ms === null ? undefined : new Date(ms).toISOString());

function piiTypes(agg: EndpointAggregate): { type: string; location: string; field?: string; by: string }[] {
  const seen = new Map<string, { type: string; location: string; field?: string; by: string }>();
  for (const p of agg.pii) {
    const key = `${p.type} ${p.location} ${p.field ?? ''}`;
    if (!seen.has(key))
      seen.set(key, { type: p.type, location: p.location, ...(p.field ? { field: p.field } : {}), by: p.by });
  }
  return [...seen.values()];
}

function markBody(schema: Schema, agg: EndpointAggregate, locations: string[]): Schema {
  for (const p of agg.pii) if (p.field && locations.includes(p.location)) markPii(schema, p.field, p.type);
  return schema;
}

function requestBodyOf(agg: EndpointAggregate): Doc | undefined {
  const fields = [...new Set([...(agg.requestFields ?? []), ...(agg.spec?.requestFields ?? [])])];
  const schema = schemaOfFields(fields);
  if (!schema) return undefined;
  markBody(schema, agg, ['request.body', 'spec.request']);
  return { content: { 'application/json': { schema } } };
}

function responsesOf(agg: EndpointAggregate): Doc {
  const codes = Object.keys(agg.statusCounts)
    .filter((c) => /^[1-5]\d\d$/.test(c))
    .sort();
  const sampled = schemaOfSample(agg.responseSample) ?? schemaOfFields(agg.spec?.responseFields ?? []);
  const bodyAt = codes.find((c) => c.startsWith('2'));
  const out: Doc = {};
  for (const code of codes) {
    const response: Doc = {
      description: `Seen ${agg.statusCounts[code]} times`,
      'x-argus-count': agg.statusCounts[code],
    };
    if (code === bodyAt && sampled) {
      const schema = markBody(structuredClone(sampled), agg, ['response.body', 'spec.response']);
      response['content'] = { 'application/json': { schema } };
    }
    out[code] = response;
  }
  if (codes.length === 0) {
    out['default'] = {
      description: 'No status seen',
      ...(sampled
        ? {
            content: {
              'application/json': { schema: markBody(sampled, agg, ['response.body', 'spec.response']) },
            },
          }
        : {}),
    };
  }
  return out;
}

function operationOf(agg: EndpointAggregate, schemes: Doc): Doc {
  const op: Doc = {};
  if (agg.spec?.operationId) op['operationId'] = agg.spec.operationId;
  if (agg.spec?.summary) op['summary'] = agg.spec.summary;
  if (agg.spec?.deprecated) op['deprecated'] = true;
  const parameters = parametersOf(agg);
  if (parameters.length) op['parameters'] = parameters;
  const body = requestBodyOf(agg);
  if (body) op['requestBody'] = body;
  op['responses'] = responsesOf(agg);
  const seen = authSchemesSeen(agg);
  if (seen.length) {
    for (const s of seen) schemes[s] ??= securitySchemeOf(s, agg);
    op['security'] = [...seen.map((s) => ({ [s]: [] })), ...((agg.auth['none'] ?? 0) > 0 ? [{}] : [])];
  } else if ((agg.auth['none'] ?? 0) > 0) op['security'] = [];
  op['x-argus-sources'] = [...agg.sources];
  op['x-argus-requests'] = agg.requestCount;
  const first = iso(agg.firstSeen);
  const last = iso(agg.lastSeen);
  if (first) op['x-argus-first-seen'] = first;
  if (last) op['x-argus-last-seen'] = last;
  const pii = piiTypes(agg);
  if (pii.length) op['x-argus-pii'] = pii;
  return op;
}

/** The OpenAPI 3.1 document of one domain's endpoints (aggregates of other domains are left out). */
export function inventoryToOpenApi(
  domain: string,
  aggregates: readonly EndpointAggregate[],
  options: OpenApiExportOptions = {},
): Doc {
  const name = domain.toLowerCase();
  const mine = aggregates
    .filter((a) => a.domain === name)
    .sort((a, b) => a.normalizedPath.localeCompare(b.normalizedPath) || a.method.localeCompare(b.method));
  const schemes: Doc = {};
  const paths: Record<string, Doc> = {};
  for (const agg of mine)
    (paths[agg.normalizedPath] ??= {})[agg.method.toLowerCase()] = operationOf(agg, schemes);
  const latest = Math.max(...mine.map((a) => a.lastSeen ?? 0), 0);
  const http =
    mine.some((a) => (a.schemes['http'] ?? 0) > 0) && !mine.some((a) => (a.schemes['https'] ?? 0) > 0);
  const doc: Doc = {
    openapi: '3.1.0',
    info: {
      title: options.title ?? `${name || 'unknown host'} (discovered by Argus)`,
      version: options.version ?? (latest ? new Date(latest).toISOString().slice(0, 10) : '0'),
    },
    servers: [{ url: name ? `${http ? 'http' : 'https'}://${name}` : '/' }],
    paths,
  };
  if (Object.keys(schemes).length) doc['components'] = { securitySchemes: schemes };
  return doc;
}

/** The document as YAML or JSON text. */
export function serializeOpenApi(doc: Doc, format: 'yaml' | 'json' = 'yaml'): string {
  return format === 'json'
    ? `${JSON.stringify(doc, null, 2)}\n`
    : toYaml(doc, { aliasDuplicateObjects: false });
}
