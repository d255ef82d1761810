// What the fuzz sandbox's worker runs: each reader on a generated input, its
// result returned as plain data. Gateways are read from generated answers the way
// @argus/connectors hands them over: each page's text through parseGatewayPage,
// its items to the engine's payload readers (fetching is the connectors' part).
import { readAccessLog, type AccessLogOptions } from '../../src/readers/access-log.js';
import {
  awsHttpEndpoints,
  awsRestEndpoints,
  azureApiEndpoints,
  kongEndpoints,
  parseGatewayPage,
  type AwsHttpRoute,
  type AwsRestResource,
  type GatewayResult,
} from '../../src/readers/gateways.js';
import { readHar } from '../../src/readers/har.js';
import { readOpenApi } from '../../src/readers/openapi.js';
import type { Observation } from '../../src/types.js';

export interface AccessLogInput {
  chunks: (string | Uint8Array)[];
  format: NonNullable<AccessLogOptions['format']>;
  maxLineLength?: number;
}

export interface AccessLogOutput {
  stats: Awaited<ReturnType<typeof readAccessLog>>;
  observations: Observation[];
}

/** Page texts of each listing a gateway answered. */
export type Pages = Record<string, string[]>;

/** What the AWS SDK hands over for one REST API and one HTTP API (typed by the SDK, so only values vary). */
export interface AwsInput {
  region: string;
  restApi: { id: string; name?: string };
  resources: AwsRestResource[];
  httpApi: { ApiId: string; Name?: string; ApiEndpoint?: string };
  routes: AwsHttpRoute[];
}

/** The items under `key` of every page, as @argus/connectors collects them. */
function items(pages: string[] | undefined, key: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const text of pages ?? []) {
    const list = parseGatewayPage(text, '/fuzz')[key];
    if (Array.isArray(list))
      for (const x of list) if (typeof x === 'object' && x !== null && !Array.isArray(x)) out.push(x);
  }
  return out;
}

export const targets = {
  /** Never returns: the sandbox's own test of its deadline. */
  spin: (_: null): never => {
    for (;;);
  },

  openapi: (input: { text?: string; doc?: unknown; domain?: string }) =>
    readOpenApi(input.text ?? input.doc, input.domain !== undefined ? { domain: input.domain } : {}),

  har: (input: { text: string }) => readHar(input.text),

  accessLog: async (input: AccessLogInput): Promise<AccessLogOutput> => {
    const observations: Observation[] = [];
    const stats = await readAccessLog(input.chunks, {
      format: input.format,
      onObservation: (o) => observations.push(o),
      ...(input.maxLineLength !== undefined ? { maxLineLength: input.maxLineLength } : {}),
    });
    return { stats, observations };
  },

  kong: (pages: Pages): GatewayResult =>
    kongEndpoints(items(pages['services'], 'data'), items(pages['routes'], 'data')),

  azure: (pages: Pages): GatewayResult => {
    const operations = items(pages['operations'], 'value');
    const endpoints = items(pages['apis'], 'value').flatMap((api) =>
      azureApiEndpoints('Fuzz', api, operations),
    );
    return { endpoints, warnings: [] };
  },

  aws: (input: AwsInput): GatewayResult => ({
    endpoints: [
      ...awsRestEndpoints(input.region, input.restApi, input.resources),
      ...awsHttpEndpoints(input.region, input.httpApi, input.routes),
    ],
    warnings: [],
  }),
};

export type TargetName = keyof typeof targets;
export type TargetInput<T extends TargetName> = Parameters<(typeof targets)[T]>[0];
export type TargetOutput<T extends TargetName> = Awaited<ReturnType<(typeof targets)[T]>>;
