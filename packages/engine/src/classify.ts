// Endpoint classification: one label for the UI plus the two dimensions behind it.
import ipaddr from 'ipaddr.js';
import { SENSITIVE_PII } from './types.js';
import { authSummary, type EndpointAggregate } from './inventory.js';

/** Who can reach it. */
export type AccessClass = 'admin' | 'internal' | 'public' | 'authenticated' | 'unknown';
/** What data it handles. */
export type DataClass = 'sensitive' | 'pii' | 'none';

export interface Classification {
  /**
   * The label shown in the UI, the first that applies: `admin` (admin/internal/debug
   * function), `sensitive` (government ids, cards, passwords, bank data), `pii` (other
   * personal data), `internal` (private/loopback host), `public` (no credentials seen or
   * required), `authenticated`, `unknown`.
   */
  classification: 'admin' | 'sensitive' | 'pii' | 'internal' | 'public' | 'authenticated' | 'unknown';
  access: AccessClass;
  data: DataClass;
}

const ADMIN =
  /(^|\/)(admin|administrator|internal|debug|_debug|actuator|manage|management|console|backoffice|superuser)(\/|$)/i;

/** True for hosts that are not reachable from the internet (localhost, private IPs, .local/.internal). */
export function isInternalHost(domain: string): boolean {
  const host = domain.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (
    host === '' ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host.endsWith('.lan') ||
    host.endsWith('.corp')
  )
    return true;
  if (ipaddr.isValid(host)) return ipaddr.parse(host).range() !== 'unicast';
  return !host.includes('.');
}

export function classifyEndpoint(
  ep: Pick<EndpointAggregate, 'domain' | 'normalizedPath' | 'pii' | 'auth' | 'spec'>,
): Classification {
  const types = new Set(ep.pii.map((p) => p.type));
  const data: DataClass = [...types].some((t) => SENSITIVE_PII.has(t))
    ? 'sensitive'
    : types.size > 0
      ? 'pii'
      : 'none';
  const auth = authSummary(ep);
  let access: AccessClass;
  if (ADMIN.test(ep.normalizedPath)) access = 'admin';
  else if (isInternalHost(ep.domain)) access = 'internal';
  else if (auth === 'none' || auth === 'mixed') access = 'public';
  else if (auth === 'required') access = 'authenticated';
  else access = 'unknown';
  const classification: Classification['classification'] =
    access === 'admin' ? 'admin' : data !== 'none' ? data : access;
  return { classification, access, data };
}
