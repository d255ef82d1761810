'use client';

// SWR hooks for every GET (key = URL path) and useSWRMutation for every write,
// with the invalidations the spec names. Import from '@argus/api/hooks'.
import { createElement, type ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import * as e from '../entities.js';
import * as st from '../security-tests.js';
import { apiRequest } from '../fetcher.js';
import { API_PREFIX, paths } from '../paths.js';
import type {
  AlertQuery,
  AlertRuleCreate,
  AlertRuleUpdate,
  BulkAlertUpdate,
  DiscoverySourceCreate,
  DomainCreate,
  EndpointUpdate,
  FindingFalsePositive,
  TemplateOverrideRequest,
  Login,
  NotificationChannelCreate,
  NotificationChannelUpdate,
  PasswordChange,
  SettingsUpdate,
  UserCreate,
  UserUpdate,
} from '../requests.js';
import type { EndpointQuery } from '../endpoint-query.js';
import { runScan, type RunScanOptions } from '../scan.js';
import { useRead } from './read.js';

export * from './traces.js';

/** Spec section 9: never stale, no focus/reconnect revalidation, no polling, no retry; 5-minute cache lifetime. */
export const swrPreset: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  dedupingInterval: 5 * 60 * 1000,
};

export function ApiProvider({ children, value }: { children: ReactNode; value?: SWRConfiguration }) {
  return createElement(SWRConfig, { value: { ...swrPreset, ...value } }, children);
}

export const useMetrics = () => useRead(paths.metrics(), e.metricsSchema);
/** A page of endpoints; pass `{ keepPreviousData: true }` to keep the last page on screen while the next loads. */
export const useEndpoints = (query: EndpointQuery = {}, config?: SWRConfiguration<e.EndpointList, Error>) =>
  useRead(paths.endpoints(query), e.endpointListSchema, config);
export const useTopEndpoints = () => useRead(paths.topEndpoints(), e.topEndpointsSchema);
/** One endpoint; `id` null skips the request (e.g. a closed modal). */
export const useEndpoint = (id: string | null | undefined) =>
  useRead(id ? paths.endpoint(id) : null, e.endpointSchema);
export const useDomains = () => useRead(paths.domains(), e.domainListSchema);
/** Sources of a domain; pass null while the dialog is closed (spec: only fetched while open). */
export const useDiscoverySources = (domainId: string | null) =>
  useRead(domainId ? paths.discoverySources(domainId) : null, e.discoverySourceListSchema);
export const useActivities = () => useRead(paths.activities(), e.activityListSchema);
export const useVulnerabilities = () => useRead(paths.vulnerabilities(), e.vulnerabilityListSchema);
export const usePiiEndpoints = () => useRead(paths.pii(), e.piiListSchema);
/** A page of alerts, filtered, searched and ordered by the server; `keepPreviousData` as for endpoints. */
export const useAlerts = (query: AlertQuery = {}, config?: SWRConfiguration<e.AlertList, Error>) =>
  useRead(paths.alerts(query), e.alertListSchema, config);
/** Counts over every alert, for the tiles. */
export const useAlertSummary = () => useRead(paths.alertSummary(), e.alertSummarySchema);
/** Who changed an alert and when; null id skips the request. */
export const useAlertHistory = (alertId: string | null) =>
  useRead(alertId ? paths.alertHistory(alertId) : null, e.alertHistoryListSchema);
export const useUsers = () => useRead(paths.users(), e.userListSchema);
export const useAlertRules = () => useRead(paths.alertRules(), e.alertRuleListSchema);
export const useNotificationChannels = () =>
  useRead(paths.notificationChannels(), e.notificationChannelListSchema);
export const useChannelDeliveries = (channelId: string | null) =>
  useRead(channelId ? paths.notificationChannelDeliveries(channelId) : null, e.deliveryListSchema);
export const useSettings = () => useRead(paths.settings(), e.settingsSchema);
/** Admins: every user with role, state and last sign-in; `enabled` false sends no request (other roles get 403). */
export const useManagedUsers = (enabled = true) =>
  useRead(enabled ? paths.managedUsers() : null, e.managedUserListSchema);
/** Admins: one page of the audit log, newest first; `before` is the previous page's `nextCursor`; null query skips. */
export const useAuditLog = (
  query: { before?: string; limit?: number } | null = {},
  config?: SWRConfiguration<e.AuditPage, Error>,
) => useRead(query ? paths.auditLog(query) : null, e.auditPageSchema, config);

/** The signed-in user, or null when there is no session (401 → null). */
export function useMe() {
  return useSWR<e.User | null, Error>(paths.me(), (key: string) =>
    apiRequest(key, { schema: e.userSchema, on401: 'returnNull' }),
  );
}

// ---------------------------------------------------------------- invalidation

