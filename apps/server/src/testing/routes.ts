// Security Tests of a domain: settings, identities, uploaded templates (admins,
// audit-logged), runs (analysts start and cancel them) and results (viewers).
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { assertPublicUrl } from '@argus/connectors';
import {
  MAX_TEMPLATE_BYTES,
  securityTestsOverviewSchema,
  testIdentityInputSchema,
  testIdentitySchema,
  testResultListSchema,
  testRunCreateSchema,
  testRunDetailSchema,
  testRunListSchema,
  testRunSchema,
  testSettingsUpdateSchema,
  testTemplateUploadSchema,
  type CustomTemplate,
} from '@argus/api';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import {
  domains,
  endpoints,
  testIdentities,
  testResults,
  testRuns,
  testSettings,
  testTemplates,
} from '../db/schema/index.js';
import { HttpError, notFound, requireId, ValidationError } from '../errors.js';
import { idParams, optionalBody, routesPlugin } from '../zod-provider.js';
import { catalogue, folderListing, parseCustomTemplates, readTemplateFolder } from './catalogue.js';
import { identityColumns, toTestIdentity, usableSecret } from './identities.js';
import { readSettings, toResult, toRun, type TestRunner } from './runs.js';

const domainIdParams = z.object({ domainId: z.string() });
const templateParams = z.object({ domainId: z.string(), id: z.string() });

interface RouteDeps {
  ctx: AppContext;
  runner: TestRunner;
}

