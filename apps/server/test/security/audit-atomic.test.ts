// An audited change and its audit entry commit together: a change whose entry
// cannot be written is not made, and a change made always has its entry.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertRuleListSchema,
  domainListSchema,
  paths,
  SCAN_SAMPLE_HOST,
  SCAN_SAMPLE_REQUESTS,
  settingsSchema,
} from '@argus/api';
import { auditLog } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

describe.each(databaseKinds)('audit entries in the change transaction (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const refuseAuditEntries = async (refuse: boolean) => {
    if (refuse) {
      await t.ctx.db.execute(
        sql.raw(`create or replace function test_refuse_audit() returns trigger language plpgsql
          as $$ begin raise exception 'audit entry refused by the test'; end $$`),
      );
      await t.ctx.db.execute(
        sql.raw(`create trigger test_refuse_audit before insert on audit_log
          for each row execute function test_refuse_audit()`),
      );
    } else {
      await t.ctx.db.execute(sql.raw('drop trigger test_refuse_audit on audit_log'));
    }
  };

  it('makes no change whose audit entry fails, and every change has its entry', async () => {
    const domainsNow = async () =>
      json(await t.inject({ method: 'GET', url: paths.domains() }), domainListSchema).map((d) => d.name);
    const rulesNow = async () =>
      json(await t.inject({ method: 'GET', url: paths.alertRules() }), alertRuleListSchema).length;
    const settingsNow = async () =>
      json(await t.inject({ method: 'GET', url: paths.settings() }), settingsSchema);
    const settings = await settingsNow();
    const rules = await rulesNow();
    // Run Scan's sample domain, from its first sample request through the capture path.
    const sample = SCAN_SAMPLE_REQUESTS[0]!;
    const captured = await t.inject({
      method: sample.method,
      url: paths.gateway(sample.path),
      headers: { 'content-type': 'application/json', 'x-forwarded-host': SCAN_SAMPLE_HOST },
      ...(sample.body === undefined ? {} : { payload: JSON.stringify(sample.body) }),
    });
    expect(captured.statusCode).toBe(202);
    await t.app.argus.sink.catchUp();
    expect(await domainsNow()).toContain(SCAN_SAMPLE_HOST);
    const changes = {
      domain: () =>
        t.inject({ method: 'POST', url: paths.domains(), payload: { name: 'atomic.example.com' } }),
      settings: () =>
        t.inject({
          method: 'PUT',
          url: paths.settings(),
          payload: { ...settings, scanIntervalMinutes: settings.scanIntervalMinutes + 1 },
        }),
      rule: () =>
        t.inject({
          method: 'POST',
          url: paths.alertRules(),
          payload: {
            name: 'Atomic rule',
            triggerType: 'high_risk_endpoint',
            severity: 'high',
            conditions: { minRiskScore: 90 },
          },
        }),
      sampleDomain: () => t.inject({ method: 'DELETE', url: paths.sampleDomain() }),
    };

    await refuseAuditEntries(true);
    try {
      for (const [what, change] of Object.entries(changes)) {
        expect((await change()).statusCode, what).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await refuseAuditEntries(false);
    }
    expect(await domainsNow()).not.toContain('atomic.example.com');
    expect(await settingsNow()).toEqual(settings);
    expect(await rulesNow()).toBe(rules);
    expect(await domainsNow()).toContain(SCAN_SAMPLE_HOST);

    for (const [what, change] of Object.entries(changes)) {
      expect((await change()).statusCode, what).toBeLessThan(300);
    }
    expect(await domainsNow()).not.toContain(SCAN_SAMPLE_HOST);
    const entries = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorUsername, 'admin'));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['domain.create', 'settings.update', 'rule.create', 'domain.sample.remove']),
    );
  });
});
