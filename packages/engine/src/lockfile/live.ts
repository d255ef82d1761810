// The lockfile diff of one endpoint as the server reads it: its stored aggregate
// against the one an analysis of new traffic or a new import made. Only the changes
// the server alerts on: an authentication regression and PII it did not carry before.
import { OWASP } from '../checks/owasp.js';
import type { EndpointAggregate } from '../inventory.js';
import type { Severity, Vulnerability } from '../types.js';
import { lockEndpointOf } from './build.js';
import { diffEndpoint, type ApiChange } from './diff.js';
import type { LockAuth, LockPii } from './schema.js';

/** What an authentication regression is named as a finding (rule conditions' `vulnIds`). */
export const AUTH_REGRESSION = 'auth-regression';

export type LiveChange =
  | (ApiChange & { kind: 'auth-regression'; severity: Severity; before: LockAuth; after: LockAuth })
  | (ApiChange & { kind: 'new-pii'; severity: Severity; after: LockPii });

/**
 * Authentication regressions and new PII (type, direction and field) of an endpoint
 * from `before` (null: the endpoint is new, so there is no regression) to `after`.
 */
export function liveChanges(before: EndpointAggregate | null, after: EndpointAggregate): LiveChange[] {
  return diffEndpoint(after.domain, before && lockEndpointOf(before), lockEndpointOf(after)).filter(
    (c): c is LiveChange => c.kind === 'auth-regression' || c.kind === 'new-pii',
  );
}

/** An authentication regression as the finding a `vulnerability_detected` rule reads. */
export function regressionFinding(
  change: LiveChange,
): Pick<Vulnerability, 'vulnId' | 'title' | 'severity' | 'owaspCategory'> {
  return {
    vulnId: AUTH_REGRESSION,
    title: 'Authentication regression',
    severity: change.severity,
    owaspCategory: OWASP.API2,
  };
}

/** "email in the response body at owner.contact". */
export function piiPlaceText(p: LockPii): string {
  return `${p.type} in the ${p.direction} ${p.part}${p.field ? ` at ${p.field}` : ''}`;
}
