// False-positive marks on single findings (a PII type or one vulnerability of an
// endpoint): read for analysis, so marked findings stay out of scores and alerts.
import { and, eq, inArray } from 'drizzle-orm';
import { endpointKey, type Inventory } from '@argus/engine';
import type { Db } from '../db/client.js';
import { endpoints, findingFalsePositives } from '../db/schema/index.js';
import type { FindingMarks } from './evaluate.js';

/** Marks per endpoint id, for the given endpoints or for every endpoint of a domain. */
export async function loadMarks(
  db: Db,
  scope: { endpointIds: string[] } | { domainId: string },
): Promise<Map<string, FindingMarks>> {
  const rows =
    'domainId' in scope
      ? await db
          .select({
            endpointId: findingFalsePositives.endpointId,
            kind: findingFalsePositives.kind,
            findingKey: findingFalsePositives.findingKey,
          })
          .from(findingFalsePositives)
          .innerJoin(endpoints, eq(endpoints.id, findingFalsePositives.endpointId))
          .where(eq(endpoints.domainId, scope.domainId))
      : scope.endpointIds.length === 0
        ? []
        : await db
            .select({
              endpointId: findingFalsePositives.endpointId,
              kind: findingFalsePositives.kind,
              findingKey: findingFalsePositives.findingKey,
            })
            .from(findingFalsePositives)
            .where(inArray(findingFalsePositives.endpointId, scope.endpointIds));
  const out = new Map<string, { pii: Set<string>; vulnerabilities: Set<string> }>();
  for (const r of rows) {
    let marks = out.get(r.endpointId);
    if (!marks) out.set(r.endpointId, (marks = { pii: new Set(), vulnerabilities: new Set() }));
    (r.kind === 'pii' ? marks.pii : marks.vulnerabilities).add(r.findingKey);
  }
  return out;
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

/** A mark as stored, without its endpoint. */
export interface CarriedMark {
  kind: 'pii' | 'vulnerability';
  findingKey: string;
  reason: string | null;
  markedBy: string | null;
  markedAt: Date;
}

/** A stored row the analysis loaded. */
interface StoredRow {
  id: string;
  method: string;
  normalizedPath: string;
}

/**
 * Which stored rows the inventory folded into another endpoint (a cardinality merge, a
 * user's merge override, a declared template): row id → endpointKey of the target.
 */
export function foldedRows(inventory: Inventory, domain: string, gone: readonly StoredRow[]) {
  const into = new Map<string, Fold>();
  for (const e of gone) {
    const before = endpointKey(domain, e.method, e.normalizedPath);
    const renamed = inventory.renames().get(before);
    const after = renamed ? endpointKey(domain, e.method, renamed) : before;
    const key = inventory.foldedInto().get(after) ?? (renamed ? after : undefined);
    const prefix = endpointKey(domain, e.method, '');
    if (key) into.set(e.id, { key, from: e.normalizedPath, to: key.slice(prefix.length) });
  }
  return into;
}

/** Where a folded row went: the target's endpointKey, and its path before and after. */
interface Fold {
  key: string;
  from: string;
  to: string;
}

/**
 * A vulnerability mark names its finding by id and subject, and a path finding's subject
 * is the endpoint's path (`ARGUS-API1-001|/users/{userId}`): it follows the path.
 */
export function resubject(kind: string, findingKey: string, from: string, to: string): string {
  return kind === 'vulnerability' && findingKey.endsWith(`|${from}`)
    ? `${findingKey.slice(0, findingKey.length - from.length)}${to}`
    : findingKey;
}

/** Marks of an endpoint renamed in place (`/users/{userId}` → `/users/{id}`), re-keyed to the new path. */
export async function renameMarkSubjects(
  db: Db,
  endpointId: string,
  from: string,
  to: string,
): Promise<void> {
  const rows = await db
    .select()
    .from(findingFalsePositives)
    .where(
      and(eq(findingFalsePositives.endpointId, endpointId), eq(findingFalsePositives.kind, 'vulnerability')),
    );
  const moved = rows.filter((r) => resubject(r.kind, r.findingKey, from, to) !== r.findingKey);
  if (moved.length === 0) return;
  for (const r of moved) await deleteMark(db, endpointId, r.kind, r.findingKey);
  await db
    .insert(findingFalsePositives)
    .values(moved.map((r) => ({ ...r, findingKey: resubject(r.kind, r.findingKey, from, to) })))
    .onConflictDoNothing();
}

/**
 * The marks of rows that fold into another endpoint (`/link/apple`, `/link/banana` →
 * `/link/{name}`), keyed by that endpoint: the user judged the finding on the same
 * operation, so the judgement follows it instead of vanishing with the row.
 */
export async function marksOfFolded(db: Db, into: Map<string, Fold>): Promise<Map<string, CarriedMark[]>> {
  const out = new Map<string, CarriedMark[]>();
  if (into.size === 0) return out;
  const marks = await db
    .select()
    .from(findingFalsePositives)
    .where(inArray(findingFalsePositives.endpointId, [...into.keys()]));
  for (const m of marks) {
    const { key, from, to } = into.get(m.endpointId) as Fold;
    const findingKey = resubject(m.kind, m.findingKey, from, to);
    const list = out.get(key) ?? [];
    out.set(key, list);
    if (list.some((l) => l.kind === m.kind && l.findingKey === findingKey)) continue;
    list.push({
      kind: m.kind,
      findingKey,
      reason: m.reason,
      markedBy: m.markedBy,
      markedAt: m.markedAt,
    });
  }
  return out;
}

/** Marks plus the carried ones, as analysis reads them. */
export function withCarried(marks: FindingMarks, carried: CarriedMark[] | undefined): FindingMarks {
  if (!carried?.length) return marks;
  const pii = new Set(marks.pii);
  const vulns = new Set(marks.vulnerabilities);
  for (const c of carried) (c.kind === 'pii' ? pii : vulns).add(c.findingKey);
  return { pii, vulnerabilities: vulns };
}

/** Store carried marks on the rows they now belong to. */
export async function saveCarriedMarks(
  db: Db,
  carried: { endpointId: string; marks: CarriedMark[] }[],
): Promise<void> {
  const rows = carried.flatMap(({ endpointId, marks }) => marks.map((m) => ({ endpointId, ...m })));
  if (rows.length > 0) await db.insert(findingFalsePositives).values(rows).onConflictDoNothing();
}
