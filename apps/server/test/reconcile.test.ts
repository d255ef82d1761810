// reconcile() without a database: stored rows and engine results as plain
// data (built with the engine's own Inventory), the decided changes checked.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@argus/api';
import {
  Inventory,
  emptyAggregate,
  type DomainTraffic,
  type EndpointAggregate,
  type Observation,
  type SpecInfo,
  type TemplateOverride,
  type Vulnerability,
} from '@argus/engine';
import {
  ACTIVITY_DETAIL_CAP,
  diffVulnerabilities,
  reconcile,
  type EngineResult,
  type StoredEndpoint,
  type StoredMark,
  type StoredRows,
} from '../src/analysis/reconcile.js';
import { vulnerabilityKey } from '../src/analysis/evaluate.js';

const DOMAIN = 'shop.example.com';

const get = (path: string, at = 1_700_000_000_000): Observation => ({
  source: 'capture',
  domain: DOMAIN,
  method: 'GET',
  path,
  query: '',
  status: 200,
  scheme: 'https',
  auth: ['bearer'],
  requestHeaders: {},
  responseHeaders: {},
  timestamp: at,
});

const spec: SpecInfo = {
  source: 'openapi',
  security: 'required',
  securitySchemes: ['bearer'],
  deprecated: false,
  parameters: [{ name: 'id', in: 'path', required: true }],
  requestFields: [],
  responseFields: [],
  piiFields: [],
  servers: [],
};

/** What the analyzer does with the engine: stored aggregates, then the new input. */
function engine(
  stored: readonly StoredEndpoint[],
  observations: Observation[],
  declared: string[] = [],
  overrides: TemplateOverride[] = [],
): EngineResult {
  const inventory = new Inventory();
  inventory.addSpecEndpoints(
    declared.map((pathTemplate) => ({ domain: DOMAIN, method: 'GET', pathTemplate, spec })),
  );
  inventory.addOverrides(DOMAIN, overrides);
  inventory.addAggregates(stored.map((e) => e.aggregate));
  const renames = new Map(inventory.renames());
  for (const obs of observations) inventory.addObservation(obs);
  const endpoints = inventory.endpoints();
  return { endpoints, renames, foldedInto: new Map(inventory.foldedInto()) };
}

function rows(endpoints: StoredEndpoint[], extra: Partial<StoredRows> = {}): StoredRows {
  return {
    domain: DOMAIN,
    newDomain: false,
    endpoints,
    vulnerabilities: [],
    marks: [],
    confirmed: new Map(),
    ...extra,
  };
}

const mark = (endpointId: string, kind: StoredMark['kind'], findingKey: string): StoredMark => ({
  endpointId,
  kind,
  findingKey,
  reason: `not a real ${findingKey}`,
  markedBy: null,
  markedAt: new Date(0),
});

let nextId = 0;
const options = { trigger: 'capture' as const, settings: defaultSettings, newId: () => `new-${++nextId}` };

function stored(id: string, agg: EndpointAggregate, riskScore = 10): StoredEndpoint {
  return {
    id,
    method: agg.method,
    normalizedPath: agg.normalizedPath,
    riskScore,
    piiTypes: [],
    falsePositive: false,
    aggregate: agg,
  };
}

/** The stored rows a first analysis of `paths` would leave. */
async function firstAnalysis(paths: string[]): Promise<StoredEndpoint[]> {
  const rec = await reconcile(
    rows([]),
    engine(
      [],
      paths.map((p) => get(p)),
    ),
    options,
  );
  return rec.upserts.map((u) => stored(u.id, u.aggregate, u.evaluation.riskScore));
}

const confirmedFinding = (vulnId: string): Vulnerability => ({
  vulnId,
  title: `Confirmed ${vulnId}`,
  description: 'An active test proved it',
  severity: 'high',
  owaspCategory: 'API1:2023 Broken Object Level Authorization',
  remediation: 'Check object ownership',
  subject: `confirmed by test ${vulnId}`,
  confidence: 'high',
  evidence: [{ rule: `active-test:${vulnId}`, detail: 'read another user', lastSeen: 1 }],
});

