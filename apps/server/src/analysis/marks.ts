// False-positive marks on single findings (a PII type or one vulnerability of an
// endpoint): read for analysis, so marked findings stay out of scores and alerts.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { endpoints, findingFalsePositives } from '../db/schema/index.js';
import { marksByEndpoint, type FindingMarks } from './evaluate.js';

/** Marks per endpoint id, for the given endpoints. */
export async function loadMarks(db: Db, endpointIds: readonly string[]): Promise<Map<string, FindingMarks>> {
  const rows =
    endpointIds.length === 0
      ? []
      : await db
          .select({
            endpointId: findingFalsePositives.endpointId,
            kind: findingFalsePositives.kind,
            findingKey: findingFalsePositives.findingKey,
          })
          .from(findingFalsePositives)
          .where(inArray(findingFalsePositives.endpointId, [...endpointIds]));
  return marksByEndpoint(rows);
}

/** A mark as stored, without its endpoint. */
export interface CarriedMark {
  kind: 'pii' | 'vulnerability';
  findingKey: string;
  reason: string | null;
  markedBy: string | null;
  markedAt: Date;
}

/** Every mark of a domain's endpoints, as reconcile() reads them (it carries folded rows' marks). */
export async function loadDomainMarks(
  db: Db,
  domainId: string,
): Promise<(CarriedMark & { endpointId: string })[]> {
  return db
    .select({
      endpointId: findingFalsePositives.endpointId,
      kind: findingFalsePositives.kind,
      findingKey: findingFalsePositives.findingKey,
      reason: findingFalsePositives.reason,
      markedBy: findingFalsePositives.markedBy,
      markedAt: findingFalsePositives.markedAt,
    })
    .from(findingFalsePositives)
    .innerJoin(endpoints, eq(endpoints.id, findingFalsePositives.endpointId))
    .where(eq(endpoints.domainId, domainId));
}

/** Stores marks carried to the rows they now belong to (a mark there already stays as it is). */
export async function saveCarriedMarks(
  db: Db,
  rows: readonly (CarriedMark & { endpointId: string })[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insert(findingFalsePositives)
      .values([...rows])
      .onConflictDoNothing();
}

/** Remove one finding's mark (restored by a user, or re-keyed). */
export async function deleteMark(
  db: Db,
  endpointId: string,
  kind: 'pii' | 'vulnerability',
  findingKey: string,
): Promise<void> {
  await db
    .delete(findingFalsePositives)
    .where(
      and(
        eq(findingFalsePositives.endpointId, endpointId),
        eq(findingFalsePositives.kind, kind),
        eq(findingFalsePositives.findingKey, findingKey),
      ),
    );
}

/** Moves marks to new finding keys (a path finding's mark when its endpoint's path changed). */
export async function rekeyMarks(
  db: Db,
  rekeys: readonly (CarriedMark & { endpointId: string; from: string })[],
): Promise<void> {
  for (const r of rekeys) await deleteMark(db, r.endpointId, r.kind, r.from);
  await saveCarriedMarks(
    db,
    rekeys.map(({ from: _from, ...mark }) => mark),
  );
}
