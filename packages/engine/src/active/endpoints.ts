// Endpoints to test, with a baseline request each: generated from an API
// description (examples, else values by type) or taken from observed traffic.
import { parseSpecText } from '../readers/openapi.js';
import { templatePath } from '../templating/index.js';
import type { Observation } from '../types.js';
import { graphqlEndpoints, graphqlRequestsIn } from './graphql-endpoints.js';
import type { ActiveEndpoint, ActiveParam, BaselineRequest } from './types.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const PII_FIELD = /(e-?mail|phone|ssn|password|passwd|secret|address|birth|dob|card|iban|name)/i;
const ID_FIELD = /(^id$|_id$|Id$|uuid)/;

/** Follows local `$ref`s (at most 20 deep). */
function deref(doc: Json, v: unknown, depth = 0): unknown {
  if (!isObj(v) || typeof v['$ref'] !== 'string' || depth > 20) return v;
  const ref = v['$ref'];
  if (!ref.startsWith('#/')) return v;
  let cur: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!isObj(cur)) return undefined;
    cur = cur[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return deref(doc, cur, depth + 1);
}

/** A value for a schema: its example, default or first enum value, else one by type and format. */
function sample(doc: Json, schema: unknown, name: string, depth = 0): unknown {
  const s = deref(doc, schema);
  if (!isObj(s) || depth > 4) return 'test';
  if (s['example'] !== undefined) return s['example'];
  if (s['default'] !== undefined) return s['default'];
  if (Array.isArray(s['enum']) && s['enum'].length) return s['enum'][0];
  const type = Array.isArray(s['type']) ? s['type'][0] : s['type'];
  if (type === 'object' || isObj(s['properties'])) {
    const out: Json = {};
    for (const [k, v] of Object.entries(isObj(s['properties']) ? s['properties'] : {})) {
      const prop = deref(doc, v);
      if (isObj(prop) && prop['readOnly'] === true) continue;
      out[k] = sample(doc, prop, k, depth + 1);
    }
    return out;
  }
  if (type === 'array') return [sample(doc, s['items'], name, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  const format = s['format'];
  if (format === 'email' || /e-?mail/i.test(name)) return 'argus@example.com';
  if (format === 'uuid') return '00000000-0000-4000-8000-000000000001';
  if (format === 'uri' || format === 'url' || /url$/i.test(name)) return 'https://example.com/';
  if (format === 'date-time') return '2026-01-01T00:00:00Z';
  if (format === 'date') return '2026-01-01';
  return 'test';
}

const typeOf = (schema: unknown, name: string): ActiveParam['type'] | undefined => {
  if (!isObj(schema)) return undefined;
  if (schema['format'] === 'uri' || schema['format'] === 'url') return 'url';
  if (schema['format'] === 'email') return 'email';
  if (
    schema['format'] === 'uuid' ||
    ((schema['type'] === 'integer' || schema['type'] === 'string') && ID_FIELD.test(name))
  )
    return 'id';
  if (schema['type'] === 'integer') return 'id';
  return undefined;
};

function fieldNames(doc: Json, schema: unknown, depth = 0, out = new Set<string>()): Set<string> {
  const s = deref(doc, schema);
  if (!isObj(s) || depth > 4) return out;
  if (s['type'] === 'array' || s['items']) fieldNames(doc, s['items'], depth + 1, out);
  for (const [k, v] of Object.entries(isObj(s['properties']) ? s['properties'] : {})) {
    out.add(k);
    fieldNames(doc, v, depth + 1, out);
  }
  return out;
}

/** The operations of an OpenAPI 3 / Swagger 2 document as endpoints with spec-generated baselines. */
export function activeEndpointsFromOpenApi(text: string): ActiveEndpoint[] {
  const doc = parseSpecText(text);
  if (!isObj(doc) || !isObj(doc['paths'])) return [];
  const globalSecurity = Array.isArray(doc['security']) ? doc['security'] : [];
  const out: ActiveEndpoint[] = [];
  for (const [path, item] of Object.entries(doc['paths'])) {
    const pathItem = deref(doc, item);
    if (!isObj(pathItem)) continue;
    const shared = Array.isArray(pathItem['parameters']) ? pathItem['parameters'] : [];
    for (const method of METHODS) {
      const op = deref(doc, pathItem[method]);
      if (!isObj(op)) continue;
      const params: ActiveParam[] = [];
      const baseline: BaselineRequest = { pathParams: {}, query: {} };
      let body: unknown;
      for (const raw of [...shared, ...(Array.isArray(op['parameters']) ? op['parameters'] : [])]) {
        const p = deref(doc, raw);
        if (!isObj(p) || typeof p['name'] !== 'string') continue;
        const name = p['name'];
        const schema = deref(doc, p['schema'] ?? p);
        if (p['in'] === 'body') {
          body = sample(doc, p['schema'], name);
          continue;
        }
        if (p['in'] !== 'path' && p['in'] !== 'query') continue;
        const value = p['example'] !== undefined ? p['example'] : sample(doc, schema, name);
        const example = String(value);
        const type = typeOf(schema, name);
        params.push({ name, in: p['in'], example, ...(type ? { type } : {}) });
        if (p['in'] === 'path') baseline.pathParams![name] = example;
        else if (p['required'] === true) baseline.query![name] = example;
      }
      const content = isObj(op['requestBody'])
        ? (deref(doc, op['requestBody']) as Json)['content']
        : undefined;
      const json = isObj(content) ? (content['application/json'] as Json | undefined) : undefined;
      if (isObj(json)) body = json['example'] ?? sample(doc, json['schema'], 'body');
      if (isObj(body)) {
        const bodySchema = isObj(json) ? deref(doc, json['schema']) : undefined;
        const props = isObj(bodySchema) && isObj(bodySchema['properties']) ? bodySchema['properties'] : {};
        for (const [k, v] of Object.entries(body)) {
          if (isObj(v) || Array.isArray(v)) continue;
          const type = typeOf(deref(doc, props[k]), k);
          params.push({ name: k, in: 'body', example: String(v), ...(type ? { type } : {}) });
        }
      }
      if (body !== undefined) {
        baseline.body = body;
        baseline.headers = { 'content-type': 'application/json' };
      }
      const security = Array.isArray(op['security']) ? op['security'] : globalSecurity;
      const responseFields = new Set<string>();
      for (const r of Object.values(isObj(op['responses']) ? op['responses'] : {})) {
        const resp = deref(doc, r);
        const c = isObj(resp) && isObj(resp['content']) ? resp['content'] : {};
        for (const media of Object.values(c))
          if (isObj(media)) fieldNames(doc, media['schema'], 0, responseFields);
        if (isObj(resp) && resp['schema']) fieldNames(doc, resp['schema'], 0, responseFields);
      }
      const responseHas: ('ids' | 'pii')[] = [];
      if ([...responseFields].some((f) => ID_FIELD.test(f))) responseHas.push('ids');
      if ([...responseFields].some((f) => PII_FIELD.test(f))) responseHas.push('pii');
      out.push({
        method: method.toUpperCase(),
        path,
        authRequired: security.some((s) => isObj(s) && Object.keys(s).length > 0),
        params,
        baseline,
        responseHas,
      });
    }
  }
  return out;
}

/** Endpoints from observed traffic: the first answered (2xx) request of each method and template is its baseline. */
export function activeEndpointsFromObservations(observations: Iterable<Observation>): ActiveEndpoint[] {
  const byKey = new Map<string, ActiveEndpoint>();
  const graphqlBodies = new Map<string, unknown[]>();
  for (const o of observations) {
    if (o.status === null || o.status < 200 || o.status >= 300) continue;
    const t = templatePath(o.path, { method: o.method });
    const key = `${o.method} ${t.normalizedPath}`;
    const graphqlBody = graphqlBodyOf(o);
    if (graphqlBody !== undefined) {
      // sent as a POST whatever the method seen: every GraphQL server takes POST bodies
      const bodies = graphqlBodies.get(t.normalizedPath) ?? [];
      if (bodies.length < MAX_GRAPHQL_BODIES) bodies.push(graphqlBody);
      graphqlBodies.set(t.normalizedPath, bodies);
      continue;
    }
    if (byKey.has(key)) continue;
    const query = Object.fromEntries(new URLSearchParams(o.query));
    let body: unknown;
    if (o.requestBody) {
      try {
        body = JSON.parse(o.requestBody);
      } catch {
        body = undefined;
      }
    }
    const responseHas: ('ids' | 'pii')[] = [];
    if (o.responseBody) {
      if (/"(id|\w+_id|\w+Id)"\s*:/.test(o.responseBody)) responseHas.push('ids');
      if (/"(e-?mail|phone|password|ssn|address)"\s*:/i.test(o.responseBody)) responseHas.push('pii');
    }
    byKey.set(key, {
      method: o.method,
      path: t.normalizedPath,
      ...(o.auth === null ? {} : { authRequired: o.auth.length > 0 }),
      params: [],
      baseline: {
        pathParams: Object.fromEntries(t.params.map((p) => [p.name, decodeURIComponent(p.value)])),
        query,
        ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}),
      },
      responseHas,
    });
  }
  const graphql = [...graphqlBodies].flatMap(([path, bodies]) => graphqlEndpoints('POST', path, bodies));
  return [...byKey.values(), ...graphql];
}

const MAX_GRAPHQL_BODIES = 500;

/** The GraphQL request an observation carries (a JSON body, or `?query=` on a GET), else undefined. */
function graphqlBodyOf(o: Observation): unknown {
  if (o.method === 'POST' && o.requestBody)
    return graphqlRequestsIn(o.requestBody).length ? o.requestBody : undefined;
  if (o.method === 'GET' && /(^|&)query=/.test(o.query)) {
    const q = new URLSearchParams(o.query);
    const body = { query: q.get('query'), operationName: q.get('operationName') ?? undefined };
    return graphqlRequestsIn(body).length ? body : undefined;
  }
  return undefined;
}
