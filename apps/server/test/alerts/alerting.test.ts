// Alerting end to end on the real app, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// rules, alerts and their lifecycle, export, channels and delivery to real receivers.
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activitySchema,
  alertListSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertSchema,
  bulkAlertResultSchema,
  deliveryListSchema,
  deliverySchema,
  errorBodySchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  userSchema,
} from '@argus/api';
import { z } from 'zod';
import { processFindings } from '../../src/alerts/index.js';
import { alertHistoryListSchema } from '@argus/api';
import type { Database } from '../../src/db/client.js';
import { alertHistory, deliveries, notificationChannels } from '../../src/db/schema/index.js';
import { databaseKinds, json, openTestDatabase } from '../helpers.js';
import { HttpReceiver, SmtpReceiver, signedWith, waitFor } from './receivers.js';
import { scanFindings, seedEndpoints, startApp, vuln, type AlertingApp } from './setup.js';

describe.each(databaseKinds)('alerting on %s', (kind) => {
  let database: Database;
  let t: AlertingApp;
  const smtp = new SmtpReceiver();
  const slack = new HttpReceiver();
  const webhook = new HttpReceiver();
  const sms = new HttpReceiver();

  beforeAll(async () => {
    await Promise.all([smtp.up(), slack.up(), webhook.up(), sms.up()]);
    database = await openTestDatabase(kind);
    t = await startApp(database, { smtpUrl: smtp.url });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await Promise.all([smtp.down(), slack.down(), webhook.down(), sms.down()]);
  });

  // Every active channel gets every alert: each test removes the channels it made.
  afterEach(async () => {
    const channels = json(
      await t.inject({ method: 'GET', url: '/api/v1/notification-channels' }),
      notificationChannelListSchema,
    );
    for (const c of channels)
      await t.inject({ method: 'DELETE', url: `/api/v1/notification-channels/${c.id}` });
  });

  const createChannel = async (body: Record<string, unknown>) => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/notification-channels', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return json(res, notificationChannelSchema);
  };
  const listAlerts = async (query = '') =>
    json(await t.inject({ method: 'GET', url: `/api/v1/alerts${query}` }), alertListSchema);
  const bulk = (payload: Record<string, unknown>) =>
    t.inject({ method: 'PATCH', url: '/api/v1/alerts/bulk', payload });

  it('a scan that finds a critical vulnerability raises one alert, delivered by e-mail, signed webhook, Slack and SMS', async () => {
    const email = await createChannel({
      name: 'Security team',
      type: 'email',
      config: { to: ['security@example.com'] },
    });
    const hook = await createChannel({
      name: 'SIEM',
      type: 'webhook',
      config: { url: webhook.url('/argus'), secret: 'whsec_0123456789' },
    });
    await createChannel({
      name: '#alerts',
      type: 'slack',
      config: { webhookUrl: slack.url('/services/T0/B0/secretpart') },
    });
    await createChannel({
      name: 'On call',
      type: 'sms',
      config: {
        accountSid: 'AC0001',
        authToken: 'twilio-token-9876',
        from: '+15550100',
        to: '+15550199',
        baseUrl: sms.url(),
      },
    });
    // Secrets are masked in answers and sealed at rest.
    expect(hook.config.secret).toBe('••••6789');
    const [stored] = await t.ctx.db
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.id, hook.id));
    expect(stored!.config).not.toHaveProperty('secret');
    expect(stored!.secretsSealed).not.toContain('whsec');
    expect(t.ctx.secrets.open(stored!.secretsSealed!)).toContain('whsec_0123456789');

    const [endpoint] = await seedEndpoints(t.ctx, 'shop.example.com', ['/orders/{id}']);
    const findings = scanFindings(endpoint!, {
      vulnerabilities: [vuln('SQLI-001', 'critical', 'SQL injection')],
    });
    expect(await processFindings(t.ctx, findings)).toBe(1);
    // The same finding never opens a second alert while one is open.
    expect(await processFindings(t.ctx, findings)).toBe(0);

    const { alerts, total } = await listAlerts('?search=shop.example.com');
    expect(total).toBe(1);
    const alert = alerts[0]!;
    expect(alert).toMatchObject({
      title: 'SQL injection on POST shop.example.com/orders/{id}',
      severity: 'critical',
      status: 'open',
      triggerType: 'vulnerability_detected',
      endpoint: { method: 'POST', normalizedPath: '/orders/{id}', domain: 'shop.example.com' },
      domain: 'shop.example.com',
      assignedTo: null,
    });
    const activities = json(
      await t.inject({ method: 'GET', url: '/api/v1/activities' }),
      z.array(activitySchema),
    );
    expect(
      activities.some((a) => a.title === `Alert raised: ${alert.title}` && a.severity === 'critical'),
    ).toBe(true);

    const mail = await waitFor(() => smtp.mails.find((m) => m.body.includes(alert.id)));
    expect(mail.to).toEqual(['security@example.com']);
    expect(mail.subject).toBe('[Argus] CRITICAL: SQL injection on POST shop.example.com/orders/{id}');
    expect(mail.body).toContain('Endpoint: POST /orders/{id} on shop.example.com');
    expect(mail.body).toContain(`http://argus.test/alerts?alertId=${alert.id}`);

    const signed = await waitFor(() => webhook.requests.find((r) => r.body.includes(alert.id)));
    expect(signedWith('whsec_0123456789', signed)).toBe(true);
    expect(signedWith('another-secret', signed)).toBe(false);
    expect(JSON.parse(signed.body)).toMatchObject({
      event: 'alert.created',
      alert: { id: alert.id, severity: 'critical' },
    });

    const message = await waitFor(() => slack.requests.find((r) => r.body.includes(alert.id)));
    expect(message.url).toBe('/services/T0/B0/secretpart');
    const slackBody = JSON.parse(message.body) as { text: string };
    expect(slackBody.text).toContain('CRITICAL: SQL injection');
    expect(slackBody.text).toContain('POST /orders/{id} on shop.example.com');

    const text = await waitFor(() => sms.requests.find((r) => r.url.includes('/Accounts/AC0001/')));
    expect(new URLSearchParams(text.body).get('Body')).toMatch(/^Argus CRITICAL: SQL injection/);

    // Exactly one of each, and the channels show their last delivery.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.body.includes(alert.id))).toHaveLength(1);
    expect(webhook.requests.filter((r) => r.body.includes(alert.id))).toHaveLength(1);
    expect(slack.requests.filter((r) => r.body.includes(alert.id))).toHaveLength(1);
    const channels = json(
      await t.inject({ method: 'GET', url: '/api/v1/notification-channels' }),
      notificationChannelListSchema,
    );
    expect(channels.map((c) => c.lastDelivery?.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'delivered',
    ]);
    const log = json(
      await t.inject({ method: 'GET', url: `/api/v1/notification-channels/${email.id}/deliveries` }),
      deliveryListSchema,
    );
    expect(log).toEqual([expect.objectContaining({ alertId: alert.id, status: 'delivered', attempts: 1 })]);
  });

  it('batches racing each other open one alert per finding', async () => {
    const [racer] = await seedEndpoints(t.ctx, 'race.example.com', ['/r']);
    const race = scanFindings(racer!, { vulnerabilities: [vuln('RACE-1', 'high')] });
    const raced = await Promise.all([1, 2, 3, 4].map(() => processFindings(t.ctx, race)));
    expect(raced.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('rules: built-ins on first start, validated conditions, switched off, deleted', async () => {
    const rules = json(await t.inject({ method: 'GET', url: '/api/v1/alert-rules' }), alertRuleListSchema);
    expect(
      rules
        .filter((r) => r.builtIn)
        .map((r) => r.triggerType)
        .sort(),
    ).toEqual([
      'high_risk_endpoint',
      'pii_exposed',
      'threshold_breach',
      'threshold_breach',
      'vulnerability_detected',
      'vulnerability_detected',
    ]);

    const missing = await t.inject({
      method: 'POST',
      url: '/api/v1/alert-rules',
      payload: { conditions: {} },
    });
    expect(missing.statusCode).toBe(400);
    const missingBody = json(missing, errorBodySchema);
    expect(missingBody.issues?.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Rule name is required', 'Trigger type is required', 'Severity is required']),
    );
    const unknownKey = await t.inject({
      method: 'POST',
      url: '/api/v1/alert-rules',
      payload: { name: 'x', triggerType: 'pii_exposed', severity: 'high', conditions: { colour: 'red' } },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(json(unknownKey, errorBodySchema).message).toMatch(/Unknown condition key "colour"/);

    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/alert-rules',
      payload: {
        name: 'SSN anywhere',
        triggerType: 'pii_exposed',
        severity: 'critical',
        conditions: { piiTypes: ['ssn'] },
      },
    });
    expect(created.statusCode).toBe(201);
    const rule = json(created, alertRuleSchema);
    expect(rule).toMatchObject({ isActive: true, builtIn: false, conditions: { piiTypes: ['ssn'] } });

    const [endpoint] = await seedEndpoints(t.ctx, 'pii.example.com', ['/people']);
    const findings = scanFindings(endpoint!, { piiTypes: ['ssn', 'email'], newPiiTypes: ['ssn'] });
    // The built-in "new PII type" rule and the new rule both fire, once each.
    expect(await processFindings(t.ctx, findings)).toBe(2);

    // Switched off, a rule stops raising alerts; a built-in cannot be deleted, only switched off.
    const off = await t.inject({
      method: 'PATCH',
      url: `/api/v1/alert-rules/${rule.id}`,
      payload: { isActive: false },
    });
    expect(json(off, alertRuleSchema).isActive).toBe(false);
    const builtInPii = rules.find((r) => r.builtIn && r.triggerType === 'pii_exposed')!;
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/v1/alert-rules/${builtInPii.id}` })).statusCode,
    ).toBe(409);
    await t.inject({
      method: 'PATCH',
      url: `/api/v1/alert-rules/${builtInPii.id}`,
      payload: { isActive: false },
    });
    const [other] = await seedEndpoints(t.ctx, 'pii2.example.com', ['/people']);
    expect(
      await processFindings(t.ctx, scanFindings(other!, { piiTypes: ['ssn'], newPiiTypes: ['ssn'] })),
    ).toBe(0);
    await t.inject({
      method: 'PATCH',
      url: `/api/v1/alert-rules/${builtInPii.id}`,
      payload: { isActive: true },
    });

    const badPatch = await t.inject({
      method: 'PATCH',
      url: `/api/v1/alert-rules/${rule.id}`,
      payload: { conditions: { minRiskScore: 5 } },
    });
    expect(badPatch.statusCode).toBe(400);
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/alert-rules/${rule.id}` })).statusCode).toBe(
      204,
    );
    expect((await t.inject({ method: 'DELETE', url: `/api/v1/alert-rules/${rule.id}` })).statusCode).toBe(
      404,
    );
  });

  it('bulk lifecycle: transitions, invalid ones skipped per id, unknown ids, assignment and history', async () => {
    const eps = await seedEndpoints(t.ctx, 'bulk.example.com', ['/a', '/b', '/c']);
    for (const [i, e] of eps.entries()) {
      await processFindings(t.ctx, scanFindings(e, { vulnerabilities: [vuln(`BULK-${i}`, 'high')] }));
    }
    const { alerts } = await listAlerts('?search=bulk.example.com');
    expect(alerts).toHaveLength(3);
    // a, b, c: the alerts on /a, /b and /c.
    const [a, b, c] = eps.map((e) => alerts.find((x) => x.endpointId === e.id)!.id) as [
      string,
      string,
      string,
    ];

    const ack = json(await bulk({ alertIds: [a, b], action: 'acknowledge' }), bulkAlertResultSchema);
    expect(ack).toEqual({
      updated: 2,
      results: [
        { id: a, outcome: 'updated', status: 'acknowledged' },
        { id: b, outcome: 'updated', status: 'acknowledged' },
      ],
    });
    const resolve = json(await bulk({ alertIds: [b, c], action: 'resolve' }), bulkAlertResultSchema);
    expect(resolve.updated).toBe(2);
    // Acknowledging again: a is acknowledged already, b resolved, c resolved: all skipped with reasons.
    const again = json(await bulk({ alertIds: [a, b, c], action: 'acknowledge' }), bulkAlertResultSchema);
    expect(again).toEqual({
      updated: 0,
      results: [
        {
          id: a,
          outcome: 'skipped',
          status: 'acknowledged',
          reason: 'cannot acknowledge an acknowledged alert',
        },
        { id: b, outcome: 'skipped', status: 'resolved', reason: 'cannot acknowledge a resolved alert' },
        { id: c, outcome: 'skipped', status: 'resolved', reason: 'cannot acknowledge a resolved alert' },
      ],
    });

    const unknownId = '00000000-0000-4000-8000-000000000000';
    const notFound = await bulk({ alertIds: [a, unknownId, 'nope'], action: 'resolve' });
    expect(notFound.statusCode).toBe(404);
    expect(json(notFound, errorBodySchema).message).toBe(`Alerts not found: ${unknownId}, nope`);
    const empty = await bulk({ alertIds: [], action: 'resolve' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty, errorBodySchema).issues?.[0]?.message).toBe('Select at least one alert');
    expect((await bulk({ alertIds: [a], action: 'explode' })).statusCode).toBe(400);

    const noUser = await bulk({ alertIds: [a], action: 'assign', assignedTo: unknownId });
    expect(noUser.statusCode).toBe(400);
    expect(json(noUser, errorBodySchema).message).toBe(`Unknown user: ${unknownId}`);
    const me = json(await t.inject({ method: 'GET', url: '/api/v1/auth/me' }), userSchema);
    const assigned = json(
      await bulk({ alertIds: [a, c], action: 'assign', assignedTo: me.id }),
      bulkAlertResultSchema,
    );
    expect(assigned.updated).toBe(2);
    const afterAssign = await listAlerts('?search=bulk.example.com');
    expect(afterAssign.alerts.find((x) => x.id === a)).toMatchObject({
      assignedTo: me.id,
      assignedToUsername: 'admin',
    });

    // Suppressed: the same finding stays quiet. Resolved: the finding may raise a new alert.
    json(await bulk({ alertIds: [a], action: 'suppress' }), bulkAlertResultSchema);
    expect(
      await processFindings(t.ctx, scanFindings(eps[0]!, { vulnerabilities: [vuln('BULK-0', 'high')] })),
    ).toBe(0);
    expect(
      await processFindings(t.ctx, scanFindings(eps[1]!, { vulnerabilities: [vuln('BULK-1', 'high')] })),
    ).toBe(1);
    // Suppressing the old resolved alert now would clash with the newer open one: skipped with the reason.
    const clash = json(await bulk({ alertIds: [b], action: 'suppress' }), bulkAlertResultSchema);
    expect(clash.results[0]).toMatchObject({
      outcome: 'skipped',
      status: 'resolved',
      reason: expect.stringMatching(/newer alert/),
    });

    const history = await t.ctx.db
      .select()
      .from(alertHistory)
      .where(eq(alertHistory.alertId, a))
      .orderBy(alertHistory.createdAt);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.userId])).toEqual([
      ['acknowledge', 'open', 'acknowledged', me.id],
      ['assign', 'acknowledged', 'acknowledged', me.id],
      ['suppress', 'acknowledged', 'suppressed', me.id],
    ]);
    expect(history[1]!.assignedTo).toBe(me.id);
    const answered = await t.inject({ method: 'GET', url: `/api/v1/alerts/${a}/history` });
    expect(
      json(answered, alertHistoryListSchema).map((h) => [
        h.action,
        h.toStatus,
        h.username,
        h.assignedToUsername,
      ]),
    ).toEqual([
      ['acknowledge', 'acknowledged', 'admin', null],
      ['assign', 'acknowledged', 'admin', 'admin'],
      ['suppress', 'suppressed', 'admin', null],
    ]);
    expect((await t.inject({ method: 'GET', url: `/api/v1/alerts/${unknownId}/history` })).statusCode).toBe(
      404,
    );

    const filtered = await listAlerts('?status=suppressed&search=bulk.example.com');
    expect(filtered.alerts.map((x) => x.id)).toEqual([a]);
    expect((await t.inject({ method: 'GET', url: '/api/v1/alerts?status=bogus' })).statusCode).toBe(400);
  });

  it('export: filters, JSON and RFC 4180 CSV downloads with formula cells neutralised', async () => {
    const [e1, e2] = await seedEndpoints(t.ctx, 'export.example.com', ['/x', '/y']);
    await processFindings(
      t.ctx,
      scanFindings(e1!, { vulnerabilities: [vuln('XP-1', 'critical', '=HYPERLINK("http://evil","click")')] }),
    );
    await processFindings(
      t.ctx,
      scanFindings(e2!, { vulnerabilities: [vuln('XP-2', 'high', 'Token, "quoted"\nand a new line')] }),
    );

    const csv = await t.inject({
      method: 'GET',
      url: '/api/v1/alerts/export?format=csv&search=export.example.com',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="argus-alerts-${today}.csv"`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,title,description,severity,status,triggerType,method,path,domain,assignedTo,createdAt,updatedAt',
    );
    expect(csv.body).toContain(`,"'=HYPERLINK(""http://evil"",""click"") on POST export.example.com/x",`);
    expect(csv.body).toContain(`,"Token, ""quoted""\nand a new line on POST export.example.com/y",`);
    // No cell starts with a formula character.
    expect(csv.body).not.toMatch(/(^|,)[=+\-@]/m);

    const onlyCritical = await t.inject({
      method: 'GET',
      url: '/api/v1/alerts/export?format=json&severity=critical&status=open&search=export.example.com',
    });
    expect(onlyCritical.headers['content-disposition']).toBe(
      `attachment; filename="argus-alerts-${today}.json"`,
    );
    const exported = z.array(alertSchema).parse(onlyCritical.json());
    expect(exported.map((x) => x.title)).toEqual([
      '=HYPERLINK("http://evil","click") on POST export.example.com/x',
    ]);
    const both = await t.inject({
      method: 'GET',
      url: '/api/v1/alerts/export?format=json&search=export.example.com',
    });
    expect(z.array(alertSchema).parse(both.json())).toHaveLength(2);
    const none = await t.inject({
      method: 'GET',
      url: '/api/v1/alerts/export?format=json&search=no-such-alert',
    });
    expect(none.json()).toEqual([]);
    const bad = await t.inject({ method: 'GET', url: '/api/v1/alerts/export?format=xml' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad, errorBodySchema).message).toBe('format must be json or csv');
  });

  it('export streams every alert across keyset pages, even with identical creation times', async () => {
    const n = 2500;
    // One statement: every row gets the same created_at, so paging must break ties by id.
    await t.ctx.db.execute(sql`
      insert into alerts (title, description, severity, status, trigger_type, dedupe_key, domain)
      select 'Paged alert ' || i, 'd', 'low', 'open', 'threshold_breach', 'paged-' || i, 'paged.example.com'
      from generate_series(1, ${n}) as i`);
    const res = await t.inject({
      method: 'GET',
      url: '/api/v1/alerts/export?format=csv&search=paged.example.com',
    });
    const rows = res.body.split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(n);
    const list = await listAlerts('?search=paged.example.com&limit=10');
    expect(list.total).toBe(n);
    expect(list.alerts).toHaveLength(10);
  });

  it('channels: per-type validation, masked secrets kept on update, test notification, minimum severity', async () => {
    const invalid = await t.inject({
      method: 'POST',
      url: '/api/v1/notification-channels',
      payload: { name: 'x', type: 'slack', config: {} },
    });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid, errorBodySchema).issues).toEqual([
      { path: 'config.webhookUrl', message: 'Must be a valid URL' },
    ]);
    const badEmail = await t.inject({
      method: 'POST',
      url: '/api/v1/notification-channels',
      payload: { name: 'x', type: 'email', config: { to: ['not-an-address'] } },
    });
    expect(json(badEmail, errorBodySchema).message).toBe('Each recipient must be a valid e-mail address');

    const hook = await createChannel({
      name: 'Only critical',
      type: 'webhook',
      config: { url: webhook.url('/critical'), secret: 'crit-secret-1234', minSeverity: 'critical' },
    });
    // Sending the masked secret back keeps the stored one; the name changes.
    const renamed = await t.inject({
      method: 'PATCH',
      url: `/api/v1/notification-channels/${hook.id}`,
      payload: { name: 'Critical only', config: hook.config },
    });
    expect(json(renamed, notificationChannelSchema)).toMatchObject({
      name: 'Critical only',
      config: { secret: '••••1234', minSeverity: 'critical' },
    });

    const test = json(
      await t.inject({ method: 'POST', url: `/api/v1/notification-channels/${hook.id}/test` }),
      deliverySchema,
    );
    expect(test).toMatchObject({ status: 'delivered', attempts: 1, alertId: null });
    const testRequest = webhook.requests.find(
      (r) => r.url === '/critical' && r.body.includes('"event":"test"'),
    )!;
    expect(signedWith('crit-secret-1234', testRequest)).toBe(true);

    const [endpoint] = await seedEndpoints(t.ctx, 'minsev.example.com', ['/m']);
    await processFindings(t.ctx, scanFindings(endpoint!, { vulnerabilities: [vuln('MS-HIGH', 'high')] }));
    await processFindings(t.ctx, scanFindings(endpoint!, { vulnerabilities: [vuln('MS-CRIT', 'critical')] }));
    await waitFor(() => webhook.requests.some((r) => r.url === '/critical' && r.body.includes('MS-CRIT')));
    expect(webhook.requests.some((r) => r.url === '/critical' && r.body.includes('MS-HIGH'))).toBe(false);

    const closed = await HttpReceiver.refusing();
    const broken = await createChannel({
      name: 'Down',
      type: 'slack',
      config: { webhookUrl: closed.url('/nothing-listens') },
    });
    const failed = json(
      await t.inject({ method: 'POST', url: `/api/v1/notification-channels/${broken.id}/test` }),
      deliverySchema,
    );
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toBe(`Cannot reach 127.0.0.1:${closed.port}: ECONNREFUSED`);
    const missing = await t.inject({
      method: 'POST',
      url: '/api/v1/notification-channels/00000000-0000-4000-8000-000000000000/test',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('retries with backoff: a receiver that is down, then up, gets the alert exactly once; a dead one ends failed with the reason', async () => {
    const flaky = await HttpReceiver.refusing();
    const dead = new HttpReceiver();
    await dead.up();
    dead.status = 503;
    const ok = await createChannel({ name: 'Flaky', type: 'webhook', config: { url: flaky.url('/in') } });
    const bad = await createChannel({ name: 'Dead', type: 'webhook', config: { url: dead.url('/in') } });
    const [endpoint] = await seedEndpoints(t.ctx, 'retry.example.com', ['/r']);
    expect(
      await processFindings(
        t.ctx,
        scanFindings(endpoint!, { vulnerabilities: [vuln('RETRY-1', 'critical')] }),
      ),
    ).toBe(1);

    const log = (id: string) =>
      t
        .inject({ method: 'GET', url: `/api/v1/notification-channels/${id}/deliveries` })
        .then((r) => json(r, deliveryListSchema));
    // `attempts` counts an attempt from its claim, so "2 attempts, pending" may be the
    // second one still in flight; bringing the receiver up then would let it succeed.
    // Park the delivery between attempts instead (only while no worker holds it: a
    // concurrent claim makes this update match nothing), then bring the receiver up.
    const parked = await waitFor(async () => {
      const [row] = await t.ctx.db
        .update(deliveries)
        .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
        .where(
          and(
            eq(deliveries.channelId, ok.id),
            eq(deliveries.status, 'pending'),
            gte(deliveries.attempts, 2),
            isNull(deliveries.lockedUntil),
          ),
        )
        .returning({ id: deliveries.id, attempts: deliveries.attempts });
      return row;
    });
    const retrying = (await log(ok.id)).find((d) => d.id === parked.id)!;
    expect(retrying).toMatchObject({ status: 'pending', attempts: parked.attempts });
    expect(retrying.lastError).toMatch(/ECONNREFUSED/);
    expect(flaky.requests).toHaveLength(0);
    await flaky.up();
    await t.ctx.db
      .update(deliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(deliveries.id, parked.id));
    const delivered = await waitFor(
      async () => (await log(ok.id)).find((d) => d.status === 'delivered'),
      15_000,
    );
    expect(delivered.attempts).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 400));
    expect(flaky.requests).toHaveLength(1);

    const failed = await waitFor(async () => (await log(bad.id)).find((d) => d.status === 'failed'), 15_000);
    expect(failed.attempts).toBe(4);
    expect(failed.lastError).toMatch(/answered HTTP 503/);
    expect(dead.requests).toHaveLength(4);
    await Promise.all([flaky.down(), dead.down()]);
  });

  it('a restart in the middle of a retry still delivers, exactly once', async () => {
    const receiver = await HttpReceiver.refusing();
    const channel = await createChannel({
      name: 'Restart',
      type: 'webhook',
      config: { url: receiver.url('/in') },
    });
    const [endpoint] = await seedEndpoints(t.ctx, 'restart.example.com', ['/r']);
    await processFindings(
      t.ctx,
      scanFindings(endpoint!, { vulnerabilities: [vuln('RESTART-1', 'critical')] }),
    );
    await waitFor(async () => {
      const [row] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.channelId, channel.id));
      return row && row.attempts >= 1 && row.status === 'pending' && row.lockedUntil === null;
    });
    await t.close();
    await receiver.up();
    t = await startApp(database, { smtpUrl: smtp.url });
    const delivered = await waitFor(async () => {
      const [row] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.channelId, channel.id));
      return row?.status === 'delivered' ? row : undefined;
    }, 15_000);
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests).toHaveLength(1);
    await receiver.down();
  });
  it('two instances sharing the queue deliver every alert exactly once', async () => {
    const receiver = new HttpReceiver();
    await receiver.up();
    await createChannel({ name: 'Shared', type: 'webhook', config: { url: receiver.url('/in') } });
    const second = await startApp(database, { smtpUrl: smtp.url });
    try {
      const eps = await seedEndpoints(
        t.ctx,
        'shared.example.com',
        Array.from({ length: 12 }, (_, i) => `/s${i}`),
      );
      await Promise.all(
        eps.map((e, i) =>
          processFindings(
            i % 2 ? second.ctx : t.ctx,
            scanFindings(e, { vulnerabilities: [vuln(`SHARED-${i}`, 'high')] }),
          ),
        ),
      );
      await waitFor(() => receiver.requests.length >= 12);
      await new Promise((r) => setTimeout(r, 300));
      const ids = receiver.requests.map((r) => (JSON.parse(r.body) as { alert: { id: string } }).alert.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
    } finally {
      await second.close();
      await receiver.down();
    }
  });

  it('a delivery claimed by a worker that died is sent once its lease runs out', async () => {
    const receiver = new HttpReceiver();
    await receiver.up();
    const channel = await createChannel({
      name: 'Lease',
      type: 'webhook',
      config: { url: receiver.url('/in') },
    });
    const [endpoint] = await seedEndpoints(t.ctx, 'lease.example.com', ['/l']);
    // Stand-in for a crashed worker: the row is claimed (attempt 1 started) with a lease that has not run out.
    await t.ctx.db.transaction(async (tx) => {
      await processFindings(
        { ...t.ctx, db: tx },
        scanFindings(endpoint!, { vulnerabilities: [vuln('LEASE-1', 'critical')] }),
      );
      await tx
        .update(deliveries)
        .set({ attempts: 1, lockedUntil: sql`now() + interval '700 milliseconds'` })
        .where(eq(deliveries.channelId, channel.id));
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests).toHaveLength(0);
    const [row] = await waitFor(async () => {
      const rows = await t.ctx.db.select().from(deliveries).where(eq(deliveries.channelId, channel.id));
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(row!.attempts).toBe(2);
    expect(receiver.requests).toHaveLength(1);
    await receiver.down();
  });
});
