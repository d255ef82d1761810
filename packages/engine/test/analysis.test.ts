import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEIGHTS,
  analyzeInventory,
  checkEndpoint,
  classifyEndpoint,
  evaluateRules,
  evaluateScannerRules,
  indexVersions,
  piiLabel,
  scoreEndpoint,
  validateConditions,
  type EndpointAggregate,
  type EndpointFindings,
} from '../src/index.js';
import { seen as ep, spec } from './checks/endpoints.js';

describe('passive checks', () => {
  it('API9 old versions: the newest version is named, other methods and prefixes do not count', () => {
    const versions = indexVersions([
      { method: 'GET', normalizedPath: '/api/v2/items' },
      { method: 'GET', normalizedPath: '/api/v3/items' },
      { method: 'POST', normalizedPath: '/api/v9/items' },
      { method: 'GET', normalizedPath: '/other/v9/items' },
    ]);
    const old = (method: string, path: string) =>
      checkEndpoint(ep(method, path), { versions }).find((v) => v.vulnId === 'ARGUS-API9-003')?.subject;
    expect(old('GET', '/api/v1/items')).toBe('/api/v3/items');
    expect(old('GET', '/api/v2/items')).toBe('/api/v3/items');
    expect(old('GET', '/api/v3/items')).toBeUndefined();
    expect(old('POST', '/api/v1/items')).toBe('/api/v9/items');
    expect(old('GET', '/api/v1/things')).toBeUndefined();
  });
  // The review's 10k-path spec froze the server: every endpoint was compared with every other.
  it('checks 60,000 versioned endpoints of one domain in linear time', { timeout: 60_000 }, () => {
    const list = Array.from({ length: 60_000 }, (_, i) =>
      ep('GET', `/api/v${(i % 3) + 1}/resource${Math.floor(i / 3)}/items`),
    );
    const analysed = analyzeInventory(list);
    const old = list.filter((e) =>
      analysed.get(e)!.vulnerabilities.some((v) => v.vulnId === 'ARGUS-API9-003'),
    );
    expect(old).toHaveLength(40_000);
  });
});

describe('risk score', () => {
  it('is 0-100 with a breakdown that adds up, weights normalised by any total', () => {
    const r = scoreEndpoint({
      vulnerabilities: [{ severity: 'critical' }],
      piiTypes: ['ssn'],
      avgRps: 1000,
      exposure: 'public',
    });
    expect(r.riskScore).toBe(100);
    const low = scoreEndpoint({ vulnerabilities: [], piiTypes: [], avgRps: 0, exposure: 'authenticated' });
    expect(low.riskScore).toBeLessThan(5);
    const mid = scoreEndpoint({
      vulnerabilities: [{ severity: 'medium' }],
      piiTypes: ['email'],
      avgRps: 5,
      exposure: 'unknown',
    });
    // The four weighted parts and the exploitability lift add up to the score.
    const sum = Object.values(mid.breakdown).reduce((n, p) => n + p.points, 0) + mid.exploitability.points;
    expect(Math.abs(sum - mid.riskScore)).toBeLessThanOrEqual(1);
    const doubled = scoreEndpoint(
      { vulnerabilities: [{ severity: 'medium' }], piiTypes: ['email'], avgRps: 5, exposure: 'unknown' },
      { vulnerability: 80, pii: 60, traffic: 30, exposure: 30 },
    );
    expect(doubled.riskScore).toBe(mid.riskScore);
    expect(
      scoreEndpoint(
        { vulnerabilities: [], piiTypes: [], avgRps: 0, exposure: 'public' },
        { vulnerability: 0, pii: 0, traffic: 0, exposure: 0 },
      ).breakdown.exposure.weight,
    ).toBeCloseTo(DEFAULT_WEIGHTS.exposure / 100);
    expect(
      scoreEndpoint(
        { vulnerabilities: [], piiTypes: [], avgRps: 0, exposure: 'public' },
        { vulnerability: 0, pii: 0, traffic: 0, exposure: 7 },
      ).riskScore,
    ).toBe(100);
  });
  it('uses traffic volume (log-scaled)', () => {
    const at = (rps: number) =>
      scoreEndpoint({ vulnerabilities: [], piiTypes: [], avgRps: rps, exposure: 'authenticated' }).breakdown
        .traffic.value;
    expect(at(0)).toBe(0);
    expect(at(9)).toBeCloseTo(1 / 3, 2);
    expect(at(99)).toBeCloseTo(2 / 3, 2);
    expect(at(1e6)).toBe(1);
  });
});

