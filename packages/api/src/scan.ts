// Run Scan (spec sections 4 and 7): seven sample requests through the capture
// path seed endpoints, then up to 20 endpoints are rescanned in parallel. The
// sample traffic lands in the sample domain, which the server keeps out of
// alerts, notifications, metrics and rankings; then every domain with active
// discovery sources is scanned, so "Scan Completed" speaks of the user's APIs.
import { endpointListSchema, scanAllResultSchema } from './entities.js';
import { apiRequest, apiUrl } from './fetcher.js';
import { paths } from './paths.js';

/** The sample domain: `.example` is reserved (RFC 2606), so it never names a real API. */
export const SCAN_SAMPLE_HOST = 'sample.argus.example';

/** Whether a domain is Run Scan's sample domain (badged "Sample", counted nowhere). */
export const isSampleDomain = (name: string | null | undefined): boolean =>
  name?.toLowerCase() === SCAN_SAMPLE_HOST;
export const SCAN_ENDPOINT_LIMIT = 20;
export const SCAN_SEED_PAUSE_MS = 1000;

export interface SampleRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Realistic sample traffic carrying personal data, so detection has something to find. */
export const SCAN_SAMPLE_REQUESTS: readonly SampleRequest[] = [
  {
    method: 'POST',
    path: 'api/v1/users',
    body: {
      firstName: 'Maria',
      lastName: 'Garcia',
      email: 'maria.garcia@example.com',
      phone: '+1 415 555 0132',
      dateOfBirth: '1987-03-14',
      ssn: '536-22-8714',
    },
  },
  { method: 'GET', path: 'api/v1/users/1842?email=maria.garcia@example.com' },
  { method: 'DELETE', path: 'api/v1/users/1842/sessions/5f2b9c1e-8a47-4d3b-9e61-2c7a0d4f8b13' },
  { method: 'GET', path: 'api/v1/orders?limit=50&customer=1842' },
  {
    method: 'PUT',
    path: 'api/v1/users/1842/payment-methods/pm_1Nv7qG2eZvKYlo2C',
    body: {
      cardholder: 'Maria Garcia',
      cardNumber: '4111 1111 1111 1111',
      expiry: '09/28',
      billingZip: '94107',
    },
  },
  { method: 'GET', path: 'api/v1/admin/debug/config' },
  {
    method: 'POST',
    path: 'api/v1/payments',
    body: {
      orderId: 98231,
      amount: 129.99,
      currency: 'USD',
      card_number: '5555555555554444',
      email: 'maria.garcia@example.com',
    },
  },
];

export interface RunScanOptions {
  /** Where each step's outcome is logged (default console). */
  log?: (message: string) => void;
  /** Pause after seeding, in ms (spec: 1 s). */
  pauseMs?: number;
  host?: string;
}

/**
 * Runs the whole flow; returns how many of the user's endpoints were scanned
 * (those of every domain with active sources, plus listed ones rescanned
 * elsewhere; sample endpoints are not counted). Throws when listing fails, the
 * domain scans cannot be started, or every domain scan failed.
 */
export async function runScan(options: RunScanOptions = {}): Promise<number> {
  const {
    log = (m: string) => console.info(m),
    pauseMs = SCAN_SEED_PAUSE_MS,
    host = SCAN_SAMPLE_HOST,
  } = options;
  await Promise.all(
    SCAN_SAMPLE_REQUESTS.map(async ({ method, path, body }) => {
      try {
        const response = await fetch(apiUrl(paths.gateway(path)), {
          method,
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', host, 'X-Forwarded-Host': host },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        log(`${method} /${path}: ${response.status}`);
      } catch (error) {
        log(`${method} /${path}: failed (${String(error)})`);
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const list = await apiRequest(paths.endpoints({ limit: SCAN_ENDPOINT_LIMIT }), {
    schema: endpointListSchema,
  });
  const endpoints = list?.endpoints ?? [];
  const outcomes = await Promise.allSettled(
    endpoints.map((endpoint) => apiRequest(paths.rescanEndpoint(endpoint.id), { method: 'POST' })),
  );
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') log(`rescan ${endpoints[i]?.id}: ${String(outcome.reason)}`);
  });
  const scans = await apiRequest(paths.scanAll(), { method: 'POST', schema: scanAllResultSchema });
  const domains = scans?.domains ?? [];
  for (const d of domains) if (d.error) log(`scan ${d.name}: ${d.error}`);
  if (domains.length > 0 && domains.every((d) => d.error !== null))
    throw new Error(`Every domain scan failed: ${domains.map((d) => `${d.name}: ${d.error}`).join('; ')}`);
  const scanned = new Set(domains.filter((d) => d.error === null).map((d) => d.name));
  const elsewhere = endpoints.filter(
    (e, i) => outcomes[i]?.status === 'fulfilled' && !isSampleDomain(e.domain) && !scanned.has(e.domain),
  ).length;
  return (scans?.endpointsScanned ?? 0) + elsewhere;
}