const startsWith =
  (...prefixes: string[]) =>
  (key: unknown) =>
    typeof key === 'string' &&
    prefixes.some((p) => key === p || key.startsWith(`${p}?`) || key.startsWith(`${p}/`));

/** Revalidate every cached read whose key is one of `prefixes` or lies under it. */
export function useInvalidate() {
  const { mutate } = useSWRConfig();
  return (...prefixes: string[]) => mutate(startsWith(...prefixes));
}

function useWrite<Arg, Data>(key: string, run: (arg: Arg) => Promise<Data>, invalidates: () => string[]) {
  const invalidate = useInvalidate();
  return useSWRMutation<Data, Error, string, Arg>(key, async (_key: string, { arg }: { arg: Arg }) => {
    const result = await run(arg);
    await invalidate(...invalidates());
    return result;
  });
}

const ENDPOINT_DATA = [
  paths.endpoints(),
  paths.topEndpoints(),
  paths.metrics(),
  paths.pii(),
  paths.vulnerabilities(),
];

/** Rescan one endpoint; then refresh the endpoint, top endpoints and metrics (spec section 7). */
export function useRescanEndpoint(id: string) {
  return useWrite(
    paths.rescanEndpoint(id),
    () =>
      apiRequest(paths.rescanEndpoint(id), {
        method: 'POST',
        schema: e.endpointSchema,
      }) as Promise<e.Endpoint>,
    () => [paths.endpoint(id), paths.topEndpoints(), paths.metrics()],
  );
}

/** Rescan any endpoint by id (table rows). Same invalidations as useRescanEndpoint. */
export function useRescanAnyEndpoint() {
  const invalidate = useInvalidate();
  return useSWRMutation<e.Endpoint, Error, string, string>(
    'rescan-any',
    async (_k: string, { arg: id }: { arg: string }) => {
      const result = (await apiRequest(paths.rescanEndpoint(id), {
        method: 'POST',
        schema: e.endpointSchema,
      })) as e.Endpoint;
      await invalidate(paths.endpoint(id), paths.topEndpoints(), paths.metrics());
      return result;
    },
  );
}

export function useUpdateEndpoint(id: string) {
  return useWrite(
    paths.endpoint(id),
    (body: EndpointUpdate) =>
      apiRequest(paths.endpoint(id), {
        method: 'PATCH',
        body,
        schema: e.endpointSchema,
      }) as Promise<e.Endpoint>,
    () => [paths.endpoint(id), ...ENDPOINT_DATA],
  );
}

/** Mark one finding false positive or restore it; the endpoint's score and the lists change with it. */
export function useMarkFinding(id: string) {
  return useWrite(
    paths.endpointFindings(id),
    (body: FindingFalsePositive) =>
      apiRequest(paths.endpointFindings(id), {
        method: 'PATCH',
        body,
        schema: e.endpointSchema,
      }) as Promise<e.Endpoint>,
    () => [paths.endpoint(id), ...ENDPOINT_DATA],
  );
}

/** Split or merge this endpoint's template; every endpoint list changes with it. */
export function useTemplateOverride(id: string) {
  return useWrite(
    paths.endpointTemplateOverrides(id),
    (body: TemplateOverrideRequest) =>
      apiRequest(paths.endpointTemplateOverrides(id), {
        method: 'POST',
        body,
        schema: e.templateOverrideResultSchema,
      }) as Promise<e.TemplateOverrideResult>,
    () => [paths.endpoint(id), ...ENDPOINT_DATA, paths.domains()],
  );
}

export function useCreateDomain() {
  return useWrite(
    paths.domains(),
    (body: DomainCreate) =>
      apiRequest(paths.domains(), { method: 'POST', body, schema: e.domainSchema }) as Promise<e.Domain>,
    () => [paths.domains(), paths.activities()],
  );
}

export function useScanDomain() {
  return useWrite(
    'scan-domain',
    (name: string) =>
      apiRequest(paths.domainScan(name), {
        method: 'POST',
        schema: e.domainScanResultSchema,
      }) as Promise<e.DomainScanResult>,
    () => [paths.domains(), paths.activities(), paths.alerts(), ...ENDPOINT_DATA],
  );
}

/** Removes Run Scan's sample domain with its endpoints, traffic and activity. */
export function useRemoveSampleDomain() {
  return useWrite(
    'remove-sample-domain',
    async () => {
      await apiRequest(paths.sampleDomain(), { method: 'DELETE' });
    },
    () => [paths.domains(), paths.activities(), ...ENDPOINT_DATA],
  );
}

export function useCreateDiscoverySource(domainId: string) {
  return useWrite(
    paths.discoverySources(domainId),
    (body: DiscoverySourceCreate) =>
      apiRequest(paths.discoverySources(domainId), {
        method: 'POST',
        body,
        schema: e.discoverySourceSchema,
      }) as Promise<e.DiscoverySource>,
    () => [paths.discoverySources(domainId), paths.domains(), paths.activities(), ...ENDPOINT_DATA],
  );
}