describe('classification', () => {
  it('labels admin, sensitive, pii, internal, public, authenticated, unknown', () => {
    const c = (e: EndpointAggregate) => classifyEndpoint(e).classification;
    expect(c(ep('GET', '/admin/x', { auth: { bearer: 1 } }))).toBe('admin');
    expect(
      c(
        ep('GET', '/a', { pii: [{ type: 'credit_card', location: 'response.body', by: 'value', count: 1 }] }),
      ),
    ).toBe('sensitive');
    expect(
      c(ep('GET', '/a', { pii: [{ type: 'email', location: 'response.body', by: 'value', count: 1 }] })),
    ).toBe('pii');
    expect(c(ep('GET', '/a', { domain: '10.1.2.3' }))).toBe('internal');
    expect(c(ep('GET', '/a'))).toBe('public');
    expect(c(ep('GET', '/a', { auth: { bearer: 2 } }))).toBe('authenticated');
    expect(c(ep('GET', '/a', { auth: { unknown: 2 } }))).toBe('unknown');
  });
  it('analyses an inventory with domain context', () => {
    const list = [
      ep('GET', '/api/v1/items', { spec: spec() }),
      ep('GET', '/api/v2/items', { spec: spec() }),
      ep('GET', '/shadow'),
    ];
    const a = analyzeInventory(list);
    expect(a.get(list[2]!)!.vulnerabilities.map((v) => v.vulnId)).toContain('ARGUS-API9-001');
    expect(a.get(list[0]!)!.vulnerabilities.map((v) => v.vulnId)).toContain('ARGUS-API9-003');
    expect(a.get(list[0]!)!.risk.riskScore).toBeGreaterThan(0);
  });
});