describe('reconcile', () => {
  it('inserts what the engine found on a new domain, with activity and findings', async () => {
    const rec = await reconcile(
      rows([], { newDomain: true }),
      engine([], [get('/items/101'), get('/items/102'), get('/items/103'), get('/health')]),
      options,
    );
    expect(rec.upserts.map((u) => [u.aggregate.normalizedPath, u.before, u.id.startsWith('new-')])).toEqual([
      ['/items/{itemId}', undefined, true],
      ['/health', undefined, true],
    ]);
    expect(rec.newEndpoints).toBe(2);
    expect(rec.renames).toEqual([]);
    expect(rec.deletes).toEqual([]);
    expect(rec.activities.map((a) => a.title)).toEqual([
      `New domain discovered: ${DOMAIN}`,
      'New endpoint discovered: GET /items/{itemId}',
      'New endpoint discovered: GET /health',
    ]);
    expect(rec.findings.map((f) => [f.id, f.normalizedPath, f.requestCount, f.previousRiskScore])).toEqual(
      rec.upserts.map((u) => [u.id, u.aggregate.normalizedPath, u.aggregate.requestCount, null]),
    );
  });

  it('writes only the endpoints that changed, keeping their ids; all of them when asked', async () => {
    const before = await firstAnalysis(['/items/101', '/items/102', '/items/103', '/health']);
    const items = before.find((e) => e.normalizedPath === '/items/{itemId}')!;

    const rec = await reconcile(
      rows(before),
      engine(before, [get('/items/104', 1_700_000_100_000)]),
      options,
    );
    expect(rec.upserts.map((u) => [u.id, u.aggregate.requestCount, u.before?.id])).toEqual([
      [items.id, 4, items.id],
    ]);
    expect(rec.findings[0]).toMatchObject({ id: items.id, previousRiskScore: items.riskScore });
    expect(rec.activities).toEqual([]);
    expect(rec.newEndpoints).toBe(0);

    const all = await reconcile(rows(before), engine(before, []), { ...options, reanalyseAll: true });
    expect(all.upserts.map((u) => u.id).sort()).toEqual(before.map((e) => e.id).sort());
    expect(all.activities).toEqual([]);
  });

  it('renames a guessed row in place when a declared template names its parameters', async () => {
    const before = await firstAnalysis([
      '/accounts/1842/statements',
      '/accounts/1843/statements',
      '/accounts/1977/statements',
    ]);
    expect(before.map((e) => e.normalizedPath)).toEqual(['/accounts/{accountId}/statements']);
    const pathMark = mark(before[0]!.id, 'vulnerability', 'ARGUS-API1-001|/accounts/{accountId}/statements');
    const rec = await reconcile(
      rows(before, { marks: [pathMark] }),
      engine(before, [], ['/accounts/{id}/statements']),
      options,
    );
    // A path finding's mark follows the new path.
    expect(rec.markRekeys).toEqual([
      { ...pathMark, findingKey: 'ARGUS-API1-001|/accounts/{id}/statements', from: pathMark.findingKey },
    ]);
    expect(rec.renames).toEqual([
      {
        id: before[0]!.id,
        method: 'GET',
        from: '/accounts/{accountId}/statements',
        to: '/accounts/{id}/statements',
      },
    ]);
    expect(rec.upserts.map((u) => [u.id, u.aggregate.normalizedPath, u.aggregate.requestCount])).toEqual([
      [before[0]!.id, '/accounts/{id}/statements', 3],
    ]);
    expect(rec.deletes).toEqual([]);
    expect(rec.newEndpoints).toBe(0);
    expect(rec.activities.map((a) => a.title)).toEqual([
      'Endpoint renamed: GET /accounts/{accountId}/statements → /accounts/{id}/statements',
    ]);
  });

  it('does not rename onto a row that exists; the guessed row is merged away instead', async () => {
    const guessed = await firstAnalysis([
      '/accounts/1842/statements',
      '/accounts/1843/statements',
      '/accounts/1977/statements',
    ]);
    const declaredRow = stored('declared', {
      ...(await firstAnalysis(['/accounts/{id}/statements']))[0]!.aggregate,
      normalizedPath: '/accounts/{id}/statements',
      spec,
    });
    const before = [...guessed, declaredRow];
    const rec = await reconcile(rows(before), engine(before, []), options);
    expect(rec.renames).toEqual([]);
    expect(rec.deletes).toEqual([guessed[0]!.id]);
    expect(rec.upserts.map((u) => [u.id, u.aggregate.requestCount])).toEqual([['declared', 4]]);
  });

  it('deletes rows the engine no longer yields', async () => {
    const before = await firstAnalysis(['/health', '/status']);
    const gone = before.find((e) => e.normalizedPath === '/status')!;
    const result = engine(before, []);
    const rec = await reconcile(
      rows(before),
      { ...result, endpoints: result.endpoints.filter((a) => a.normalizedPath !== '/status') },
      options,
    );
    expect(rec.deletes).toEqual([gone.id]);
    expect(rec.upserts).toEqual([]);
  });

  it('diffs findings: new ones added with activity, gone ones deleted, false positives kept quietly', async () => {
    const before = await firstAnalysis(['/health']);
    const id = before[0]!.id;
    const kept = confirmedFinding('kept');
    const fresh = confirmedFinding('fresh');
    const marked = confirmedFinding('marked');
    const storedVulns = [
      { id: 'v-kept', endpointId: id, vulnId: 'kept', evidence: kept.subject! },
      { id: 'v-gone', endpointId: id, vulnId: 'gone', evidence: 'confirmed by test gone' },
    ];
    const rec = await reconcile(
      rows(before, {
        vulnerabilities: storedVulns,
        confirmed: new Map([[id, [kept, fresh, marked]]]),
        marks: [mark(id, 'vulnerability', vulnerabilityKey('marked', marked.subject!))],
      }),
      engine(before, []),
      { ...options, reanalyseAll: true },
    );
    const diff = rec.vulnerabilityDiff;
    expect(diff.deletes).toEqual(['v-gone']);
    expect(diff.upserts.map((u) => [u.endpointId, u.vulnerability.vulnId]).sort()).toEqual([
      [id, 'fresh'],
      [id, 'kept'],
      [id, 'marked'],
    ]);
    expect(diff.added.map((a) => a.vulnerability.vulnId)).toEqual(['fresh']);
    expect(rec.activities.map((a) => a.title)).toEqual([
      'New vulnerability: high: Confirmed fresh on GET /health',
    ]);
    expect(rec.findings[0]!.vulnerabilities.map((v) => v.vulnId).sort()).toEqual(['fresh', 'kept']);
    // The same diff a rescan uses, on its own.
    expect(diffVulnerabilities(id, storedVulns, { vulnerabilities: [kept], falsePositives: [] })).toEqual({
      upserts: [{ endpointId: id, vulnerability: kept }],
      deletes: ['v-gone'],
      added: [],
    });
  });

  it('summarises new endpoints beyond the detail cap and reports attack traffic', async () => {
    // Plain aggregates: the engine's templater would merge this many siblings into one.
    const many = Array.from({ length: ACTIVITY_DETAIL_CAP + 5 }, (_, i) => ({
      ...emptyAggregate(DOMAIN, 'GET', `/reports/${i}`),
      sources: ['capture' as const],
      requestCount: 1,
    }));
    const traffic: DomainTraffic = {
      domain: DOMAIN,
      attack: {
        requests: 3,
        byKind: { dotfile: 3 },
        byClient: [],
        firstSeen: null,
        lastSeen: null,
        topPaths: [{ path: '/.env', count: 3 }],
      },
      staticRequests: 0,
      browserRequests: 0,
      preflights: 0,
      preflightsByPath: [],
    };
    const rec = await reconcile(rows([]), { endpoints: many, renames: new Map(), traffic }, options);
    const titles = rec.activities.map((a) => a.title);
    expect(rec.newEndpoints).toBe(ACTIVITY_DETAIL_CAP + 5);
    expect(titles.filter((t) => t.startsWith('New endpoint discovered'))).toHaveLength(ACTIVITY_DETAIL_CAP);
    expect(titles).toContain('5 more new endpoints discovered');
    expect(titles.at(-1)).toBe(`Attack traffic on ${DOMAIN}: 3 scanner requests`);
    expect(rec.traffic).toBe(traffic);
  });

  it('carries the marks of rows folded into a template to the merged endpoint', async () => {
    const withPii = (path: string, query: string) => ({ ...get(path), query });
    const first = await reconcile(
      rows([]),
      engine(
        [],
        [
          withPii('/link/apple', 'contact=help@links.example.org'),
          withPii('/link/banana', 'phone=%2B1-202-555-0173'),
        ],
      ),
      options,
    );
    const before = first.upserts.map((u) => stored(u.id, u.aggregate));
    expect(before.map((e) => e.normalizedPath)).toEqual(['/link/apple', '/link/banana']);
    const [apple, banana] = before;
    const marks = [mark(apple!.id, 'pii', 'email'), mark(banana!.id, 'pii', 'phone')];
    const rec = await reconcile(
      rows(before, { marks }),
      engine(before, [], [], [{ kind: 'merge', template: '/link/{name}' }]),
      options,
    );
    // The first row is renamed in place (keeping its marks); the other folds into it.
    expect(rec.renames).toEqual([{ id: apple!.id, method: 'GET', from: '/link/apple', to: '/link/{name}' }]);
    expect(rec.deletes).toEqual([banana!.id]);
    const merged = rec.upserts.find((u) => u.aggregate.normalizedPath === '/link/{name}')!;
    expect(merged.id).toBe(apple!.id);
    expect([...new Set(merged.aggregate.pii.map((p) => p.type))].sort()).toEqual(['email', 'phone']);
    // Marked on the rows before, so out of the merged endpoint's findings and score.
    expect(merged.evaluation.piiTypes).toEqual([]);
    expect(rec.carriedMarks.map((m) => [m.endpointId, m.findingKey, m.reason])).toEqual([
      [apple!.id, 'phone', 'not a real phone'],
    ]);
    expect(rec.activities.map((a) => a.title)).not.toContain(expect.stringMatching(/^New PII/));
  });

  it('hands alerting the authentication regression an import shows, with its evidence', async () => {
    const har = (auth: boolean, status: number): Observation => ({
      ...get('/account'),
      source: 'har',
      auth: auth ? ['bearer'] : [],
      status,
    });
    const first = await reconcile(rows([]), engine([], [har(true, 200), har(true, 200), har(false, 401)]), {
      ...options,
      trigger: 'sync',
    });
    expect(first.findings[0]!.changes).toEqual([]);
    const before = first.upserts.map((u) => stored(u.id, u.aggregate, u.evaluation.riskScore));
    const rec = await reconcile(rows(before), engine(before, [har(false, 200)]), {
      ...options,
      trigger: 'sync',
    });
    expect(rec.findings[0]!.changes.map((c) => [c.kind, c.before, c.after])).toEqual([
      [
        'auth-regression',
        expect.objectContaining({ requirement: 'required', withoutCredentials: 1, refused: 1 }),
        expect.objectContaining({ requirement: 'optional', withoutCredentials: 2, refused: 1 }),
      ],
    ]);
  });
});
