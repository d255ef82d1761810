// A claimed batch whose analysis failed, analysed again so that one poisoned
// capture blinds nothing else: each domain in its own savepoint, and a domain
// that still fails one observation at a time, each failing observation going
// to dead_letters (kind 'analysis') with its reason for an admin to read.
import type { SettingsUpdate } from '@argus/api';
import type { Observation } from '@argus/engine';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { deadLetters } from '../db/schema/index.js';
import { storableText } from '../db/storable.js';
import { databaseErrorCode, errorReason } from '../errors.js';
import type { ScanFindings } from '../findings.js';
import { analyseDomain } from './domain-analysis.js';

/** One claimed observation, with what names it in a dead letter. */
export interface ClaimedObservation {
  id: string;
  domain: string;
  method: string;
  path: string;
  observation: unknown;
}

/** A rollback worth retrying whole (deadlock, serialization, connection lost, shutdown). */
export function isTransient(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code !== undefined && (code.startsWith('40') || code.startsWith('08') || code.startsWith('57'));
}

/** The observations grouped by domain, in name order (every instance takes domain locks in that order). */
export function byDomain(rows: readonly ClaimedObservation[]): [string, ClaimedObservation[]][] {
  const groups = new Map<string, ClaimedObservation[]>();
  for (const row of rows) {
    const list = groups.get(row.domain) ?? [];
    list.push(row);
    groups.set(row.domain, list);
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export interface Isolated {
  findings: ScanFindings[];
  deadLettered: number;
}

/**
 * Analyses one domain's observations in savepoints of `tx`: all together, and
 * when that fails for what they hold, one by one, dead-lettering each that fails.
 * A transient failure is thrown (the whole batch is retried).
 */
export async function analyseIsolated(
  ctx: AppContext,
  tx: Db,
  domain: string,
  rows: readonly ClaimedObservation[],
  settings: SettingsUpdate,
): Promise<Isolated> {
  const analyse = (list: readonly ClaimedObservation[]) =>
    tx.transaction((savepoint) =>
      analyseDomain(
        ctx,
        savepoint,
        domain,
        { trigger: 'capture', observations: list.map((r) => r.observation as Observation) },
        settings,
      ),
    );
  try {
    return { findings: [(await analyse(rows)).findings], deadLettered: 0 };
  } catch (error) {
    if (isTransient(error)) throw error;
    if (rows.length === 1) return deadLetter(ctx, tx, rows[0]!, error);
  }
  const findings: ScanFindings[] = [];
  let deadLettered = 0;
  for (const row of rows) {
    try {
      findings.push((await analyse([row])).findings);
    } catch (error) {
      if (isTransient(error)) throw error;
      deadLettered += (await deadLetter(ctx, tx, row, error)).deadLettered;
    }
  }
  return { findings, deadLettered };
}

async function deadLetter(
  ctx: AppContext,
  tx: Db,
  row: ClaimedObservation,
  error: unknown,
): Promise<Isolated> {
  const reason = storableText(`analysis failed: ${errorReason(error)}`);
  await tx.insert(deadLetters).values({
    kind: 'analysis',
    recordId: row.id,
    domain: storableText(row.domain),
    method: storableText(row.method),
    path: storableText(row.path),
    reason,
    // JSON escapes NUL and lone surrogates, so any observation is storable as text.
    payload: JSON.stringify(row.observation),
  });
  // The reason and the record's id only: the observation may hold PII.
  ctx.logger.warn({ recordId: row.id, reason }, 'captured observation set aside in dead_letters');
  return { findings: [], deadLettered: 1 };
}
