// Risk ranks real flaws first: a deliberately vulnerable API (spec + traffic modelled on
// the example), a well-designed API and a payments spec full of declared PII,
// scored together as one inventory.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  Inventory,
  analyzeInventory,
  evidenceStrength,
  readOpenApi,
  scoreEndpoint,
  type Observation,
} from '../src/index.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const T0 = Date.UTC(2026, 10, 20, 9);

function observation(domain: string, over: Partial<Observation>): Observation {
  return {
    source: 'har',
    domain,
    method: 'GET',
    path: '/',
    query: '',
    status: 200,
    scheme: domain.startsWith('vuln') ? 'http' : 'https',
    auth: [],
    requestHeaders: {},
    responseHeaders: { 'content-type': 'application/json' },
    timestamp: T0,
    ...over,
  };
}

function vulnerableTraffic(): Observation[] {
  const o = (method: string, path: string, over: Partial<Observation> = {}) =>
    observation('vuln.example.test', {
      method,
      path,
      responseHeaders: { 'content-type': 'application/json', server: 'Werkzeug/2.0.2 Python/3.9.7' },
      ...over,
    });
  return [
    o('GET', '/'),
    o('GET', '/createdb', { responseBody: '{"message":"Database populated."}' }),
    o('GET', '/users/v1', { responseBody: '[{"username":"name1","email":"mail1@mail.com"}]' }),
    o('GET', '/users/v1/_debug', {
      responseBody:
        '{"users":[{"admin":true,"email":"admin@mail.com","password":"pass1","username":"admin"}]}',
    }),
    o('POST', '/users/v1/register', {
      requestBody: '{"username":"eve","email":"eve@mail.com","password":"x1"}',
    }),
    o('POST', '/users/v1/login', { requestBody: '{"username":"eve","password":"x1"}' }),
    o('GET', '/users/v1/name1', { auth: ['bearer'] }),
    o('DELETE', '/users/v1/name1'),
    o('PUT', '/users/v1/name1/password', { status: 204, requestBody: '{"password":"owned"}' }),
    o('GET', '/books/v1'),
    o('GET', '/books/v1/bookTitle77', {
      responseBody: '{"book_title":"bookTitle77","owner":"name1","secret":"secret for bookTitle77"}',
    }),
    o('GET', '/books/v1/bookTitle12', { responseBody: '{"book_title":"bookTitle12","owner":"admin"}' }),
  ];
}

function wellDesignedTraffic(): Observation[] {
  const headers = {
    'content-type': 'application/json',
    'strict-transport-security': 'max-age=63072000',
    'x-content-type-options': 'nosniff',
    'ratelimit-limit': '100',
    'ratelimit-remaining': '99',
  };
  const o = (method: string, path: string, over: Partial<Observation> = {}) =>
    observation('notes.example.test', { method, path, auth: ['bearer'], responseHeaders: headers, ...over });
  return [
    o('GET', '/v2/notes', { query: 'limit=20', responseBody: '{"items":[{"id":"n1","title":"Groceries"}]}' }),
    o('POST', '/v2/notes', { status: 201, requestBody: '{"title":"Call the bank","body":"before noon"}' }),
    o('GET', '/v2/notes/n1'),
    o('DELETE', '/v2/notes/n1', { status: 204 }),
    o('GET', '/v2/me', { responseBody: '{"id":"u1","email":"jane@example.com"}' }),
    o('GET', '/v2/notes', { auth: [], status: 401 }),
  ];
}

function rank() {
  const inv = new Inventory();
  inv.addSpecEndpoints(readOpenApi(fixture('vulnerable-openapi.yaml')).endpoints);
  inv.addSpecEndpoints(readOpenApi(fixture('well-designed-openapi.yaml')).endpoints);
  inv.addSpecEndpoints(readOpenApi(fixture('payments-openapi.yaml')).endpoints);
  for (const obs of [...vulnerableTraffic(), ...wellDesignedTraffic()]) inv.addObservation(obs);
  return [...analyzeInventory(inv.endpoints())]
    .map(([ep, a]) => ({
      key: `${ep.method} ${ep.normalizedPath}`,
      domain: ep.domain,
      score: a.risk.riskScore,
      a,
    }))
    .sort((x, y) => y.score - x.score);
}

