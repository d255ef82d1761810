// Request bodies with the exact validation messages of spec section 5. The
// dashboard's forms (react-hook-form + zodResolver) and the server's input
// validation use these same schemas.
import { z } from 'zod';
import type { SOURCE_TYPES } from './vocabulary.js';
import {
  ALERT_SORTS,
  ALERT_STATUSES,
  BULK_ACTIONS,
  CHANNEL_TYPES,
  GATEWAY_PROVIDERS,
  LOG_FORMATS,
  ROLES,
  SEVERITIES,
  SETTINGS_DEFAULTS,
  TRIGGER_TYPES,
} from './vocabulary.js';

/** A string that must be present and non-blank; `message` for missing and blank alike. */
export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

/** An enum that answers `message` when missing or not one of the values. */
const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname.length > 0;
}

const URL_MESSAGE = 'Must be a valid URL';
const httpUrl = z.string({ error: URL_MESSAGE }).trim().refine(isHttpUrl, URL_MESSAGE);
const optionalHttpUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || isHttpUrl(v), URL_MESSAGE)
  .optional();

// ---------------------------------------------------------------- domains

export const DOMAIN_EXAMPLE_HOST = 'api.example.com';
export const DOMAIN_NAME_MESSAGE = `Please enter a valid domain name (e.g., ${DOMAIN_EXAMPLE_HOST})`;
const HOSTNAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Spec: strip a leading http:// or https:// and a trailing slash. */
export function normalizeDomainName(input: string): string {
  return input
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');
}

export function isValidHostname(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split('.').every((label) => HOSTNAME_LABEL.test(label));
}

export const domainCreateSchema = z.object({
  name: requiredString('Domain name is required')
    .transform(normalizeDomainName)
    .refine(isValidHostname, DOMAIN_NAME_MESSAGE)
    .transform((host) => host.toLowerCase()),
  description: z.string().trim().max(1000).optional(),
  upstreamUrl: optionalHttpUrl,
});

// ---------------------------------------------------------------- discovery sources

const sourceName = requiredString('Name is required').pipe(z.string().max(200));

/** File content of an uploaded log: up to 100 MB (the server answers 413 beyond). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const specSourceConfigSchema = z.object({
  url: optionalHttpUrl,
  fileContent: z.string().optional(),
  fileName: z.string().optional(),
});
export const accessLogSourceConfigSchema = z.object({
  format: z.enum(LOG_FORMATS).default('apache'),
  fileContent: requiredString('Log file content is required'),
  fileName: z.string().optional(),
});
export const gatewaySourceConfigSchema = z
  .object({
    provider: z.enum(GATEWAY_PROVIDERS).default('kong'),
    url: httpUrl,
    apiKey: requiredString('API key is required'),
    region: z.string().trim().optional(),
  })
  .refine((c) => c.provider !== 'aws' || (c.region ?? '') !== '', {
    message: 'Region is required for AWS API Gateway',
    path: ['region'],
  });

export const discoverySourceCreateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('swagger'), name: sourceName, config: specSourceConfigSchema }),
  z.object({ type: z.literal('openapi'), name: sourceName, config: specSourceConfigSchema }),
  z.object({ type: z.literal('access_log'), name: sourceName, config: accessLogSourceConfigSchema }),
  z.object({ type: z.literal('api_gateway'), name: sourceName, config: gatewaySourceConfigSchema }),
]);

/** The three add forms of the Discovery Sources dialog (flat fields, as the user types them). */
export const specSourceFormSchema = z.object({
  name: sourceName,
  url: optionalHttpUrl,
  fileContent: z.string().optional(),
});
export const accessLogSourceFormSchema = z.object({
  name: sourceName,
  format: z.enum(LOG_FORMATS).default('apache'),
  fileContent: requiredString('Log file content is required'),
});
export const gatewaySourceFormSchema = z.object({
  name: sourceName,
  provider: z.enum(GATEWAY_PROVIDERS).default('kong'),
  url: httpUrl,
  apiKey: requiredString('API key is required'),
  region: z.string().trim().optional(),
});

