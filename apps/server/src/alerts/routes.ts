// /api/v1/alerts (list, bulk lifecycle, export) and /api/v1/alert-rules.
import { Readable } from 'node:stream';
import { aliasedTable, and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  API_PREFIX,
  alertHistoryListSchema,
  alertListSchema,
  alertRuleCreateSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleUpdateSchema,
  alertSummarySchema,
  bulkAlertResultSchema,
  bulkAlertUpdateSchema,
  paths,
  type AlertRule,
  type BulkAlertResult,
} from '@argus/api';
import { z } from 'zod';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { alertHistory, alertRules, alerts, users } from '../db/schema/index.js';
import { HttpError, ValidationError, isUuid, notFound, requireId } from '../errors.js';
import { idParams, routesPlugin } from '../zod-provider.js';
import { csvRow } from './csv.js';
import { validateConditions } from './evaluate.js';
import { transition } from './lifecycle.js';
import {
  alertAnswer,
  alertFilterSchema,
  alertListQuerySchema,
  alertOrder,
  alertPages,
  alertWhere,
  countAlerts,
  selectAlerts,
  summarizeAlerts,
  type AlertRow,
} from './query.js';

type RuleRow = typeof alertRules.$inferSelect;

const MAX_BULK = 1000;

const ruleAnswer = (r: RuleRow): AlertRule => ({
  id: r.id,
  name: r.name,
  description: r.description,
  triggerType: r.triggerType,
  severity: r.severity,
  conditions: r.conditions,
  isActive: r.isActive,
  builtIn: r.builtIn,
  createdAt: r.createdAt.toISOString(),
});

function checkConditions(triggerType: RuleRow['triggerType'], conditions: Record<string, unknown>): void {
  const result = validateConditions(triggerType, conditions);
  if (!result.ok) throw new ValidationError([{ path: 'conditions', message: result.message }]);
}

const CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'severity',
  'status',
  'triggerType',
  'method',
  'path',
  'domain',
  'assignedTo',
  'createdAt',
  'updatedAt',
] as const;

const csvValues = (row: AlertRow) => [
  row.id,
  row.title,
  row.description,
  row.severity,
  row.status,
  row.triggerType,
  row.method,
  row.normalizedPath,
  row.endpointDomain ?? row.domain,
  row.assignedToUsername,
  row.createdAt,
  row.updatedAt,
];