describe('risk ranking', () => {
  const ranked = rank();
  const scoreOf = (key: string) => ranked.find((r) => r.key === key)?.score ?? -1;
  const average = (domain: string) => {
    const list = ranked.filter((r) => r.domain === domain);
    return list.reduce((n, r) => n + r.score, 0) / list.length;
  };

  it('puts the vulnerable API’s real flaws at the top', () => {
    const flaws = [
      'GET /createdb',
      'DELETE /users/v1/{username}',
      'PUT /users/v1/{username}/password',
      'GET /users/v1/_debug',
      'GET /books/v1/{book_title}',
    ];
    // The five flaws are in the top six (the sixth may be the unauthenticated user list),
    // above every endpoint of the other two APIs.
    const top = ranked.slice(0, flaws.length + 1).map((r) => r.key);
    expect(top).toEqual(expect.arrayContaining(flaws));
    const others = ranked.filter((r) => r.domain !== 'vuln.example.test');
    for (const flaw of flaws)
      expect(scoreOf(flaw), flaw).toBeGreaterThan(Math.max(...others.map((r) => r.score)));
    expect(scoreOf('GET /createdb')).toBeGreaterThanOrEqual(50);
    const createdb = ranked.find((r) => r.key === 'GET /createdb')!;
    expect(createdb.a.vulnerabilities.map((v) => v.vulnId)).toContain('ARGUS-API5-002');
  });

  it('keeps the well-designed API low and ranks declared PII below real flaws', () => {
    for (const r of ranked.filter((x) => x.domain === 'notes.example.test'))
      expect(r.score, r.key).toBeLessThan(30);
    expect(average('vuln.example.test')).toBeGreaterThan(average('api.payments.example') + 10);
    const worstPayments = Math.max(
      ...ranked.filter((r) => r.domain === 'api.payments.example').map((r) => r.score),
    );
    expect(worstPayments).toBeLessThan(scoreOf('GET /createdb'));
  });
});

describe('scoreEndpoint', () => {
  it('weighs findings by confidence and declared PII at half', () => {
    const base = { piiTypes: [], avgRps: 0, exposure: 'public' as const };
    const sure = scoreEndpoint({ ...base, vulnerabilities: [{ severity: 'high', confidence: 'high' }] });
    const unsure = scoreEndpoint({ ...base, vulnerabilities: [{ severity: 'high', confidence: 'low' }] });
    expect(sure.riskScore).toBeGreaterThan(unsure.riskScore);
    expect(sure.breakdown.vulnerability.reason).toBe('1 finding, worst high');
    const two = scoreEndpoint({
      ...base,
      vulnerabilities: [{ severity: 'low' }, { severity: 'medium' }],
    });
    expect(two.breakdown.vulnerability.reason).toBe('2 findings, worst medium');
    const seen = scoreEndpoint({
      ...base,
      vulnerabilities: [],
      piiTypes: ['ssn'],
    });
    const declared = scoreEndpoint({
      ...base,
      vulnerabilities: [],
      piiTypes: ['ssn'],
      piiShares: { ssn: 0.5 },
    });
    expect(seen.breakdown.pii.value).toBe(1);
    expect(declared.breakdown.pii.value).toBe(0.5);
    const broad = scoreEndpoint({
      ...base,
      exposure: 'authenticated',
      vulnerabilities: [],
      piiTypes: ['address', 'dob', 'email', 'iban', 'ip_address', 'name', 'national_id', 'password', 'phone'],
      piiShares: { national_id: 0.5, password: 0.5, iban: 0.5 },
    });
    const flaw = scoreEndpoint({ ...base, vulnerabilities: [{ severity: 'critical', confidence: 'high' }] });
    expect(flaw.riskScore).toBeGreaterThan(broad.riskScore + 20);
  });
});

