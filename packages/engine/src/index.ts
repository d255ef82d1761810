// @argus/engine — the public API. Pure functions over data and streams; the
// network (downloads, gateway clients, probes, SSRF guard) is @argus/connectors'.
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
  observationsFromOtlp,
  routeTemplateOf,
  type OtlpOptions,
  type OtlpResult,
  type OtlpSkipped,
} from './readers/otlp.js';
export {
  kongEndpoints,
  kongPathToTemplate,
  awsRestEndpoints,
  awsHttpEndpoints,
  azureApiEndpoints,
  azureServiceName,
  parseGatewayPage,
  GatewayError,
  type AwsHttpRoute,
  type AwsRestResource,
  type GatewayResult,
} from './readers/gateways.js';
export {
  readSource,
  SourceError,
  type SourceContent,
  type SourceContext,
  type SyncResult,
} from './source.js';

// Inventory (aggregation)
export {
  Inventory,
  avgRps,
  RATE_MIN_WINDOW_MS,
  authSummary,
  authSchemesSeen,
  piiTypesOf,
  mergeAggregates,
  emptyAggregate,
  endpointKey,
  redactHeaders,
  parameterPosition,
  type EndpointAggregate,
  type TemplateOverride,
  type InventoryJSON,
  type InventoryOptions,
  type SpecEndpoint,
  type SpecInfo,
} from './inventory.js';

// Discovery against the service's own traces
export {
  traceAgreement,
  type AgreementVerdict,
  type RouteAgreement,
  type TraceAgreement,
} from './trace-agreement.js';

// Principals and the objects they use: BOLA candidates from traffic
export {
  bolaCandidates,
  jwtSubject,
  principalOf,
  principalOfHeaders,
  type BolaCandidate,
  type PrincipalUse,
} from './principal-objects.js';
export { sessionCookiePrincipal } from './session-principal.js';

// Spec versus traffic
export {
  compareSpecToTraffic,
  compareSpecToObservations,
  type SpecDiffEndpoint,
  type SpecDiffUndeclared,
  type SpecTrafficComparison,
} from './spec-diff.js';

// Traffic that is not the API
export {
  answered,
  attackKindOf,
  classifyRequest,
  combineTraffic,
  type AttackKind,
  type AttackSummary,
  type ClientCount,
  type CountedPath,
  type DomainTraffic,
  type RequestClass,
  type TrafficKind,
} from './traffic.js';

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
  type LearnedPath,
  type MergeReason,
  type PathLeaf,
  type SegmentKind,
  type TemplateResult,
  type TemplaterOptions,
} from './templating/index.js';

// PII
export {
  detectPii,
  piiTypeForFieldName,
  normaliseFieldName,
  type DetectOptions,
  type PiiMatch,
} from './pii/detect.js';
export { detectPiiInJson, detectPiiInBody, detectPiiInObservation } from './pii/scan.js';
export { cardNetwork, CARD_NETWORKS } from './pii/card-networks.js';
export { recognizerNames } from './pii/recognizers/index.js';
export { redactSample } from './pii/redact.js';

// Analysis
export {
  checkEndpoint,
  checkInventory,
  CHECKS,
  PASSIVE_CHECKS,
  indexVersions,
  OWASP,
  type CheckContext,
  type CheckDef,
  type PassiveCheck,
  type VersionIndex,
  type VulnId,
} from './checks/index.js';
export {
  scoreEndpoint,
  evidenceStrength,
  type EvidenceStrength,
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
export { analyzeEndpoint, analyzeInventory, type EndpointAnalysis } from './endpoint-analysis.js';
export {
  evaluateRules,
  DEFAULT_MIN_RISK_SCORE,
  piiLabel,
  piiAlertTitle,
  piiAlertDescription,
  validateConditions,
  evaluateScannerRules,
  CONDITION_KEYS,
  SCANNER_METRICS,
  type AlertRule,
  type AlertToRaise,
  type DomainAlertToRaise,
  type ScannerActivity,
  type EndpointFindings,
  type TriggerType,
  type ValidationResult,
} from './rules.js';

// Active tests: the transport the caller injects
export type { Transport, TransportRequest, TransportResponse } from './transport.js';

// Active tests: templates, the runner, SARIF
export {
  templateSchema,
  OWASP_IDS,
  type ActiveTestTemplate,
  type Condition,
  type Mutation,
  type StepTemplate,
} from './active/schema.js';
export { parseTemplates, loadBuiltinTemplates, selectTemplates, TemplateError } from './active/library.js';
export { templateApplies, endpointParams } from './active/match.js';
export { destructiveReason, curlOf } from './active/requests.js';
export { runActiveTests, planRun } from './active/runner.js';
export { explainPlan, type RunPlan, type PlanSkip, type PlanEnabler } from './active/plan.js';
export { activeEndpointsFromOpenApi, activeEndpointsFromObservations } from './active/endpoints.js';
export { graphqlEndpoints } from './active/graphql-endpoints.js';
export {
  graphqlOperations,
  graphqlRequestsOf,
  liftArguments,
  type GraphqlOperation,
  type GraphqlRequest,
} from './graphql/document.js';
export { crackJwt, decodeJwt, WEAK_JWT_SECRETS } from './active/jwt.js';
export { jwtCandidates, jwtWordlist } from './active/jwt-secrets.js';
export { toSarif, type SarifOptions } from './active/sarif.js';
export type {
  ActiveEndpoint,
  ActiveParam,
  ActiveRunResult,
  ActiveTestResult,
  BaselineRequest,
  Canary,
  Identity,
  IdentityAuth,
  Outcome,
  RecordedExchange,
  RunBudget,
  RunEvent,
  RunOptions,
} from './active/types.js';

// Change control: the inventory lockfile, the diff between two, SARIF of a diff
export { buildLockfile, serializeLockfile, authOf, lockEndpointOf } from './lockfile/build.js';
export {
  diffLockfiles,
  diffEndpoint,
  parseFailPolicy,
  fails,
  templateShape,
  CHANGE_KINDS,
  type ApiChange,
  type ChangeKind,
  type FailPolicy,
} from './lockfile/diff.js';
export {
  lockfileSchema,
  LOCKFILE_VERSION,
  type Lockfile,
  type LockDomain,
  type LockEndpoint,
  type LockAuth,
  type LockPii,
  type LockFinding,
  type LockParameter,
} from './lockfile/schema.js';
export { lockfileJsonSchema } from './lockfile/json-schema.js';
export { diffToSarif, changeFingerprint, type ChangeLocation } from './lockfile/sarif.js';
export {
  liveChanges,
  regressionFinding,
  piiPlaceText,
  AUTH_REGRESSION,
  type LiveChange,
} from './lockfile/live.js';
export { inventoryToOpenApi, serializeOpenApi, type OpenApiExportOptions } from './openapi-export/export.js';
