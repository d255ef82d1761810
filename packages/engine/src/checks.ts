// Passive vulnerability checks over an endpoint aggregate (no requests sent).
// Every finding has a stable vulnId and an OWASP API Security Top 10 (2023) category.
import { answered } from './traffic.js';
import {
  SENSITIVE_PII,
  type Confidence,
  type Evidence,
  type PiiFinding,
  type Severity,
  type Vulnerability,
} from './types.js';
import { authSummary, type EndpointAggregate } from './inventory.js';

export const OWASP = {
  API1: 'API1:2023 Broken Object Level Authorization',
  API2: 'API2:2023 Broken Authentication',
  API3: 'API3:2023 Broken Object Property Level Authorization',
  API4: 'API4:2023 Unrestricted Resource Consumption',
  API5: 'API5:2023 Broken Function Level Authorization',
  API6: 'API6:2023 Unrestricted Access to Sensitive Business Flows',
  API7: 'API7:2023 Server Side Request Forgery',
  API8: 'API8:2023 Security Misconfiguration',
  API9: 'API9:2023 Improper Inventory Management',
  API10: 'API10:2023 Unsafe Consumption of APIs',
} as const;

interface CheckDef {
  vulnId: string;
  title: string;
  owaspCategory: string;
  severity: Severity;
  description: string;
  remediation: string;
}

