// Gateway payloads → declared endpoints: what the Kong Admin API, AWS API Gateway
// (REST and HTTP APIs) and Azure API Management (ARM) answer, read as plain data.
// Fetching them is @argus/connectors' job; these functions only read what it got.
import type { SpecEndpoint, SpecInfo } from '../inventory.js';
import { normalizeTemplate } from '../templating/index.js';

export interface GatewayResult {
  endpoints: SpecEndpoint[];
  warnings: string[];
}

export class GatewayError extends Error {
  override name = 'GatewayError';
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
/** A request method as HTTP defines it (a token); gateways' other method values name no endpoint. */
const isMethod = (m: string) => /^[A-Za-z][A-Za-z0-9_-]{0,19}$/.test(m);

/** A gateway page's JSON text → its object; a user-facing GatewayError otherwise. */
export function parseGatewayPage(text: string, where: string): Json {
  try {
    const body = JSON.parse(text) as unknown;
    if (!isObj(body)) throw new Error('not an object');
    return body;
  } catch (err) {
    throw new GatewayError(`${where} did not answer a JSON object: ${(err as Error).message}`);
  }
}

function gatewayInfo(
  provider: string,
  security: SpecInfo['security'],
  servers: string[],
  schemes: string[] = [],
): SpecInfo {
  return {
    source: 'gateway',
    security,
    securitySchemes: schemes,
    deprecated: false,
    parameters: [],
    requestFields: [],
    responseFields: [],
    piiFields: [],
    servers,
    origin: provider,
  };
}

/** Kong regex paths (`~/users/(?<id>\d+)$`) → templates (`/users/{id}`). */
export function kongPathToTemplate(path: string): string {
  if (!path.startsWith('~')) return normalizeTemplate(path);
  let p = path.slice(1).replace(/^\^/, '').replace(/\$$/, '');
  p = p.replace(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>[^)]*\)/g, '{$1}').replace(/\([^)]*\)/g, '{param}');
  p = p.replace(/\\\./g, '.').replace(/[.][*+]/g, '{param}');
  return normalizeTemplate(p);
}

/** Kong's `/services` and `/routes` listings (the `data` items of every page). */
export function kongEndpoints(services: readonly unknown[], routes: readonly unknown[]): GatewayResult {
  const byId = new Map(services.filter(isObj).map((s) => [String(s['id']), s]));
  const endpoints: SpecEndpoint[] = [];
  const warnings: string[] = [];
  let streamRoutes = 0;
  for (const r of routes.filter(isObj)) {
    const protocols = Array.isArray(r['protocols']) ? strings(r['protocols']) : ['http', 'https'];
    if (!protocols.some((p) => p === 'http' || p === 'https' || p === 'grpc' || p === 'grpcs')) {
      streamRoutes++;
      continue;
    }
    const service = isObj(r['service']) ? byId.get(String(r['service']['id'])) : undefined;
    const upstream =
      typeof service?.['host'] === 'string'
        ? ` → ${String(service['protocol'] ?? 'http')}://${service['host']}${typeof service['path'] === 'string' ? service['path'] : ''}`
        : '';
    // A route without `hosts` answers on any host the gateway serves: no domain (the
    // caller assigns the source's domain). The service host is the upstream, not the API's name.
    const hosts = strings(r['hosts']).length ? strings(r['hosts']).map((h) => h.toLowerCase()) : [''];
    const paths = strings(r['paths']).length ? strings(r['paths']) : ['/'];
    const listed = strings(r['methods']).filter(isMethod);
    const methods = listed.length ? listed : ['ANY'];
    const tags = strings(r['tags']);
    const scheme = protocols.includes('https') ? 'https' : 'http';
    const summary =
      tags.length || upstream
        ? {
            summary: `${typeof r['name'] === 'string' ? r['name'] : 'route'}${upstream}${tags.length ? ` (tags: ${tags.join(', ')})` : ''}`,
          }
        : {};
    for (const host of hosts)
      for (const path of paths)
        for (const method of methods)
          endpoints.push({
            domain: host,
            method: method.toUpperCase(),
            pathTemplate: kongPathToTemplate(path),
            spec: {
              ...gatewayInfo('kong', 'undeclared', host ? [`${scheme}://${host}`] : []),
              ...summary,
            },
          });
  }
  if (streamRoutes > 0)
    warnings.push(`${streamRoutes} Kong stream route(s) (tcp/tls/udp) have no HTTP paths and were skipped`);
  if (services.length === 0 && routes.length === 0) warnings.push('Kong reported no services and no routes');
  return { endpoints, warnings };
}

/** The fields of an AWS REST API resource (`GetResources` with `embed=methods`) that matter here. */
export interface AwsRestResource {
  path?: string | undefined;
  resourceMethods?:
    | Record<string, { authorizationType?: string | undefined; apiKeyRequired?: boolean | undefined }>
    | undefined;
}