export function useDeleteDiscoverySource(domainId: string) {
  return useWrite(
    'delete-source',
    (id: string) => apiRequest(paths.discoverySource(id), { method: 'DELETE' }),
    () => [paths.discoverySources(domainId), paths.activities()],
  );
}

export function useBulkUpdateAlerts() {
  return useWrite(
    paths.alertsBulk(),
    (body: BulkAlertUpdate) =>
      apiRequest(paths.alertsBulk(), {
        method: 'PATCH',
        body,
        schema: e.bulkAlertResultSchema,
      }) as Promise<e.BulkAlertResult>,
    () => [paths.alerts()],
  );
}

export function useCreateAlertRule() {
  return useWrite(
    paths.alertRules(),
    (body: AlertRuleCreate) =>
      apiRequest(paths.alertRules(), {
        method: 'POST',
        body,
        schema: e.alertRuleSchema,
      }) as Promise<e.AlertRule>,
    () => [paths.alertRules()],
  );
}

export function useUpdateAlertRule() {
  return useWrite(
    'update-alert-rule',
    ({ id, ...body }: AlertRuleUpdate & { id: string }) =>
      apiRequest(paths.alertRule(id), {
        method: 'PATCH',
        body,
        schema: e.alertRuleSchema,
      }) as Promise<e.AlertRule>,
    () => [paths.alertRules()],
  );
}

export function useDeleteAlertRule() {
  return useWrite(
    'delete-alert-rule',
    (id: string) => apiRequest(paths.alertRule(id), { method: 'DELETE' }),
    () => [paths.alertRules()],
  );
}

export function useCreateNotificationChannel() {
  return useWrite(
    paths.notificationChannels(),
    (body: NotificationChannelCreate) =>
      apiRequest(paths.notificationChannels(), {
        method: 'POST',
        body,
        schema: e.notificationChannelSchema,
      }) as Promise<e.NotificationChannel>,
    () => [paths.notificationChannels()],
  );
}

export function useUpdateNotificationChannel() {
  return useWrite(
    'update-channel',
    ({ id, ...body }: NotificationChannelUpdate & { id: string }) =>
      apiRequest(paths.notificationChannel(id), {
        method: 'PATCH',
        body,
        schema: e.notificationChannelSchema,
      }) as Promise<e.NotificationChannel>,
    () => [paths.notificationChannels()],
  );
}

export function useDeleteNotificationChannel() {
  return useWrite(
    'delete-channel',
    (id: string) => apiRequest(paths.notificationChannel(id), { method: 'DELETE' }),
    () => [paths.notificationChannels()],
  );
}

export function useTestNotificationChannel() {
  return useWrite(
    'test-channel',
    (id: string) =>
      apiRequest(paths.notificationChannelTest(id), {
        method: 'POST',
        schema: e.deliverySchema,
      }) as Promise<e.Delivery>,
    () => [paths.notificationChannels()],
  );
}

export function useSaveSettings() {
  return useWrite(
    paths.settings(),
    (body: SettingsUpdate) =>
      apiRequest(paths.settings(), { method: 'PUT', body, schema: e.settingsSchema }) as Promise<e.Settings>,
    () => [paths.settings(), ...ENDPOINT_DATA],
  );
}

/** What a change to users touches: both user lists and every page of the audit log. */
const USER_DATA = () => [paths.managedUsers(), paths.users(), paths.auditLog()];

/** Admins add a user (POST /admin/users). */
export function useCreateUser() {
  return useWrite(
    paths.managedUsers(),
    (body: UserCreate) =>
      apiRequest(paths.managedUsers(), {
        method: 'POST',
        body,
        schema: e.managedUserSchema,
      }) as Promise<e.ManagedUser>,
    USER_DATA,
  );
}

/** Admins change a user's role, password or disabled state. */
export function useUpdateUser() {
  return useWrite(
    'update-user',
    ({ id, ...body }: UserUpdate & { id: string }) =>
      apiRequest(paths.managedUser(id), {
        method: 'PATCH',
        body,
        schema: e.managedUserSchema,
      }) as Promise<e.ManagedUser>,
    USER_DATA,
  );
}

/** Admins remove a user. */
export function useDeleteUser() {
  return useWrite(
    'delete-user',
    (id: string) => apiRequest(paths.managedUser(id), { method: 'DELETE' }),
    USER_DATA,
  );
}

/** The signed-in user changes their own password (POST /auth/password). */
export function useChangePassword() {
  return useWrite(
    paths.password(),
    (body: PasswordChange) => apiRequest(paths.password(), { method: 'POST', body }),
    USER_DATA,
  );
}

