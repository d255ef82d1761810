// Endpoint aggregates for the passive-check tests: a busy public endpoint by default,
// over https, answered 200 without credentials; override what a test is about.
import {
  checkEndpoint,
  emptyAggregate,
  type CheckContext,
  type EndpointAggregate,
  type SpecInfo,
  type Vulnerability,
} from '../../src/index.js';

export const spec = (over: Partial<SpecInfo> = {}): SpecInfo => ({
  source: 'openapi',
  security: 'required',
  securitySchemes: ['bearer'],
  deprecated: false,
  parameters: [],
  requestFields: [],
  responseFields: [],
  piiFields: [],
  servers: ['https://api.example.com'],
  ...over,
});

export const seen = (
  method: string,
  path: string,
  over: Partial<EndpointAggregate> = {},
): EndpointAggregate => ({
  ...emptyAggregate('api.example.com', method, path),
  requestCount: 10,
  statusCounts: { '200': 10 },
  schemes: { https: 10 },
  auth: { none: 10 },
  sources: ['capture'],
  ...over,
});

/** An operation only an API description declares (no traffic). */
export const described = (method: string, path: string, info: Partial<SpecInfo> = {}): EndpointAggregate => ({
  ...emptyAggregate('api.example.com', method, path),
  sources: ['openapi'],
  spec: spec(info),
});

/** The finding `id` raises on `ep`, if any. */
export const raised = (
  id: string,
  ep: EndpointAggregate,
  context: CheckContext = {},
): Vulnerability | undefined => checkEndpoint(ep, context).find((v) => v.vulnId === id);
