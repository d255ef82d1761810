// What alerting makes of the lockfile diff of an endpoint (findings.ts `changes`):
// an authentication regression is a finding a `vulnerability_detected` rule reads,
// its alert text the before/after evidence; a new PII type's alert names where it is.
import { AUTH_REGRESSION, piiPlaceText, regressionFinding, type LiveChange } from '@argus/engine';
import type { EndpointFindings } from '../findings.js';

/** New places a PII alert names before it counts the rest. */
const PLACES_LISTED = 5;

const regressionOf = (endpoint: Pick<EndpointFindings, 'changes'>) =>
  endpoint.changes.find((c) => c.kind === 'auth-regression');

/** The endpoint's findings as a vulnerability rule sees them: an authentication regression included. */
export function withRegression(endpoint: EndpointFindings): EndpointFindings['vulnerabilities'] {
  const regression = regressionOf(endpoint);
  return regression ? [...endpoint.vulnerabilities, regressionFinding(regression)] : endpoint.vulnerabilities;
}

/** The alert text of a vulnerability finding when it is a regression ("GET /x needed credentials …"), else null. */
export function regressionText(endpoint: EndpointFindings, finding: string): string | null {
  if (finding !== AUTH_REGRESSION) return null;
  const regression = regressionOf(endpoint);
  return regression ? `${regression.message}.` : null;
}

/** Where the new PII types of `types` are: "New: email in the response body at owner.contact." or ''. */
export function newPiiPlaces(endpoint: Pick<EndpointFindings, 'changes'>, types: readonly string[]): string {
  const places = endpoint.changes
    .filter((c): c is Extract<LiveChange, { kind: 'new-pii' }> => c.kind === 'new-pii')
    .filter((c) => types.includes(c.after.type))
    .map((c) => piiPlaceText(c.after));
  if (places.length === 0) return '';
  const more = places.length > PLACES_LISTED ? ` and ${places.length - PLACES_LISTED} more` : '';
  return `New: ${places.slice(0, PLACES_LISTED).join('; ')}${more}.`;
}
