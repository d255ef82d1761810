// What the passive checks read about one endpoint, computed once: how it answered
// requests without credentials, what the API description declares, its path segments.
import { answered } from '../traffic.js';
import type { Evidence, PiiFinding } from '../types.js';
import { authSummary, type EndpointAggregate } from '../inventory.js';
import type { VersionIndex } from './versions.js';

export interface CheckContext {
  /** The domain has an OpenAPI description (so traffic outside it is shadow traffic). */
  domainHasSpec?: boolean;
  /** The newest version of each endpoint of the domain (indexVersions), for the old-version check. */
  versions?: VersionIndex;
}

export interface EndpointFacts {
  ep: EndpointAggregate;
  context: CheckContext;
  auth: ReturnType<typeof authSummary>;
  segments: string[];
  hasIdParam: boolean;
  specParams: NonNullable<EndpointAggregate['spec']>['parameters'];
  /** Query parameter names seen in traffic and declared. */
  queryNames: string[];
  /** Requests answered 2xx/3xx. */
  successes: number;
  /** Requests that carried credentials (any scheme). */
  withCredentials: number;
  /**
   * Some request without credentials was answered: more 2xx/3xx answers than requests
   * with credentials (the aggregate counts auth and status apart, so this is the reading
   * that never contradicts its own evidence), or statuses unknown and no credentials seen.
   */
  answeredUnauthenticated: boolean;
  /** The API description declares no security for the operation. */
  declaredPublic: boolean;
  /** Anyone may call it: answered without credentials, or declared public and not seen refusing. */
  openAccess: boolean;
  /** POST, PUT, PATCH or DELETE. */
  state: boolean;
  headersKnown: boolean;
  /** Response headers (latest sample). */
  rh: Record<string, string>;
  /** How it answered requests without credentials, in words. */
  unauthDetail: string;
}

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

export function factsOf(ep: EndpointAggregate, context: CheckContext): EndpointFacts {
  const auth = authSummary(ep);
  const segments = ep.normalizedPath.split('/').filter(Boolean);
  const specParams = ep.spec?.parameters ?? [];
  const successes = Object.entries(ep.statusCounts).reduce(
    (n, [code, c]) => (code.startsWith('2') || code.startsWith('3') ? n + c : n),
    0,
  );
  let withCredentials = 0;
  for (const [k, n] of Object.entries(ep.auth)) if (k !== 'none' && k !== 'unknown') withCredentials += n;
  const none = ep.auth['none'] ?? 0;
  const unknownStatus = ep.statusCounts['-'] ?? 0;
  const answeredUnauthenticated =
    none > 0 &&
    (successes > withCredentials || (withCredentials === 0 && unknownStatus > 0)) &&
    !unauthenticatedRefused(ep);
  const declaredPublic = ep.spec?.security === 'public';
  const detail =
    none > 0
      ? `${none} request(s) without credentials${withCredentials > 0 ? `, ${withCredentials} with` : ''}; ${successes} of all requests answered 2xx/3xx`
      : declaredPublic
        ? 'the API description declares no security for this operation'
        : 'no credentials seen';
  return {
    ep,
    context,
    auth,
    segments,
    hasIdParam: segments.some((s) => s.startsWith('{')),
    specParams,
    queryNames: [...ep.queryParams, ...specParams.filter((p) => p.in === 'query').map((p) => p.name)],
    successes,
    withCredentials,
    answeredUnauthenticated,
    declaredPublic,
    openAccess:
      answeredUnauthenticated ||
      (ep.requestCount === 0 && declaredPublic) ||
      (declaredPublic && auth !== 'required'),
    state: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(ep.method),
    headersKnown: Object.keys(ep.responseHeaders).length > 0,
    rh: ep.responseHeaders,
    unauthDetail: detail,
  };
}

/** Passive checks need evidence of a working endpoint: a path that only answered 404s has none. */
export const worthChecking = (ep: EndpointAggregate): boolean =>
  !!ep.spec || ep.requestCount === 0 || answered(ep.statusCounts);

/** First/last seen of the endpoint's traffic, when it has times. */
export function seenOf(ep: EndpointAggregate): Pick<Evidence, 'firstSeen' | 'lastSeen'> {
  return {
    ...(ep.firstSeen !== null ? { firstSeen: ep.firstSeen } : {}),
    ...(ep.lastSeen !== null ? { lastSeen: ep.lastSeen } : {}),
  };
}

/** Evidence about the operation itself: its path (and spec pointer when declared). */
export function operationEvidence(ep: EndpointAggregate, rule: string, detail: string): Evidence {
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
export function piiEvidence(ep: EndpointAggregate, p: PiiFinding, rule: string): Evidence {
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
    ...(side ? seenOf(ep) : {}),
  };
}

/** Response headers announce a rate limit. */
export function hasRateLimitHeaders(h: Record<string, string>): boolean {
  return Object.keys(h).some(
    (k) =>
      k.startsWith('x-ratelimit') ||
      k.startsWith('ratelimit') ||
      k === 'retry-after' ||
      k.startsWith('x-rate-limit'),
  );
}

export const isLocalHost = (d: string) =>
  d === '' ||
  d === 'localhost' ||
  d.startsWith('127.') ||
  d.startsWith('localhost:') ||
  d.endsWith('.local') ||
  d.endsWith('.internal');

/** Query parameter names that carry credentials. */
export const CREDENTIAL_PARAM =
  /^(api[_-]?key|apikey|access[_-]?token|token|auth|password|passwd|secret|client_secret|key|session|sessionid|jwt)$/i;