export const securityTestRoutes = routesPlugin(
  'argus-security-tests',
  async (app, { ctx, runner }: RouteDeps) => {
    const { db } = ctx;

    async function findDomain(id: string) {
      const [row] = await db
        .select({ id: domains.id, name: domains.name })
        .from(domains)
        .where(eq(domains.id, requireId(id, 'Domain')));
      if (!row) throw notFound('Domain');
      return row;
    }

    async function overview(domain: { id: string; name: string }) {
      const settings = await readSettings(db, domain.id);
      const identities = await db
        .select()
        .from(testIdentities)
        .where(eq(testIdentities.domainId, domain.id))
        .orderBy(asc(testIdentities.name));
      const templates = await db
        .select()
        .from(testTemplates)
        .where(eq(testTemplates.domainId, domain.id))
        .orderBy(asc(testTemplates.createdAt));
      const folder = readTemplateFolder(ctx.config.testTemplatesDir);
      return {
        domainId: domain.id,
        domain: domain.name,
        settings,
        identities: identities.map((row) => toTestIdentity(row, settings.baseUrl)),
        templates: [
          ...folderListing(folder),
          ...templates.map((t): CustomTemplate => ({
            id: t.id,
            fileName: t.fileName,
            source: 'upload',
            testIds: t.testIds,
            error: null,
            uploadedAt: t.createdAt.toISOString(),
          })),
        ],
        tests: catalogue(templates, settings.disabledTests, folder),
      };
    }

    const overviewOf = { params: domainIdParams, response: { 200: securityTestsOverviewSchema } };
    app.get('/api/v1/domains/:domainId/security-tests', allow('viewer', overviewOf), async (request) =>
      overview(await findDomain(request.params.domainId)),
    );

    const updateSettings = { ...overviewOf, body: optionalBody(testSettingsUpdateSchema) };
    app.put('/api/v1/domains/:domainId/security-tests', allow('admin', updateSettings), async (request) => {
      const domain = await findDomain(request.params.domainId);
      const body = request.body;
      const before = await readSettings(db, domain.id);
      const baseUrl = body.baseUrl === undefined ? before.baseUrl : body.baseUrl === '' ? null : body.baseUrl;
      if (baseUrl && baseUrl !== before.baseUrl) {
        try {
          await assertPublicUrl(baseUrl, { allowPrivate: ctx.config.allowPrivateUrls });
        } catch (error) {
          throw new ValidationError([{ path: 'baseUrl', message: (error as Error).message }]);
        }
      }
      const next = {
        baseUrl,
        testEnvironment: body.testEnvironment ?? before.testEnvironment,
        allowDestructive: body.allowDestructive ?? before.allowDestructive,
        budget: body.budget ?? before.budget,
        ratePerSecond: body.ratePerSecond ?? before.ratePerSecond,
        disabledTests: body.disabledTests ?? before.disabledTests,
      };
      const changed = Object.entries(next)
        .filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
        )
        .map(([key, value]) =>
          key === 'disabledTests'
            ? `${(value as string[]).length} tests switched off`
            : `${key} ${String(value)}`,
        );
      await db.transaction(async (tx) => {
        await tx
          .insert(testSettings)
          .values({ domainId: domain.id, ...next })
          .onConflictDoUpdate({ target: testSettings.domainId, set: { ...next, updatedAt: new Date() } });
        await audit(tx, actorOf(request), {
          action: 'security_test.settings',
          targetType: 'security_test',
          targetId: domain.id,
          summary: `Changed Security Tests of ${domain.name}: ${changed.join(', ') || 'no change'}${
            baseUrl !== before.baseUrl && before.baseUrl
              ? ' (stored identity secrets must be entered again)'
              : ''
          }`,
        });
      });
      return overview(domain);
    });

    const createIdentity = {
      params: domainIdParams,
      body: testIdentityInputSchema,
      response: { 201: testIdentitySchema },
    };
    app.post(
      '/api/v1/domains/:domainId/test-identities',
      allow('admin', createIdentity),
      async (request, reply) => {
        const domain = await findDomain(request.params.domainId);
        const input = request.body;
        if (!input.secret)
          throw new ValidationError([
            { path: 'secret', message: 'Enter the token, cookie value or login body' },
          ]);
        const settings = await readSettings(db, domain.id);
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(testIdentities)
            .values({
              domainId: domain.id,
              ...identityColumns(input, ctx.secrets, settings.baseUrl),
            } as typeof testIdentities.$inferInsert)
            .onConflictDoNothing()
            .returning();
          if (!created) throw new HttpError(409, `Identity ${input.name} already exists for ${domain.name}`);
          await audit(tx, actorOf(request), {
            action: 'security_test.identity.create',
            targetType: 'security_test',
            targetId: created.id,
            summary: `Added test identity ${input.name} (${input.kind}) to ${domain.name}`,
          });
          return created;
        });
        return reply.code(201).send(toTestIdentity(row, settings.baseUrl));
      },
    );

    const updateIdentity = {
      params: idParams,
      body: testIdentityInputSchema,
      response: { 200: testIdentitySchema },
    };
    app.put('/api/v1/test-identities/:id', allow('admin', updateIdentity), async (request) => {
      const id = requireId(request.params.id, 'Test identity');
      const input = request.body;
      const [existing] = await db.select().from(testIdentities).where(eq(testIdentities.id, id));
      if (!existing) throw notFound('Test identity');
      const settings = await readSettings(db, existing.domainId);
      const kindChanged = existing.kind !== input.kind;
      if (!input.secret && (kindChanged || !usableSecret(existing, settings.baseUrl))) {
        throw new ValidationError([
          {
            path: 'secret',
            message: kindChanged
              ? 'Enter the secret again: the way this identity authenticates changed'
              : 'Enter the secret again: the test base URL changed since it was stored',
          },
        ]);
      }
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(testIdentities)
          .set(identityColumns(input, ctx.secrets, settings.baseUrl))
          .where(eq(testIdentities.id, id))
          .returning();
        await audit(tx, actorOf(request), {
          action: 'security_test.identity.update',
          targetType: 'security_test',
          targetId: id,
          summary: `Changed test identity ${existing.name}${input.name !== existing.name ? ` (now ${input.name})` : ''}${input.secret ? ' with a new secret' : ''}`,
        });
        return updated!;
      });
      return toTestIdentity(row, settings.baseUrl);
    });

    app.delete(
      '/api/v1/test-identities/:id',
      allow('admin', { params: idParams }),
      async (request, reply) => {
        const id = requireId(request.params.id, 'Test identity');
        await db.transaction(async (tx) => {
          const [row] = await tx
            .delete(testIdentities)
            .where(eq(testIdentities.id, id))
            .returning({ name: testIdentities.name });
          if (!row) throw notFound('Test identity');
          await audit(tx, actorOf(request), {
            action: 'security_test.identity.delete',
            targetType: 'security_test',
            targetId: id,
            summary: `Removed test identity ${row.name}`,
          });
        });
        return reply.code(204).send();
      },
    );

    const upload = {
      params: domainIdParams,
      body: testTemplateUploadSchema,
      response: { 201: securityTestsOverviewSchema },
    };
    app.post(
      '/api/v1/domains/:domainId/test-templates',
      { ...allow('admin', upload), bodyLimit: MAX_TEMPLATE_BYTES * 2 },
      async (request, reply) => {
        const domain = await findDomain(request.params.domainId);
        const body = request.body;
        if (Buffer.byteLength(body.content) > MAX_TEMPLATE_BYTES)
          throw new HttpError(413, `The template file is larger than ${MAX_TEMPLATE_BYTES / 1024} KB`);
        const tests = parseCustomTemplates(
          body.content,
          body.fileName,
          readTemplateFolder(ctx.config.testTemplatesDir),
        );
        await db.transaction(async (tx) => {
          await tx.insert(testTemplates).values({
            domainId: domain.id,
            fileName: body.fileName,
            content: body.content,
            testIds: tests.map((t) => t.id),
          });
          await audit(tx, actorOf(request), {
            action: 'security_test.template.upload',
            targetType: 'security_test',
            targetId: domain.id,
            summary: `Uploaded test template ${body.fileName} (${tests.map((t) => t.id).join(', ')}) to ${domain.name}`,
          });
        });
        return reply.code(201).send(await overview(domain));
      },
    );

    app.delete(
      '/api/v1/domains/:domainId/test-templates/:id',
      allow('admin', { params: templateParams, response: { 200: securityTestsOverviewSchema } }),
      async (request) => {
        const domain = await findDomain(request.params.domainId);
        const id = requireId(request.params.id, 'Test template');
        await db.transaction(async (tx) => {
          const [row] = await tx
            .delete(testTemplates)
            .where(and(eq(testTemplates.id, id), eq(testTemplates.domainId, domain.id)))
            .returning({ fileName: testTemplates.fileName });
          if (!row) throw notFound('Test template');
          await audit(tx, actorOf(request), {
            action: 'security_test.template.delete',
            targetType: 'security_test',
            targetId: domain.id,
            summary: `Removed test template ${row.fileName} from ${domain.name}`,
          });
        });
        return overview(domain);
      },
    );

    app.get(
      '/api/v1/domains/:domainId/test-runs',
      allow('viewer', { params: domainIdParams, response: { 200: testRunListSchema } }),
      async (request) => {
        const domain = await findDomain(request.params.domainId);
        const rows = await db
          .select()
          .from(testRuns)
          .where(eq(testRuns.domainId, domain.id))
          .orderBy(desc(testRuns.createdAt))
          .limit(20);
        return rows.map(toRun);
      },
    );

    const startRun = {
      params: domainIdParams,
      body: optionalBody(testRunCreateSchema),
      response: { 202: testRunSchema },
    };
    app.post('/api/v1/domains/:domainId/test-runs', allow('analyst', startRun), async (request, reply) => {
      const domain = await findDomain(request.params.domainId);
      const body = request.body;
      const run = await runner.start(domain, {
        ...body,
        trigger: 'manual',
        user: request.user ? { id: request.user.id, username: request.user.username } : null,
      });
      await audit(db, actorOf(request), {
        action: 'test_run.start',
        targetType: 'security_test',
        targetId: run.id,
        summary: `Started security tests on ${domain.name}`,
      });
      await ctx.recordActivity({
        title: `Security tests started: ${domain.name}`,
        description: `by ${request.user?.username ?? 'the system'}`,
        domainName: domain.name,
        severity: 'info',
      });
      return reply.code(202).send(toRun(run));
    });

    const runDetail = { params: idParams, response: { 200: testRunDetailSchema } };
    app.get('/api/v1/test-runs/:id', allow('viewer', runDetail), async (request) => {
      const id = requireId(request.params.id, 'Test run');
      const [run] = await db.select().from(testRuns).where(eq(testRuns.id, id));
      if (!run) throw notFound('Test run');
      const results = await db
        .select()
        .from(testResults)
        .where(eq(testResults.runId, id))
        .orderBy(asc(testResults.createdAt), asc(testResults.id));
      return { ...toRun(run), results: results.map(toResult) };
    });

    const cancel = { params: idParams, response: { 200: testRunSchema } };
    app.post('/api/v1/test-runs/:id/cancel', allow('analyst', cancel), async (request) => {
      const id = requireId(request.params.id, 'Test run');
      const run = await runner.cancel(id, request.user?.username ?? null);
      if (!run) throw notFound('Test run');
      await audit(db, actorOf(request), {
        action: 'test_run.cancel',
        targetType: 'security_test',
        targetId: run.id,
        summary: `Cancelled security test run ${run.id}`,
      });
      return toRun(run);
    });

    const latest = { params: idParams, response: { 200: testResultListSchema } };
    app.get('/api/v1/endpoints/:id/test-results', allow('viewer', latest), async (request) => {
      const id = requireId(request.params.id, 'Endpoint');
      const [endpoint] = await db.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.id, id));
      if (!endpoint) throw notFound('Endpoint');
      // The latest result of each test on this endpoint.
      const rows = await db
        .selectDistinctOn([testResults.testId])
        .from(testResults)
        .where(eq(testResults.endpointId, id))
        .orderBy(testResults.testId, desc(testResults.createdAt));
      return rows.map(toResult);
    });
  },
);
