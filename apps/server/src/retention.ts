// Retention of captured observations: once analysed, an observation's counts,
// PII findings and samples live on in its endpoint's aggregate, so the raw rows
// are kept for ARGUS_OBSERVATION_RETENTION_DAYS (default 7) and then deleted in
// batches. Observations still waiting for analysis are never deleted.
// Quarantined captures (dead letters) hold the same captured data and go after
// the same number of days. The workers' receipts (capture_receipts) only guard
// against a redelivery within minutes, so they go with the same cutoff.
import { lt, sql } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { captureReceipts, deadLetters, observationQueue, observations } from './db/schema/index.js';

const DELETE_BATCH = 10_000;

/** Deletes analysed observations received before `days` ago; returns how many. */
export async function pruneObservations(ctx: AppContext, days: number): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await ctx.db.delete(captureReceipts).where(lt(captureReceipts.storedAt, cutoff));
  let total = 0;
  for (;;) {
    const result = await ctx.db.execute(sql`
      delete from ${observations} where ${observations.seq} in (
        select o.seq from ${observations} o
        where o.received_at < ${cutoff}
          and not exists (select 1 from ${observationQueue} q where q.seq = o.seq)
        order by o.received_at
        limit ${DELETE_BATCH})`);
    // node-postgres says rowCount, PGlite affectedRows.
    const { rowCount, affectedRows } = result as unknown as {
      rowCount?: number | null;
      affectedRows?: number;
    };
    const deleted = Number(rowCount ?? affectedRows ?? 0);
    total += deleted;
    if (deleted < DELETE_BATCH) return total;
  }
}

/** Deletes dead letters (quarantined captures) created before `days` ago; returns how many. */
export async function pruneDeadLetters(ctx: AppContext, days: number): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const deleted = await ctx.db
    .delete(deadLetters)
    .where(lt(deadLetters.createdAt, cutoff))
    .returning({ id: deadLetters.id });
  return deleted.length;
}