export const discoverySourceUpdateSchema = z.object({
  isActive: z.boolean().optional(),
  name: sourceName.optional(),
});

// ---------------------------------------------------------------- alerts

export const bulkAlertUpdateSchema = z
  .object({
    alertIds: z
      .array(z.string().min(1), { error: 'alertIds must be a list of alert ids' })
      .min(1, 'Select at least one alert'),
    action: z.enum(BULK_ACTIONS, { error: 'action must be one of acknowledge, resolve, assign, suppress' }),
    assignedTo: z.string().min(1).optional(),
  })
  .refine((b) => b.action !== 'assign' || b.assignedTo !== undefined, {
    message: 'assignedTo is required to assign alerts',
    path: ['assignedTo'],
  });

const jsonObject = z.record(z.string(), z.unknown());

/** Parses the text of a JSON textarea; returns undefined when it is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON textarea: `required` when blank, `invalid` when it does not parse as a JSON object. */
const jsonText = (required: string, invalid: string) =>
  requiredString(required).refine((text) => text === '' || parseJsonObject(text) !== undefined, invalid);

export const alertRuleCreateSchema = z.object({
  name: requiredString('Rule name is required'),
  description: z.string().trim().optional(),
  triggerType: requiredEnum(TRIGGER_TYPES, 'Trigger type is required'),
  severity: requiredEnum(SEVERITIES, 'Severity is required'),
  conditions: z.record(z.string(), z.unknown(), { error: 'Conditions are required' }),
  isActive: z.boolean().default(true),
});
export const alertRuleUpdateSchema = alertRuleCreateSchema
  .partial()
  .extend({ isActive: z.boolean().optional() });

/** The Create Alert Rule dialog: conditions typed as JSON text. */
export const alertRuleFormSchema = alertRuleCreateSchema.extend({
  conditions: jsonText('Conditions are required', 'Conditions must be a valid JSON object'),
});

const SEVERITY_FLOOR = z.enum(SEVERITIES).optional();
export const webhookChannelConfigSchema = z.object({
  url: httpUrl,
  secret: z.string().optional(),
  minSeverity: SEVERITY_FLOOR,
});
export const slackChannelConfigSchema = z.object({ webhookUrl: httpUrl, minSeverity: SEVERITY_FLOOR });
export const emailChannelConfigSchema = z.object({
  to: z
    .array(z.email('Each recipient must be a valid e-mail address'), {
      error: 'to must be a list of e-mail addresses',
    })
    .min(1, 'At least one recipient is required'),
  smtpUrl: z.string().optional(),
  from: z.string().optional(),
  minSeverity: SEVERITY_FLOOR,
});
export const smsChannelConfigSchema = z.object({
  accountSid: requiredString('accountSid is required'),
  authToken: requiredString('authToken is required'),
  from: requiredString('from is required'),
  to: requiredString('to is required'),
  baseUrl: httpUrl.optional(),
  minSeverity: SEVERITY_FLOOR,
});
export const channelConfigSchemas = {
  email: emailChannelConfigSchema,
  slack: slackChannelConfigSchema,
  webhook: webhookChannelConfigSchema,
  sms: smsChannelConfigSchema,
} as const;

export const notificationChannelCreateSchema = z
  .object({
    name: requiredString('Channel name is required'),
    type: requiredEnum(CHANNEL_TYPES, 'Channel type is required'),
    config: z.record(z.string(), z.unknown(), { error: 'Configuration is required' }),
    isActive: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    const result = channelConfigSchemas[body.type].safeParse(body.config);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['config', ...issue.path] });
      }
    }
  });
export const notificationChannelUpdateSchema = z.object({
  name: requiredString('Channel name is required').optional(),
  config: jsonObject.optional(),
  isActive: z.boolean().optional(),
});

