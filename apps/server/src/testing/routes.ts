// Security Tests of a domain: settings, identities, uploaded templates (admins,
// audit-logged), runs (analysts start and cancel them) and results (viewers).
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { HttpError, notFound, parse, requireId, ValidationError } from '../errors.js';
import { catalogue, folderListing, parseCustomTemplates, readTemplateFolder } from './catalogue.js';
import { identityColumns, toTestIdentity, usableSecret } from './identities.js';
import { readSettings, toResult, toRun, type TestRunner } from './runs.js';

export async function securityTestRoutes(
  app: FastifyInstance,
  { ctx, runner }: { ctx: AppContext; runner: TestRunner },
) {
  const { db } = ctx;
  const viewer = allow('viewer');
  const analyst = allow('analyst');
  const admin = allow('admin');

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
    return securityTestsOverviewSchema.parse({
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
    });
  }

  app.get<{ Params: { domainId: string } }>(
    '/api/v1/domains/:domainId/security-tests',
    viewer,
    async (request) => overview(await findDomain(request.params.domainId)),
  );

  app.put<{ Params: { domainId: string } }>(
    '/api/v1/domains/:domainId/security-tests',
    admin,
    async (request) => {
      const domain = await findDomain(request.params.domainId);
      const body = parse(testSettingsUpdateSchema, request.body ?? {});
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
    },
  );

  app.post<{ Params: { domainId: string } }>(
    '/api/v1/domains/:domainId/test-identities',
    admin,
    async (request, reply) => {
      const domain = await findDomain(request.params.domainId);
      const input = parse(testIdentityInputSchema, request.body);
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
      return reply.code(201).send(testIdentitySchema.parse(toTestIdentity(row, settings.baseUrl)));
    },
  );

  app.put<{ Params: { id: string } }>('/api/v1/test-identities/:id', admin, async (request) => {
    const id = requireId(request.params.id, 'Test identity');
    const input = parse(testIdentityInputSchema, request.body);
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
    return testIdentitySchema.parse(toTestIdentity(row, settings.baseUrl));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/test-identities/:id', admin, async (request, reply) => {
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
  });

  app.post<{ Params: { domainId: string } }>(
    '/api/v1/domains/:domainId/test-templates',
    { ...admin, bodyLimit: MAX_TEMPLATE_BYTES * 2 },
    async (request, reply) => {
      const domain = await findDomain(request.params.domainId);
      const body = parse(testTemplateUploadSchema, request.body);
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

  app.delete<{ Params: { domainId: string; id: string } }>(
    '/api/v1/domains/:domainId/test-templates/:id',
    admin,
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

  app.get<{ Params: { domainId: string } }>(
    '/api/v1/domains/:domainId/test-runs',
    viewer,
    async (request) => {
      const domain = await findDomain(request.params.domainId);
      const rows = await db
        .select()
        .from(testRuns)
        .where(eq(testRuns.domainId, domain.id))
        .orderBy(desc(testRuns.createdAt))
        .limit(20);
      return testRunListSchema.parse(rows.map(toRun));
    },
  );

  app.post<{ Params: { domainId: string } }>(
    '/api/v1/domains/:domainId/test-runs',
    analyst,
    async (request, reply) => {
      const domain = await findDomain(request.params.domainId);
      const body = parse(testRunCreateSchema, request.body ?? {});
      const run = await runner.start(domain, {
        ...body,
        trigger: 'manual',
        user: request.user ? { id: request.user.id, username: request.user.username } : null,
      });
      await ctx.recordActivity({
        title: `Security tests started: ${domain.name}`,
        description: `by ${request.user?.username ?? 'the system'}`,
        domainName: domain.name,
        severity: 'info',
      });
      return reply.code(202).send(testRunSchema.parse(toRun(run)));
    },
  );

  app.get<{ Params: { id: string } }>('/api/v1/test-runs/:id', viewer, async (request) => {
    const id = requireId(request.params.id, 'Test run');
    const [run] = await db.select().from(testRuns).where(eq(testRuns.id, id));
    if (!run) throw notFound('Test run');
    const results = await db
      .select()
      .from(testResults)
      .where(eq(testResults.runId, id))
      .orderBy(asc(testResults.createdAt), asc(testResults.id));
    return testRunDetailSchema.parse({ ...toRun(run), results: results.map(toResult) });
  });

  app.post<{ Params: { id: string } }>('/api/v1/test-runs/:id/cancel', analyst, async (request) => {
    const id = requireId(request.params.id, 'Test run');
    const run = await runner.cancel(id, request.user?.username ?? null);
    if (!run) throw notFound('Test run');
    return testRunSchema.parse(toRun(run));
  });

  app.get<{ Params: { id: string } }>('/api/v1/endpoints/:id/test-results', viewer, async (request) => {
    const id = requireId(request.params.id, 'Endpoint');
    const [endpoint] = await db.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.id, id));
    if (!endpoint) throw notFound('Endpoint');
    // The latest result of each test on this endpoint.
    const rows = await db
      .selectDistinctOn([testResults.testId])
      .from(testResults)
      .where(eq(testResults.endpointId, id))
      .orderBy(testResults.testId, desc(testResults.createdAt));
    return testResultListSchema.parse(rows.map(toResult));
  });
}
