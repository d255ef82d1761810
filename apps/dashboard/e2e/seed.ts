// Traffic the read-only scenarios look at, seeded through the API: Run Scan's
// sample requests with personal data through the capture path, sent for a real
// host (the sample domain's traffic does not count everywhere), then a rescan of
// every endpoint they produced (vulnerabilities, alerts).
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { SCAN_SAMPLE_REQUESTS, endpointListSchema, type EndpointSummary } from '@argus/api';

/** Seeds `host` with `request` (an analyst's or admin's session) on the server at `baseUrl`; returns its endpoints. */
export async function seedSampleTraffic(
  request: APIRequestContext,
  baseUrl: string,
  host: string,
): Promise<EndpointSummary[]> {
  for (const { method, path: samplePath, body } of SCAN_SAMPLE_REQUESTS) {
    const res = await request.fetch(`${baseUrl}/gateway/${samplePath}`, {
      method,
      // What the dashboard's own pages send; a session capture from anywhere else is refused.
      headers: { 'x-forwarded-host': host, 'sec-fetch-site': 'same-origin' },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(res.status(), `${method} /gateway/${samplePath}`).toBe(202);
  }
  // Analysis follows the capture in the background.
  const listed = async () =>
    endpointListSchema.parse(await (await request.get(`${baseUrl}/api/v1/endpoints?domain=${host}`)).json())
      .endpoints;
  let endpoints = await listed();
  for (let waited = 0; endpoints.length === 0 && waited < 30_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    endpoints = await listed();
  }
  expect(endpoints.length).toBeGreaterThan(0);
  for (const endpoint of endpoints) {
    const res = await request.post(`${baseUrl}/api/v1/endpoints/${endpoint.id}/rescan`);
    expect(res.status()).toBe(200);
  }
  return endpoints;
}
