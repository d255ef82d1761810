// Change control in live traffic: a collector posts exchanges to POST /api/v1/captures
// over real HTTP. An endpoint that refused anonymous callers starts answering them
// (a `vulnerability_detected` alert with the before/after evidence); another one's
// response starts carrying e-mail addresses (a `pii_exposed` alert naming type,
// direction and field). Both reach a webhook channel once; the same traffic again raises nothing new.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertListSchema,
  captureBatchResultSchema,
  notificationChannelSchema,
  paths,
  type CapturedExchange,
} from '@argus/api';
import type { Database } from '../../src/db/client.js';
import { adminCookie, databaseKinds, openTestDatabase } from '../helpers.js';
import { HttpReceiver, signedWith, waitFor } from './receivers.js';
import { startApp, type AlertingApp } from './setup.js';

const TOKEN = 'change-alerts-ingest-token-0123456789';
const HOST = 'accounts.example.com';

function call(
  path: string,
  credentials: boolean,
  status: number,
  body: object = { plan: 'pro' },
): CapturedExchange {
  return {
    host: HOST,
    method: 'GET',
    path,
    status,
    requestHeaders: credentials ? { Authorization: 'Bearer opaque-session-token' } : {},
    responseHeaders: { 'Content-Type': 'application/json' },
    responseBody: JSON.stringify(status < 300 ? body : { error: 'unauthorized' }),
  };
}

/** Signed-in users' calls answered, anonymous ones refused: authentication is required. */
const guarded = [
  call('/api/profile', true, 200),
  call('/api/profile', true, 200),
  call('/api/profile', true, 200),
  call('/api/profile', false, 401),
  call('/api/profile', false, 401),
  call('/api/orders', true, 200, { total: 12 }),
];
/** A deploy drops the check: anonymous calls are answered. */
const opened = [call('/api/profile', false, 200), call('/api/profile', false, 200)];
/** A later deploy adds the customer's e-mail address to the orders answer. */
const withEmail = [
  call('/api/orders', true, 200, { total: 12, customer: { contact: 'ana.lima@example.org' } }),
];

describe.each(databaseKinds)('change alerts from live traffic (%s)', (kind) => {
  let database: Database;
  let t: AlertingApp;
  let base: string;
  let cookie: string;
  const webhook = new HttpReceiver();

  beforeAll(async () => {
    await webhook.up();
    database = await openTestDatabase(kind);
    t = await startApp(database, { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    cookie = await adminCookie(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await webhook.down();
  });

  async function capture(exchanges: CapturedExchange[]): Promise<void> {
    const res = await fetch(`${base}${paths.captures()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ exchanges }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(captureBatchResultSchema.parse(await res.json()).recorded).toHaveLength(exchanges.length);
    // Each batch is one analysis, as when a collector posts them minutes apart.
    await t.app.argus.analyzer.drain();
  }

  async function alertsOnHost() {
    const res = await fetch(`${base}${paths.alerts({ search: HOST })}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return alertListSchema.parse(await res.json()).alerts;
  }

  it('raises one authentication regression and one new-PII alert, delivered once each', async () => {
    const channel = await fetch(`${base}${paths.notificationChannels()}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'soc webhook',
        type: 'webhook',
        config: { url: webhook.url('/argus'), secret: 'change-secret' },
      }),
    });
    expect(channel.status).toBe(201);
    notificationChannelSchema.parse(await channel.json());

    await capture(guarded);
    expect(await alertsOnHost()).toEqual([]);

    await capture(opened);
    await capture(withEmail);
    const alerts = await alertsOnHost();
    expect(alerts.map((a) => [a.triggerType, a.severity, a.title]).sort()).toEqual([
      ['pii_exposed', 'medium', `Email address exposed by GET ${HOST}/api/orders`],
      ['vulnerability_detected', 'high', `Authentication regression on GET ${HOST}/api/profile`],
    ]);
    const regression = alerts.find((a) => a.triggerType === 'vulnerability_detected')!;
    expect(regression).toMatchObject({
      status: 'open',
      endpoint: { method: 'GET', normalizedPath: '/api/profile' },
      found: ['auth-regression'],
    });
    expect(regression.description).toContain(
      'GET /api/profile needed credentials and now answers requests without them: ' +
        'required (3 with credentials, 2 without, 2 refused) → optional (3 with credentials, 4 without, 2 refused).',
    );
    const pii = alerts.find((a) => a.triggerType === 'pii_exposed')!;
    expect(pii).toMatchObject({ found: ['email'], endpoint: { normalizedPath: '/api/orders' } });
    expect(pii.description).toContain('New: email in the response body at customer.contact.');

    // Through the configured channel, signed, once per alert.
    const delivered = await waitFor(() => {
      const bodies = webhook.requests.filter((r) => r.url === '/argus');
      return bodies.length >= 2 ? bodies : undefined;
    });
    expect(delivered.every((r) => signedWith('change-secret', r))).toBe(true);
    const sent = delivered.map(
      (r) => (JSON.parse(r.body) as { alert: { id: string; description: string } }).alert,
    );
    expect(sent.map((a) => a.id).sort()).toEqual(alerts.map((a) => a.id).sort());
    expect(sent.find((a) => a.id === regression.id)?.description).toBe(regression.description);

    // The same traffic again: no second alert, nothing more sent.
    await capture(guarded);
    await capture(opened);
    await capture(withEmail);
    const again = await alertsOnHost();
    expect(again.map((a) => a.id).sort()).toEqual(alerts.map((a) => a.id).sort());
    await t.app.argus.analyzer.drain();
    expect(webhook.requests.filter((r) => r.url === '/argus')).toHaveLength(2);
  });
});
