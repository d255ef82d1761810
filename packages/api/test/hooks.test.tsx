// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as hooks from '../src/hooks/index.js';
import { SCAN_SAMPLE_HOST, setApiBaseUrl } from '../src/index.js';
import { createHandlers, makeFixtures, type Fixtures } from '../src/mocks/index.js';
import { read, wrapper } from './render.js';

const server = setupServer();
let db: Fixtures;

beforeAll(() => {
  setApiBaseUrl('http://argus.test');
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  db = makeFixtures(60);
  server.resetHandlers(...createHandlers({ db }));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('read hooks', () => {
  it('each GET returns schema-checked data from its URL path', async () => {
    expect((await read(hooks.useMetrics)).totalEndpoints).toBe(60);
    expect((await read(() => hooks.useEndpoints())).total).toBe(60);
    const page = await read(() => hooks.useEndpoints({ limit: 5, offset: 5 }));
    expect(page.endpoints).toHaveLength(5);
    expect((await read(hooks.useTopEndpoints)).every((e) => e.riskScore > 50)).toBe(true);
    expect((await read(() => hooks.useEndpoint('ep-3'))).vulnerabilities).toBeInstanceOf(Array);
    expect((await read(hooks.useDomains)).map((d) => d.name)).toContain('api.acme-payments.com');
    expect((await read(() => hooks.useDiscoverySources('d-1'))).length).toBeGreaterThan(0);
    expect((await read(hooks.useActivities)).length).toBeGreaterThan(0);
    expect((await read(hooks.useVulnerabilities)).vulnerabilities[0]?.endpoint).toBeTruthy();
    expect((await read(hooks.usePiiEndpoints)).endpoints.every((e) => e.piiTypes.length > 0)).toBe(true);
    expect((await read(hooks.useAlerts)).total).toBe(db.alerts.length);
    expect((await read(() => hooks.useAlertHistory('al-1')))[0]?.toStatus).toBe('open');
    expect((await read(hooks.useUsers))[0]?.username).toBe('admin');
    expect((await read(hooks.useAlertRules)).length).toBe(4);
    expect((await read(hooks.useNotificationChannels)).length).toBe(3);
    expect(await read(() => hooks.useChannelDeliveries('ch-1'))).toHaveLength(1);
    expect((await read(hooks.useSettings)).weights.vulnerability).toBe(40);
    expect((await read(hooks.useMe))?.username).toBe('admin');
  });

  it('a null id sends no request', () => {
    const { result } = renderHook(() => hooks.useEndpoint(null), { wrapper });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.data).toBeUndefined();
  });

  it('useMe answers null without a session (401), other reads fail with the status', async () => {
    server.use(
      ...createHandlers({ db, variant: 'error', error: { status: 401, message: 'Sign in required' } }),
    );
    expect(await read(hooks.useMe)).toBeNull();
    await expect(read(hooks.useMetrics)).rejects.toThrow('401: {"message":"Sign in required"}');
  });

  it('error variants surface as errors and are not retried', async () => {
    let calls = 0;
    server.events.on('request:start', () => calls++);
    server.use(...createHandlers({ db, resources: { alerts: 'error' } }));
    await expect(read(hooks.useAlerts)).rejects.toThrow('500: {"message":"Internal server error"}');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  it('empty variants give empty lists', async () => {
    server.use(...createHandlers({ db, variant: 'empty' }));
    expect((await read(() => hooks.useEndpoints())).total).toBe(0);
    expect(await read(hooks.useDomains)).toEqual([]);
    expect((await read(hooks.useMetrics)).avgRiskScore).toBe('0.0');
  });
});

describe('mutations', () => {
  function mutation<T>(use: () => T) {
    return renderHook(use, { wrapper }).result;
  }

  it('rescan refreshes the endpoint, top endpoints and metrics', async () => {
    const { result } = renderHook(
      () => ({
        endpoint: hooks.useEndpoint('ep-1'),
        metrics: hooks.useMetrics(),
        top: hooks.useTopEndpoints(),
        rescan: hooks.useRescanEndpoint('ep-1'),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(
        result.current.endpoint.data && result.current.metrics.data && result.current.top.data,
      ).toBeTruthy(),
    );
    let requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    requests = [];
    await act(() => result.current.rescan.trigger());
    await waitFor(() => expect(result.current.endpoint.data?.lastScanned).toBe(db.endpoints[1]!.lastScanned));
    expect(requests).toEqual(
      expect.arrayContaining([
        'POST /api/v1/endpoints/ep-1/rescan',
        'GET /api/v1/endpoints/ep-1',
        'GET /api/v1/endpoints/top',
        'GET /api/v1/metrics',
      ]),
    );
    server.events.removeAllListeners();
  });

  it('create domain, create and delete a source, scan a domain', async () => {
    const create = mutation(hooks.useCreateDomain);
    const domain = await act(() => create.current.trigger({ name: 'https://shop.example.org/' }));
    expect(domain.name).toBe('shop.example.org');
    await expect(act(() => create.current.trigger({ name: 'shop.example.org' }))).rejects.toThrow(/^409: /);

    const addSource = mutation(() => hooks.useCreateDiscoverySource(domain.id));
    const source = await act(() =>
      addSource.current.trigger({
        type: 'api_gateway',
        name: 'Kong',
        config: { provider: 'kong', url: 'https://kong.example.org', apiKey: 'secret-1234' },
      }),
    );
    expect(source.config.apiKey).toBe('••••1234');
    const scan = mutation(hooks.useScanDomain);
    expect(await act(() => scan.current.trigger('shop.example.org'))).toEqual({ endpointsDiscovered: 3 });
    const remove = mutation(() => hooks.useDeleteDiscoverySource(domain.id));
    await act(() => remove.current.trigger(source.id));
    expect(db.sources.some((s) => s.id === source.id)).toBe(false);
    await expect(act(() => scan.current.trigger('shop.example.org'))).rejects.toThrow(
      /configure discovery sources first/,
    );
  });

  it('bulk alert update reports per-id outcomes', async () => {
    const bulk = mutation(hooks.useBulkUpdateAlerts);
    const open = db.alerts.find((a) => a.status === 'open')!;
    const resolved = db.alerts.find((a) => a.status === 'resolved')!;
    const result = await act(() =>
      bulk.current.trigger({ alertIds: [open.id, resolved.id], action: 'acknowledge' }),
    );
    expect(result.updated).toBe(1);
    expect(result.results[1]).toMatchObject({ outcome: 'skipped', status: 'resolved' });
    const assigned = await act(() =>
      bulk.current.trigger({ alertIds: [open.id], action: 'assign', assignedTo: 'u-bob' }),
    );
    expect(assigned.updated).toBe(1);
    expect(db.alerts.find((a) => a.id === open.id)?.assignedToUsername).toBe('bob.okafor');
  });

  it('rules, channels, settings, endpoint updates, auth', async () => {
    const createRule = mutation(hooks.useCreateAlertRule);
    const rule = await act(() =>
      createRule.current.trigger({
        name: 'Any SSN',
        triggerType: 'pii_exposed',
        severity: 'high',
        conditions: { piiTypes: ['ssn'] },
      }),
    );
    expect(rule.isActive).toBe(true);
    const updateRule = mutation(hooks.useUpdateAlertRule);
    expect((await act(() => updateRule.current.trigger({ id: rule.id, isActive: false }))).isActive).toBe(
      false,
    );
    const deleteRule = mutation(hooks.useDeleteAlertRule);
    await act(() => deleteRule.current.trigger(rule.id));
    expect(db.alertRules.some((r) => r.id === rule.id)).toBe(false);

    const createChannel = mutation(hooks.useCreateNotificationChannel);
    const channel = await act(() =>
      createChannel.current.trigger({
        name: 'Hook',
        type: 'webhook',
        config: { url: 'https://hooks.example.org/argus' },
      }),
    );
    const testChannel = mutation(hooks.useTestNotificationChannel);
    expect((await act(() => testChannel.current.trigger(channel.id))).status).toBe('delivered');
    const updateChannel = mutation(hooks.useUpdateNotificationChannel);
    expect(
      (await act(() => updateChannel.current.trigger({ id: channel.id, isActive: false }))).isActive,
    ).toBe(false);
    const deleteChannel = mutation(hooks.useDeleteNotificationChannel);
    await act(() => deleteChannel.current.trigger(channel.id));

    const save = mutation(hooks.useSaveSettings);
    const settings = await act(() =>
      save.current.trigger({
        scanIntervalMinutes: 15,
        requestTimeoutSeconds: 10,
        maxConcurrentScans: 2,
        autoScan: false,
        deepScan: true,
        weights: { vulnerability: 50, pii: 20, traffic: 20, exposure: 10 },
      }),
    );
    expect(settings.deepScan).toBe(true);
    expect(db.settings.scanIntervalMinutes).toBe(15);

    const updateEndpoint = mutation(() => hooks.useUpdateEndpoint('ep-2'));
    const updated = await act(() =>
      updateEndpoint.current.trigger({ falsePositive: true, ownerId: 'u-carol' }),
    );
    expect(updated.owner?.username).toBe('carol.silva');
    const rescanAny = mutation(hooks.useRescanAnyEndpoint);
    expect((await act(() => rescanAny.current.trigger('ep-4'))).id).toBe('ep-4');

    const login = mutation(hooks.useLogin);
    expect((await act(() => login.current.trigger({ username: 'admin', password: 'x' }))).id).toBe('u-admin');
    const badLogin = mutation(hooks.useLogin);
    await expect(act(() => badLogin.current.trigger({ username: 'nobody', password: 'x' }))).rejects.toThrow(
      /^401: /,
    );
    const logout = mutation(hooks.useLogout);
    await act(() => logout.current.trigger());
  });

  it('Run Scan seeds seven sample requests, rescans up to 20 endpoints, then scans every domain with sources', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      seen.push(
        `${request.method} ${url.pathname}${url.search} ${request.headers.get('x-forwarded-host') ?? ''}`,
      );
    });
    const scan = mutation(hooks.useRunScan);
    const scanned = await act(() => scan.current.trigger({ pauseMs: 10, log: () => {} }));
    const gateway = seen.filter((s) => s.includes('/gateway/'));
    expect(gateway.map((s) => s.split(' ')[0])).toEqual([
      'POST',
      'GET',
      'DELETE',
      'GET',
      'PUT',
      'GET',
      'POST',
    ]);
    expect(gateway.every((s) => s.endsWith(` ${SCAN_SAMPLE_HOST}`) && s.includes(' /gateway/api/'))).toBe(
      true,
    );
    expect(seen).toContain('GET /api/v1/endpoints?limit=20 ');
    expect(seen.filter((s) => s.startsWith('POST /api/v1/endpoints/') && s.includes('/rescan'))).toHaveLength(
      20,
    );
    expect(seen.indexOf('POST /api/v1/scans ')).toBeGreaterThan(
      seen.indexOf('GET /api/v1/endpoints?limit=20 '),
    );
    // The count speaks of the user's endpoints: every domain with active sources, plus the
    // listed endpoints rescanned in other domains; never the sample domain's.
    const withSources = db.domains.filter((d) => db.sources.some((s) => s.domainId === d.id && s.isActive));
    const scannedNames = new Set(withSources.map((d) => d.name));
    const listed = [...db.endpoints].sort((a, b) => b.riskScore - a.riskScore).slice(0, 20);
    expect(scanned).toBe(
      withSources.reduce((sum, d) => sum + d.numEndpoints, 0) +
        listed.filter((e) => !scannedNames.has(e.domain)).length,
    );
    expect(db.domains.some((d) => d.name === SCAN_SAMPLE_HOST)).toBe(true);
    server.events.removeAllListeners();
  });
});
