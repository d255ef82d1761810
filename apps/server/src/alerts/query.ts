// Reading alerts: the filters shared by the list and the export, and the
// row → answer mapping (endpoint reference and assignee name joined in).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ALERT_SORTS, ALERT_STATUSES, SEVERITIES, type Alert, type AlertSummary } from '@argus/api';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { alerts, endpoints, users } from '../db/schema/index.js';
import { severityRank } from '../db/severity.js';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const alertFilterSchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(ALERT_STATUSES, { error: `status must be one of ${ALERT_STATUSES.join(', ')}` }).optional(),
  ),
  severity: z.preprocess(
    blankToUndefined,
    z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(', ')}` }).optional(),
  ),
  search: z.preprocess(
    blankToUndefined,
    z.string().max(200, 'search is limited to 200 characters').optional(),
  ),
});
export type AlertFilter = z.infer<typeof alertFilterSchema>;

export const alertListQuerySchema = alertFilterSchema.extend({
  sort: z.preprocess(
    blankToUndefined,
    z.enum(ALERT_SORTS, { error: `sort must be one of ${ALERT_SORTS.join(', ')}` }).default('newest'),
  ),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  offset: z.coerce.number().int().min(0).default(0),
});

/** ORDER BY of a list order; ties broken by id so that pages neither repeat nor skip rows. */
export function alertOrder(sort: (typeof ALERT_SORTS)[number]): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(alerts.createdAt), asc(alerts.id)];
    case 'severity':
      return [asc(severityRank(alerts.severity)), desc(alerts.createdAt), desc(alerts.id)];
    case 'updated':
      return [desc(alerts.updatedAt), desc(alerts.id)];
    case 'newest':
      return [desc(alerts.createdAt), desc(alerts.id)];
  }
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function alertWhere(filter: AlertFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(alerts.status, filter.status));
  if (filter.severity) parts.push(eq(alerts.severity, filter.severity));
  if (filter.search) {
    const pattern = `%${likeEscape(filter.search.trim())}%`;
    const match = or(
      ilike(alerts.title, pattern),
      ilike(alerts.description, pattern),
      ilike(alerts.domain, pattern),
    );
    if (match) parts.push(match);
  }
  return parts.length ? and(...parts) : undefined;
}

export const alertColumns = {
  id: alerts.id,
  title: alerts.title,
  description: alerts.description,
  severity: alerts.severity,
  status: alerts.status,
  triggerType: alerts.triggerType,
  createdAt: alerts.createdAt,
  updatedAt: alerts.updatedAt,
  assignedTo: alerts.assignedTo,
  assignedToUsername: users.username,
  ruleId: alerts.ruleId,
  endpointId: alerts.endpointId,
  domain: alerts.domain,
  found: alerts.found,
  method: endpoints.method,
  normalizedPath: endpoints.normalizedPath,
  endpointDomain: endpoints.domain,
};

export function selectAlerts(db: Db) {
  return db
    .select(alertColumns)
    .from(alerts)
    .leftJoin(endpoints, eq(endpoints.id, alerts.endpointId))
    .leftJoin(users, eq(users.id, alerts.assignedTo));
}

export type AlertRow = Awaited<ReturnType<ReturnType<typeof selectAlerts>['execute']>>[number];

export function alertAnswer(row: AlertRow): Alert {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    severity: row.severity,
    status: row.status,
    triggerType: row.triggerType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assignedTo: row.assignedTo,
    assignedToUsername: row.assignedToUsername,
    ruleId: row.ruleId,
    endpointId: row.endpointId,
    endpoint:
      row.method && row.normalizedPath && row.endpointDomain
        ? { method: row.method, normalizedPath: row.normalizedPath, domain: row.endpointDomain }
        : null,
    domain: row.domain,
    found: row.found,
  };
}

/** Newest first, in keyset pages of `pageSize`, so memory stays bounded whatever the total. */
export async function* alertPages(db: Db, filter: AlertFilter, pageSize = 1000): AsyncGenerator<AlertRow[]> {
  const where = alertWhere(filter);
  // The cursor keeps created_at as text: a JS Date would drop its microseconds and skip rows.
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${alerts.createdAt}, ${alerts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const page: Array<AlertRow & { cursorAt: string }> = await db
      .select({ ...alertColumns, cursorAt: sql<string>`${alerts.createdAt}::text` })
      .from(alerts)
      .leftJoin(endpoints, eq(endpoints.id, alerts.endpointId))
      .leftJoin(users, eq(users.id, alerts.assignedTo))
      .where(and(where, after))
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(pageSize);
    if (page.length) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    cursor = { createdAt: last.cursorAt, id: last.id };
  }
}

export const countAlerts = (db: Db, filter: AlertFilter) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(alertWhere(filter))
    .then((rows) => rows[0]?.n ?? 0);

/** The Alerts tiles, counted over every alert in one pass. */
export async function summarizeAlerts(db: Db): Promise<AlertSummary> {
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: count(sql`${alerts.status} = 'open'`),
      acknowledged: count(sql`${alerts.status} = 'acknowledged'`),
      resolved: count(sql`${alerts.status} = 'resolved'`),
      suppressed: count(sql`${alerts.status} = 'suppressed'`),
      critical: count(sql`${alerts.severity} = 'critical'`),
    })
    .from(alerts);
  return row ?? { total: 0, open: 0, acknowledged: 0, resolved: 0, suppressed: 0, critical: 0 };
}
