// OpenAPI 3.0/3.1 and Swagger 2.0 → declared endpoints. Parses JSON or YAML (aliases
// bounded), resolves local `$ref`s lazily with cycle detection (no fully expanded
// copy, so shared and recursive schemas cost nothing extra).
import { parse as parseYaml } from 'yaml';
import type { PiiFinding, PiiLocation } from '../types.js';
import type { SpecEndpoint, SpecInfo } from '../inventory.js';
import { normaliseFieldName, piiTypeForFieldName, piiTypeForFormat } from '../pii/detect.js';
import { personalInContext } from '../pii/field-names.js';
import { normalizeTemplate } from '../templating/index.js';

export class SpecError extends Error {
  override name = 'SpecError';
}

export interface OpenApiResult {
  version: string;
  title: string;
  endpoints: SpecEndpoint[];
  warnings: string[];
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MAX_TEXT = 64 * 1024 * 1024;
const MAX_FIELDS = 200;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRef = (v: unknown): boolean => isObj(v) && typeof v['$ref'] === 'string';

/** Parse text as JSON or YAML. YAML aliases are limited (alias bombs fail fast). */
export function parseSpecText(text: string): unknown {
  if (text.length > MAX_TEXT) throw new SpecError(`Spec is larger than ${MAX_TEXT / 1024 / 1024} MB`);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(body);
    } catch (err) {
      throw new SpecError(`Invalid JSON: ${(err as Error).message}`);
    }
  }
  try {
    // logLevel silent: the parser's warnings would print the document's text to stderr.
    return parseYaml(body, {
      maxAliasCount: 1000,
      prettyErrors: false,
      uniqueKeys: false,
      logLevel: 'silent',
    });
  } catch (err) {
    throw new SpecError(`Invalid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
}

function decodeFragment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

class RefResolver {
  constructor(private readonly root: unknown) {}
  readonly unresolved = new Set<string>();

  /** Follow `$ref` chains (local pointers only) up to 32 hops; returns undefined on a loop or a missing target. */
  deref(node: unknown): unknown {
    let cur = node;
    for (let hops = 0; hops < 32; hops++) {
      if (!isObj(cur) || typeof cur['$ref'] !== 'string') return cur;
      const ref = cur['$ref'];
      if (!ref.startsWith('#')) {
        this.unresolved.add(ref);
        return undefined;
      }
      cur = this.pointer(ref.slice(1));
      if (cur === undefined) {
        this.unresolved.add(ref);
        return undefined;
      }
    }
    return undefined;
  }

  private pointer(ptr: string): unknown {
    let cur: unknown = this.root;
    if (ptr === '' || ptr === '/') return cur;
    for (const raw of ptr.slice(1).split('/')) {
      const decoded = decodeFragment(raw);
      if (decoded === undefined) return undefined; // a malformed %-escape names nothing
      const key = decoded.replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(cur)) cur = cur[Number(key)];
      else if (isObj(cur)) cur = cur[key];
      else return undefined;
    }
    return cur;
  }
}

interface FieldWalk {
  fields: string[];
  pii: PiiFinding[];
}

type WalkCache = Map<string, Map<unknown, FieldWalk>>;

/**
 * Walk a schema's properties (bounded depth, cycle-safe) collecting field paths and
 * PII by name/format. Results are memoised per schema object, so a component shared
 * by hundreds of operations through `$ref` is walked once.
 */
function walkSchema(
  resolver: RefResolver,
  schema: unknown,
  location: PiiLocation,
  out: FieldWalk,
  cache: WalkCache,
  pointer: string,
  ownFieldsOnly = false,
): void {
  if (ownFieldsOnly && isRef(schema)) return;
  const target = resolver.deref(schema);
  if (typeof target !== 'object' || target === null) return;
  const mode = ownFieldsOnly ? `${location}:own` : location;
  let byLocation = cache.get(mode);
  if (!byLocation) cache.set(mode, (byLocation = new Map()));
  let result = byLocation.get(target);
  if (!result) {
    result = { fields: [], pii: [] };
    walkSchemaUncached(resolver, target, location, result, ownFieldsOnly);
    byLocation.set(target, result);
  }
  for (const f of result.fields)
    if (out.fields.length < MAX_FIELDS && !out.fields.includes(f)) out.fields.push(f);
  for (const f of result.pii)
    out.pii.push({
      ...f,
      evidence: {
        side: location === 'spec.request' ? 'request' : 'response',
        part: 'body',
        ...(f.field ? { field: f.field } : {}),
        pointer,
        rule: f.evidence?.rule ?? 'schema',
      },
    });
}

/** RFC 6901 escaping of one pointer token. */
const pointerToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function walkSchemaUncached(
  resolver: RefResolver,
  schema: unknown,
  location: PiiLocation,
  out: FieldWalk,
  ownFieldsOnly: boolean,
): void {
  const active = new Set<unknown>();
  const seenPii = new Set<string>();
  let budget = 2000;
  const visit = (node: unknown, path: string, depth: number): void => {
    if (ownFieldsOnly && isRef(node)) return;
    const s = resolver.deref(node);
    if (!isObj(s) || depth > 8 || active.has(s) || budget-- <= 0) return;
    active.add(s);
    const fmt = typeof s['format'] === 'string' ? s['format'] : undefined;
    // Leaves only: an object (`card`, `address`) is PII through its fields, a flag is never PII.
    const leaf = !isObj(s['properties']) && s['type'] !== 'object' && s['type'] !== 'boolean';
    if (path) {
      const parts = path.split('.').map((p) => p.replace(/(\[\])+$/, ''));
      const name = parts[parts.length - 1] as string;
      const byName = leaf ? piiTypeForFieldName(name, parts[parts.length - 2]) : null;
      const byFormat = leaf ? piiTypeForFormat(fmt) : null;
      // A declared format says what the value is, its context whose it is (a firewall's list of IPs).
      const t =
        byName ?? (byFormat && personalInContext(byFormat, name, parts[parts.length - 2]) ? byFormat : null);
      if (t && !seenPii.has(`${t}|${path}`)) {
        seenPii.add(`${t}|${path}`);
        const rule = byName ? `field-name:${normaliseFieldName(name)}` : `schema-format:${fmt}`;
        out.pii.push({ type: t, location, field: path, by: 'schema', evidence: { rule } });
      }
      if (out.fields.length < MAX_FIELDS && !out.fields.includes(path)) out.fields.push(path);
    }
    const props = s['properties'];
    if (isObj(props))
      for (const [k, v] of Object.entries(props)) visit(v, path ? `${path}.${k}` : k, depth + 1);
    if (s['items'] !== undefined) visit(s['items'], path ? `${path}[]` : '', depth + 1);
    for (const comb of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = s[comb];
      if (Array.isArray(list)) for (const sub of list) visit(sub, path, depth + 1);
    }
    if (isObj(s['additionalProperties'])) visit(s['additionalProperties'], path, depth + 1);
    active.delete(s);
  };
  visit(schema, '', 0);
}

function hostOf(url: string): { domain: string; basePath: string; scheme: string | null } {
  try {
    const u = new URL(url);
    return {
      domain: u.host.toLowerCase(),
      basePath: u.pathname.replace(/\/+$/, ''),
      scheme: u.protocol.replace(':', ''),
    };
  } catch {
    // relative server URL: path only
    return { domain: '', basePath: url.startsWith('/') ? url.replace(/\/+$/, '') : '', scheme: null };
  }
}

function substituteVariables(url: string, vars: unknown): string {
  return url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = isObj(vars) ? vars[name] : undefined;
    return isObj(v) && v['default'] !== undefined ? String(v['default']) : name;
  });
}

/** Read an OpenAPI / Swagger document (text or an already parsed object). */
export function readOpenApi(input: string | unknown, options: { domain?: string } = {}): OpenApiResult {
  const doc = typeof input === 'string' ? parseSpecText(input) : input;
  if (!isObj(doc))
    throw new SpecError('Not an OpenAPI or Swagger document: expected an object at the top level');
  const swagger = typeof doc['swagger'] === 'string' ? doc['swagger'] : null;
  const openapi = typeof doc['openapi'] === 'string' ? doc['openapi'] : null;
  if (!swagger && !openapi)
    throw new SpecError('Not an OpenAPI or Swagger document: no "openapi" or "swagger" version field');
  const version = openapi ?? swagger!;
  if (swagger && !swagger.startsWith('2')) throw new SpecError(`Unsupported Swagger version ${swagger}`);
  if (openapi && !/^3\.[01]/.test(openapi)) throw new SpecError(`Unsupported OpenAPI version ${openapi}`);
  const resolver = new RefResolver(doc);
  const walkCache: WalkCache = new Map();
  const warnings: string[] = [];
  const info = isObj(doc['info']) ? doc['info'] : {};
  const title = typeof info['title'] === 'string' ? info['title'] : '';

  // Base URLs → domain + base path.
  let servers: string[] = [];
  if (swagger) {
    const host = typeof doc['host'] === 'string' ? doc['host'] : '';
    const basePath = typeof doc['basePath'] === 'string' ? doc['basePath'] : '';
    const schemes = Array.isArray(doc['schemes'])
      ? (doc['schemes'] as unknown[]).filter((s): s is string => typeof s === 'string')
      : [];
    servers = host
      ? (schemes.length ? schemes : ['https']).map((s) => `${s}://${host}${basePath}`)
      : [basePath || '/'];
  } else if (Array.isArray(doc['servers'])) {
    for (const s of doc['servers'] as unknown[]) {
      if (isObj(s) && typeof s['url'] === 'string')
        servers.push(substituteVariables(s['url'], s['variables']));
    }
  }
  if (servers.length === 0) servers = ['/'];
  const base = hostOf(servers[0] as string);
  const domain = (options.domain ?? base.domain).toLowerCase();
  if (!base.domain && !options.domain)
    warnings.push(
      'The document names no server host; endpoints have no domain (pass a domain to assign one)',
    );

  const components = isObj(doc['components']) ? doc['components'] : {};
  const schemes = swagger ? doc['securityDefinitions'] : components['securitySchemes'];
  const definedSchemes = isObj(schemes) ? Object.keys(schemes) : [];
  const globalSecurity = doc['security'];

  const endpoints: SpecEndpoint[] = [];
  const paths = doc['paths'];
  if (paths !== undefined && !isObj(paths)) throw new SpecError('"paths" must be an object');
  for (const [rawPath, rawItem] of Object.entries(isObj(paths) ? paths : {})) {
    const item = resolver.deref(rawItem);
    if (!isObj(item)) continue;
    const shared = Array.isArray(item['parameters']) ? (item['parameters'] as unknown[]) : [];
    for (const method of METHODS) {
      const op = resolver.deref(item[method]);
      if (!isObj(op)) continue;
      const security = op['security'] !== undefined ? op['security'] : globalSecurity;
      let declared: SpecInfo['security'];
      let securitySchemes: string[] = [];
      if (Array.isArray(security)) {
        const reqs = security.filter(isObj);
        securitySchemes = [...new Set(reqs.flatMap((r) => Object.keys(r)))];
        declared = reqs.length === 0 || reqs.some((r) => Object.keys(r).length === 0) ? 'public' : 'required';
      } else declared = definedSchemes.length === 0 ? 'public' : 'undeclared';

      const parameters: SpecInfo['parameters'] = [];
      const piiFields: PiiFinding[] = [];
      const requestWalk: FieldWalk = { fields: [], pii: piiFields };
      const responseWalk: FieldWalk = { fields: [], pii: piiFields };
      const opPointer = `#/paths/${pointerToken(rawPath)}/${method}`;
      const opParams = Array.isArray(op['parameters']) ? (op['parameters'] as unknown[]) : [];
      const byKey = new Map<string, { param: Json; pointer: string }>();
      const addParams = (list: unknown[], at: string) =>
        list.forEach((p, i) => {
          const param = resolver.deref(p);
          if (isObj(param) && typeof param['name'] === 'string')
            byKey.set(`${String(param['in'])}:${param['name']}`, { param, pointer: `${at}/parameters/${i}` });
        });
      addParams(shared, `#/paths/${pointerToken(rawPath)}`);
      addParams(opParams, opPointer);
      for (const { param, pointer: paramPointer } of byKey.values()) {
        const where = String(param['in'] ?? '');
        const schema = resolver.deref(param['schema']);
        const type = (isObj(schema) ? schema['type'] : param['type']) as string | undefined;
        const format = (isObj(schema) ? schema['format'] : param['format']) as string | undefined;
        if (where === 'body') {
          walkSchema(resolver, param['schema'], 'spec.request', requestWalk, walkCache, paramPointer);
          continue;
        }
        if (where === 'formData') requestWalk.fields.push(String(param['name']));
        parameters.push({
          name: String(param['name']),
          in: where,
          ...(typeof type === 'string' ? { type } : {}),
          ...(typeof format === 'string' ? { format } : {}),
          ...(param['required'] === true ? { required: true } : {}),
        });
        const byName = piiTypeForFieldName(String(param['name']));
        const t = byName ?? piiTypeForFormat(format);
        if (t)
          piiFields.push({
            type: t,
            location: 'spec.parameter',
            field: `${where}.${String(param['name'])}`,
            by: 'schema',
            evidence: {
              side: 'request',
              ...(where === 'query' || where === 'path' || where === 'header'
                ? { part: where }
                : where === 'formData'
                  ? { part: 'body' as const }
                  : {}),
              field: String(param['name']),
              pointer: paramPointer,
              rule: byName
                ? `field-name:${normaliseFieldName(String(param['name']))}`
                : `schema-format:${format}`,
            },
          });
      }
      const body = resolver.deref(op['requestBody']);
      if (isObj(body) && isObj(body['content'])) {
        for (const media of Object.values(body['content'])) {
          if (isObj(media))
            walkSchema(
              resolver,
              media['schema'],
              'spec.request',
              requestWalk,
              walkCache,
              `${opPointer}/requestBody`,
            );
        }
      }
      const responses = op['responses'];
      if (isObj(responses)) {
        for (const [code, r] of Object.entries(responses)) {
          // What an operation really returns is its 2xx bodies. Error and `default` answers
          // count only for fields they define inline: a shared error object (`$ref`) that
          // embeds whole resources (a payment method, a customer) is not this operation's data.
          const success = /^2/.test(code);
          const resp = resolver.deref(r);
          if (!isObj(resp)) continue;
          const walk = success ? responseWalk : { fields: [], pii: piiFields };
          const at = `${opPointer}/responses/${pointerToken(code)}`;
          if (swagger) walkSchema(resolver, resp['schema'], 'spec.response', walk, walkCache, at, !success);
          else if (isObj(resp['content'])) {
            for (const media of Object.values(resp['content'])) {
              if (isObj(media))
                walkSchema(resolver, media['schema'], 'spec.response', walk, walkCache, at, !success);
            }
          }
        }
      }
      const template = normalizeTemplate(`${base.basePath}/${rawPath}`);
      endpoints.push({
        domain,
        method: method.toUpperCase(),
        pathTemplate: template,
        spec: {
          source: 'openapi',
          security: declared,
          securitySchemes,
          deprecated: op['deprecated'] === true,
          pointer: opPointer,
          ...(typeof op['operationId'] === 'string' ? { operationId: op['operationId'] } : {}),
          ...(typeof op['summary'] === 'string' ? { summary: op['summary'].slice(0, 300) } : {}),
          parameters,
          requestFields: requestWalk.fields,
          responseFields: responseWalk.fields,
          piiFields,
          servers,
          ...(title ? { origin: title } : {}),
        },
      });
    }
  }
  if (resolver.unresolved.size > 0) {
    const list = [...resolver.unresolved].slice(0, 5).join(', ');
    warnings.push(`${resolver.unresolved.size} $ref(s) could not be resolved (external or missing): ${list}`);
  }
  return { version, title, endpoints, warnings };
}