describe('docs/risk.md', () => {
  it('has worked examples the formula reproduces, part by part', () => {
    const doc = readFileSync(new URL('../../../docs/risk.md', import.meta.url), 'utf8');
    const rows = doc
      .split('\n')
      .filter((l) => /^\| [^-]/.test(l) && !l.startsWith('| example'))
      .map((l) =>
        l
          .split('|')
          .slice(2, -1)
          .map((c) => c.trim()),
      );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [findings, pii, rps, exposure, v, p, t, e, x, score] of rows as string[][]) {
      const piiTypes = pii === '—' ? [] : pii!.split(', ').map((x) => x.split('×'));
      const result = scoreEndpoint({
        vulnerabilities:
          findings === '—'
            ? []
            : findings!.split(', ').map((f) => {
                const [severity, confidence, known] = f.split('/') as ['critical', 'high', string];
                const evidence =
                  known === 'confirmed'
                    ? [{ rule: 'active-test:example' }]
                    : known === 'traffic'
                      ? [{ rule: 'example', side: 'response' as const }]
                      : [{ rule: 'example' }];
                expect(evidenceStrength(evidence)).toBe(known);
                return { severity, confidence, evidence };
              }),
        piiTypes: piiTypes.map(([type]) => type as string),
        piiShares: Object.fromEntries(
          piiTypes.filter((x) => x[1]).map(([type, share]) => [type, Number(share)]),
        ),
        avgRps: Number(rps),
        exposure: exposure!.split(', ')[0] as 'public',
        internetFacing: !exposure!.includes('internal'),
      });
      const { breakdown } = result;
      expect(
        [
          breakdown.vulnerability.value,
          breakdown.pii.value,
          breakdown.traffic.value,
          breakdown.exposure.value,
        ],
        findings,
      ).toEqual([v, p, t, e].map(Number));
      expect(result.exploitability.value, findings).toBe(Number(x));
      expect(result.riskScore, `${findings} ${pii}`).toBe(Number(score));
    }
  });
});

describe('exploitability first', () => {
  const finding = (severity: 'critical' | 'medium', rule: string, side?: 'response') => ({
    severity,
    confidence: 'high' as const,
    evidence: [side ? { rule, side } : { rule }],
  });
  const base = { piiTypes: [], avgRps: 0 };

  it('puts a confirmed critical in the critical band wherever it sits', () => {
    for (const exposure of ['public', 'authenticated', 'unknown'] as const)
      for (const internetFacing of [true, false]) {
        const r = scoreEndpoint({
          ...base,
          vulnerabilities: [finding('critical', 'active-test:bola')],
          exposure,
          internetFacing,
        });
        expect(r.riskScore, `${exposure} ${internetFacing}`).toBeGreaterThanOrEqual(81);
      }
  });

  it('puts an unauthenticated critical from a spec at 81 or more, the same behind a login below', () => {
    const open = scoreEndpoint({ ...base, vulnerabilities: [finding('critical', 'x')], exposure: 'public' });
    const closed = scoreEndpoint({
      ...base,
      vulnerabilities: [finding('critical', 'x')],
      exposure: 'authenticated',
    });
    expect(open.riskScore).toBeGreaterThanOrEqual(81);
    expect(closed.riskScore).toBeLessThan(81);
  });

  it('never lets spec-only PII hints reach the critical band', () => {
    const types = ['ssn', 'credit_card', 'national_id', 'password', 'iban', 'email', 'phone', 'dob'];
    const r = scoreEndpoint({
      vulnerabilities: [finding('medium', 'pii-hint'), finding('medium', 'pii-hint-2')],
      piiTypes: types,
      piiShares: Object.fromEntries(types.map((t) => [t, 0.5])),
      avgRps: 0,
      exposure: 'public',
    });
    expect(r.riskScore).toBeLessThan(81);
  });

  it('ranks traffic above the spec and a confirmed test above both, and follows the weights', () => {
    const score = (rule: string, side?: 'response') =>
      scoreEndpoint({ ...base, vulnerabilities: [finding('medium', rule, side)], exposure: 'public' })
        .riskScore;
    expect(score('active-test:x')).toBeGreaterThan(score('y', 'response'));
    expect(score('y', 'response')).toBeGreaterThan(score('y'));
    const noVulnWeight = scoreEndpoint(
      { ...base, vulnerabilities: [finding('critical', 'active-test:x')], exposure: 'public' },
      { vulnerability: 0, pii: 30, traffic: 15, exposure: 15 },
    );
    expect(noVulnWeight.exploitability.points).toBe(0);
    expect(evidenceStrength(undefined)).toBe('spec');
  });
});