describe('alert rules', () => {
  const finding: EndpointFindings = {
    endpointId: 7,
    domain: 'api.example.com',
    method: 'GET',
    normalizedPath: '/users/{id}',
    riskScore: 82,
    vulnerabilities: [
      {
        vulnId: 'ARGUS-API1-001',
        title: 'BOLA',
        severity: 'high',
        owaspCategory: 'API1:2023 Broken Object Level Authorization',
      },
      {
        vulnId: 'ARGUS-API4-002',
        title: 'RL',
        severity: 'low',
        owaspCategory: 'API4:2023 Unrestricted Resource Consumption',
      },
    ],
    piiTypes: ['email', 'ssn'],
    piiLocations: ['response.body'],
    requestCount: 100,
    avgRps: 12,
    errorRate: 0.2,
  };
  it('validates conditions per trigger type and names unknown keys', () => {
    expect(validateConditions('vulnerability_detected', { minSeverity: 'high', colour: 'red' })).toEqual({
      ok: false,
      message: expect.stringMatching(
        /Unknown condition key "colour" for vulnerability_detected; allowed: .*minSeverity/,
      ),
    });
    expect(validateConditions('threshold_breach', { metric: 'avgRps', value: 10 })).toMatchObject({
      ok: true,
    });
    expect(validateConditions('threshold_breach', { metric: 'cpu', value: 10 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/"metric" is required/),
    });
    expect(validateConditions('high_risk_endpoint', { minRiskScore: 120 })).toMatchObject({ ok: false });
    expect(validateConditions('nope', {})).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Unknown trigger type/),
    });
    expect(validateConditions('pii_exposed', [])).toMatchObject({
      ok: false,
      message: 'Conditions must be a JSON object',
    });
  });
  it('raises de-duplicated alerts for each trigger type', () => {
    const alerts = evaluateRules(
      [
        {
          id: 1,
          triggerType: 'vulnerability_detected',
          severity: 'high',
          conditions: { minSeverity: 'medium' },
        },
        { id: 2, triggerType: 'high_risk_endpoint', severity: 'critical', conditions: { minRiskScore: 80 } },
        {
          id: 3,
          triggerType: 'pii_exposed',
          severity: 'high',
          conditions: { piiTypes: ['ssn'], locations: ['response'] },
        },
        {
          id: 4,
          triggerType: 'threshold_breach',
          severity: 'medium',
          conditions: { metric: 'errorRate', operator: '>=', value: 0.1 },
        },
        {
          id: 5,
          triggerType: 'high_risk_endpoint',
          severity: 'low',
          conditions: { domains: ['other.example'] },
        },
        { id: 6, triggerType: 'high_risk_endpoint', severity: 'low', conditions: {}, isActive: false },
      ],
      [finding, finding],
    );
    expect(alerts.map((a) => a.dedupeKey)).toEqual([
      '1|7|ARGUS-API1-001',
      '2|7|risk',
      '3|7|pii',
      '4|7|metric:errorRate',
    ]);
    expect(alerts[0]).toMatchObject({
      ruleId: 1,
      severity: 'high',
      endpoint: { method: 'GET', normalizedPath: '/users/{id}' },
    });
    expect(alerts[2]?.title).toMatch(/^SSN exposed by GET /);
    expect(alerts[2]?.found).toEqual(['ssn']);
  });

  it('raises one PII alert per endpoint and rule, listing the types', () => {
    const alerts = evaluateRules(
      [{ id: 9, triggerType: 'pii_exposed', severity: 'medium', conditions: {} }],
      [{ ...finding, piiTypes: ['email', 'phone', 'ssn'] }],
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ dedupeKey: '9|7|pii', found: ['email', 'phone', 'ssn'] });
    expect(alerts[0]?.title).toBe(
      '3 PII types exposed by GET api.example.com/users/{id}: Email address, Phone number, SSN',
    );
  });

  it('raises a scanner-activity alert per rule and domain, never an endpoint alert for it', () => {
    const rules = [
      {
        id: 10,
        triggerType: 'threshold_breach' as const,
        severity: 'high' as const,
        conditions: { metric: 'scannerRequests', operator: '>=', value: 50 },
      },
      {
        id: 11,
        triggerType: 'threshold_breach' as const,
        severity: 'low' as const,
        conditions: { metric: 'scannerRequests', value: 1, domains: ['*.other.example'] },
      },
      {
        id: 12,
        triggerType: 'threshold_breach' as const,
        severity: 'low' as const,
        conditions: { metric: 'avgRps', value: 1 },
      },
    ];
    const activity = {
      domain: 'api.example.com',
      requests: 50,
      byKind: { wordpress: 8, dotfile: 42 },
      topPath: '/.env',
    };
    const raised = evaluateScannerRules(rules, activity);
    expect(raised).toEqual([
      {
        ruleId: 10,
        triggerType: 'threshold_breach',
        severity: 'high',
        title: 'Scanner activity on api.example.com: 50 requests',
        description: 'scannerRequests is 50 (threshold >= 50): dotfile 42, wordpress 8; most probed /.env.',
        domain: 'api.example.com',
        dedupeKey: '10|domain:api.example.com|metric:scannerRequests',
        finding: 'metric:scannerRequests',
        found: ['dotfile', 'wordpress'],
      },
    ]);
    expect(evaluateScannerRules(rules, { ...activity, requests: 49 })).toEqual([]);
    // Rule 11 looks only at *.other.example; rule 10 at every domain.
    expect(
      evaluateScannerRules(rules, { ...activity, domain: 'x.other.example' }).map((a) => a.ruleId),
    ).toEqual([10, 11]);
    expect(evaluateRules(rules, [finding])).toEqual([
      expect.objectContaining({ ruleId: 12, dedupeKey: '12|7|metric:avgRps' }),
    ]);
    expect(validateConditions('threshold_breach', { metric: 'scannerRequests', value: 10 })).toMatchObject({
      ok: true,
    });
  });

  it('names PII types readably in alert titles', () => {
    expect(piiLabel('credit_card')).toBe('Credit card number');
    expect(piiLabel('dob')).toBe('Date of birth');
    expect(piiLabel('passport')).toBe('Passport');
    expect(piiLabel('tax_id')).toBe('Tax id');
  });
});
