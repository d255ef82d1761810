// Sync one discovery source: fetch what it points at (a spec URL, a gateway's
// listings) and read the content with the engine's readSource.
import {
  readSource,
  SourceError,
  type SourceContent,
  type SourceContext,
  type SyncResult,
} from '@argus/engine';
import type { AccessLogFormat } from '@argus/engine';
import { fetchSpecText } from './download.js';
import { readGateway } from './gateways/index.js';
import type { FetchFn } from './http.js';
import type { LookupFn } from './ssrf.js';

/** The discovery source config the dashboard sends (type + config fields). */
export interface SourceConfig {
  type: 'swagger' | 'openapi' | 'access_log' | 'api_gateway' | 'har';
  url?: string | null;
  /** An uploaded file, whole or streamed (a log is read line by line from the stream). */
  fileContent?: string | AsyncIterable<string | Uint8Array> | null;
  format?: AccessLogFormat | 'aws' | 'auto' | null;
  provider?: 'kong' | 'aws' | 'azure' | null;
  apiKey?: string | null;
  region?: string | null;
}

export interface SyncContext extends SourceContext {
  fetch?: FetchFn;
  allowPrivate?: boolean;
  lookup?: LookupFn;
}

/** A spec or HAR document is parsed whole: a streamed one is gathered first. */
async function wholeText(content: SourceConfig['fileContent']): Promise<string> {
  if (content === null || content === undefined || typeof content === 'string') return content ?? '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of content)
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * Sync one discovery source. Never throws for bad lines (they are counted);
 * throws SourceError/SpecError/GatewayError/AccessLogError/UnsafeUrlError with a
 * user-facing message when the source as a whole cannot be read.
 */
export async function syncSource(config: SourceConfig, ctx: SyncContext = {}): Promise<SyncResult> {
  const started = performance.now();
  const net = {
    allowPrivate: ctx.allowPrivate ?? false,
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
    ...(ctx.lookup ? { lookup: ctx.lookup } : {}),
  };
  let content: SourceContent;
  switch (config.type) {
    case 'swagger':
    case 'openapi': {
      let text = await wholeText(config.fileContent);
      if (!text.trim()) {
        if (!config.url) throw new SourceError('An OpenAPI source needs a URL or file content');
        text = await fetchSpecText(config.url, net);
      }
      content = { type: config.type, text, url: config.url ?? null };
      break;
    }
    case 'access_log':
      content = { type: 'access_log', text: config.fileContent ?? '', format: config.format ?? 'auto' };
      break;
    case 'har':
      content = { type: 'har', text: await wholeText(config.fileContent) };
      break;
    case 'api_gateway': {
      if (!config.provider) throw new SourceError('A gateway source needs a provider (kong, aws or azure)');
      if (!config.url) throw new SourceError('Must be a valid URL');
      if (!config.apiKey) throw new SourceError('API key is required');
      const declared = await readGateway(
        {
          provider: config.provider,
          url: config.url,
          apiKey: config.apiKey,
          ...(config.region ? { region: config.region } : {}),
        },
        net,
      );
      content = { type: 'api_gateway', declared };
      break;
    }
    default:
      throw new SourceError(`Unknown source type "${String((config as { type: unknown }).type)}"`);
  }
  const context: SourceContext = {
    ...(ctx.domain ? { domain: ctx.domain } : {}),
    ...(ctx.specEndpoints ? { specEndpoints: ctx.specEndpoints } : {}),
  };
  const result = await readSource(content, context);
  return { ...result, elapsedMs: Math.round(performance.now() - started) };
}