/** The Create Notification Channel dialog: config typed as JSON text. */
export const notificationChannelFormSchema = z.object({
  name: requiredString('Channel name is required'),
  type: requiredEnum(CHANNEL_TYPES, 'Channel type is required'),
  config: jsonText('Configuration is required', 'Configuration must be a valid JSON object'),
  isActive: z.boolean().default(true),
});

// ---------------------------------------------------------------- endpoints, settings, auth

export const endpointUpdateSchema = z.object({
  falsePositive: z.boolean().optional(),
  /** The id of the owning user, or null to clear it. */
  ownerId: z.string().min(1).nullable().optional(),
});

/**
 * `PATCH /endpoints/{id}/findings`: mark one finding of an endpoint as a false
 * positive (with an optional reason) or restore it. `target` is the PII type or
 * the vulnerability's id.
 */
export const findingFalsePositiveSchema = z.object({
  kind: z.enum(['pii', 'vulnerability']),
  target: z.string().min(1).max(200),
  falsePositive: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});

/**
 * POST /endpoints/{id}/template-overrides: correct how the endpoint's paths were templated.
 * `merge`: this endpoint and the paths matching `template` (`/link/{name}`) are one endpoint;
 * `split`: the values of `parameter` (`{linkId}`) are separate endpoints. Admins and analysts.
 */
export const templateOverrideRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('merge'),
    template: z
      .string()
      .trim()
      .min(1, 'Template is required')
      .max(500, 'Template must be at most 500 characters')
      .regex(/^\/[^?#\s]*$/, 'Template must start with / and hold no spaces, ? or #')
      .refine((t) => /\{[^{}/]+\}/.test(t), 'Name at least one parameter, such as {name}'),
  }),
  z.object({
    kind: z.literal('split'),
    parameter: z.string().regex(/^\{[^{}/]+\}$/, 'Choose a parameter of this endpoint'),
  }),
]);

/** GET /alerts: filters, search, order and page, all applied by the server. */
export const alertQuerySchema = z.object({
  status: z.enum(ALERT_STATUSES).optional(),
  severity: z.enum(SEVERITIES).optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(ALERT_SORTS).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type AlertQuery = z.infer<typeof alertQuerySchema>;

/** Clamp a typed number into range, falling back to a default when cleared or non-numeric (spec section 5). */
export function numberOr(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n)));
}

export const settingsUpdateSchema = z.object({
  scanIntervalMinutes: z
    .number()
    .int()
    .min(1, 'Scan interval must be 1 to 1440 minutes')
    .max(1440, 'Scan interval must be 1 to 1440 minutes'),
  requestTimeoutSeconds: z
    .number()
    .int()
    .min(5, 'Timeout must be 5 to 300 seconds')
    .max(300, 'Timeout must be 5 to 300 seconds'),
  maxConcurrentScans: z
    .number()
    .int()
    .min(1, 'Max concurrent scans must be 1 to 50')
    .max(50, 'Max concurrent scans must be 1 to 50'),
  autoScan: z.boolean(),
  deepScan: z.boolean(),
  weights: z.object({
    vulnerability: z.number().min(0).max(100),
    pii: z.number().min(0).max(100),
    traffic: z.number().min(0).max(100),
    exposure: z.number().min(0).max(100),
  }),
});
export const defaultSettings = structuredClone(SETTINGS_DEFAULTS) as z.infer<typeof settingsUpdateSchema>;

export const apiKeyFormSchema = z.object({
  name: requiredString('API key name is required'),
  description: z.string().trim().optional(),
  environment: requiredString('Environment is required'),
  value: requiredString('API key value is required'),
});

