// The plain-data shapes shared by every part of the engine. Everything here is
// JSON-serialisable so the server can store it and workers can pass it around.

/** Where an observation or endpoint came from. */
export type SourceKind = 'openapi' | 'access_log' | 'har' | 'gateway' | 'capture';

/**
 * Authentication evidence on one request. `bearer`, `basic`, `api_key` (header),
 * `cookie` (a session-like cookie), `query_key` (credential in the query string),
 * `remote_user` (an authenticated user field in an access log), `aws_iam`
 * (API Gateway caller/user), `mtls`, `other`.
 */
export type AuthScheme =
  'bearer' | 'basic' | 'api_key' | 'cookie' | 'query_key' | 'remote_user' | 'aws_iam' | 'mtls' | 'other';

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export const SEVERITY_ORDER: Record<Severity, number> = { low: 1, medium: 2, high: 3, critical: 4 };

/**
 * One request/response as a reader saw it. Every reader (access logs, HAR, the
 * server's capture path) produces this shape.
 */
export interface Observation {
  source: SourceKind;
  /** Host name, lower-case, without a default port. '' when unknown. */
  domain: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Raw path as sent (percent-encoding kept), without the query string. */
  path: string;
  /** Raw query string without the leading '?', '' when none. */
  query: string;
  /** HTTP status, null when the source does not say (or the request had none). */
  status: number | null;
  scheme: 'http' | 'https' | null;
  /** Credentials seen on the request; [] = none seen; null = the source cannot tell. */
  auth: AuthScheme[] | null;
  /** Selected request headers, lower-case names. */
  requestHeaders: Record<string, string>;
  /** Selected response headers, lower-case names. */
  responseHeaders: Record<string, string>;
  /** Body samples (truncated to BODY_SAMPLE_LIMIT characters). */
  requestBody?: string;
  responseBody?: string;
  /** Epoch milliseconds, null when unknown. */
  timestamp: number | null;
  /** A route template the source itself declares (AWS resourcePath / routeKey). */
  route?: string;
  /** `route` is a trace span's `http.route`: the template the service's framework matched. */
  routeFromTrace?: boolean;
  /** The client's address, when the source says (an access log's first field). */
  client?: string;
  /** The client's user agent, when a source without request headers says (a combined log's last field). */
  userAgent?: string;
  /** The answer's size in bytes, when the source says (an access log's size field). */
  responseBytes?: number;
  /** Who made the request, when the source says (an OpenTelemetry span's `enduser.id`). */
  principal?: string;
}

export const BODY_SAMPLE_LIMIT = 64 * 1024;

/** A shared, frozen empty header record for sources without headers (access logs). */
export const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * National ids of a known country, named as Presidio names its entities (lower-cased);
 * `national_id` is one whose country is not known, `ssn` the United States' own.
 */
export const COUNTRY_ID_TYPES = [
  'us_itin',
  'uk_nino',
  'uk_nhs',
  'ca_sin',
  'in_aadhaar',
  'in_pan',
  'pl_pesel',
  'es_nif',
  'es_nie',
  'it_fiscal_code',
  'br_cpf',
  'mx_curp',
  'au_tfn',
] as const;
export type CountryIdType = (typeof COUNTRY_ID_TYPES)[number];

/**
 * Kinds of personal or secret data the detectors know. A card's expiry is not its number,
 * a bank account number not an IBAN.
 */
export type PiiType =
  | 'ssn'
  | CountryIdType
  | 'email'
  | 'phone'
  | 'credit_card'
  | 'card_expiry'
  | 'national_id'
  | 'dob'
  | 'ip_address'
  | 'iban'
  | 'bank_account'
  | 'jwt'
  | 'api_key'
  | 'passport'
  | 'driver_license'
  | 'password'
  | 'address'
  | 'name';

/** The types that make an endpoint's data "sensitive" (government ids, cards, secrets, bank data). */
export const SENSITIVE_PII: ReadonlySet<string> = new Set<PiiType>([
  'ssn',
  'credit_card',
  'national_id',
  'password',
  'passport',
  'iban',
  'bank_account',
  'driver_license',
  'api_key',
  ...COUNTRY_ID_TYPES,
]);

/** Where in a request/response PII was seen. */
export type PiiLocation =
  | 'request.path'
  | 'request.query'
  | 'request.header'
  | 'request.body'
  | 'response.header'
  | 'response.body'
  | 'spec.request'
  | 'spec.response'
  | 'spec.parameter';

/** How sure a check is that the flaw is real (it weighs the finding in the risk score). */
export type Confidence = 'high' | 'medium' | 'low';

/**
 * Why something was flagged: where it was seen, which rule or validator fired, a
 * redacted sample (never the raw value) and when. Every PII finding and every
 * vulnerability the engine reports carries at least one.
 */
export interface Evidence {
  /** The request or the response; absent when the evidence is the operation itself (method, path, spec). */
  side?: 'request' | 'response';
  /** The part of the message or operation. */
  part?: 'path' | 'query' | 'header' | 'body' | 'status' | 'scheme' | 'auth' | 'method';
  /** Field path in a body (`customer.card.number`, `items[].email`), header or parameter name. */
  field?: string;
  /** JSON pointer into the API description (`#/paths/~1v1~1tokens/post/requestBody`). */
  pointer?: string;
  /**
   * The rule, recogniser or validator that fired: `credit_card:luhn+iin`, `phone:libphonenumber`,
   * `field-name:card_number`, `schema-format:email`, `ARGUS-API1-001:id-param-unauthenticated`, …
   */
  rule: string;
  /** A redacted sample (`4111 •••• •••• 1111`, `j•••@example.com`); never the raw value. */
  sample?: string;
  /** One sentence for a person: what was observed. */
  detail?: string;
  /** Epoch milliseconds of the first and last observation that showed it, when the input has times. */
  firstSeen?: number;
  lastSeen?: number;
}

export interface PiiFinding {
  type: PiiType;
  location: PiiLocation;
  /** Field name / JSON path (`user.email`, `items[].card`), header or query name. */
  field?: string;
  /** How it was recognised. */
  by: 'value' | 'name' | 'schema';
  /** Why: the recogniser and a redacted sample (value), the field-name rule (name), the spec pointer (schema). */
  evidence?: Evidence;
}

/** A vulnerability finding: the catalogue entry, how sure the check is, and why it fired. */
export interface Vulnerability {
  vulnId: string;
  title: string;
  description: string;
  severity: Severity;
  owaspCategory: string;
  /** The weakness (`CWE-639`), when the check names one. */
  cwe?: string;
  remediation: string;
  /** Short stable text naming what triggered it (a field, header, parameter): the dedupe key for storage. */
  subject?: string;
  confidence: Confidence;
  /** At least one entry: where it was seen and which rule fired. */
  evidence: Evidence[];
}
