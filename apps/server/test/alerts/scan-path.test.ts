// The key scenario through the real pipeline: traffic captured on /gateway, a
// domain scan (engine checks find a critical vulnerability), then one alert
// delivered by e-mail, a signed webhook and a Slack message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema, notificationChannelSchema } from '@argus/api';
import type { Database } from '../../src/db/client.js';
import { databaseKinds, json, openTestDatabase } from '../helpers.js';
import { HttpReceiver, SmtpReceiver, signedWith, waitFor } from './receivers.js';
import { startApp, type AlertingApp } from './setup.js';

describe.each(databaseKinds)('a scan on %s', (kind) => {
  let database: Database;
  let t: AlertingApp;
  const smtp = new SmtpReceiver();
  const slack = new HttpReceiver();
  const webhook = new HttpReceiver();

  beforeAll(async () => {
    await Promise.all([smtp.up(), slack.up(), webhook.up()]);
    database = await openTestDatabase(kind);
    t = await startApp(database, { smtpUrl: smtp.url, ingestToken: 'capture-token-1234' });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await Promise.all([smtp.down(), slack.down(), webhook.down()]);
  });

  it('that finds a critical vulnerability raises one alert: an e-mail, a signed webhook and a Slack message', async () => {
    for (const [type, config] of [
      ['email', { to: ['soc@example.com'] }],
      ['webhook', { url: webhook.url('/argus'), secret: 'scan-secret' }],
      ['slack', { webhookUrl: slack.url('/services/T/B/scan') }],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/notification-channels',
        payload: { name: type, type, config },
      });
      json(res, notificationChannelSchema);
    }
    const domain = await t.inject({
      method: 'POST',
      url: '/api/v1/domains',
      payload: { name: 'admin-open.example.com' },
    });
    expect(domain.statusCode, domain.body).toBeLessThan(300);
    // An admin endpoint answering without credentials, seen by the capture path.
    for (let i = 0; i < 3; i++) {
      const captured = await t.app.inject({
        method: 'GET',
        url: '/gateway/admin/users',
        headers: { 'x-forwarded-host': 'admin-open.example.com', authorization: 'Bearer capture-token-1234' },
      });
      expect(captured.statusCode, captured.body).toBeLessThan(300);
    }
    const scan = await t.inject({ method: 'POST', url: '/api/v1/domains/admin-open.example.com/scan' });
    expect(scan.statusCode, scan.body).toBe(200);

    const { alerts } = await waitFor(async () => {
      const list = json(
        await t.inject({ method: 'GET', url: '/api/v1/alerts?search=admin-open.example.com' }),
        alertListSchema,
      );
      return list.total > 0 ? list : undefined;
    });
    const critical = alerts.filter((a) => a.severity === 'critical');
    expect(critical).toHaveLength(1);
    const alert = critical[0]!;
    expect(alert).toMatchObject({
      status: 'open',
      triggerType: 'vulnerability_detected',
      endpoint: { normalizedPath: '/admin/users' },
    });

    // A second scan finds the same vulnerability: still one alert.
    await t.inject({ method: 'POST', url: '/api/v1/domains/admin-open.example.com/scan' });
    const again = json(
      await t.inject({
        method: 'GET',
        url: '/api/v1/alerts?search=admin-open.example.com&severity=critical',
      }),
      alertListSchema,
    );
    expect(again.total).toBe(1);

    const mail = await waitFor(() => smtp.mails.find((m) => m.body.includes(alert.id)));
    expect(mail.subject).toBe(`[Argus] CRITICAL: ${alert.title}`);
    expect(mail.body).toContain('Endpoint: GET /admin/users on admin-open.example.com');
    const hook = await waitFor(() => webhook.requests.find((r) => r.body.includes(alert.id)));
    expect(signedWith('scan-secret', hook)).toBe(true);
    const message = await waitFor(() => slack.requests.find((r) => r.body.includes(alert.id)));
    expect((JSON.parse(message.body) as { text: string }).text).toContain(`CRITICAL: ${alert.title}`);
  });
});
