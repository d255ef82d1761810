// Run Scan (spec sections 4 and 7): seven sample requests through the capture
// path seed endpoints, then up to 20 endpoints are rescanned in parallel.
import { endpointListSchema } from './entities.js';
import { apiRequest, apiUrl } from './fetcher.js';
import { paths } from './paths.js';

export const SCAN_SAMPLE_HOST = 'api.example.com';
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

/** Runs the whole flow; returns how many endpoints were rescanned successfully. Throws only when listing fails. */
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
  return outcomes.filter((o) => o.status === 'fulfilled').length;
}
