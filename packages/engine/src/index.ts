// @argus/engine — the public API. Pure functions over data and streams; network
// and DNS only through what the caller passes (fetch, lookup).
export type {
  AuthScheme,
  Confidence,
  Evidence,
  Observation,
  PiiFinding,
  PiiLocation,
  PiiType,
  Severity,
  SourceKind,
  Vulnerability,
} from './types.js';
export { BODY_SAMPLE_LIMIT, NO_HEADERS, SENSITIVE_PII, SEVERITY_ORDER } from './types.js';
export { BoundedCache } from './bounded-cache.js';

// Readers
export { readOpenApi, parseSpecText, SpecError, type OpenApiResult } from './readers/openapi.js';
export {
  readAccessLog,
  detectLogFormat,
  parseClfLine,
  parseAwsLine,
  AccessLogError,
  type AccessLogFormat,
  type AccessLogOptions,
  type AccessLogStats,
  type RejectedLine,
} from './readers/access-log.js';
export { readHar, authFromHeaders, HarError, type HarResult } from './readers/har.js';
export {
  readGateway,
  readKong,
  readAwsApiGateway,
  readAzureApim,
  kongPathToTemplate,
  GatewayError,
  type FetchFn,
  type GatewayConfig,
  type GatewayContext,
  type GatewayResult,
} from './readers/gateways.js';
export {
  syncSource,
  fetchSpecText,
  SourceError,
  type SourceConfig,
  type SyncContext,
  type SyncResult,
} from './sync.js';

// Inventory (aggregation)
export {
  Inventory,
  avgRps,
  authSummary,
  authSchemesSeen,
  piiTypesOf,
  mergeAggregates,
  emptyAggregate,
  endpointKey,
  redactHeaders,
  type EndpointAggregate,
  type InventoryJSON,
  type InventoryOptions,
  type SpecEndpoint,
  type SpecInfo,
} from './inventory.js';

// Templating
export {
  templatePath,
  classifySegment,
  splitPath,
  normalizeTemplate,
  nameParameters,
  nameTemplate,
  resourceName,
  PathTemplater,
  SpecTemplateIndex,
  type SegmentKind,
  type TemplateResult,
  type TemplaterOptions,
} from './templating/index.js';

// PII
export {
  detectPii,
  detectPiiInJson,
  detectPiiInBody,
  detectPiiInObservation,
  piiTypeForFieldName,
  normaliseFieldName,
  type DetectOptions,
  type PiiMatch,
} from './pii/detect.js';
export { redactSample } from './pii/redact.js';

// Analysis
export {
  checkEndpoint,
  checkInventory,
  CHECKS,
  indexVersions,
  OWASP,
  type CheckContext,
  type VersionIndex,
  type VulnId,
} from './checks.js';
export { probeEndpoint, type ProbeOptions } from './probe.js';
export {
  scoreEndpoint,
  normaliseWeights,
  DEFAULT_WEIGHTS,
  type RiskInput,
  type RiskPart,
  type RiskResult,
  type RiskWeights,
} from './risk.js';
export {
  classifyEndpoint,
  isInternalHost,
  type AccessClass,
  type Classification,
  type DataClass,
} from './classify.js';
export { analyzeEndpoint, analyzeInventory, type EndpointAnalysis } from './analyze.js';
export {
  evaluateRules,
  piiLabel,
  validateConditions,
  CONDITION_KEYS,
  type AlertRule,
  type AlertToRaise,
  type EndpointFindings,
  type TriggerType,
  type ValidationResult,
} from './rules.js';

// Network safety
export { assertPublicUrl, isPublicAddress, publicOnlyLookup, UnsafeUrlError, type LookupFn } from './ssrf.js';