/** The catalogue of passive checks, by vulnId. */
export const CHECKS = {
  'ARGUS-API1-001': {
    vulnId: 'ARGUS-API1-001',
    owaspCategory: OWASP.API1,
    severity: 'high',
    title: 'Object identifier in path without authentication',
    description:
      'The path addresses an individual object by identifier and requests succeed without credentials, so anyone can enumerate objects.',
    remediation:
      'Require authentication and check on every request that the caller may access the object the identifier names.',
  },
  'ARGUS-API2-001': {
    vulnId: 'ARGUS-API2-001',
    owaspCategory: OWASP.API2,
    severity: 'high',
    title: 'No authentication on a non-public operation',
    description:
      'Requests without credentials succeed on an operation that the API description protects or that changes state.',
    remediation:
      'Enforce authentication at the gateway or in the handler; answer 401 to requests without valid credentials.',
  },
  'ARGUS-API2-002': {
    vulnId: 'ARGUS-API2-002',
    owaspCategory: OWASP.API2,
    severity: 'high',
    title: 'Credentials in the query string',
    description:
      'API keys, tokens or passwords are sent in the URL query, where logs, proxies, browser history and Referer headers keep them.',
    remediation:
      'Accept credentials only in the Authorization header (or a dedicated header) and rotate the keys that were exposed.',
  },
  'ARGUS-API2-003': {
    vulnId: 'ARGUS-API2-003',
    owaspCategory: OWASP.API2,
    severity: 'high',
    title: 'Basic authentication over plain HTTP',
    description:
      'HTTP Basic credentials are sent over unencrypted HTTP and can be read by anyone on the network path.',
    remediation: 'Serve the API over HTTPS only (redirect and HSTS) and prefer token-based authentication.',
  },
  'ARGUS-API3-001': {
    vulnId: 'ARGUS-API3-001',
    owaspCategory: OWASP.API3,
    severity: 'high',
    title: 'Sensitive data in responses',
    description:
      'Responses carry highly sensitive personal data (government ids, card numbers, passwords, bank accounts).',
    remediation:
      'Return only the properties the client needs; mask or drop sensitive fields in the response schema.',
  },
  'ARGUS-API3-002': {
    vulnId: 'ARGUS-API3-002',
    owaspCategory: OWASP.API3,
    severity: 'medium',
    title: 'Sensitive data in the URL',
    description:
      'Personal data travels in the path or query string, which is written to access logs and caches.',
    remediation: 'Move personal data into the request body of a POST or into headers; never put it in URLs.',
  },
  'ARGUS-API3-003': {
    vulnId: 'ARGUS-API3-003',
    owaspCategory: OWASP.API3,
    severity: 'medium',
    title: 'Mass-assignment-prone fields',
    description:
      'The request body accepts properties that control privileges or ownership (role, isAdmin, permissions, balance, ownerId).',
    remediation:
      'Bind request bodies to an allow-list of client-writable properties; ignore or reject the rest.',
  },
  'ARGUS-API4-001': {
    vulnId: 'ARGUS-API4-001',
    owaspCategory: OWASP.API4,
    severity: 'medium',
    title: 'List endpoint without paging limits',
    description:
      'A collection is returned without a limit/page parameter, so one request can make the server read and send everything.',
    remediation: 'Add limit/cursor parameters with a server-side maximum and a default page size.',
  },
  'ARGUS-API4-002': {
    vulnId: 'ARGUS-API4-002',
    owaspCategory: OWASP.API4,
    severity: 'low',
    title: 'No rate-limit headers',
    description:
      'Responses carry no RateLimit/X-RateLimit/Retry-After headers, which suggests no rate limiting is applied.',
    remediation:
      'Rate-limit per client and per credential at the gateway and announce limits with RateLimit headers.',
  },
  'ARGUS-API5-001': {
    vulnId: 'ARGUS-API5-001',
    owaspCategory: OWASP.API5,
    severity: 'high',
    title: 'Administrative path without authentication',
    description: 'An admin, internal or debug function answers without credentials.',
    remediation:
      'Require authentication and an administrative role; do not expose internal or debug routes on public hosts.',
  },
  'ARGUS-API5-002': {
    vulnId: 'ARGUS-API5-002',
    owaspCategory: OWASP.API5,
    severity: 'critical',
    title: 'Destructive or reset function without authentication',
    description:
      'An operation whose path resets, drops, seeds or wipes data (createdb, reset, purge, flush) answers without credentials.',
    remediation:
      'Remove maintenance operations from the public API, or require an administrative role and a non-GET method.',
  },
  'ARGUS-API6-001': {
    vulnId: 'ARGUS-API6-001',
    owaspCategory: OWASP.API6,
    severity: 'medium',
    title: 'Sensitive business flow without rate limits',
    description:
      'A flow attackers automate (login, sign-up, password reset, checkout, transfers) shows no rate limiting.',
    remediation:
      'Add per-account and per-IP rate limits, bot detection or CAPTCHA, and monitoring for automated use of this flow.',
  },
  'ARGUS-API7-001': {
    vulnId: 'ARGUS-API7-001',
    owaspCategory: OWASP.API7,
    severity: 'medium',
    title: 'URL-valued parameter',
    description:
      'The operation takes a URL from the client (callback, webhook, redirect, image URL), which can make the server fetch internal addresses.',
    remediation:
      'Validate URLs against an allow-list of schemes and hosts, resolve and refuse private addresses, and disable redirects for server-side fetches.',
  },
  'ARGUS-API8-001': {
    vulnId: 'ARGUS-API8-001',
    owaspCategory: OWASP.API8,
    severity: 'medium',
    title: 'Plain HTTP',
    description: 'The endpoint is served over unencrypted HTTP.',
    remediation: 'Serve over HTTPS only, redirect HTTP and send Strict-Transport-Security.',
  },
  'ARGUS-API8-002': {
    vulnId: 'ARGUS-API8-002',
    owaspCategory: OWASP.API8,
    severity: 'low',
    title: 'Missing security headers',
    description: 'Responses lack standard protective headers.',
    remediation:
      'Send Strict-Transport-Security, X-Content-Type-Options: nosniff and a Cache-Control policy for sensitive responses.',
  },
  'ARGUS-API8-003': {
    vulnId: 'ARGUS-API8-003',
    owaspCategory: OWASP.API8,
    severity: 'high',
    title: 'Permissive CORS with credentials',
    description:
      'Any origin (a wildcard or the reflected Origin) may make credentialed cross-origin requests, so other sites can act as the signed-in user.',
    remediation:
      'Allow only an explicit list of trusted origins when Access-Control-Allow-Credentials is true.',
  },
  'ARGUS-API8-004': {
    vulnId: 'ARGUS-API8-004',
    owaspCategory: OWASP.API8,
    severity: 'medium',
    title: 'Verbose error bodies',
    description: 'Error responses contain stack traces, SQL errors or file paths that help attackers.',
    remediation: 'Return generic error messages with a correlation id; log the details on the server only.',
  },
  'ARGUS-API8-005': {
    vulnId: 'ARGUS-API8-005',
    owaspCategory: OWASP.API8,
    severity: 'low',
    title: 'Version-disclosing headers',
    description:
      'Response headers reveal server software and versions (Server, X-Powered-By, X-AspNet-Version).',
    remediation: 'Remove or genericise Server and X-Powered-By headers at the server or gateway.',
  },
  'ARGUS-API9-001': {
    vulnId: 'ARGUS-API9-001',
    owaspCategory: OWASP.API9,
    severity: 'medium',
    title: 'Shadow endpoint',
    description: "The endpoint receives traffic but is not in the domain's API description.",
    remediation:
      'Document the endpoint in the API description or remove it; put every route behind the managed gateway.',
  },
  'ARGUS-API9-002': {
    vulnId: 'ARGUS-API9-002',
    owaspCategory: OWASP.API9,
    severity: 'medium',
    title: 'Zombie endpoint',
    description: 'The API description marks the operation deprecated, yet it still receives traffic.',
    remediation: 'Tell the remaining clients, set a sunset date, then retire the operation.',
  },
  'ARGUS-API9-003': {
    vulnId: 'ARGUS-API9-003',
    owaspCategory: OWASP.API9,
    severity: 'low',
    title: 'Old API version alongside a newer one',
    description: 'An older version of this endpoint is still served while a newer version exists.',
    remediation:
      'Plan the retirement of old versions and make sure they get the same security fixes until then.',
  },
} satisfies Record<string, CheckDef>;

