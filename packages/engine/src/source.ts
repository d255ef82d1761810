// One discovery source's content → declared endpoints and/or an endpoint
// inventory, with stats and warnings. Picks the right reader. The content is
// already here: downloading specs and listing gateways is @argus/connectors' job.
import type { Observation } from './types.js';
import { Inventory, type EndpointAggregate, type SpecEndpoint } from './inventory.js';
import type { DomainTraffic } from './traffic.js';
import { readAccessLog, type AccessLogFormat, type AccessLogStats } from './readers/access-log.js';
import type { GatewayResult } from './readers/gateways.js';
import { readHar } from './readers/har.js';
import { readOpenApi } from './readers/openapi.js';

/** What a source holds, read: spec or log text, or the endpoints a gateway declared. */
export type SourceContent =
  | {
      type: 'swagger' | 'openapi';
      text: string;
      /** where it came from: a host for host-less specs */ url?: string | null;
    }
  | {
      type: 'access_log';
      /** the log, whole or streamed (a file's chunks): it is read line by line either way */
      text: string | AsyncIterable<string | Uint8Array>;
      format?: AccessLogFormat | 'aws' | 'auto' | null;
    }
  | { type: 'har'; text: string }
  | { type: 'api_gateway'; declared: GatewayResult };

export interface SourceContext {
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
  /** What the source's traffic held besides the API: attack traffic, static, browser, preflights. */
  traffic: DomainTraffic[];
  elapsedMs: number;
}

export class SourceError extends Error {
  override name = 'SourceError';
}

/**
 * Read one source's content. Never throws for bad lines (they are counted);
 * throws SourceError/SpecError/AccessLogError with a user-facing message when
 * the source as a whole cannot be read.
 */
export async function readSource(content: SourceContent, ctx: SourceContext = {}): Promise<SyncResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const inventory = new Inventory();
  if (ctx.specEndpoints?.length) inventory.addSpecEndpoints(ctx.specEndpoints);
  let specEndpoints: SpecEndpoint[] = [];
  let stats: SyncResult['stats'] = null;
  let observations = 0;
  const domainOpt = ctx.domain ? { domain: ctx.domain } : {};
  switch (content.type) {
    case 'swagger':
    case 'openapi': {
      // A spec without a host takes the domain of its URL, else the caller's domain.
      let domain = ctx.domain;
      if (!domain && content.url) {
        if (!URL.canParse(content.url)) throw new SourceError('Must be a valid URL');
        domain = new URL(content.url).host;
      }
      const result = readOpenApi(content.text, {});
      if (domain) for (const e of result.endpoints) if (!e.domain) e.domain = domain.toLowerCase();
      specEndpoints = result.endpoints;
      warnings.push(...result.warnings);
      if (specEndpoints.length === 0) warnings.push('The document declares no operations (no paths)');
      inventory.addSpecEndpoints(specEndpoints);
      break;
    }
    case 'access_log': {
      if (!content.text) throw new SourceError('Log file content is required');
      const s = await readAccessLog(content.text, {
        format: content.format ?? 'auto',
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
      if (!content.text) throw new SourceError('HAR file content is required');
      const r = readHar(content.text, domainOpt);
      for (const o of r.observations) inventory.addObservation(o);
      observations = r.observations.length;
      warnings.push(...r.warnings);
      break;
    }
    case 'api_gateway': {
      specEndpoints = content.declared.endpoints;
      if (ctx.domain) for (const e of specEndpoints) if (!e.domain) e.domain = ctx.domain.toLowerCase();
      warnings.push(...content.declared.warnings);
      inventory.addSpecEndpoints(specEndpoints);
      break;
    }
    default:
      throw new SourceError(`Unknown source type "${String((content as { type: unknown }).type)}"`);
  }
  return {
    specEndpoints,
    endpoints: inventory.endpoints(),
    observations,
    stats,
    warnings,
    traffic: inventory.traffic(),
    elapsedMs: Math.round(performance.now() - started),
  };
}
