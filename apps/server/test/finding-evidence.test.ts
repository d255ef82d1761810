// Evidence on every finding and false positives per finding, through the API:
// where each PII type and vulnerability was seen, which rule fired, a redacted
// sample (never the raw value); a finding marked false positive leaves the score
// and the alerts, stays hidden across re-analysis and rescans, and comes back
// when restored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  alertListSchema,
  endpointSchema,
  errorBodySchema,
  paths,
  vulnerabilityListSchema,
  type Endpoint,
} from '@argus/api';
import { auditLog } from '../src/db/schema/index.js';
import { createUser } from '../src/users.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const HOST = 'pay.example.com';
const CARD = '4111 1111 1111 1111';

describe.each(databaseKinds)('finding evidence and false positives (%s)', (kind) => {
  let t: TestApp;
  let checkoutId: string;

  const capture = (path: string, body: unknown) =>
    t.inject({
      method: 'POST',
      url: paths.gateway(path),
      headers: { 'x-forwarded-host': HOST, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const endpoint = async () =>
    json(await t.inject({ method: 'GET', url: paths.endpoint(checkoutId) }), endpointSchema);
  const mark = async (body: Record<string, unknown>) =>
    t.inject({ method: 'PATCH', url: paths.endpointFindings(checkoutId), payload: body });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await capture('v1/checkout?email=buyer@example.org', { card: CARD, email: 'buyer@example.org' });
    await t.app.argus.analyzer.drain();
    const list = await t.inject({ method: 'GET', url: paths.endpoints() });
    checkoutId = (list.json() as { endpoints: { id: string; normalizedPath: string }[] }).endpoints.find(
      (e) => e.normalizedPath === '/v1/checkout',
    )!.id;
  }, 60_000);
  afterAll(() => t?.close());

  const openAlerts = async () =>
    json(
      await t.inject({ method: 'GET', url: paths.alerts({ status: 'open' }) }),
      alertListSchema,
    ).alerts.filter((a) => a.endpointId === checkoutId);
  const worstVuln = (e: Endpoint) =>
    e.vulnerabilities.find((v) => v.severity === 'high' || v.severity === 'critical')!;

  it('shows where every PII type and vulnerability came from, redacted', async () => {
    const res = await t.inject({ method: 'GET', url: paths.endpoint(checkoutId) });
    expect(res.body).not.toContain(CARD);
    expect(res.body).not.toContain('4111111111111111');
    expect(res.body).not.toContain('buyer@example.org');
    const e = json(res, endpointSchema);
    expect(e.piiFindings?.map((p) => p.type)).toEqual(['credit_card', 'email']);
    const card = e.piiFindings!.find((p) => p.type === 'credit_card')!;
    // Value and field name fired on the same field: one place, both rules.
    expect(card.evidence).toEqual([
      expect.objectContaining({
        side: 'request',
        part: 'body',
        field: 'card',
        sample: '4111 •••• •••• 1111',
        firstSeen: expect.any(String),
        lastSeen: expect.any(String),
      }),
    ]);
    expect(card.evidence[0]!.rule).toMatch(
      /credit_card.*\+ field-name:card|field-name:card \+ .*credit_card/,
    );
    const email = e.piiFindings!.find((p) => p.type === 'email')!;
    expect(email.evidence.map((x) => `${x.side}.${x.part}:${x.field}`).sort()).toEqual([
      'request.body:email',
      'request.query:email',
    ]);
    expect(e.vulnerabilities.length).toBeGreaterThan(1);
    for (const v of e.vulnerabilities) {
      expect(v.evidence?.length, v.vulnId).toBeGreaterThan(0);
      expect(
        v.evidence!.every((x) => x.rule.startsWith(v.vulnId)),
        v.vulnId,
      ).toBe(true);
      expect(v.confidence).toMatch(/^(high|medium|low)$/);
      expect(v.falsePositive).toBeNull();
    }
    const inUrl = e.vulnerabilities.find((v) => v.vulnId === 'ARGUS-API3-002')!;
    expect(inUrl.evidence).toContainEqual(
      expect.objectContaining({ part: 'query', field: 'email', sample: 'b•••@example.org' }),
    );
    const list = json(
      await t.inject({ method: 'GET', url: paths.vulnerabilities() }),
      vulnerabilityListSchema,
    );
    expect(list.vulnerabilities.find((v) => v.id === inUrl.id)?.evidence).toEqual(inUrl.evidence);
  });

  it('hides a marked finding from the score and alerts, across rescans, until restored', async () => {
    const before = await endpoint();
    const high = worstVuln(before);
    const alertsBefore = await openAlerts();
    expect(
      alertsBefore.some((a) => a.triggerType === 'pii_exposed' && a.found?.includes('credit_card')),
    ).toBe(true);
    expect(
      alertsBefore.some((a) => a.triggerType === 'vulnerability_detected' && a.found?.includes(high.vulnId)),
    ).toBe(true);

    const card = json(
      await mark({
        kind: 'pii',
        target: 'credit_card',
        falsePositive: true,
        reason: 'test card of the sandbox',
      }),
      endpointSchema,
    );
    expect(card.piiTypes).toEqual(['email']);
    expect(card.piiFindings?.find((p) => p.type === 'credit_card')?.falsePositive).toEqual(
      expect.objectContaining({ reason: 'test card of the sandbox', markedBy: 'admin' }),
    );
    expect(card.riskScore).toBeLessThanOrEqual(before.riskScore);
    expect(card.riskBreakdown?.explanation.join(' ')).not.toContain('credit_card');
    const marked = json(
      await mark({ kind: 'vulnerability', target: high.id, falsePositive: true }),
      endpointSchema,
    );
    expect(marked.riskScore).toBeLessThan(card.riskScore);
    expect(marked.vulnerabilityCount).toBe(before.vulnerabilities.length - 1);
    expect(marked.vulnerabilities.find((v) => v.id === high.id)?.falsePositive).toEqual(
      expect.objectContaining({ reason: null }),
    );
    // Open alerts for them are resolved, or narrowed to what is left.
    const alertsAfter = await openAlerts();
    expect(
      alertsAfter.some((a) => a.triggerType === 'vulnerability_detected' && a.found?.includes(high.vulnId)),
    ).toBe(false);
    const pii = alertsAfter.find((a) => a.triggerType === 'pii_exposed');
    expect(pii?.found).toEqual(['email']);

    // New traffic (re-analysis) and a rescan keep both hidden and raise nothing for them.
    await capture('v1/checkout?email=buyer@example.org', { card: CARD, email: 'buyer@example.org' });
    await t.app.argus.analyzer.drain();
    const rescanned = json(
      await t.inject({ method: 'POST', url: paths.rescanEndpoint(checkoutId) }),
      endpointSchema,
    );
    expect(rescanned.piiTypes).toEqual(['email']);
    // The traffic part grew; what the hidden findings would add did not come back.
    expect(rescanned.riskBreakdown?.pii).toBe(marked.riskBreakdown?.pii);
    expect(rescanned.riskBreakdown?.vulnerability).toBe(marked.riskBreakdown?.vulnerability);
    expect(rescanned.vulnerabilities.find((v) => v.vulnId === high.vulnId)?.falsePositive).not.toBeNull();
    expect(rescanned.piiFindings?.find((p) => p.type === 'credit_card')?.count).toBeGreaterThan(
      card.piiFindings!.find((p) => p.type === 'credit_card')!.count,
    );
    const alertsLater = await openAlerts();
    expect(alertsLater.some((a) => a.found?.includes('credit_card') || a.found?.includes(high.vulnId))).toBe(
      false,
    );

    const audit = await t.ctx.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, checkoutId), eq(auditLog.action, 'finding.false_positive')));
    expect(audit.map((a) => a.summary)).toEqual([
      expect.stringContaining('PII type credit_card marked as a false positive: test card of the sandbox'),
      expect.stringContaining(`${high.vulnId} ${high.title}`),
    ]);

    await mark({ kind: 'pii', target: 'credit_card', falsePositive: false });
    const restored = json(
      await mark({ kind: 'vulnerability', target: high.id, falsePositive: false }),
      endpointSchema,
    );
    expect(restored.piiTypes).toEqual(['credit_card', 'email']);
    expect(restored.riskBreakdown?.pii).toBe(before.riskBreakdown?.pii);
    expect(restored.riskBreakdown?.vulnerability).toBe(before.riskBreakdown?.vulnerability);
    expect(restored.riskScore).toBeGreaterThan(rescanned.riskScore);
    expect(restored.vulnerabilities.every((v) => v.falsePositive === null)).toBe(true);
  });

  it('refuses unknown findings, bad bodies and viewers', async () => {
    const unknown = await mark({ kind: 'pii', target: 'ssn', falsePositive: true });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown, errorBodySchema).message).toBe('This endpoint has no PII of type ssn');
    const noVuln = await mark({ kind: 'vulnerability', target: 'no-such-id', falsePositive: true });
    expect(noVuln.statusCode).toBe(404);
    const bad = await mark({ kind: 'endpoint', target: 'x', falsePositive: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(
      json(bad, errorBodySchema)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['falsePositive', 'kind']);
    await createUser(t.ctx.db, 'vera', 'vera-password-123', 'viewer');
    const login = await t.anonymous({
      method: 'POST',
      url: paths.login(),
      payload: { username: 'vera', password: 'vera-password-123' },
    });
    const cookie = `argus_session=${login.cookies.find((c) => c.name === 'argus_session')!.value}`;
    const viewer = await t.anonymous({
      method: 'PATCH',
      url: paths.endpointFindings(checkoutId),
      headers: { cookie },
      payload: { kind: 'pii', target: 'email', falsePositive: true },
    });
    expect(viewer.statusCode).toBe(403);
    expect((await endpoint()).piiTypes).toContain('email');
  });
});