const exportQuerySchema = alertFilterSchema.extend({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

async function* exportBody(
  ctx: AppContext,
  query: z.infer<typeof exportQuerySchema>,
): AsyncGenerator<string> {
  if (query.format === 'csv') yield csvRow(CSV_COLUMNS);
  else yield '[';
  let separator = '';
  for await (const page of alertPages(ctx.db, query)) {
    if (query.format === 'csv') {
      yield page.map((row) => csvRow(csvValues(row))).join('');
      continue;
    }
    let chunk = '';
    for (const row of page) {
      chunk += `${separator}\n${JSON.stringify(alertAnswer(row))}`;
      separator = ',';
    }
    yield chunk;
  }
  if (query.format === 'json') yield '\n]\n';
}

export const alertRoutes = routesPlugin('argus-alerts', async (app, { ctx }: { ctx: AppContext }) => {
  const { db } = ctx;

  const list = { querystring: alertListQuerySchema, response: { 200: alertListSchema } };
  app.get(paths.alerts(), allow('viewer', list), async (request) => {
    const query = request.query;
    const [rows, total] = await Promise.all([
      selectAlerts(db)
        .where(alertWhere(query))
        .orderBy(...alertOrder(query.sort))
        .limit(query.limit)
        .offset(query.offset),
      countAlerts(db, query),
    ]);
    return { alerts: rows.map(alertAnswer), total };
  });

  app.get(paths.alertSummary(), allow('viewer', { response: { 200: alertSummarySchema } }), () =>
    summarizeAlerts(db),
  );

  const bulk = { body: bulkAlertUpdateSchema, response: { 200: bulkAlertResultSchema } };
  app.patch(paths.alertsBulk(), allow('analyst', bulk), async (request) => {
    const body = request.body;
    // UUIDs are compared lower-case: two spellings of one id are one alert.
    const ids = [...new Set(body.alertIds.map((id) => (isUuid(id) ? id.toLowerCase() : id)))];
    if (ids.length > MAX_BULK) {
      throw new ValidationError([
        { path: 'alertIds', message: `At most ${MAX_BULK} alerts per bulk action` },
      ]);
    }
    const userId = request.user?.id ?? null;
    const result = await db.transaction(async (tx): Promise<BulkAlertResult> => {
      const valid = ids.filter(isUuid);
      const rows = valid.length
        ? await tx
            .select({ id: alerts.id, status: alerts.status, dedupeKey: alerts.dedupeKey })
            .from(alerts)
            .where(inArray(alerts.id, valid))
            .orderBy(asc(alerts.id))
            .for('update')
        : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const unknown = ids.filter((id) => !byId.has(id));
      if (unknown.length) throw new HttpError(404, `Alerts not found: ${unknown.join(', ')}`);

      if (body.action === 'assign') {
        const assignee = isUuid(body.assignedTo)
          ? (
              await tx.select({ id: users.id }).from(users).where(eq(users.id, body.assignedTo.toLowerCase()))
            )[0]
          : undefined;
        if (!assignee) {
          throw new ValidationError([
            { path: 'assignedTo', message: `Unknown user: ${body.assignedTo ?? ''}` },
          ]);
        }
        await tx
          .update(alerts)
          .set({ assignedTo: assignee.id, updatedAt: sql`now()` })
          .where(inArray(alerts.id, valid));
        await tx.insert(alertHistory).values(
          rows.map((r) => ({
            alertId: r.id,
            action: 'assign',
            fromStatus: r.status,
            toStatus: r.status,
            assignedTo: assignee.id,
            userId,
          })),
        );
        return {
          updated: rows.length,
          results: ids.map((id) => ({
            id,
            outcome: 'updated' as const,
            status: byId.get(id)!.status,
          })),
        };
      }

      const action = body.action;
      const results: BulkAlertResult['results'] = [];
      for (const id of ids) {
        const row = byId.get(id)!;
        const step = transition(action, row.status);
        if (!step.ok) {
          results.push({ id, outcome: 'skipped', status: row.status, reason: step.reason });
          continue;
        }
        if (step.to === 'suppressed' && row.status === 'resolved') {
          // A resolved alert's finding may have raised a newer alert; only one can stay active.
          const [active] = await tx
            .select({ id: alerts.id })
            .from(alerts)
            .where(
              and(
                eq(alerts.dedupeKey, row.dedupeKey),
                ne(alerts.id, row.id),
                inArray(alerts.status, ['open', 'acknowledged', 'suppressed']),
              ),
            );
          if (active) {
            results.push({
              id,
              outcome: 'skipped',
              status: row.status,
              reason: `the same finding has a newer alert ${active.id}`,
            });
            continue;
          }
        }
        await tx
          .update(alerts)
          .set({ status: step.to, updatedAt: sql`now()` })
          .where(eq(alerts.id, row.id));
        await tx
          .insert(alertHistory)
          .values({ alertId: row.id, action, fromStatus: row.status, toStatus: step.to, userId });
        row.status = step.to;
        results.push({ id, outcome: 'updated', status: step.to });
      }
      return { updated: results.filter((r) => r.outcome === 'updated').length, results };
    });
    return result;
  });

  app.get(
    `${API_PREFIX}/alerts/export`,
    allow('viewer', { querystring: exportQuerySchema }),
    async (request, reply) => {
      const query = request.query;
      const date = new Date().toISOString().slice(0, 10);
      reply
        .header(
          'content-type',
          query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="argus-alerts-${date}.${query.format}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(exportBody(ctx, query)));
    },
  );

  // Who changed what and when, oldest first.
  const history = { params: idParams, response: { 200: alertHistoryListSchema } };
  app.get(`${API_PREFIX}/alerts/:id/history`, allow('viewer', history), async (request) => {
    const id = requireId(request.params.id, 'Alert');
    const [exists] = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, id));
    if (!exists) throw notFound('Alert');
    const actor = aliasedTable(users, 'actor');
    const assignee = aliasedTable(users, 'assignee');
    const rows = await db
      .select({
        id: alertHistory.id,
        action: alertHistory.action,
        fromStatus: alertHistory.fromStatus,
        toStatus: alertHistory.toStatus,
        assignedTo: alertHistory.assignedTo,
        assignedToUsername: assignee.username,
        userId: alertHistory.userId,
        username: actor.username,
        createdAt: alertHistory.createdAt,
      })
      .from(alertHistory)
      .leftJoin(actor, eq(actor.id, alertHistory.userId))
      .leftJoin(assignee, eq(assignee.id, alertHistory.assignedTo))
      .where(eq(alertHistory.alertId, id))
      .orderBy(asc(alertHistory.createdAt), asc(alertHistory.id));
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });

  app.get(paths.alertRules(), allow('viewer', { response: { 200: alertRuleListSchema } }), async () => {
    const rows = await db.select().from(alertRules).orderBy(asc(alertRules.createdAt), asc(alertRules.id));
    return rows.map(ruleAnswer);
  });

  const createRule = { body: alertRuleCreateSchema, response: { 201: alertRuleSchema } };
  app.post(paths.alertRules(), allow('admin', createRule), async (request, reply) => {
    const body = request.body;
    checkConditions(body.triggerType, body.conditions);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(alertRules)
        .values({ ...body, description: body.description || null })
        .returning();
      await audit(tx, actorOf(request), {
        action: 'rule.create',
        targetType: 'rule',
        targetId: created!.id,
        summary: `Added alert rule ${body.name}`,
      });
      return created;
    });
    await ctx.recordActivity({ title: `Alert rule created: ${body.name}`, severity: 'info' });
    return reply.code(201).send(ruleAnswer(row!));
  });

  const updateRule = { params: idParams, body: alertRuleUpdateSchema, response: { 200: alertRuleSchema } };
  app.patch(`${API_PREFIX}/alert-rules/:id`, allow('admin', updateRule), async (request) => {
    const id = requireId(request.params.id, 'Alert rule');
    const body = request.body;
    const [current] = await db.select().from(alertRules).where(eq(alertRules.id, id));
    if (!current) throw notFound('Alert rule');
    if (body.triggerType !== undefined || body.conditions !== undefined) {
      checkConditions(body.triggerType ?? current.triggerType, body.conditions ?? current.conditions);
    }
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const row = Object.keys(changes).length
      ? await db.transaction(async (tx) => {
          const [updated] = await tx.update(alertRules).set(changes).where(eq(alertRules.id, id)).returning();
          await audit(tx, actorOf(request), {
            action: 'rule.update',
            targetType: 'rule',
            targetId: id,
            summary: `Changed ${Object.keys(changes).join(', ')} of alert rule ${current.name}`,
          });
          return updated;
        })
      : current;
    return ruleAnswer(row!);
  });

  app.delete(
    `${API_PREFIX}/alert-rules/:id`,
    allow('admin', { params: idParams }),
    async (request, reply) => {
      const id = requireId(request.params.id, 'Alert rule');
      const [current] = await db
        .select({ builtIn: alertRules.builtIn, name: alertRules.name })
        .from(alertRules)
        .where(eq(alertRules.id, id));
      if (!current) throw notFound('Alert rule');
      if (current.builtIn) {
        throw new HttpError(
          409,
          'Built-in rules cannot be deleted; switch them off instead (isActive: false)',
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(alertRules).where(eq(alertRules.id, id));
        await audit(tx, actorOf(request), {
          action: 'rule.delete',
          targetType: 'rule',
          targetId: id,
          summary: `Removed alert rule ${current.name}`,
        });
      });
      return reply.code(204).send();
    },
  );
});
