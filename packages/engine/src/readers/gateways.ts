// Gateway inventories → declared endpoints: Kong Admin API, AWS API Gateway (REST
// and HTTP APIs via the AWS SDK v3), Azure API Management (ARM REST). Network
// access only through the caller's `fetch` (Kong, Azure) or the SDK client with an
// endpoint override (AWS); every URL passes the SSRF guard unless allowed.
import { APIGatewayClient, GetResourcesCommand, GetRestApisCommand } from '@aws-sdk/client-api-gateway';
import { ApiGatewayV2Client, GetApisCommand, GetRoutesCommand } from '@aws-sdk/client-apigatewayv2';
import type { SpecEndpoint, SpecInfo } from '../inventory.js';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { assertPublicUrl, publicOnlyLookup, type LookupFn } from '../ssrf.js';
import { normalizeTemplate } from '../templating/index.js';

export type FetchFn = (
  url: string,
  init?: {
    method?: string;
    headers?: Record<string, string>;
    redirect?: 'manual' | 'follow' | 'error';
    signal?: AbortSignal;
  },
) => Promise<{
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export interface GatewayConfig {
  provider: 'kong' | 'aws' | 'azure';
  url: string;
  apiKey: string;
  region?: string;
}

export interface GatewayContext {
  fetch?: FetchFn;
  allowPrivate?: boolean;
  lookup?: LookupFn;
  /** Page limit per listing (defence against endless `next` chains). Default 100. */
  maxPages?: number;
}

export interface GatewayResult {
  endpoints: SpecEndpoint[];
  warnings: string[];
}

export class GatewayError extends Error {
  override name = 'GatewayError';
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_BODY = 32 * 1024 * 1024;

async function getJson(url: string, headers: Record<string, string>, ctx: GatewayContext): Promise<Json> {
  const fetchFn = ctx.fetch ?? (globalThis.fetch as unknown as FetchFn);
  await assertPublicUrl(url, {
    allowPrivate: ctx.allowPrivate ?? false,
    ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
  });
  let res;
  try {
    res = await fetchFn(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...headers },
      redirect: 'error',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new GatewayError(`Cannot reach ${new URL(url).host}: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok)
    throw new GatewayError(
      `${new URL(url).pathname} answered ${res.status} ${res.statusText}: ${text.slice(0, 200)}`,
    );
  if (text.length > MAX_BODY) throw new GatewayError(`${new URL(url).pathname} answered more than 32 MB`);
  try {
    const body = JSON.parse(text) as unknown;
    if (!isObj(body)) throw new Error('not an object');
    return body;
  } catch (err) {
    throw new GatewayError(
      `${new URL(url).pathname} did not answer a JSON object: ${(err as Error).message}`,
    );
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

async function listKong(
  kind: 'services' | 'routes',
  base: URL,
  headers: Record<string, string>,
  ctx: GatewayContext,
): Promise<Json[]> {
  const out: Json[] = [];
  let url: string | null = new URL(`${base.pathname.replace(/\/$/, '')}/${kind}`, base).toString();
  const seen = new Set<string>();
  for (let page = 0; url && page < (ctx.maxPages ?? 100); page++) {
    if (seen.has(url)) break;
    seen.add(url);
    const body = await getJson(url, headers, ctx);
    if (Array.isArray(body['data'])) out.push(...(body['data'] as unknown[]).filter(isObj));
    const next = body['next'];
    // Kong reports `next` with its own listen address and path; keep only its query,
    // on the configured base URL (which may sit behind a proxy prefix).
    if (typeof next === 'string' && next) {
      const n = new URL(next, base);
      url = new URL(`${base.pathname.replace(/\/$/, '')}/${kind}${n.search}`, base).toString();
    } else url = null;
  }
  return out;
}

export async function readKong(config: GatewayConfig, ctx: GatewayContext): Promise<GatewayResult> {
  const base = new URL(config.url);
  const headers: Record<string, string> = config.apiKey ? { 'Kong-Admin-Token': config.apiKey } : {};
  const [services, routes] = await Promise.all([
    listKong('services', base, headers, ctx),
    listKong('routes', base, headers, ctx),
  ]);
  const byId = new Map(services.map((s) => [String(s['id']), s]));
  const endpoints: SpecEndpoint[] = [];
  const warnings: string[] = [];
  let streamRoutes = 0;
  for (const r of routes) {
    const protocols = Array.isArray(r['protocols']) ? (r['protocols'] as string[]) : ['http', 'https'];
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
    const hosts = Array.isArray(r['hosts']) && r['hosts'].length ? (r['hosts'] as string[]) : [''];
    const paths = Array.isArray(r['paths']) && r['paths'].length ? (r['paths'] as string[]) : ['/'];
    const methods = Array.isArray(r['methods']) && r['methods'].length ? (r['methods'] as string[]) : ['ANY'];
    const tags = Array.isArray(r['tags']) ? (r['tags'] as string[]) : [];
    for (const host of hosts) {
      for (const path of paths) {
        for (const method of methods) {
          const scheme = protocols.includes('https') ? 'https' : 'http';
          endpoints.push({
            domain: host.toLowerCase(),
            method: method.toUpperCase(),
            pathTemplate: kongPathToTemplate(path),
            spec: {
              ...gatewayInfo('kong', 'undeclared', host ? [`${scheme}://${host}`] : []),
              ...(tags.length || upstream
                ? {
                    summary: `${typeof r['name'] === 'string' ? r['name'] : 'route'}${upstream}${tags.length ? ` (tags: ${tags.join(', ')})` : ''}`,
                  }
                : {}),
            },
          });
        }
      }
    }
  }
  if (streamRoutes > 0)
    warnings.push(`${streamRoutes} Kong stream route(s) (tcp/tls/udp) have no HTTP paths and were skipped`);
  if (services.length === 0 && routes.length === 0) warnings.push('Kong reported no services and no routes');
  return { endpoints, warnings };
}

