// Split and merge overrides (issue 14): a user corrects how an endpoint's paths were templated;
// the override is stored per domain, audit-logged, and the domain re-analysed with it (the
// engine applies every override on every later analysis too).
import { and, asc, eq } from 'drizzle-orm';
import {
  templateOverrideListSchema,
  templateOverrideRequestSchema,
  templateOverrideResultSchema,
  type TemplateOverride,
} from '@argus/api';
import { z } from 'zod';
import { SpecTemplateIndex, splitPath } from '@argus/engine';
import type { Analyzer } from '../analysis/analysis-queue.js';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { domains, endpoints, templateOverrides } from '../db/schema/index.js';
import { HttpError, notFound, requireId, ValidationError } from '../errors.js';
import { idParams, routesPlugin } from '../zod-provider.js';

type OverrideRow = typeof templateOverrides.$inferSelect;

const toOverride = (row: OverrideRow, domain: string): TemplateOverride => ({
  id: row.id,
  domain,
  kind: row.kind,
  template: row.template,
  parameter: row.parameter,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** Whether `template` covers `path` (a stored normalizedPath): literals equal, parameters anything. */
function covers(template: string, path: string): boolean {
  const index = new SpecTemplateIndex();
  index.add(template);
  return index.match(splitPath(path)) !== null;
}

const nameParams = z.object({ name: z.string() });

interface RouteDeps {
  ctx: AppContext;
  analyzer: Analyzer;
}

export const templateOverrideRoutes = routesPlugin(
  'argus-template-overrides',
  async (app, { ctx, analyzer }: RouteDeps) => {
    const { db } = ctx;

    app.get(
      '/api/v1/domains/:name/template-overrides',
      allow('viewer', { params: nameParams, response: { 200: templateOverrideListSchema } }),
      async (request) => {
        const [domain] = await db
          .select()
          .from(domains)
          .where(eq(domains.name, request.params.name.toLowerCase()));
        if (!domain) throw notFound('Domain');
        const rows = await db
          .select()
          .from(templateOverrides)
          .where(eq(templateOverrides.domainId, domain.id))
          .orderBy(asc(templateOverrides.createdAt));
        return { overrides: rows.map((r) => toOverride(r, domain.name)) };
      },
    );

    app.post(
      '/api/v1/endpoints/:id/template-overrides',
      allow('analyst', {
        params: idParams,
        body: templateOverrideRequestSchema,
        response: { 200: templateOverrideResultSchema },
      }),
      async (request) => {
        const id = requireId(request.params.id, 'Endpoint');
        const body = request.body;
        const [endpoint] = await db
          .select({
            method: endpoints.method,
            normalizedPath: endpoints.normalizedPath,
            aggregate: endpoints.aggregate,
            domainId: endpoints.domainId,
            domain: domains.name,
          })
          .from(endpoints)
          .innerJoin(domains, eq(domains.id, endpoints.domainId))
          .where(eq(endpoints.id, id));
        if (!endpoint) throw notFound('Endpoint');
        const declared = endpoint.aggregate.spec;
        if (declared)
          throw new HttpError(
            409,
            `${endpoint.normalizedPath} is declared by a ${declared.source}; change it there`,
          );
        const existing = await db
          .select()
          .from(templateOverrides)
          .where(eq(templateOverrides.domainId, endpoint.domainId));
        const actor = actorOf(request);
        // The override and its audit entry commit together or not at all.
        const { row, removedMerge } = await db.transaction(async (tx) => {
          let row: OverrideRow;
          let removedMerge = false;
          if (body.kind === 'merge') {
            const template = body.template.replace(/\/+$/, '') || '/';
            if (!covers(template, endpoint.normalizedPath))
              throw new ValidationError([
                {
                  path: 'template',
                  message: `The template must match this endpoint's path ${endpoint.normalizedPath}`,
                },
              ]);
            [row] = (await tx
              .insert(templateOverrides)
              .values({
                domainId: endpoint.domainId,
                kind: 'merge',
                template,
                createdBy: actor.actorUsername,
              })
              .returning()) as [OverrideRow];
          } else {
            if (!splitPath(endpoint.normalizedPath).includes(body.parameter))
              throw new ValidationError([
                {
                  path: 'parameter',
                  message: `${body.parameter} is not a parameter of ${endpoint.normalizedPath}`,
                },
              ]);
            // Splitting what a merge named undoes the merge (and the split divides its stored row).
            const merge = existing.find((o) => o.kind === 'merge' && o.template === endpoint.normalizedPath);
            if (merge) {
              await tx.delete(templateOverrides).where(eq(templateOverrides.id, merge.id));
              removedMerge = true;
            }
            [row] = (await tx
              .insert(templateOverrides)
              .values({
                domainId: endpoint.domainId,
                kind: 'split',
                template: endpoint.normalizedPath,
                parameter: body.parameter,
                createdBy: actor.actorUsername,
              })
              .returning()) as [OverrideRow];
          }
          await audit(tx, actor, {
            action: `template.${body.kind}`,
            targetType: 'domain',
            targetId: endpoint.domainId,
            summary:
              body.kind === 'merge'
                ? `Merged ${endpoint.method} ${endpoint.normalizedPath} into ${row.template} on ${endpoint.domain}`
                : `Split ${body.parameter} of ${endpoint.normalizedPath} on ${endpoint.domain}` +
                  (removedMerge ? ' (undoing its merge)' : ''),
          });
          return { row, removedMerge };
        });
        await analyzer.analyse(endpoint.domain, { trigger: 'rescan' });
        return {
          override: toOverride(row, endpoint.domain),
          removedMerge,
          endpoints: await affected(endpoint.domainId, endpoint.method, row),
        };
      },
    );

    app.delete(
      '/api/v1/template-overrides/:id',
      allow('analyst', { params: idParams }),
      async (request, reply) => {
        const id = requireId(request.params.id, 'Template override');
        const [row] = await db
          .select({ override: templateOverrides, domain: domains.name })
          .from(templateOverrides)
          .innerJoin(domains, eq(domains.id, templateOverrides.domainId))
          .where(eq(templateOverrides.id, id));
        if (!row) throw notFound('Template override');
        await db.transaction(async (tx) => {
          await tx.delete(templateOverrides).where(eq(templateOverrides.id, id));
          await audit(tx, actorOf(request), {
            action: `template.${row.override.kind}.remove`,
            targetType: 'domain',
            targetId: row.override.domainId,
            summary: `Removed the ${row.override.kind} of ${row.override.template} on ${row.domain}`,
          });
        });
        await analyzer.analyse(row.domain, { trigger: 'rescan' });
        return reply.code(204).send();
      },
    );

    /** The domain's endpoints (of the method) that the override's template covers now. */
    async function affected(domainId: string, method: string, row: OverrideRow) {
      const prefix =
        row.kind === 'split' && row.parameter
          ? row.template.slice(0, row.template.indexOf(row.parameter))
          : null;
      const rows = await db
        .select({ id: endpoints.id, method: endpoints.method, normalizedPath: endpoints.normalizedPath })
        .from(endpoints)
        .where(and(eq(endpoints.domainId, domainId), eq(endpoints.method, method)))
        .orderBy(asc(endpoints.normalizedPath));
      return rows
        .filter((e) =>
          prefix !== null
            ? e.normalizedPath.startsWith(prefix) &&
              splitPath(e.normalizedPath).length === splitPath(row.template).length
            : covers(row.template, e.normalizedPath),
        )
        .slice(0, 200);
    }
  },
);
