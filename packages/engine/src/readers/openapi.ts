// OpenAPI 3.0/3.1 and Swagger 2.0 → declared endpoints. Parses JSON or YAML (aliases
// bounded), resolves local `$ref`s lazily with cycle detection (no fully expanded
// copy, so shared and recursive schemas cost nothing extra).
import { parse as parseYaml } from 'yaml';
import type { PiiFinding } from '../types.js';
import type { SpecEndpoint, SpecInfo } from '../inventory.js';
import { normalizeTemplate } from '../templating/index.js';
import {
  RefResolver,
  pointerToken,
  walkCache as newWalkCache,
  walkSchema,
  type FieldWalk,
} from './openapi-schema.js';
import { errorObjects } from './error-objects.js';
import { leafPii } from './schema-leaf.js';
import { dropExpansions, expansionsOf } from './expansions.js';

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

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

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
  const walkCache = newWalkCache(errorObjects(resolver, doc['paths']));
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
        const hit = leafPii(
          { type, format, pattern: isObj(schema) ? schema['pattern'] : param['pattern'] },
          String(param['name']),
          undefined,
          where === 'path',
        );
        if (hit)
          piiFields.push({
            type: hit.type,
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
              rule: hit.rule,
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
      const expansions = expansionsOf(
        [...byKey.values()].map((v) => v.param),
        (n) => resolver.deref(n),
      );
      dropExpansions(responseWalk.fields, piiFields, expansions);
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