function awsCredentials(
  apiKey: string,
): { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined {
  const parts = apiKey.split(':');
  if (parts.length < 2 || !parts[0] || !parts[1]) return undefined; // default provider chain
  return {
    accessKeyId: parts[0],
    secretAccessKey: parts[1],
    ...(parts[2] ? { sessionToken: parts.slice(2).join(':') } : {}),
  };
}

/**
 * AWS API Gateway: REST APIs (resources with methods) and HTTP APIs (routes).
 * `apiKey` is `ACCESS_KEY_ID:SECRET[:SESSION_TOKEN]`, or anything else for the default chain.
 */
export async function readAwsApiGateway(config: GatewayConfig, ctx: GatewayContext): Promise<GatewayResult> {
  const region = config.region?.trim();
  if (!region) throw new GatewayError('AWS API Gateway needs a region (e.g. us-east-1)');
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new GatewayError(`"${region}" is not an AWS region name`);
  const endpoint = config.url
    ? (
        await assertPublicUrl(config.url, {
          allowPrivate: ctx.allowPrivate ?? false,
          ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
        })
      )
        .toString()
        .replace(/\/$/, '')
    : undefined;
  const credentials = awsCredentials(config.apiKey);
  // The SDK connects with its own HTTP client: give it agents whose DNS lookup
  // refuses private addresses, so the endpoint cannot be re-resolved to one.
  const lookup = publicOnlyLookup(ctx.lookup);
  const common = {
    region,
    maxAttempts: 2,
    ...(endpoint ? { endpoint } : {}),
    ...(credentials ? { credentials } : {}),
    ...(ctx.allowPrivate
      ? {}
      : {
          requestHandler: new NodeHttpHandler({
            httpAgent: new HttpAgent({ lookup }),
            httpsAgent: new HttpsAgent({ lookup }),
          }),
        }),
  };
  const rest = new APIGatewayClient(common);
  const http = new ApiGatewayV2Client(common);
  const endpoints: SpecEndpoint[] = [];
  const warnings: string[] = [];
  const maxPages = ctx.maxPages ?? 100;
  try {
    let position: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const apis = await rest.send(new GetRestApisCommand({ limit: 500, ...(position ? { position } : {}) }));
      for (const api of apis.items ?? []) {
        if (!api.id) continue;
        const domain = `${api.id}.execute-api.${region}.amazonaws.com`;
        let resPos: string | undefined;
        for (let p = 0; p < maxPages; p++) {
          const res = await rest.send(
            new GetResourcesCommand({
              restApiId: api.id,
              embed: ['methods'],
              limit: 500,
              ...(resPos ? { position: resPos } : {}),
            }),
          );
          for (const r of res.items ?? []) {
            if (!r.path) continue;
            for (const [method, m] of Object.entries(r.resourceMethods ?? {})) {
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
          resPos = res.position;
          if (!resPos) break;
        }
      }
      position = apis.position;
      if (!position) break;
    }
    let next: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const apis = await http.send(
        new GetApisCommand({ MaxResults: '500', ...(next ? { NextToken: next } : {}) }),
      );
      for (const api of apis.Items ?? []) {
        if (!api.ApiId) continue;
        const domain = api.ApiEndpoint
          ? new URL(api.ApiEndpoint).host
          : `${api.ApiId}.execute-api.${region}.amazonaws.com`;
        let routeNext: string | undefined;
        for (let p = 0; p < maxPages; p++) {
          const routes = await http.send(
            new GetRoutesCommand({
              ApiId: api.ApiId,
              MaxResults: '500',
              ...(routeNext ? { NextToken: routeNext } : {}),
            }),
          );
          for (const r of routes.Items ?? []) {
            const key = r.RouteKey ?? '';
            const sp = key.indexOf(' ');
            if (key === '$default' || sp < 0) continue;
            const security: SpecInfo['security'] =
              r.AuthorizationType === 'NONE' ? 'public' : r.AuthorizationType ? 'required' : 'undeclared';
            endpoints.push({
              domain,
              method: key.slice(0, sp).toUpperCase(),
              pathTemplate: normalizeTemplate(key.slice(sp + 1)),
              spec: {
                ...gatewayInfo(
                  'aws',
                  security,
                  [`https://${domain}`],
                  r.AuthorizationType && r.AuthorizationType !== 'NONE' ? [r.AuthorizationType] : [],
                ),
                ...(api.Name ? { summary: api.Name } : {}),
              },
            });
          }
          routeNext = routes.NextToken;
          if (!routeNext) break;
        }
      }
      next = apis.NextToken;
      if (!next) break;
    }
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new GatewayError(`AWS API Gateway: ${(err as Error).name}: ${(err as Error).message}`);
  } finally {
    rest.destroy();
    http.destroy();
  }
  return { endpoints, warnings };
}

/**
 * Azure API Management via ARM: `url` is the service resource URL
 * (`https://management.azure.com/subscriptions/…/providers/Microsoft.ApiManagement/service/NAME`),
 * `apiKey` a bearer token. Lists APIs and each API's operations, following `nextLink`.
 */
export async function readAzureApim(config: GatewayConfig, ctx: GatewayContext): Promise<GatewayResult> {
  const base = new URL(config.url);
  const service = /\/service\/([^/]+)/i.exec(base.pathname)?.[1];
  if (!service)
    throw new GatewayError(
      'Azure API Management URL must be the service resource URL (…/providers/Microsoft.ApiManagement/service/NAME)',
    );
  const apiVersion = base.searchParams.get('api-version') ?? '2024-05-01';
  const root = `${base.origin}${base.pathname.replace(/\/$/, '')}`;
  const headers = { authorization: `Bearer ${config.apiKey}` };
  const list = async (url: string): Promise<Json[]> => {
    const out: Json[] = [];
    let next: string | null = url;
    const seen = new Set<string>();
    for (let page = 0; next && page < (ctx.maxPages ?? 100) && !seen.has(next); page++) {
      seen.add(next);
      const body = await getJson(next, headers, ctx);
      if (Array.isArray(body['value'])) out.push(...(body['value'] as unknown[]).filter(isObj));
      next = typeof body['nextLink'] === 'string' ? body['nextLink'] : null;
      // nextLink must stay on the same host as the configured URL.
      if (next && new URL(next).host !== base.host) next = null;
    }
    return out;
  };
  const apis = await list(`${root}/apis?api-version=${encodeURIComponent(apiVersion)}`);
  const domain = `${service.toLowerCase()}.azure-api.net`;
  const endpoints: SpecEndpoint[] = [];
  const warnings: string[] = [];
  for (const api of apis) {
    const props = isObj(api['properties']) ? api['properties'] : {};
    const name = typeof api['name'] === 'string' ? api['name'] : '';
    if (!name) continue;
    const apiPath = typeof props['path'] === 'string' ? props['path'] : '';
    const version = typeof props['apiVersion'] === 'string' && props['apiVersion'] ? props['apiVersion'] : '';
    // Segment-versioned APIs put the version after the API path (`/echo/v2/...`).
    const prefix = `/${apiPath}${version && isSegmentVersion(props) ? `/${version}` : ''}`;
    const security: SpecInfo['security'] =
      props['subscriptionRequired'] === false && !isObj(props['authenticationSettings'])
        ? 'public'
        : 'required';
    let ops: Json[];
    try {
      ops = await list(
        `${root}/apis/${encodeURIComponent(name)}/operations?api-version=${encodeURIComponent(apiVersion)}`,
      );
    } catch (err) {
      warnings.push(`API ${name}: ${(err as Error).message}`);
      continue;
    }
    for (const op of ops) {
      const p = isObj(op['properties']) ? op['properties'] : {};
      if (typeof p['method'] !== 'string' || typeof p['urlTemplate'] !== 'string') continue;
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
  }
  return { endpoints, warnings };
}

function isSegmentVersion(props: Json): boolean {
  return isObj(props['apiVersionSet']) && props['apiVersionSet']['versioningScheme'] === 'Segment';
}

export async function readGateway(config: GatewayConfig, ctx: GatewayContext = {}): Promise<GatewayResult> {
  if (!config.url) throw new GatewayError('Gateway URL is required');
  switch (config.provider) {
    case 'kong':
      return readKong(config, ctx);
    case 'aws':
      return readAwsApiGateway(config, ctx);
    case 'azure':
      return readAzureApim(config, ctx);
    default:
      throw new GatewayError(
        `Unknown gateway provider "${String((config as { provider: unknown }).provider)}" (expected kong, aws or azure)`,
      );
  }
}
