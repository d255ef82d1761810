// The inventory lockfile (`argus discover --lock FILE`): the discovered API surface
// per domain, stable and sorted so that a pull request shows its change as a diff and
// `argus diff` can compare two of them. No counts of requests, no times: re-reading
// the same input writes the same bytes. `lockfile.schema.json` is generated from this
// schema (scripts/lockfile-schema.ts).
import { z } from 'zod';

export const LOCKFILE_VERSION = 1;

const severity = z.enum(['critical', 'high', 'medium', 'low']);

const parameterSource = z.enum(['spec', 'route', 'typed', 'learned', 'traffic']);

export const lockParameterSchema = z.object({
  name: z.string().describe('Parameter name; for `body`, the field path (`customer.email`)'),
  in: z.enum(['path', 'query', 'header', 'cookie', 'body']),
  from: z
    .array(parameterSource)
    .describe(
      '`spec`: declared in the API description; `route`: a route template the source declared; `typed`: a typed path segment (integer, UUID, …); `learned`: a position the templater merged (see `rule`); `traffic`: seen in requests',
    ),
  rule: z.string().optional().describe('For `learned` path parameters, the templating rule that merged them'),
});

export const lockAuthSchema = z.object({
  requirement: z
    .enum(['required', 'optional', 'none', 'unknown'])
    .describe(
      '`required`: every request carried credentials, or those without were refused (401/403); `optional`: requests without credentials were answered beside requests with them; `none`: no request carried credentials; `unknown`: no evidence',
    ),
  basis: z.enum(['traffic', 'spec', 'none']).describe('Whether traffic or the API description decided'),
  withCredentials: z.number().int().nonnegative(),
  withoutCredentials: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative().describe('Responses 401 and 403'),
  schemes: z.array(z.string()).describe('Credential kinds seen (`bearer`, `cookie`, …) or declared'),
});

export const lockPiiSchema = z.object({
  direction: z.enum(['request', 'response']),
  type: z.string(),
  part: z.enum(['path', 'query', 'header', 'body', 'parameter']),
  field: z.string().describe("Field path, header or parameter name; '' when the source names none"),
  from: z.array(z.enum(['spec', 'traffic'])),
});

export const lockFindingSchema = z.object({
  id: z.string(),
  severity,
  title: z.string(),
  subject: z.string().describe("What triggered it (a field, header, parameter); '' when none"),
});

export const lockEndpointSchema = z.object({
  method: z.string(),
  path: z.string().describe('The endpoint template (`/users/{userId}`)'),
  sources: z.array(z.string()),
  statusClasses: z.array(z.string()).describe('Status classes answered (`2xx`, `4xx`, …)'),
  auth: lockAuthSchema,
  parameters: z.array(lockParameterSchema),
  pii: z.array(lockPiiSchema),
  findings: z.array(lockFindingSchema),
});

export const lockDomainSchema = z.object({
  domain: z.string(),
  endpoints: z.array(lockEndpointSchema),
});

export const lockfileSchema = z
  .object({
    lockfileVersion: z.literal(LOCKFILE_VERSION),
    domains: z.array(lockDomainSchema),
  })
  .describe('Argus inventory lockfile: the API surface per domain, sorted, without times or request counts');

export type Lockfile = z.infer<typeof lockfileSchema>;
export type LockDomain = z.infer<typeof lockDomainSchema>;
export type LockEndpoint = z.infer<typeof lockEndpointSchema>;
export type LockParameter = z.infer<typeof lockParameterSchema>;
export type LockParameterSource = z.infer<typeof parameterSource>;
export type LockAuth = z.infer<typeof lockAuthSchema>;
export type LockPii = z.infer<typeof lockPiiSchema>;
export type LockFinding = z.infer<typeof lockFindingSchema>;
