// Azure API Management via ARM: `url` is the service resource URL
// (`https://management.azure.com/subscriptions/…/providers/Microsoft.ApiManagement/service/NAME`),
// `apiKey` a bearer token. Lists APIs and each API's operations, following `nextLink`.
import {
  azureApiEndpoints,
  azureServiceName,
  GatewayError,
  type GatewayResult,
  type SpecEndpoint,
} from '@argus/engine';
import { getJson, type GatewayConfig, type GatewayContext, type Json } from './context.js';

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function readAzureApim(config: GatewayConfig, ctx: GatewayContext): Promise<GatewayResult> {
  const base = new URL(config.url);
  const service = azureServiceName(base.pathname);
  if (!service)
    throw new GatewayError(
      'Azure API Management URL must be the service resource URL (…/providers/Microsoft.ApiManagement/service/NAME)',
    );
  const apiVersion = encodeURIComponent(base.searchParams.get('api-version') ?? '2024-05-01');
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
      // nextLink must stay on the configured URL's scheme and host.
      if (next && (!URL.canParse(next) || new URL(next).origin !== base.origin)) next = null;
    }
    return out;
  };
  const apis = await list(`${root}/apis?api-version=${apiVersion}`);
  const endpoints: SpecEndpoint[] = [];
  const warnings: string[] = [];
  for (const api of apis) {
    const name = typeof api['name'] === 'string' ? api['name'] : '';
    if (!name) continue;
    try {
      const ops = await list(`${root}/apis/${encodeURIComponent(name)}/operations?api-version=${apiVersion}`);
      endpoints.push(...azureApiEndpoints(service, api, ops));
    } catch (err) {
      warnings.push(`API ${name}: ${(err as Error).message}`);
    }
  }
  return { endpoints, warnings };
}