/** One AWS REST API (v1) and its resources → one endpoint per resource method. */
export function awsRestEndpoints(
  region: string,
  api: { id: string; name?: string | undefined },
  resources: readonly AwsRestResource[],
): SpecEndpoint[] {
  const domain = `${api.id.toLowerCase()}.execute-api.${region}.amazonaws.com`;
  const endpoints: SpecEndpoint[] = [];
  for (const r of resources) {
    if (!r.path) continue;
    for (const [method, m] of Object.entries(r.resourceMethods ?? {})) {
      if (!isMethod(method)) continue;
      const authType = m.authorizationType;
      const security: SpecInfo['security'] =
        authType === 'NONE'
          ? m.apiKeyRequired
            ? 'required'
            : 'public'
          : authType
            ? 'required'
            : 'undeclared';
      endpoints.push({
        domain,
        method: method.toUpperCase(),
        pathTemplate: normalizeTemplate(r.path),
        spec: {
          ...gatewayInfo(
            'aws',
            security,
            [`https://${domain}`],
            authType && authType !== 'NONE' ? [authType] : [],
          ),
          ...(api.name ? { summary: api.name } : {}),
        },
      });
    }
  }
  return endpoints;
}

/** The fields of an AWS HTTP API (v2) route that matter here. */
export interface AwsHttpRoute {
  RouteKey?: string | undefined;
  AuthorizationType?: string | undefined;
}

/** One AWS HTTP API (v2) and its routes (`GET /orders/{id}`; `$default` has no path). */
export function awsHttpEndpoints(
  region: string,
  api: { ApiId: string; Name?: string | undefined; ApiEndpoint?: string | undefined },
  routes: readonly AwsHttpRoute[],
): SpecEndpoint[] {
  let domain = `${api.ApiId.toLowerCase()}.execute-api.${region}.amazonaws.com`;
  if (api.ApiEndpoint && URL.canParse(api.ApiEndpoint))
    domain = new URL(api.ApiEndpoint).host.toLowerCase() || domain;
  const endpoints: SpecEndpoint[] = [];
  for (const r of routes) {
    const key = r.RouteKey ?? '';
    const sp = key.indexOf(' ');
    if (key === '$default' || sp < 0 || !isMethod(key.slice(0, sp))) continue;
    const auth = r.AuthorizationType;
    const security: SpecInfo['security'] = auth === 'NONE' ? 'public' : auth ? 'required' : 'undeclared';
    endpoints.push({
      domain,
      method: key.slice(0, sp).toUpperCase(),
      pathTemplate: normalizeTemplate(key.slice(sp + 1)),
      spec: {
        ...gatewayInfo('aws', security, [`https://${domain}`], auth && auth !== 'NONE' ? [auth] : []),
        ...(api.Name ? { summary: api.Name } : {}),
      },
    });
  }
  return endpoints;
}

/** The API Management service name in an ARM service resource URL's path, if any. */
export function azureServiceName(resourcePath: string): string | undefined {
  return /\/service\/([^/]+)/i.exec(resourcePath)?.[1];
}

/** One Azure APIM API (an item of `…/apis`) and its operations (items of `…/operations`). */
export function azureApiEndpoints(
  service: string,
  api: unknown,
  operations: readonly unknown[],
): SpecEndpoint[] {
  if (!isObj(api) || typeof api['name'] !== 'string' || !api['name']) return [];
  const props = isObj(api['properties']) ? api['properties'] : {};
  const apiPath = typeof props['path'] === 'string' ? props['path'] : '';
  const version = typeof props['apiVersion'] === 'string' && props['apiVersion'] ? props['apiVersion'] : '';
  // Segment-versioned APIs put the version after the API path (`/echo/v2/...`).
  const segmentVersion =
    isObj(props['apiVersionSet']) && props['apiVersionSet']['versioningScheme'] === 'Segment';
  const prefix = `/${apiPath}${version && segmentVersion ? `/${version}` : ''}`;
  const security: SpecInfo['security'] =
    props['subscriptionRequired'] === false && !isObj(props['authenticationSettings'])
      ? 'public'
      : 'required';
  const domain = `${service.toLowerCase()}.azure-api.net`;
  const endpoints: SpecEndpoint[] = [];
  for (const op of operations.filter(isObj)) {
    const p = isObj(op['properties']) ? op['properties'] : {};
    if (typeof p['method'] !== 'string' || !isMethod(p['method'])) continue;
    if (typeof p['urlTemplate'] !== 'string') continue;
    endpoints.push({
      domain,
      method: p['method'].toUpperCase(),
      pathTemplate: normalizeTemplate(`${prefix}/${p['urlTemplate']}`),
      spec: {
        ...gatewayInfo(
          'azure',
          security,
          [`https://${domain}${prefix}`],
          security === 'required' ? ['subscription-key'] : [],
        ),
        ...(typeof p['displayName'] === 'string' ? { summary: p['displayName'] } : {}),
        ...(typeof op['name'] === 'string' ? { operationId: op['name'] } : {}),
      },
    });
  }
  return endpoints;
}
