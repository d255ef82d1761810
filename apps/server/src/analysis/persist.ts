// The database side of an analysis: reads a domain's stored inventory (what
// reconcile.ts takes) and writes a reconciliation, in the caller's transaction
// and under the domain's advisory lock.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { combineTraffic, type DomainTraffic, type TemplateOverride, type Vulnerability } from '@argus/engine';
import type { ActivityInput } from '../context.js';
import type { Db } from '../db/client.js';
import { domains, endpoints, templateOverrides, vulnerabilities } from '../db/schema/index.js';
import { storableText, storableValue } from '../db/storable.js';
import { confirmedVulnerabilities, isConfirmed } from '../testing/confirmed.js';
import { loadDomainMarks, rekeyMarks, saveCarriedMarks } from './marks.js';
import { paced, type Pacer } from './pace.js';
import type { Reconciliation, StoredRows } from './reconcile.js';

/** Endpoints per upsert: 500 took 80-550 ms of PGlite and query building in one piece. */
const UPSERT_BATCH = 50;
const WRITE_BATCH = 500;
/** Evidence entries kept per vulnerability: enough to show why, bounded whatever a check reports. */
const MAX_EVIDENCE = 5;

const toDate = (ms: number | null) => (ms === null ? new Date() : new Date(ms));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One analysis per domain at a time, across instances too (held until the transaction ends). */
export async function lockDomain(tx: Db, domain: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'argus:domain:' + domain}))`);
}

/** The domain's id, creating it on first sight (captured traffic names new hosts). */
export async function ensureDomain(tx: Db, name: string): Promise<{ id: string; created: boolean }> {
  const [existing] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  if (existing) return { id: existing.id, created: false };
  const [created] = await tx
    .insert(domains)
    .values({ name })
    .onConflictDoNothing({ target: domains.name })
    .returning({ id: domains.id });
  if (created) return { id: created.id, created: true };
  const [row] = await tx.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  if (!row) throw new Error(`Could not create domain ${name}`);
  return { id: row.id, created: false };
}

/** A domain's split and merge overrides, oldest first, as the engine takes them. */
export async function loadTemplateOverrides(
  db: Pick<Db, 'select'>,
  domainId: string,
): Promise<TemplateOverride[]> {
  const rows = await db
    .select({
      kind: templateOverrides.kind,
      template: templateOverrides.template,
      parameter: templateOverrides.parameter,
    })
    .from(templateOverrides)
    .where(eq(templateOverrides.domainId, domainId))
    .orderBy(asc(templateOverrides.createdAt));
  return rows.map((r) =>
    r.kind === 'merge'
      ? { kind: 'merge', template: r.template }
      : { kind: 'split', template: r.template, parameter: r.parameter ?? '' },
  );
}

/** The columns of a stored finding that reconcile's vulnerability diff reads. */
export const STORED_VULNERABILITY = {
  id: vulnerabilities.id,
  endpointId: vulnerabilities.endpointId,
  vulnId: vulnerabilities.vulnId,
  evidence: vulnerabilities.evidence,
};

/** A domain's endpoints, their findings, marks and confirmed findings. */
export async function loadStoredRows(
  tx: Db,
  domain: { id: string; name: string; created: boolean },
): Promise<StoredRows> {
  const stored = await tx
    .select({
      id: endpoints.id,
      method: endpoints.method,
      normalizedPath: endpoints.normalizedPath,
      riskScore: endpoints.riskScore,
      piiTypes: endpoints.piiTypes,
      falsePositive: endpoints.falsePositive,
      aggregate: endpoints.aggregate,
    })
    .from(endpoints)
    .where(eq(endpoints.domainId, domain.id));
  const storedVulns = await tx
    .select(STORED_VULNERABILITY)
    .from(vulnerabilities)
    .innerJoin(endpoints, eq(endpoints.id, vulnerabilities.endpointId))
    .where(eq(endpoints.domainId, domain.id));
  const confirmed = new Map<string, Vulnerability[]>();
  for (const ids of chunks(
    stored.map((e) => e.id),
    WRITE_BATCH,
  ))
    for (const [id, list] of await confirmedVulnerabilities(tx, ids)) confirmed.set(id, list);
  return {
    domain: domain.name,
    newDomain: domain.created,
    endpoints: stored,
    vulnerabilities: storedVulns,
    marks: await loadDomainMarks(tx, domain.id),
    confirmed,
  };
}

/** Writes what reconcile decided: deletes, renames, endpoint and finding upserts, traffic, activity. */
export async function writeReconciliation(
  tx: Db,
  domain: { id: string; name: string },
  rec: Reconciliation,
  recordActivity: (entries: ActivityInput[], tx: Db) => Promise<void>,
  pace: Pacer,
): Promise<{ traffic: DomainTraffic | null }> {
  const now = new Date();
  for (const part of chunks(rec.deletes, WRITE_BATCH))
    await tx.delete(endpoints).where(inArray(endpoints.id, part));
  for (const r of rec.renames)
    await tx
      .update(endpoints)
      .set({ normalizedPath: storableText(r.to) })
      .where(eq(endpoints.id, r.id));
  await rekeyMarks(tx, rec.markRekeys);
  for await (const batch of paced(rec.upserts, UPSERT_BATCH, pace)) {
    await tx
      .insert(endpoints)
      .values(
        batch.map(({ id, aggregate: agg, evaluation }) => ({
          id,
          domainId: domain.id,
          domain: domain.name,
          method: agg.method,
          normalizedPath: storableText(agg.normalizedPath),
          classification: evaluation.classification,
          riskScore: evaluation.riskScore,
          riskBreakdown: evaluation.riskBreakdown,
          piiTypes: evaluation.piiTypes,
          sources: agg.sources,
          isPublic: evaluation.isPublic,
          auth: evaluation.auth,
          firstSeen: toDate(agg.firstSeen ?? agg.lastSeen),
          lastSeen: agg.lastSeen === null ? null : new Date(agg.lastSeen),
          lastScanned: now,
          requestCount: agg.requestCount,
          avgRps: evaluation.avgRps,
          vulnerabilityCount: evaluation.vulnerabilities.length,
          // Captured field names and samples may hold NUL or lone surrogates (a JSON key "\u0000").
          aggregate: storableValue(agg),
        })),
      )
      .onConflictDoUpdate({
        target: [endpoints.domainId, endpoints.method, endpoints.normalizedPath],
        set: {
          classification: sql`excluded.classification`,
          riskScore: sql`excluded.risk_score`,
          riskBreakdown: sql`excluded.risk_breakdown`,
          piiTypes: sql`excluded.pii_types`,
          sources: sql`excluded.sources`,
          isPublic: sql`excluded.is_public`,
          auth: sql`excluded.auth`,
          firstSeen: sql`least(${endpoints.firstSeen}, excluded.first_seen)`,
          lastSeen: sql`greatest(${endpoints.lastSeen}, excluded.last_seen)`,
          lastScanned: sql`excluded.last_scanned`,
          requestCount: sql`excluded.request_count`,
          avgRps: sql`excluded.avg_rps`,
          vulnerabilityCount: sql`excluded.vulnerability_count`,
          aggregate: sql`excluded.aggregate`,
        },
      });
  }
  await saveCarriedMarks(tx, rec.carriedMarks);
  await writeVulnerabilityDiff(tx, rec.vulnerabilityDiff, now, pace);
  const traffic = rec.traffic ? await addDomainTraffic(tx, domain.id, rec.traffic) : null;
  await recordActivity(rec.activities, tx);
  if (rec.upserts.length > 0 || rec.deletes.length > 0 || rec.renames.length > 0)
    await tx.update(domains).set({ updatedAt: now }).where(eq(domains.id, domain.id));
  return { traffic };
}

/** Drops the findings no longer reported and inserts or refreshes the rest. */
export async function writeVulnerabilityDiff(
  tx: Db,
  diff: Pick<Reconciliation['vulnerabilityDiff'], 'upserts' | 'deletes'>,
  scanDate: Date,
  pace: Pacer = async () => undefined,
): Promise<void> {
  for (const part of chunks(diff.deletes, WRITE_BATCH))
    await tx.delete(vulnerabilities).where(inArray(vulnerabilities.id, part));
  const rows = diff.upserts.map(({ endpointId, vulnerability }) =>
    vulnerabilityRow(endpointId, vulnerability, scanDate),
  );
  for await (const part of paced(rows, UPSERT_BATCH, pace)) await upsertVulnerabilities(tx, part);
}

function vulnerabilityRow(
  endpointId: string,
  v: Vulnerability,
  scanDate: Date,
): typeof vulnerabilities.$inferInsert {
  const { vulnId, title, description, severity, owaspCategory, remediation } = v;
  return {
    endpointId,
    vulnId,
    title,
    description,
    severity,
    owaspCategory,
    remediation,
    evidence: storableText(v.subject ?? ''),
    evidenceItems: storableValue(v.evidence.slice(0, MAX_EVIDENCE)),
    confidence: v.confidence,
    confirmed: isConfirmed(v),
    scanDate,
  };
}

/** Inserts new findings; a finding stored before keeps its id and scan date, its evidence is refreshed. */
async function upsertVulnerabilities(tx: Db, rows: (typeof vulnerabilities.$inferInsert)[]): Promise<void> {
  // One row per key: an upsert may not touch the same row twice.
  const unique = new Map(rows.map((r) => [`${r.endpointId} ${r.vulnId} ${r.evidence}`, r]));
  await tx
    .insert(vulnerabilities)
    .values([...unique.values()])
    .onConflictDoUpdate({
      target: [vulnerabilities.endpointId, vulnerabilities.vulnId, vulnerabilities.evidence],
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        severity: sql`excluded.severity`,
        remediation: sql`excluded.remediation`,
        evidenceItems: sql`excluded.evidence_items`,
        confidence: sql`excluded.confidence`,
      },
    });
}

/** Adds an analysis's non-API traffic to what the domain has received so far; returns the sum. */
async function addDomainTraffic(tx: Db, domainId: string, fresh: DomainTraffic): Promise<DomainTraffic> {
  const [row] = await tx.select({ traffic: domains.traffic }).from(domains).where(eq(domains.id, domainId));
  const stored = row?.traffic ? [{ ...row.traffic, domain: fresh.domain }] : [];
  const total = combineTraffic([...stored, fresh])[0] ?? fresh;
  const { domain: _domain, ...traffic } = total;
  await tx.update(domains).set({ traffic }).where(eq(domains.id, domainId));
  return total;
}