export type VulnId = keyof typeof CHECKS;

interface FindingOptions {
  /** Short stable text naming what triggered it (the storage dedupe key). */
  subject?: string | undefined;
  severity?: Severity;
  confidence: Confidence;
  evidence: Evidence[];
}

const finding = (id: VulnId, o: FindingOptions): Vulnerability => {
  const def = CHECKS[id] as CheckDef;
  return {
    ...def,
    severity: o.severity ?? def.severity,
    ...(o.subject ? { subject: o.subject } : {}),
    confidence: o.confidence,
    evidence: o.evidence,
  };
};

/** First/last seen of the endpoint's traffic, when it has times. */
function seenOf(ep: EndpointAggregate): Pick<Evidence, 'firstSeen' | 'lastSeen'> {
  return {
    ...(ep.firstSeen !== null ? { firstSeen: ep.firstSeen } : {}),
    ...(ep.lastSeen !== null ? { lastSeen: ep.lastSeen } : {}),
  };
}

/** Evidence about the operation itself: its path (and spec pointer when declared). */
function operationEvidence(ep: EndpointAggregate, rule: string, detail: string): Evidence {
  return {
    side: 'request',
    part: 'path',
    field: ep.normalizedPath,
    ...(ep.spec?.pointer ? { pointer: ep.spec.pointer } : {}),
    rule,
    detail,
    ...seenOf(ep),
  };
}

/** The PII finding's own evidence, or one rebuilt from its location and field. */
function piiEvidence(ep: EndpointAggregate, p: PiiFinding, rule: string): Evidence {
  if (p.evidence) return { ...p.evidence, rule: `${rule}; ${p.evidence.rule}` };
  const [where, part] = p.location.split('.') as [string, string];
  const side = where === 'request' || where === 'response' ? where : undefined;
  return {
    ...(side ? { side } : {}),
    ...(side && (part === 'path' || part === 'query' || part === 'header' || part === 'body')
      ? { part }
      : {}),
    ...(p.field ? { field: p.field } : {}),
    rule: `${rule}; pii:${p.type} by ${p.by}`,
    ...(where === 'request' || where === 'response' ? seenOf(ep) : {}),
  };
}

/** How the endpoint answered requests without credentials, in words. */
function unauthenticatedDetail(ep: EndpointAggregate, successes: number): string {
  const none = ep.auth['none'] ?? 0;
  return none > 0
    ? `${none} request(s) without credentials; ${successes} of all requests answered 2xx/3xx`
    : ep.spec?.security === 'public'
      ? 'the API description declares no security for this operation'
      : 'no credentials seen';
}

export interface CheckContext {
  /** The domain has an OpenAPI description (so traffic outside it is shadow traffic). */
  domainHasSpec?: boolean;
  /** The newest version of each endpoint of the domain (indexVersions), for the old-version check. */
  versions?: VersionIndex;
}

/** The newest version of each versioned endpoint, by method and path around its version segment. */
export type VersionIndex = ReadonlyMap<string, { version: number; normalizedPath: string }>;

const VERSION_SEGMENT = /^v(\d+)$/i;

/** The key of an endpoint's path with its first `v<N>` segment left out, and N; null without one. */
function versionShape(method: string, segments: readonly string[]): { key: string; version: number } | null {
  const at = segments.findIndex((s) => VERSION_SEGMENT.test(s));
  if (at < 0) return null;
  return {
    key: `${method}\n${segments.slice(0, at).join('/')}\n${segments.slice(at + 1).join('/')}`,
    version: Number(VERSION_SEGMENT.exec(segments[at]!)![1]),
  };
}

