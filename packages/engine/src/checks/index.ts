// Passive vulnerability checks over an endpoint aggregate (no requests sent). Each check
// is one file: its OWASP API 2023 category, CWE, the evidence it needs and its rule.
import type { Vulnerability } from '../types.js';
import type { EndpointAggregate } from '../inventory.js';
import { findingOf, type CheckDef, type PassiveCheck } from './check.js';
import { factsOf, worthChecking, type CheckContext } from './facts.js';
import { indexVersions } from './versions.js';
import { objectIdWithoutAuth } from './api1-object-id-without-auth.js';
import { principalByKey } from './api1-principal-by-key.js';
import { naturalKey } from './api1-natural-key.js';
import { openUserListing } from './api3-open-user-listing.js';
import { privilegeByKey } from './api5-privilege-by-key.js';
import { destructiveWithoutAuth } from './api5-destructive-without-auth.js';
import { noAuthentication } from './api2-no-auth.js';
import { queryCredentials } from './api2-query-credentials.js';
import { basicOverHttp } from './api2-basic-over-http.js';
import { sensitiveResponse } from './api3-sensitive-response.js';
import { piiInUrl } from './api3-pii-in-url.js';
import { massAssignment } from './api3-mass-assignment.js';
import { unboundedList } from './api4-unbounded-list.js';
import { noRateLimitHeaders } from './api4-no-rate-limit-headers.js';
import { adminWithoutAuth } from './api5-admin-without-auth.js';
import { resetWithoutAuth } from './api5-reset-without-auth.js';
import { flowWithoutRateLimit } from './api6-flow-without-rate-limit.js';
import { urlParameter } from './api7-url-parameter.js';
import { plainHttp } from './api8-plain-http.js';
import { missingSecurityHeaders } from './api8-missing-security-headers.js';
import { permissiveCors } from './api8-permissive-cors.js';
import { versionHeaders } from './api8-version-headers.js';
import { verboseErrors } from './api8-verbose-errors.js';
import { shadowEndpoint } from './api9-shadow-endpoint.js';
import { zombieEndpoint } from './api9-zombie-endpoint.js';
import { oldVersion } from './api9-old-version.js';

export { OWASP, type OwaspId } from './owasp.js';
export { indexVersions, type VersionIndex } from './versions.js';
export { unauthenticatedRefused, type CheckContext } from './facts.js';
export type { CheckDef, PassiveCheck } from './check.js';

/** Every passive check, in the order findings are reported. */
export const PASSIVE_CHECKS = [
  objectIdWithoutAuth,
  principalByKey,
  naturalKey,
  noAuthentication,
  queryCredentials,
  basicOverHttp,
  sensitiveResponse,
  piiInUrl,
  massAssignment,
  openUserListing,
  unboundedList,
  noRateLimitHeaders,
  adminWithoutAuth,
  resetWithoutAuth,
  privilegeByKey,
  destructiveWithoutAuth,
  flowWithoutRateLimit,
  urlParameter,
  plainHttp,
  missingSecurityHeaders,
  permissiveCors,
  versionHeaders,
  verboseErrors,
  shadowEndpoint,
  zombieEndpoint,
  oldVersion,
] as const;

export type VulnId = (typeof PASSIVE_CHECKS)[number]['vulnId'];

/** The catalogue of passive checks, by vulnId (what a finding carries, without the rule). */
export const CHECKS = Object.fromEntries(
  PASSIVE_CHECKS.map(({ run: _run, ...def }) => [def.vulnId, def]),
) as Record<VulnId, CheckDef<VulnId>>;

/** Passive checks for one endpoint. Deterministic, no I/O. */
export function checkEndpoint(ep: EndpointAggregate, context: CheckContext = {}): Vulnerability[] {
  if (!worthChecking(ep)) return [];
  const facts = factsOf(ep, context);
  const out: Vulnerability[] = [];
  for (const check of PASSIVE_CHECKS as readonly PassiveCheck[]) {
    const found = check.run(facts);
    if (found) out.push(findingOf(check, found));
  }
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
