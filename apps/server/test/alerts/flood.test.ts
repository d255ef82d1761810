// Alerts that never flood, on the real app: one PII alert per endpoint and rule that
// takes in later types, a digest for a large import (one notification), and the
// Alerts list paged, filtered, searched, ordered and counted by the server over 10k alerts.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema, alertSummarySchema, notificationChannelSchema } from '@argus/api';
import { processFindings } from '../../src/alerts/index.js';
import { DIGEST_THRESHOLD } from '../../src/alerts/process.js';
import type { Database } from '../../src/db/client.js';
import { alerts, deliveries } from '../../src/db/schema/index.js';
import type { ScanFindings } from '../../src/findings.js';
import { databaseKinds, json, openTestDatabase } from '../helpers.js';
import { HttpReceiver } from './receivers.js';
import { scanFindings, seedEndpoints, startApp, type AlertingApp } from './setup.js';

describe.each(databaseKinds)('alerts that never flood on %s', (kind) => {
  let database: Database;
  let t: AlertingApp;
  const webhook = new HttpReceiver();

  beforeAll(async () => {
    await webhook.up();
    database = await openTestDatabase(kind);
    t = await startApp(database);
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await webhook.down();
  });

  const listAlerts = async (query = '') =>
    json(await t.inject({ method: 'GET', url: `/api/v1/alerts${query}` }), alertListSchema);
  const summary = async () =>
    json(await t.inject({ method: 'GET', url: '/api/v1/alerts/summary' }), alertSummarySchema);

  it('new PII types on an endpoint are one alert listing them, updated while it is open', async () => {
    const [endpoint] = await seedEndpoints(t.ctx, 'pii.example.com', ['/customers/{id}']);
    const first = scanFindings(endpoint!, {
      piiTypes: ['email', 'phone', 'ssn'],
      newPiiTypes: ['email', 'phone', 'ssn'],
    });
    expect(await processFindings(t.ctx, first)).toBe(1);
    let { alerts: rows } = await listAlerts('?search=pii.example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: '3 PII types exposed by POST pii.example.com/customers/{id}: Email address, Phone number, SSN',
      triggerType: 'pii_exposed',
      found: ['email', 'phone', 'ssn'],
    });

    // A later sync finds a date of birth: the open alert takes it in, no second alert.
    const later = scanFindings(
      endpoint!,
      { piiTypes: ['email', 'phone', 'ssn', 'dob'], newPiiTypes: ['dob'] },
      'sync',
    );
    expect(await processFindings(t.ctx, later)).toBe(0);
    ({ alerts: rows } = await listAlerts('?search=pii.example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.found).toEqual(['email', 'phone', 'ssn', 'dob']);
    expect(rows[0]!.title).toBe(
      '4 PII types exposed by POST pii.example.com/customers/{id}: Email address, Phone number, SSN, Date of birth',
    );
    expect(rows[0]!.description).toContain('after a sync');
  });

  it('a large import raises one digest, and the channels get the digest only', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/notification-channels',
      payload: { name: 'SIEM', type: 'webhook', config: { url: webhook.url('/digest') } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const channel = json(res, notificationChannelSchema);

    const count = 403;
    const seeded = await seedEndpoints(
      t.ctx,
      'payments.example.com',
      Array.from({ length: count }, (_, i) => `/v1/resource${i}/{id}`),
    );
    const findings: ScanFindings = {
      trigger: 'sync',
      domain: 'payments.example.com',
      endpoints: seeded.map(
        (e) =>
          scanFindings(e, {
            piiTypes: ['email', 'name'],
            newPiiTypes: ['email', 'name'],
            previousRiskScore: null,
          }).endpoints[0]!,
      ),
    };
    expect(await processFindings(t.ctx, findings)).toBe(1);
    const { alerts: rows, total } = await listAlerts('?search=payments.example.com');
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      title: '1 import found 403 findings on payments.example.com: 403 endpoints with new PII',
      severity: 'medium',
      status: 'open',
      endpointId: null,
    });
    expect(rows[0]!.description).toContain('POST /v1/resource0/{id} · PII: email, name → /endpoints/');
    expect(rows[0]!.description).toContain('and 393 more');
    expect(rows[0]!.found).toHaveLength(count);

    const queued = await t.ctx.db
      .select({ alertId: deliveries.alertId })
      .from(deliveries)
      .where(eq(deliveries.channelId, channel.id));
    expect(queued.map((d) => d.alertId)).toEqual([rows[0]!.id]);
    await t.inject({ method: 'DELETE', url: `/api/v1/notification-channels/${channel.id}` });

    // A re-sync that finds the same endpoints changes nothing.
    expect(await processFindings(t.ctx, findings)).toBe(0);
    // A later import with 25 more such endpoints joins the open digest.
    const more = await seedEndpoints(
      t.ctx,
      'payments.example.com.more',
      Array.from({ length: 25 }, (_, i) => `/v2/resource${i}`),
    );
    const grown: ScanFindings = {
      ...findings,
      endpoints: more.map((e) => ({ ...findings.endpoints[0]!, id: e.id, normalizedPath: e.normalizedPath })),
    };
    expect(await processFindings(t.ctx, grown)).toBe(0);
    const after = await listAlerts('?search=payments.example.com');
    expect(after.total).toBe(1);
    expect(after.alerts[0]!.title).toBe(
      '2 imports found 428 findings on payments.example.com: 428 endpoints with new PII',
    );
    expect(after.alerts[0]!.found).toHaveLength(428);
  });

  it(`up to ${DIGEST_THRESHOLD} endpoints still raise their own alerts`, async () => {
    const seeded = await seedEndpoints(
      t.ctx,
      'small.example.com',
      Array.from({ length: DIGEST_THRESHOLD }, (_, i) => `/r${i}`),
    );
    const findings: ScanFindings = {
      trigger: 'scan',
      domain: 'small.example.com',
      endpoints: seeded.map(
        (e) => scanFindings(e, { piiTypes: ['email'], newPiiTypes: ['email'] }).endpoints[0]!,
      ),
    };
    expect(await processFindings(t.ctx, findings)).toBe(DIGEST_THRESHOLD);
  });

  it(
    'the list pages, filters, searches and orders 10k alerts on the server, and the tiles count them all',
    { timeout: 120_000 },
    async () => {
      await t.ctx.db.delete(alerts);
      // 10,000 alerts: status cycles open/acknowledged/resolved/suppressed, severity every 7th critical.
      await t.ctx.db.execute(sql`
        insert into alerts (title, description, severity, status, trigger_type, dedupe_key, domain, created_at)
        select 'Alert ' || i, 'Bulk alert number ' || i,
               case when i % 7 = 0 then 'critical' when i % 3 = 0 then 'high' else 'low' end,
               (array['open','acknowledged','resolved','suppressed'])[i % 4 + 1],
               'threshold_breach', 'bulk|' || i, 'bulk.example.com',
               timestamptz '2026-01-01' + i * interval '1 minute'
        from generate_series(1, 10000) as i`);

      const tiles = await summary();
      const expected = (status: number) =>
        Array.from({ length: 10000 }, (_, k) => k + 1).filter((i) => i % 4 === status).length;
      expect(tiles).toEqual({
        total: 10000,
        open: expected(0),
        acknowledged: expected(1),
        resolved: expected(2),
        suppressed: expected(3),
        critical: Math.floor(10000 / 7),
      });

      // The last page of 25, newest first: the oldest alerts.
      const last = await listAlerts('?limit=25&offset=9975');
      expect(last.total).toBe(10000);
      expect(last.alerts.map((a) => a.title)).toEqual(
        Array.from({ length: 25 }, (_, k) => `Alert ${25 - k}`),
      );
      // Pages never repeat or skip: 10000 / 500 pages hold every alert once.
      const seen = new Set<string>();
      for (let offset = 0; offset < 10000; offset += 1000) {
        const page = await listAlerts(`?limit=1000&offset=${offset}`);
        for (const a of page.alerts) seen.add(a.id);
      }
      expect(seen.size).toBe(10000);

      const openCritical = await listAlerts('?status=open&severity=critical&limit=25');
      expect(openCritical.total).toBe(
        Array.from({ length: 10000 }, (_, k) => k + 1).filter((i) => i % 4 === 0 && i % 7 === 0).length,
      );
      expect(openCritical.alerts.every((a) => a.status === 'open' && a.severity === 'critical')).toBe(true);

      const search = await listAlerts('?search=number%209999');
      expect(search.alerts.map((a) => a.title)).toEqual(['Alert 9999']);

      const oldest = await listAlerts('?sort=oldest&limit=2');
      expect(oldest.alerts.map((a) => a.title)).toEqual(['Alert 1', 'Alert 2']);
      const worst = await listAlerts('?sort=severity&limit=1');
      expect(worst.alerts[0]).toMatchObject({ title: 'Alert 9996', severity: 'critical' });

      const bad = await t.inject({ method: 'GET', url: '/api/v1/alerts?sort=colour' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('sort must be one of newest, oldest, severity, updated');

      // Bulk actions move the tiles.
      const page = await listAlerts('?status=open&limit=100');
      const res = await t.inject({
        method: 'PATCH',
        url: '/api/v1/alerts/bulk',
        payload: { alertIds: page.alerts.map((a) => a.id), action: 'acknowledge' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const moved = await summary();
      expect(moved.open).toBe(tiles.open - 100);
      expect(moved.acknowledged).toBe(tiles.acknowledged + 100);
      await t.ctx.db.delete(alerts).where(inArray(alerts.domain, ['bulk.example.com']));
    },
  );
});