/**
 * Indexes a domain's endpoints by shape once, so each endpoint's old-version
 * check is one lookup: comparing every endpoint with every other froze the
 * server on a 10k-path spec (10^8 path splits).
 */
export function indexVersions(
  endpoints: readonly { method: string; normalizedPath: string }[],
): VersionIndex {
  const index = new Map<string, { version: number; normalizedPath: string }>();
  for (const e of endpoints) {
    const shape = versionShape(e.method, e.normalizedPath.split('/').filter(Boolean));
    if (!shape) continue;
    const newest = index.get(shape.key);
    if (!newest || shape.version > newest.version)
      index.set(shape.key, { version: shape.version, normalizedPath: e.normalizedPath });
  }
  return index;
}

const ADMIN_SEGMENT =
  /^(admin|administrator|internal|debug|_debug|actuator|manage|management|console|phpmyadmin|private|ops|superuser|sudo|backoffice)$/i;
/** Path segments that reset or wipe data (`/createdb`, `/reset-database`, `/db/drop`, `/purge`). */
const RESET_SEGMENT =
  /^(?:(?:create|drop|reset|init|seed|wipe|purge|truncate|flush|recreate|rebuild)[-_]?(?:db|database|data|tables?|schema|all)|(?:db|database)[-_]?(?:create|drop|reset|init|seed|wipe|purge)|wipe|purge|truncate|flushall|factory[-_]?reset)$/i;
const FLOW =
  /(^|\/)(login|signin|sign-in|signup|sign-up|register|password|reset-password|forgot-password|otp|mfa|verify|checkout|payment|payments|purchase|orders?|transfers?|coupons?|redeem|vote|invite|token)(\/|$)/i;
const URL_PARAM =
  /^(url|uri|callback|callback_url|callbackurl|webhook|webhook_url|webhookurl|redirect|redirect_uri|redirecturi|redirect_url|return_url|returnurl|return_to|next|target|dest|destination|image_url|imageurl|feed|link|src|source_url|endpoint|proxy|fetch)$/i;
const PAGING =
  /^(limit|page|per_page|perpage|page_size|pagesize|size|offset|cursor|after|before|max|maxresults|max_results|top|skip|first|last|count|pagetoken|page_token)$/i;
const CREDENTIAL_PARAM =
  /^(api[_-]?key|apikey|access[_-]?token|token|auth|password|passwd|secret|client_secret|key|session|sessionid|jwt)$/i;
const MASS_ASSIGN =
  /(^|\.)(role|roles|is_?admin|admin|permissions?|privileges?|is_?verified|verified|balance|credit|owner_?id|user_?type|account_?type|is_?staff|is_?superuser|scopes?|group_?id|tenant_?id|plan|approved)$/i;