export const loginSchema = z.object({
  username: requiredString('Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

/** Admins add users (User Management, `argus user add`). */
export const userCreateSchema = z.object({
  username: requiredString('Username is required')
    .max(64, 'Username must be at most 64 characters')
    .regex(/^[A-Za-z0-9._@-]+$/, 'Username may hold letters, digits and . _ @ - only'),
  password: z
    .string({ error: 'Password is required' })
    .min(12, 'Password must be at least 12 characters')
    .max(256, 'Password must be at most 256 characters'),
  role: requiredEnum(ROLES, 'Role is required'),
});

/** Anyone signed in changes their own password, proving they know the current one. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: userCreateSchema.shape.password,
});

/** Admins change a user's role, password or disabled state; at least one field. */
export const userUpdateSchema = z
  .object({
    role: z.enum(ROLES).optional(),
    password: z
      .string()
      .min(12, 'Password must be at least 12 characters')
      .max(256, 'Password must be at most 256 characters')
      .optional(),
    disabled: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.password !== undefined || v.disabled !== undefined, {
    message: 'Nothing to change',
  });

export type UserCreate = z.input<typeof userCreateSchema>;
export type UserUpdate = z.input<typeof userUpdateSchema>;
export type PasswordChange = z.input<typeof passwordChangeSchema>;
export type DomainCreate = z.input<typeof domainCreateSchema>;
export type DiscoverySourceCreate = z.input<typeof discoverySourceCreateSchema>;
export type BulkAlertUpdate = z.infer<typeof bulkAlertUpdateSchema>;
export type AlertRuleCreate = z.input<typeof alertRuleCreateSchema>;
export type AlertRuleUpdate = z.input<typeof alertRuleUpdateSchema>;
export type AlertRuleForm = z.input<typeof alertRuleFormSchema>;
export type NotificationChannelCreate = z.input<typeof notificationChannelCreateSchema>;
export type NotificationChannelUpdate = z.input<typeof notificationChannelUpdateSchema>;
export type NotificationChannelForm = z.input<typeof notificationChannelFormSchema>;
export type EndpointUpdate = z.infer<typeof endpointUpdateSchema>;
export type FindingFalsePositive = z.infer<typeof findingFalsePositiveSchema>;
export type TemplateOverrideRequest = z.infer<typeof templateOverrideRequestSchema>;
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
export type ApiKeyForm = z.input<typeof apiKeyFormSchema>;
export type Login = z.infer<typeof loginSchema>;
export type SourceTypeName = (typeof SOURCE_TYPES)[number];

/**
 * `POST /api/v1/captures`: traffic a collector saw (a sidecar, a mirror, a log
 * shipper), many exchanges per request. Not in the spec: the batch form of the
 * `/gateway/*` capture path, for collectors that can batch.
 */
export const MAX_CAPTURE_BATCH = 1000;
const headerMap = z.record(z.string().max(256), z.string().max(8192));
export const capturedExchangeSchema = z.object({
  /** The captured API's host name (its domain in Argus). */
  host: z
    .string({ error: 'host is required' })
    .trim()
    .toLowerCase()
    .refine(isValidHostname, 'host must be a host name'),
  method: z
    .string({ error: 'method is required' })
    .regex(/^[A-Za-z]{1,16}$/, 'method must be an HTTP method')
    .transform((m) => m.toUpperCase()),
  /** Path and query as requested: `/v1/users/42?expand=cards`. */
  path: z
    .string({ error: 'path is required' })
    .max(6144, 'path is longer than 6144 characters')
    .startsWith('/', 'path must start with /'),
  status: z.number().int().min(100).max(599).optional(),
  scheme: z.enum(['http', 'https']).optional(),
  /** When it happened: ISO 8601 or milliseconds since the epoch; now when omitted. */
  timestamp: z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]).optional(),
  requestHeaders: headerMap.optional(),
  responseHeaders: headerMap.optional(),
  requestBody: z.string().optional(),
  responseBody: z.string().optional(),
});
export const captureBatchSchema = z.object({
  exchanges: z
    .array(capturedExchangeSchema, { error: 'exchanges must be a list' })
    .min(1, 'exchanges is empty')
    .max(MAX_CAPTURE_BATCH, `at most ${MAX_CAPTURE_BATCH} exchanges per request`),
});
export type CapturedExchange = z.input<typeof capturedExchangeSchema>;
export type CaptureBatch = z.input<typeof captureBatchSchema>;
