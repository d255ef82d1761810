// The append-only audit log: who changed what, when and from where. Entries are
// written beside the change (in its transaction where the change has one); the
// table refuses UPDATE and DELETE (migration 0011). Summaries are one readable
// line and never hold a secret value.
import { and, desc, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditPage, AuditTarget } from '@argus/api';
import type { Db } from './db/client.js';
import { auditLog } from './db/schema/index.js';

export interface AuditActor {
  actorId: string | null;
  actorUsername: string | null;
  ip: string | null;
}

/** The system itself or the server CLI. */
export const SYSTEM_ACTOR: AuditActor = { actorId: null, actorUsername: null, ip: null };

export function actorOf(request: FastifyRequest): AuditActor {
  return {
    actorId: request.user?.id ?? null,
    actorUsername: request.user?.username ?? null,
    ip: request.ip ?? null,
  };
}

export interface AuditChange {
  action: string;
  targetType: AuditTarget;
  targetId?: string | null;
  summary: string;
}

/** Anything with drizzle's insert: the database or a transaction. */
type Writer = Pick<Db, 'insert'>;

export async function audit(db: Writer, actor: AuditActor, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.actorId,
    actorUsername: actor.actorUsername,
    ip: actor.ip,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId ?? null,
    summary: change.summary.slice(0, 500),
  });
}

/** Newest first; `before` is the previous page's cursor (an entry's sequence number). */
export async function readAuditLog(db: Db, options: { before?: number; limit: number }): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(options.before === undefined ? undefined : lt(auditLog.seq, options.before)))
    .orderBy(desc(auditLog.seq))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const entries: AuditEntry[] = page.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    ip: row.ip,
  }));
  const last = page.at(-1);
  return { entries, nextCursor: rows.length > options.limit && last ? String(last.seq) : null };
}