const VERBOSE =
  /(\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|Traceback \(most recent call last\)|Exception in thread|\bjava\.[a-z]+\.[A-Z]\w+(Exception|Error)|System\.[A-Z]\w+Exception|SQLSTATE\[|\bORA-\d{5}\b|You have an error in your SQL syntax|PG::[A-Z]\w+|\bstack"\s*:\s*"|\/(home|var|usr|srv)\/[\w./-]+\.(py|rb|js|ts|php|java|go):\d+|\.php on line \d+|DEBUG = True)/;
const VERSION_HEADER = /\d+\.\d+/;

function hasRateLimitHeaders(h: Record<string, string>): boolean {
  return Object.keys(h).some(
    (k) =>
      k.startsWith('x-ratelimit') ||
      k.startsWith('ratelimit') ||
      k === 'retry-after' ||
      k.startsWith('x-rate-limit'),
  );
}

const isLocalHost = (d: string) =>
  d === '' ||
  d === 'localhost' ||
  d.startsWith('127.') ||
  d.startsWith('localhost:') ||
  d.endsWith('.local') ||
  d.endsWith('.internal');

/**
 * Requests without credentials were all refused: there were at least as many 401/403
 * answers as unauthenticated requests. (The aggregate counts auth and status apart, so
 * this is the reading that does not accuse an API that answers 401 as it should.)
 */
export function unauthenticatedRefused(ep: Pick<EndpointAggregate, 'auth' | 'statusCounts'>): boolean {
  const none = ep.auth['none'] ?? 0;
  const denied = (ep.statusCounts['401'] ?? 0) + (ep.statusCounts['403'] ?? 0);
  return none > 0 && denied >= none;
}

/** Passive checks for one endpoint. Deterministic, no I/O. */
export function checkEndpoint(ep: EndpointAggregate, context: CheckContext = {}): Vulnerability[] {
  // Passive checks need evidence of a working endpoint: a path that only answered 404s
  // (a scanner's probe) has no "administrative path without authentication" to report.
  if (!ep.spec && ep.requestCount > 0 && !answered(ep.statusCounts)) return [];
  const out: Vulnerability[] = [];
  const auth = authSummary(ep);
  const segments = ep.normalizedPath.split('/').filter(Boolean);
  const hasIdParam = segments.some((s) => s.startsWith('{'));
  const specParams = ep.spec?.parameters ?? [];
  const queryNames = [...ep.queryParams, ...specParams.filter((p) => p.in === 'query').map((p) => p.name)];
  const successes = Object.entries(ep.statusCounts).reduce(
    (n, [code, c]) => (code.startsWith('2') || code.startsWith('3') ? n + c : n),
    0,
  );
  const answeredUnauthenticated =
    (ep.auth['none'] ?? 0) > 0 &&
    (successes > 0 || ep.statusCounts['-'] !== undefined) &&
    !unauthenticatedRefused(ep);
  const declaredPublic = ep.spec?.security === 'public';
  const openAccess =
    answeredUnauthenticated ||
    (ep.requestCount === 0 && declaredPublic) ||
    (declaredPublic && auth !== 'required');
  const state = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ep.method);
  const headersKnown = Object.keys(ep.responseHeaders).length > 0;
  const rh = ep.responseHeaders;

  const R = (id: VulnId, what: string) => `${id}:${what}`;
  const unauthDetail = unauthenticatedDetail(ep, successes);
  // API1
  if (hasIdParam && openAccess && auth !== 'required') {
    const idParam = segments.find((s) => s.startsWith('{')) as string;
    out.push(
      finding('ARGUS-API1-001', {
        subject: ep.normalizedPath,
        confidence: answeredUnauthenticated ? 'high' : 'medium',
        evidence: [
          {
            ...operationEvidence(ep, R('ARGUS-API1-001', 'object-id-without-auth'), unauthDetail),
            field: idParam,
          },
        ],
      }),
    );
  }
  // API2
  if (answeredUnauthenticated && (ep.spec?.security === 'required' || (state && !declaredPublic))) {
    const specRequires = ep.spec?.security === 'required';
    out.push(
      finding('ARGUS-API2-001', {
        subject: specRequires ? 'spec requires credentials' : `${ep.method} without credentials`,
        severity: specRequires || ep.method === 'DELETE' || ep.method === 'PUT' ? 'critical' : 'high',
        confidence: 'high',
        evidence: [
          {
            side: 'request',
            part: 'auth',
            rule: R('ARGUS-API2-001', specRequires ? 'spec-requires-auth' : 'state-change-without-auth'),
            detail: `${ep.method}: ${unauthDetail}${specRequires ? ' although the API description requires credentials' : ''}`,
            ...(ep.spec?.pointer ? { pointer: ep.spec.pointer } : {}),
            ...seenOf(ep),
          },
        ],
      }),
    );
  }
  const credParams = queryNames.filter((n) => CREDENTIAL_PARAM.test(n));
  if ((ep.auth['query_key'] ?? 0) > 0 || credParams.length > 0)
    out.push(
      finding('ARGUS-API2-002', {
        subject: credParams[0] ?? 'query credential',
        confidence: 'high',
        evidence: [
          {
            side: 'request',
            part: 'query',
            ...(credParams[0] ? { field: credParams[0] } : {}),
            rule: R('ARGUS-API2-002', 'credential-query-parameter'),
            detail:
              (ep.auth['query_key'] ?? 0) > 0
                ? `${ep.auth['query_key']} request(s) carried a credential in the query string`
                : `query parameter ${credParams.join(', ')} names a credential`,
            ...seenOf(ep),
          },
        ],
      }),
    );
  if ((ep.auth['basic'] ?? 0) > 0 && (ep.schemes['http'] ?? 0) > 0)
    out.push(
      finding('ARGUS-API2-003', {
        confidence: 'high',
        evidence: [
          {
            side: 'request',
            part: 'scheme',
            rule: R('ARGUS-API2-003', 'basic-over-http'),
            detail: `${ep.auth['basic']} Basic-authenticated request(s); ${ep.schemes['http']} over http`,
            ...seenOf(ep),
          },
        ],
      }),
    );
  // API3
  const responsePii = ep.pii.filter(
    (p) => (p.location.startsWith('response') || p.location === 'spec.response') && SENSITIVE_PII.has(p.type),
  );
  if (responsePii.length > 0)
    out.push(
      finding('ARGUS-API3-001', {
        subject: [...new Set(responsePii.map((p) => p.type))].join(', '),
        // Declared in a response schema but never seen: worth a look, not yet a leak.
        severity: responsePii.some((p) => p.location !== 'spec.response') ? 'high' : 'medium',
        confidence: responsePii.some((p) => p.by === 'value') ? 'high' : 'medium',
        evidence: responsePii
          .slice(0, 10)
          .map((p) => piiEvidence(ep, p, R('ARGUS-API3-001', 'sensitive-pii'))),
      }),
    );
  const urlPii = ep.pii.filter(
    (p) =>
      (p.location === 'request.path' ||
        p.location === 'request.query' ||
        (p.location === 'spec.parameter' && /^(query|path)\./.test(p.field ?? ''))) &&
      p.type !== 'ip_address',
  );
  if (urlPii.length > 0)
    out.push(
      finding('ARGUS-API3-002', {
        subject: [...new Set(urlPii.map((p) => p.type))].join(', '),
        severity: urlPii.some((p) => SENSITIVE_PII.has(p.type) || p.type === 'password') ? 'high' : 'medium',
        confidence: urlPii.some((p) => p.by === 'value') ? 'high' : 'medium',
        evidence: urlPii.slice(0, 10).map((p) => piiEvidence(ep, p, R('ARGUS-API3-002', 'pii-in-url'))),
      }),
    );
  const massFields = [...new Set([...(ep.spec?.requestFields ?? []), ...(ep.requestFields ?? [])])].filter(
    (f) => MASS_ASSIGN.test(f),
  );
  if (state && massFields.length > 0)
    out.push(
      finding('ARGUS-API3-003', {
        subject: massFields.slice(0, 5).join(', '),
        confidence: 'medium',
        evidence: massFields.slice(0, 5).map((f) => ({
          side: 'request' as const,
          part: 'body' as const,
          field: f,
          ...(ep.spec?.pointer && ep.spec.requestFields.includes(f)
            ? { pointer: `${ep.spec.pointer}/requestBody` }
            : {}),
          rule: R('ARGUS-API3-003', 'privileged-field-name'),
          detail: `${ep.method} accepts the field ${f}`,
        })),
      }),
    );
  // API4
  const last = segments[segments.length - 1] ?? '';
  const collection = ep.method === 'GET' && last !== '' && !last.startsWith('{');
  const returnsArray =
    (ep.responseSample?.trimStart().startsWith('[') ?? false) ||
    (ep.spec?.responseFields.length
      ? ep.spec.responseFields.every((f) => f.startsWith('[]') || f === '')
      : false);
  const specArray =
    ep.spec !== undefined &&
    ep.spec.responseFields.length > 0 &&
    ep.spec.responseFields.some((f) => f.startsWith('[]'));
  if (collection && (returnsArray || specArray) && !queryNames.some((n) => PAGING.test(n)))
    out.push(
      finding('ARGUS-API4-001', {
        subject: ep.normalizedPath,
        confidence: 'medium',
        evidence: [
          operationEvidence(
            ep,
            R('ARGUS-API4-001', 'array-without-paging'),
            `returns an array; no paging parameter among ${queryNames.length ? queryNames.slice(0, 8).join(', ') : 'its (no) query parameters'}`,
          ),
        ],
      }),
    );
  if (headersKnown && !hasRateLimitHeaders(rh))
    out.push(
      finding('ARGUS-API4-002', {
        confidence: 'medium',
        evidence: [
          {
            side: 'response',
            part: 'header',
            rule: R('ARGUS-API4-002', 'no-ratelimit-headers'),
            detail: `no RateLimit, X-RateLimit or Retry-After among ${Object.keys(rh).length} response headers`,
            ...seenOf(ep),
          },
        ],
      }),
    );
  // API5
  const adminSeg = segments.find((s) => ADMIN_SEGMENT.test(s));
  if (adminSeg && auth !== 'required' && (answeredUnauthenticated || declaredPublic || auth === 'unknown')) {
    out.push(
      finding('ARGUS-API5-001', {
        subject: adminSeg,
        severity: answeredUnauthenticated ? 'critical' : 'high',
        confidence: answeredUnauthenticated ? 'high' : 'medium',
        evidence: [
          {
            ...operationEvidence(ep, R('ARGUS-API5-001', 'admin-path-without-auth'), unauthDetail),
            field: adminSeg,
          },
        ],
      }),
    );
  }
  const reset = segments.find((s) => !s.startsWith('{') && RESET_SEGMENT.test(s));
  if (reset && auth !== 'required' && (answeredUnauthenticated || declaredPublic)) {
    out.push(
      finding('ARGUS-API5-002', {
        subject: reset,
        confidence: answeredUnauthenticated ? 'high' : 'medium',
        evidence: [
          {
            ...operationEvidence(ep, R('ARGUS-API5-002', 'reset-path-without-auth'), unauthDetail),
            field: reset,
          },
        ],
      }),
    );
  }
  // API6
  if (
    FLOW.test(ep.normalizedPath) &&
    (state || /login|signin|token|otp/i.test(ep.normalizedPath)) &&
    !hasRateLimitHeaders(rh)
  ) {
    out.push(
      finding('ARGUS-API6-001', {
        subject: ep.normalizedPath,
        confidence: headersKnown ? 'medium' : 'low',
        evidence: [
          operationEvidence(
            ep,
            R('ARGUS-API6-001', 'business-flow-without-ratelimit'),
            headersKnown
              ? 'a sensitive flow; responses carry no rate-limit headers'
              : 'a sensitive flow; no response headers seen',
          ),
        ],
      }),
    );
  }
  // API7
  const urlParams = [
    ...queryNames.filter((n) => URL_PARAM.test(n)),
    ...specParams.filter((p) => p.format === 'uri' || p.format === 'url').map((p) => p.name),
    ...(ep.spec?.requestFields ?? []).filter((f) => URL_PARAM.test(f.split('.').pop() ?? '')),
  ];
  if (urlParams.length > 0) {
    const names = [...new Set(urlParams)].slice(0, 5);
    out.push(
      finding('ARGUS-API7-001', {
        subject: names.join(', '),
        confidence: 'medium',
        evidence: names.map((n) => ({
          side: 'request' as const,
          part: ep.spec?.requestFields.includes(n) ? ('body' as const) : ('query' as const),
          field: n,
          rule: R('ARGUS-API7-001', 'url-valued-parameter'),
          detail: `the client passes a URL in ${n}`,
        })),
      }),
    );
  }
  // API8
  const plainHttp =
    (ep.schemes['http'] ?? 0) > 0 ||
    (ep.requestCount === 0 &&
      (ep.spec?.servers ?? []).some((s) => s.startsWith('http://')) &&
      !(ep.spec?.servers ?? []).some((s) => s.startsWith('https://')));
  if (plainHttp && !isLocalHost(ep.domain))
    out.push(
      finding('ARGUS-API8-001', {
        severity: ep.pii.length > 0 || auth === 'required' ? 'high' : 'medium',
        confidence: (ep.schemes['http'] ?? 0) > 0 ? 'high' : 'medium',
        evidence: [
          {
            side: 'request',
            part: 'scheme',
            rule: R('ARGUS-API8-001', 'plain-http'),
            detail:
              (ep.schemes['http'] ?? 0) > 0
                ? `${ep.schemes['http']} request(s) over http`
                : `the API description's servers are http only: ${(ep.spec?.servers ?? []).slice(0, 2).join(', ')}`,
            ...seenOf(ep),
          },
        ],
      }),
    );
  if (headersKnown) {
    const missing: string[] = [];
    if ((ep.schemes['https'] ?? 0) > 0 && !rh['strict-transport-security'])
      missing.push('Strict-Transport-Security');
    if (!rh['x-content-type-options']) missing.push('X-Content-Type-Options');
    const headerEvidence = (field: string, rule: string, detail: string): Evidence => ({
      side: 'response',
      part: 'header',
      field,
      rule,
      detail,
      ...seenOf(ep),
    });
    if (missing.length > 0)
      out.push(
        finding('ARGUS-API8-002', {
          subject: missing.join(', '),
          confidence: 'high',
          evidence: missing.map((h) =>
            headerEvidence(h.toLowerCase(), R('ARGUS-API8-002', 'missing-header'), `${h} absent`),
          ),
        }),
      );
    const acao = rh['access-control-allow-origin'];
    const reflected = acao !== undefined && acao !== 'null' && acao === ep.requestHeaders['origin'];
    if (rh['access-control-allow-credentials']?.toLowerCase() === 'true' && (acao === '*' || reflected)) {
      out.push(
        finding('ARGUS-API8-003', {
          subject: `Access-Control-Allow-Origin: ${acao}`,
          confidence: 'high',
          evidence: [
            headerEvidence(
              'access-control-allow-origin',
              R('ARGUS-API8-003', reflected ? 'reflected-origin' : 'wildcard-origin'),
              `Access-Control-Allow-Origin: ${reflected ? '(the request Origin, reflected)' : acao} with Access-Control-Allow-Credentials: true`,
            ),
          ],
        }),
      );
    }
    const disclosing = [
      'server',
      'x-powered-by',
      'x-aspnet-version',
      'x-aspnetmvc-version',
      'x-generator',
    ].filter((h) => rh[h] && (h !== 'server' || VERSION_HEADER.test(rh[h] as string)));
    if (disclosing.length > 0)
      out.push(
        finding('ARGUS-API8-005', {
          subject: disclosing.map((h) => `${h}: ${rh[h]}`).join('; '),
          confidence: 'high',
          evidence: disclosing.map((h) =>
            headerEvidence(
              h,
              R('ARGUS-API8-005', 'version-header'),
              `${h}: ${(rh[h] as string).slice(0, 80)}`,
            ),
          ),
        }),
      );
  }
  const verbose = ep.errorSample ? VERBOSE.exec(ep.errorSample) : null;
  if (verbose)
    out.push(
      finding('ARGUS-API8-004', {
        subject: verbose[0].slice(0, 80),
        confidence: 'high',
        evidence: [
          {
            side: 'response',
            part: 'body',
            rule: R('ARGUS-API8-004', 'stack-trace-or-sql-error'),
            sample: verbose[0].slice(0, 80),
            detail: 'an error response body shows internals',
            ...seenOf(ep),
          },
        ],
      }),
    );
  // API9
  if (context.domainHasSpec && ep.requestCount > 0 && (!ep.spec || ep.spec.source !== 'openapi'))
    out.push(
      finding('ARGUS-API9-001', {
        subject: ep.sources.join(', '),
        confidence: 'medium',
        evidence: [
          operationEvidence(
            ep,
            R('ARGUS-API9-001', 'traffic-outside-spec'),
            `${ep.requestCount} request(s) from ${ep.sources.join(', ')}; not in the domain's API description`,
          ),
        ],
      }),
    );
  if (ep.spec?.deprecated && ep.requestCount > 0)
    out.push(
      finding('ARGUS-API9-002', {
        subject: `${ep.requestCount} requests`,
        confidence: 'high',
        evidence: [
          operationEvidence(
            ep,
            R('ARGUS-API9-002', 'deprecated-with-traffic'),
            `deprecated in the API description; ${ep.requestCount} request(s) seen`,
          ),
        ],
      }),
    );
  const shape = context.versions ? versionShape(ep.method, segments) : null;
  const newest = shape ? context.versions?.get(shape.key) : undefined;
  if (shape && newest && newest.version > shape.version)
    out.push(
      finding('ARGUS-API9-003', {
        subject: newest.normalizedPath,
        confidence: 'medium',
        evidence: [
          operationEvidence(
            ep,
            R('ARGUS-API9-003', 'newer-version'),
            `newer: ${ep.method} ${newest.normalizedPath}`,
          ),
        ],
      }),
    );
  return out;
}

/** Run the passive checks over a whole inventory (computes each domain's context). */
export function checkInventory(
  endpoints: readonly EndpointAggregate[],
): Map<EndpointAggregate, Vulnerability[]> {
  const byDomain = new Map<string, EndpointAggregate[]>();
  for (const e of endpoints) {
    const list = byDomain.get(e.domain) ?? [];
    list.push(e);
    byDomain.set(e.domain, list);
  }
  const out = new Map<EndpointAggregate, Vulnerability[]>();
  for (const list of byDomain.values()) {
    const domainHasSpec = list.some((e) => e.spec?.source === 'openapi');
    const versions = indexVersions(list);
    for (const e of list) out.set(e, checkEndpoint(e, { domainHasSpec, versions }));
  }
  return out;
}
