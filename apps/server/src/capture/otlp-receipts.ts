// The OTLP receiver's counts (db/schema/traces.ts): added to when an export is accepted,
// read by the Domains screen's OpenTelemetry source. One statement per table, each adding
// to the stored figures, so several servers behind a load balancer count together.
import { eq, sql } from 'drizzle-orm';
import type { OtlpReceipts } from '@argus/api';
import type { OtlpSkipped } from '@argus/engine';
import type { Db } from '../db/client.js';
import { otlpDomains, otlpTotals } from '../db/schema/index.js';

/** The receiver's row key: the path its spans arrive on. */
const RECEIVER = '/v1/traces';

export interface OtlpReceipt {
  /** Entries of the export's span lists, spans or not. */
  spans: number;
  skipped: OtlpSkipped;
  rejected: number;
  /** Observations recorded, by their domain. */
  byDomain: ReadonlyMap<string, number>;
}

export async function addOtlpReceipt(db: Db, receipt: OtlpReceipt): Promise<void> {
  if (receipt.spans === 0) return;
  let observations = 0;
  for (const n of receipt.byDomain.values()) observations += n;
  const { notServer, notHttp, unplaced } = receipt.skipped;
  const add = {
    spans: receipt.spans,
    observations,
    notServer,
    notHttp,
    unplaced,
    rejected: receipt.rejected,
  };
  await db
    .insert(otlpTotals)
    .values({ receiver: RECEIVER, ...add })
    .onConflictDoUpdate({
      target: otlpTotals.receiver,
      set: {
        spans: sql`${otlpTotals.spans} + ${add.spans}`,
        observations: sql`${otlpTotals.observations} + ${add.observations}`,
        notServer: sql`${otlpTotals.notServer} + ${add.notServer}`,
        notHttp: sql`${otlpTotals.notHttp} + ${add.notHttp}`,
        unplaced: sql`${otlpTotals.unplaced} + ${add.unplaced}`,
        rejected: sql`${otlpTotals.rejected} + ${add.rejected}`,
        lastReceived: sql`now()`,
      },
    });
  if (receipt.byDomain.size === 0) return;
  await db
    .insert(otlpDomains)
    .values([...receipt.byDomain].map(([domain, n]) => ({ domain, observations: n })))
    .onConflictDoUpdate({
      target: otlpDomains.domain,
      set: {
        observations: sql`${otlpDomains.observations} + excluded.observations`,
        lastReceived: sql`now()`,
      },
    });
}

/** What the receiver took in, over all domains and for `domain`. */
export async function readOtlpReceipts(
  db: Db,
  domain: string,
): Promise<Omit<OtlpReceipts, 'url' | 'ingestTokenSet'>> {
  const [totals] = await db.select().from(otlpTotals).where(eq(otlpTotals.receiver, RECEIVER));
  const [own] = await db.select().from(otlpDomains).where(eq(otlpDomains.domain, domain));
  return {
    path: RECEIVER,
    totals: {
      spans: totals?.spans ?? 0,
      observations: totals?.observations ?? 0,
      notServer: totals?.notServer ?? 0,
      notHttp: totals?.notHttp ?? 0,
      unplaced: totals?.unplaced ?? 0,
      rejected: totals?.rejected ?? 0,
      lastReceived: totals ? totals.lastReceived.toISOString() : null,
    },
    domain: {
      name: domain,
      observations: own?.observations ?? 0,
      lastReceived: own ? own.lastReceived.toISOString() : null,
    },
  };
}
