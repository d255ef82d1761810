// Kong Admin API: pages through `/services` and `/routes` with the admin token.
import { GatewayError, kongEndpoints, type GatewayResult } from '@argus/engine';
import { getJson, type GatewayConfig, type GatewayContext, type Json } from './context.js';

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

async function listKong(
  kind: 'services' | 'routes',
  base: URL,
  headers: Record<string, string>,
  ctx: GatewayContext,
): Promise<Json[]> {
  const out: Json[] = [];
  const listing = `${base.pathname.replace(/\/$/, '')}/${kind}`;
  let url: string | null = new URL(listing, base).toString();
  const seen = new Set<string>();
  for (let page = 0; url && page < (ctx.maxPages ?? 100); page++) {
    if (seen.has(url)) break;
    seen.add(url);
    const body = await getJson(url, headers, ctx);
    if (Array.isArray(body['data'])) out.push(...(body['data'] as unknown[]).filter(isObj));
    const next = body['next'];
    // Kong reports `next` with its own listen address and path; keep only its query,
    // on the configured base URL (which may sit behind a proxy prefix).
    if (typeof next === 'string' && next && !URL.canParse(next, base.href))
      throw new GatewayError(
        `Kong's "next" link for ${kind} is not a URL: ${JSON.stringify(next.slice(0, 200))}`,
      );
    url =
      typeof next === 'string' && next
        ? new URL(`${listing}${new URL(next, base).search}`, base).toString()
        : null;
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
  return kongEndpoints(services, routes);
}
