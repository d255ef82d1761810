// GET /endpoints: search, filters, order and page, all applied by the server.
// Every value is checked here, so a bad one answers 400 naming the parameter.
import { z } from 'zod';
import { HTTP_METHODS } from './vocabulary.js';

/** Columns the list sorts by; `-column` sorts descending (`sort=-risk`, the default). */
export const ENDPOINT_SORT_COLUMNS = [
  'risk',
  'lastSeen',
  'firstSeen',
  'path',
  'rps',
  'classification',
] as const;
export const ENDPOINT_SORTS = ENDPOINT_SORT_COLUMNS.flatMap((c) => [c, `-${c}`] as const);
export type EndpointSortColumn = (typeof ENDPOINT_SORT_COLUMNS)[number];
export type EndpointSort = EndpointSortColumn | `-${EndpointSortColumn}`;

/** Authentication seen on an endpoint: always, on some requests only, never, or not known. */
export const ENDPOINT_AUTH = ['required', 'optional', 'none', 'unknown'] as const;
export type EndpointAuth = (typeof ENDPOINT_AUTH)[number];

/** Where an endpoint was found, by the names the summaries carry in `sources`. */
export const ENDPOINT_SOURCES = ['openapi', 'access_log', 'api_gateway', 'har', 'capture'] as const;
export type EndpointSource = (typeof ENDPOINT_SOURCES)[number];

/** The engine's classifications: what data an endpoint handles, else who may call it. */
export const ENDPOINT_CLASSIFICATIONS = [
  'admin',
  'sensitive',
  'pii',
  'internal',
  'public',
  'authenticated',
  'unknown',
] as const;
export type EndpointClassification = (typeof ENDPOINT_CLASSIFICATIONS)[number];

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: () => `${name} must be one of ${values.join(', ')}` });

const riskBound = (name: string) =>
  z.coerce
    .number({ error: () => `${name} must be a whole number from 0 to 100` })
    .int(`${name} must be a whole number from 0 to 100`)
    .min(0, `${name} must be a whole number from 0 to 100`)
    .max(100, `${name} must be a whole number from 0 to 100`);

const FIRST_SEEN_MESSAGE = 'firstSeenAfter must be a date (2026-01-31) or an ISO date-time';

export const endpointQuerySchema = z
  .object({
    q: z.string().max(200, 'q must be at most 200 characters').optional(),
    domain: z.string().max(253, 'domain must be at most 253 characters').optional(),
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(oneOf('method', HTTP_METHODS))
      .optional(),
    minRisk: riskBound('minRisk').optional(),
    maxRisk: riskBound('maxRisk').optional(),
    pii: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, 'pii must be a PII type such as email, ssn or credit_card')
      .optional(),
    auth: oneOf('auth', ENDPOINT_AUTH).optional(),
    source: oneOf('source', ENDPOINT_SOURCES).optional(),
    classification: oneOf('classification', ENDPOINT_CLASSIFICATIONS).optional(),
    firstSeenAfter: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: () => FIRST_SEEN_MESSAGE })
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    offset: z.coerce.number().int().min(0).optional(),
    sort: oneOf('sort', ENDPOINT_SORTS as [EndpointSort, ...EndpointSort[]]).optional(),
  })
  .refine((q) => q.minRisk === undefined || q.maxRisk === undefined || q.minRisk <= q.maxRisk, {
    message: 'minRisk must not be above maxRisk',
    path: ['minRisk'],
  });
export type EndpointQuery = z.infer<typeof endpointQuerySchema>;

/** The filters of an endpoint query (everything but search, order and page). */
export const ENDPOINT_FILTERS = [
  'domain',
  'method',
  'minRisk',
  'maxRisk',
  'pii',
  'auth',
  'source',
  'classification',
  'firstSeenAfter',
] as const;
export type EndpointFilter = (typeof ENDPOINT_FILTERS)[number];