/** Signs in; the signed-in user goes straight into the `/auth/me` cache. */
export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<e.User, Error, string, Login>(
    paths.login(),
    async (_key: string, { arg }: { arg: Login }) => {
      const user = (await apiRequest(paths.login(), {
        method: 'POST',
        body: arg,
        schema: e.userSchema,
      })) as e.User;
      await mutate(paths.me(), user, { revalidate: false });
      return user;
    },
  );
}

export function useLogout() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<unknown, Error, string>(paths.logout(), async () => {
    await apiRequest(paths.logout(), { method: 'POST' });
    // A new session starts with an empty cache.
    await mutate(() => true, undefined, { revalidate: false });
    return null;
  });
}

/** The dashboard's Run Scan (spec section 7): seed traffic, wait, rescan up to 20, then refresh. */
export function useRunScan() {
  const invalidate = useInvalidate();
  return useSWRMutation<number, Error, string, RunScanOptions | undefined>(
    'run-scan',
    async (_k: string, { arg }: { arg?: RunScanOptions }) => {
      const scanned = await runScan(arg);
      await invalidate(paths.endpoints(), paths.topEndpoints(), paths.metrics(), paths.domains());
      return scanned;
    },
  );
}

// ---------------------------------------------------------------- security tests

/** A domain's Security Tests: settings, identities, templates and the test catalogue; null skips. */
export const useSecurityTests = (domainId: string | null) =>
  useRead(domainId ? paths.securityTests(domainId) : null, st.securityTestsOverviewSchema);
/** Recent test runs of a domain, newest first. */
export const useTestRuns = (domainId: string | null, config?: SWRConfiguration<st.TestRun[], Error>) =>
  useRead(domainId ? paths.testRuns(domainId) : null, st.testRunListSchema, config);
/** One run with its results; pass `{ refreshInterval }` while it runs to follow its progress. */
export const useTestRun = (runId: string | null, config?: SWRConfiguration<st.TestRunDetail, Error>) =>
  useRead(runId ? paths.testRun(runId) : null, st.testRunDetailSchema, config);
/** The latest result of every test run on an endpoint. */
export const useEndpointTestResults = (endpointId: string | null) =>
  useRead(endpointId ? paths.endpointTestResults(endpointId) : null, st.testResultListSchema);

export function useSaveTestSettings(domainId: string) {
  return useWrite(
    paths.securityTests(domainId),
    (body: st.TestSettingsUpdate) =>
      apiRequest(paths.securityTests(domainId), {
        method: 'PUT',
        body,
        schema: st.securityTestsOverviewSchema,
      }) as Promise<st.SecurityTestsOverview>,
    () => [paths.securityTests(domainId)],
  );
}

/** Add (no id) or change (with id) a test identity. */
export function useSaveTestIdentity(domainId: string) {
  return useWrite(
    paths.testIdentities(domainId),
    ({ id, ...body }: st.TestIdentityBody & { id?: string }) =>
      apiRequest(id ? paths.testIdentity(id) : paths.testIdentities(domainId), {
        method: id ? 'PUT' : 'POST',
        body,
        schema: st.testIdentitySchema,
      }) as Promise<st.TestIdentity>,
    () => [paths.securityTests(domainId)],
  );
}

export function useDeleteTestIdentity(domainId: string) {
  return useWrite(
    `${paths.testIdentities(domainId)}#delete`,
    (id: string) => apiRequest(paths.testIdentity(id), { method: 'DELETE' }),
    () => [paths.securityTests(domainId)],
  );
}

export function useUploadTestTemplate(domainId: string) {
  return useWrite(
    paths.testTemplates(domainId),
    (body: { fileName: string; content: string }) =>
      apiRequest(paths.testTemplates(domainId), {
        method: 'POST',
        body,
        schema: st.securityTestsOverviewSchema,
      }) as Promise<st.SecurityTestsOverview>,
    () => [paths.securityTests(domainId)],
  );
}

export function useStartTestRun(domainId: string) {
  return useWrite(
    paths.testRuns(domainId),
    (body: st.TestRunCreate) =>
      apiRequest(paths.testRuns(domainId), {
        method: 'POST',
        body,
        schema: st.testRunSchema,
      }) as Promise<st.TestRun>,
    () => [paths.testRuns(domainId)],
  );
}

export function useCancelTestRun(domainId: string) {
  return useWrite(
    `${paths.testRuns(domainId)}#cancel`,
    (runId: string) =>
      apiRequest(paths.cancelTestRun(runId), {
        method: 'POST',
        schema: st.testRunSchema,
      }) as Promise<st.TestRun>,
    // The list and every run read under /test-runs/{id}.
    () => [paths.testRuns(domainId), `${API_PREFIX}/test-runs`],
  );
}
