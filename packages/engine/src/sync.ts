// One entry for the server: a discovery source config → declared endpoints and/or
// an endpoint inventory, with stats and warnings. Picks the right reader.
import type { Observation } from './types.js';
import { Inventory, type EndpointAggregate, type SpecEndpoint } from './inventory.js';
import { readAccessLog, type AccessLogFormat, type AccessLogStats } from './readers/access-log.js';
import { readGateway, type FetchFn } from './readers/gateways.js';
import { readHar } from './readers/har.js';
import { readOpenApi, SpecError } from './readers/openapi.js';
import { assertPublicUrl, type LookupFn } from './ssrf.js';

/** The discovery source config the dashboard sends (type + config fields). */
export interface SourceConfig {
  type: 'swagger' | 'openapi' | 'access_log' | 'api_gateway' | 'har';
  url?: string | null;
  fileContent?: string | null;
  format?: AccessLogFormat | 'aws' | 'auto' | null;
  provider?: 'kong' | 'aws' | 'azure' | null;
  apiKey?: string | null;
  region?: string | null;
}

export interface SyncContext {
  fetch?: FetchFn;
  allowPrivate?: boolean;
  lookup?: LookupFn;
  /** Domain for endpoints whose source names no host (relative servers, plain logs). */
  domain?: string;
  /** Declared endpoints already known for the domain, so log traffic is templated by them. */
  specEndpoints?: readonly SpecEndpoint[];
}

export interface SyncResult {
  /** Declared endpoints (OpenAPI/gateway sources). */
  specEndpoints: SpecEndpoint[];
  /** The inventory built from this source (declared + observed), ready to store/merge. */
  endpoints: EndpointAggregate[];
  observations: number;
  stats: (Omit<AccessLogStats, 'format'> & { format?: AccessLogFormat }) | null;
  warnings: string[];
  elapsedMs: number;
}

export class SourceError extends Error {
  override name = 'SourceError';
}

const MAX_SPEC_DOWNLOAD = 32 * 1024 * 1024;

/** Download a spec through the SSRF guard, following at most 5 redirects (each re-checked). */
export async function fetchSpecText(
  url: string,
  ctx: Pick<SyncContext, 'fetch' | 'allowPrivate' | 'lookup'>,
): Promise<string> {
  const fetchFn = ctx.fetch ?? (globalThis.fetch as unknown as FetchFn);
  let current = url;
  for (let hop = 0; hop <= 5; hop++) {
    await assertPublicUrl(current, {
      allowPrivate: ctx.allowPrivate ?? false,
      ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
    });
    let res;
    try {
      res = await fetchFn(current, {
        method: 'GET',
        headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new SourceError(`Cannot download the spec from ${current}: ${(err as Error).message}`);
    }
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location');
      if (!location) throw new SourceError(`Spec URL answered ${res.status} without a Location`);
      current = new URL(location, current).toString();
      continue;
    }
    if (!res.ok) throw new SourceError(`Spec URL answered ${res.status} ${res.statusText}`);
    const len = Number(res.headers.get('content-length') ?? '0');
    if (len > MAX_SPEC_DOWNLOAD) throw new SourceError('Spec is larger than 32 MB');
    const text = await res.text();
    if (text.length > MAX_SPEC_DOWNLOAD) throw new SourceError('Spec is larger than 32 MB');
    return text;
  }
  throw new SourceError('Spec URL redirected more than 5 times');
}

/**
 * Sync one discovery source. Never throws for bad lines (they are counted);
 * throws SourceError/SpecError/GatewayError/AccessLogError with a user-facing
 * message when the source as a whole cannot be read.
 */
export async function syncSource(config: SourceConfig, ctx: SyncContext = {}): Promise<SyncResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const inventory = new Inventory();
  if (ctx.specEndpoints?.length) inventory.addSpecEndpoints(ctx.specEndpoints);
  let specEndpoints: SpecEndpoint[] = [];
  let stats: SyncResult['stats'] = null;
  let observations = 0;
  const domainOpt = ctx.domain ? { domain: ctx.domain } : {};
  switch (config.type) {
    case 'swagger':
    case 'openapi': {
      let text = config.fileContent ?? '';
      if (!text.trim()) {
        if (!config.url) throw new SourceError('An OpenAPI source needs a URL or file content');
        text = await fetchSpecText(config.url, ctx);
      }
      // A spec without a host takes the domain of its URL, else the caller's domain.
      let domain = ctx.domain;
      if (!domain && config.url) {
        try {
          domain = new URL(config.url).host;
        } catch {
          throw new SourceError('Must be a valid URL');
        }
      }
      const result = readOpenApi(text, {});
      if (domain) for (const e of result.endpoints) if (!e.domain) e.domain = domain.toLowerCase();
      specEndpoints = result.endpoints;
      warnings.push(...result.warnings);
      if (specEndpoints.length === 0) warnings.push('The document declares no operations (no paths)');
      inventory.addSpecEndpoints(specEndpoints);
      break;
    }
    case 'access_log': {
      if (!config.fileContent) throw new SourceError('Log file content is required');
      const s = await readAccessLog(config.fileContent, {
        format: config.format ?? 'auto',
        ...domainOpt,
        onObservation: (o: Observation) => inventory.addObservation(o),
      });
      observations = s.observations;
      stats = s;
      if (s.linesRejected > 0)
        warnings.push(`${s.linesRejected} of ${s.linesRead} lines could not be parsed`);
      break;
    }
    case 'har': {
      if (!config.fileContent) throw new SourceError('HAR file content is required');
      const r = readHar(config.fileContent, domainOpt);
      for (const o of r.observations) inventory.addObservation(o);
      observations = r.observations.length;
      warnings.push(...r.warnings);
      break;
    }
    case 'api_gateway': {
      if (!config.provider) throw new SourceError('A gateway source needs a provider (kong, aws or azure)');
      if (!config.url) throw new SourceError('Must be a valid URL');
      if (!config.apiKey) throw new SourceError('API key is required');
      const r = await readGateway(
        {
          provider: config.provider,
          url: config.url,
          apiKey: config.apiKey,
          ...(config.region ? { region: config.region } : {}),
        },
        {
          ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
          allowPrivate: ctx.allowPrivate ?? false,
          ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
        },
      );
      specEndpoints = r.endpoints;
      if (ctx.domain) for (const e of specEndpoints) if (!e.domain) e.domain = ctx.domain.toLowerCase();
      warnings.push(...r.warnings);
      inventory.addSpecEndpoints(specEndpoints);
      break;
    }
    default:
      throw new SourceError(`Unknown source type "${String((config as { type: unknown }).type)}"`);
  }
  return {
    specEndpoints,
    endpoints: inventory.endpoints(),
    observations,
    stats,
    warnings,
    elapsedMs: Math.round(performance.now() - started),
  };
}

export { SpecError };
