// Guessing the ingest or metrics token: after ten wrong ones from an address,
// every call that takes a token is refused from there (429, Retry-After) for
// the rest of the minute, even with the right token, so a guess cannot be
// confirmed; another address with the right token is not affected. Over real
// HTTP from distinct loopback addresses (127.0.0.x), the fast path included.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, METRICS_TOKEN, type TestApp } from '../helpers.js';

const TOKEN = randomBytes(32).toString('hex');
const HOST = 'shop.example.com';

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** One request from `from` (a loopback address of this machine). */
function send(base: string, from: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'GET', localAddress: from, headers, agent: false },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe.each(databaseKinds)('security: wrong tokens are throttled per address (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  const capture = (from: string, token: string) =>
    send(base, from, '/gateway/api/orders/1', { 'x-forwarded-host': HOST, authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After after ten wrong ingest tokens; another address still captures', async () => {
    expect((await capture('127.0.0.2', TOKEN)).status).toBe(202);
    for (let i = 0; i < 10; i++) expect((await capture('127.0.0.2', `guess-${i}-${TOKEN}`)).status).toBe(401);
    const held = await capture('127.0.0.2', 'one-more-guess');
    expect(held.status).toBe(429);
    expect(Number(held.retryAfter)).toBeGreaterThan(0);
    // Held back, the right token does not confirm a guess either.
    expect((await capture('127.0.0.2', TOKEN)).status).toBe(429);
    expect((await capture('127.0.0.3', TOKEN)).status).toBe(202);
  });

  it('throttles wrong metrics tokens the same way', async () => {
    const scrape = (from: string, token: string) =>
      send(base, from, '/metrics', { authorization: `Bearer ${token}` });
    for (let i = 0; i < 10; i++) expect((await scrape('127.0.0.4', `wrong-${i}`)).status).toBe(401);
    const held = await scrape('127.0.0.4', METRICS_TOKEN);
    expect(held.status).toBe(429);
    expect(Number(held.retryAfter)).toBeGreaterThan(0);
    expect((await scrape('127.0.0.5', METRICS_TOKEN)).status).toBe(200);
  });
});
