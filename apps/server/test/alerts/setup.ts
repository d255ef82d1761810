// An Argus app for the alerting tests: the real buildApp on a given database,
// signed in as admin, plus fixtures (a domain with endpoints) and scan findings.
import { emptyAggregate, type Severity } from '@argus/engine';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { testConfig, type Config } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Database } from '../../src/db/client.js';
import { domains, endpoints } from '../../src/db/schema/index.js';
import type { EndpointFindings, ScanFindings } from '../../src/findings.js';
import { ADMIN_PASSWORD, adminCookie } from '../helpers.js';

export interface AlertingApp {
  app: FastifyInstance;
  ctx: AppContext;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Closes the app; the database stays open (a restart opens a new app on it). */
  close(): Promise<void>;
}

export async function startApp(database: Database, overrides: Partial<Config> = {}): Promise<AlertingApp> {
  const config = testConfig({
    adminPassword: ADMIN_PASSWORD,
    allowPrivateUrls: true,
    // Fast retries for the tests.
    delivery: { retryBaseMs: 150, pollMs: 50, maxAttempts: 4 },
    publicUrl: 'http://argus.test',
    ...overrides,
  });
  const app = await buildApp({ config, database, scheduler: false });
  await app.ready();
  const cookie = await adminCookie(app);
  return {
    app,
    ctx: app.argus.ctx,
    inject: (options) =>
      app.inject({ ...options, headers: { cookie, ...(options.headers ?? {}) } } as InjectOptions),
    close: () => app.close(),
  };
}

export interface SeededEndpoint {
  id: string;
  method: string;
  normalizedPath: string;
  domain: string;
}

/** A domain with `paths.length` endpoints (POST {path}). */
export async function seedEndpoints(
  ctx: AppContext,
  domain: string,
  paths: string[],
): Promise<SeededEndpoint[]> {
  const [row] = await ctx.db.insert(domains).values({ name: domain }).returning({ id: domains.id });
  return ctx.db
    .insert(endpoints)
    .values(
      paths.map((normalizedPath) => ({
        domainId: row!.id,
        domain,
        method: 'POST',
        normalizedPath,
        aggregate: emptyAggregate(domain, 'POST', normalizedPath),
      })),
    )
    .returning({
      id: endpoints.id,
      method: endpoints.method,
      normalizedPath: endpoints.normalizedPath,
      domain: endpoints.domain,
    });
}

type Vuln = EndpointFindings['vulnerabilities'][number];

export function vuln(vulnId: string, severity: Severity, title = `Finding ${vulnId}`): Vuln {
  return { vulnId, title, severity, owaspCategory: 'API1:2023 Broken Object Level Authorization' };
}

/** Findings of a scan: calm endpoints (low risk, no new PII, little traffic) unless overridden. */
export function scanFindings(
  endpoint: SeededEndpoint,
  overrides: Partial<EndpointFindings> = {},
  trigger: ScanFindings['trigger'] = 'scan',
): ScanFindings {
  return {
    trigger,
    domain: endpoint.domain,
    endpoints: [
      {
        ...endpoint,
        riskScore: 30,
        previousRiskScore: 30,
        piiTypes: [],
        newPiiTypes: [],
        changes: [],
        avgRps: 1,
        requestCount: 10,
        vulnerabilities: [],
        ...overrides,
      },
    ],
  };
}
