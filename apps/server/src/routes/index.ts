// Every /api/v1 call except sign-in (auth.ts) and alerting (alerts/).
import type { Analyzer } from '../analysis/analysis-queue.js';
import { deadLetterRoutes } from '../capture/dead-letters.js';
import type { UpstreamCache } from '../capture/record.js';
import type { AppContext } from '../context.js';
import { accountRoutes } from './account.js';
import { adminRoutes } from './admin.js';
import { domainRoutes } from './domains.js';
import { endpointListRoutes } from './endpoint-list.js';
import { endpointRoutes } from './endpoints.js';
import { miscRoutes } from './misc.js';
import { otlpReceiptRoutes } from './otlp-receipts.js';
import { securityTestRoutes } from '../testing/routes.js';
import type { TestRunner } from '../testing/runs.js';
import { routesPlugin } from '../zod-provider.js';
import { templateOverrideRoutes } from './template-overrides.js';
import { traceAgreementRoutes } from './trace-agreement.js';

interface ApiDeps {
  ctx: AppContext;
  analyzer: Analyzer;
  testRunner: TestRunner;
  upstreams: UpstreamCache;
}

export const apiRoutes = routesPlugin('argus-api', async (app, opts: ApiDeps) => {
  await app.register(endpointListRoutes, opts);
  await app.register(endpointRoutes, opts);
  await app.register(domainRoutes, opts);
  await app.register(miscRoutes, opts);
  await app.register(deadLetterRoutes, opts);
  await app.register(adminRoutes, opts);
  await app.register(accountRoutes, opts);
  await app.register(securityTestRoutes, { ctx: opts.ctx, runner: opts.testRunner });
  await app.register(templateOverrideRoutes, opts);
  await app.register(traceAgreementRoutes, opts);
  await app.register(otlpReceiptRoutes, opts);
});
