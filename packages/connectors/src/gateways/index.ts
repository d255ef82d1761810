// Gateway inventories → declared endpoints: the client for each provider fetches,
// the engine's payload readers turn the answers into endpoints.
import { GatewayError, type GatewayResult } from '@argus/engine';
import { readAwsApiGateway } from './aws.js';
import { readAzureApim } from './azure.js';
import type { GatewayConfig, GatewayContext } from './context.js';
import { readKong } from './kong.js';

export { readAwsApiGateway, readAzureApim, readKong };
export type { GatewayConfig, GatewayContext };

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
