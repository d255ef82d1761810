// AWS API Gateway: REST APIs (resources with methods) and HTTP APIs (routes)
// through the AWS SDK v3, loaded only when an AWS source is read. The SDK connects
// with its own HTTP client, so it gets agents whose DNS lookup refuses private
// addresses (the endpoint cannot be re-resolved to one between check and connect).
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import {
  awsHttpEndpoints,
  awsRestEndpoints,
  GatewayError,
  type GatewayResult,
  type SpecEndpoint,
} from '@argus/engine';
import { assertPublicUrl, publicOnlyLookup } from '../ssrf.js';
import type { GatewayConfig, GatewayContext } from './context.js';

/** `ACCESS_KEY_ID:SECRET[:SESSION_TOKEN]`, or anything else for the SDK's default chain. */
function awsCredentials(
  apiKey: string,
): { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined {
  const parts = apiKey.split(':');
  if (parts.length < 2 || !parts[0] || !parts[1]) return undefined;
  return {
    accessKeyId: parts[0],
    secretAccessKey: parts[1],
    ...(parts[2] ? { sessionToken: parts.slice(2).join(':') } : {}),
  };
}

export async function readAwsApiGateway(config: GatewayConfig, ctx: GatewayContext): Promise<GatewayResult> {
  const region = config.region?.trim();
  if (!region) throw new GatewayError('AWS API Gateway needs a region (e.g. us-east-1)');
  if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new GatewayError(`"${region}" is not an AWS region name`);
  const guard = { allowPrivate: ctx.allowPrivate ?? false, ...(ctx.lookup ? { lookup: ctx.lookup } : {}) };
  const endpoint = config.url
    ? (await assertPublicUrl(config.url, guard)).toString().replace(/\/$/, '')
    : undefined;
  const credentials = awsCredentials(config.apiKey);
  const [v1, v2, { NodeHttpHandler }] = await Promise.all([
    import('@aws-sdk/client-api-gateway'),
    import('@aws-sdk/client-apigatewayv2'),
    import('@smithy/node-http-handler'),
  ]);
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
  const rest = new v1.APIGatewayClient(common);
  const http = new v2.ApiGatewayV2Client(common);
  const endpoints: SpecEndpoint[] = [];
  const maxPages = ctx.maxPages ?? 100;
  try {
    let position: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const apis = await rest.send(
        new v1.GetRestApisCommand({ limit: 500, ...(position ? { position } : {}) }),
      );
      for (const api of apis.items ?? []) {
        if (!api.id) continue;
        let resPos: string | undefined;
        for (let p = 0; p < maxPages; p++) {
          const res = await rest.send(
            new v1.GetResourcesCommand({
              restApiId: api.id,
              embed: ['methods'],
              limit: 500,
              ...(resPos ? { position: resPos } : {}),
            }),
          );
          endpoints.push(...awsRestEndpoints(region, { id: api.id, name: api.name }, res.items ?? []));
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
        new v2.GetApisCommand({ MaxResults: '500', ...(next ? { NextToken: next } : {}) }),
      );
      for (const api of apis.Items ?? []) {
        if (!api.ApiId) continue;
        let routeNext: string | undefined;
        for (let p = 0; p < maxPages; p++) {
          const routes = await http.send(
            new v2.GetRoutesCommand({
              ApiId: api.ApiId,
              MaxResults: '500',
              ...(routeNext ? { NextToken: routeNext } : {}),
            }),
          );
          endpoints.push(
            ...awsHttpEndpoints(
              region,
              { ApiId: api.ApiId, Name: api.Name, ApiEndpoint: api.ApiEndpoint },
              routes.Items ?? [],
            ),
          );
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
  return { endpoints, warnings: [] };
}
