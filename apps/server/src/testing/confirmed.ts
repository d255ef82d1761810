// Confirmed findings as the analysis sees them: engine vulnerabilities with
// high confidence and an `active-test:` rule, added to an endpoint's passive
// findings whenever it is evaluated, so they count in its risk score and alerts
// until a later run of the same test passes.
import { inArray } from 'drizzle-orm';
import type { Severity, Vulnerability } from '@argus/engine';
import type { Db } from '../db/client.js';
import { confirmedFindings } from '../db/schema/index.js';

export const ACTIVE_RULE_PREFIX = 'active-test:';

/** A stored vulnerability came from an active test. */
export const isConfirmed = (v: Pick<Vulnerability, 'evidence'>) =>
  v.evidence.some((e) => e.rule.startsWith(ACTIVE_RULE_PREFIX));

/** Open confirmed findings of these endpoints, by endpoint id. */
export async function confirmedVulnerabilities(
  db: Pick<Db, 'select'>,
  endpointIds: readonly string[],
): Promise<Map<string, Vulnerability[]>> {
  const out = new Map<string, Vulnerability[]>();
  if (endpointIds.length === 0) return out;
  const rows = await db
    .select()
    .from(confirmedFindings)
    .where(inArray(confirmedFindings.endpointId, [...endpointIds]));
  for (const row of rows) {
    const list = out.get(row.endpointId) ?? [];
    list.push({
      vulnId: row.testId,
      title: `Confirmed: ${row.title}`,
      description: row.description,
      severity: row.severity as Severity,
      owaspCategory: row.owaspCategory,
      remediation: row.remediation,
      subject: `confirmed by test ${row.testId}`,
      confidence: 'high',
      evidence: [
        {
          rule: `${ACTIVE_RULE_PREFIX}${row.testId}`,
          detail: row.reason,
          lastSeen: row.confirmedAt.getTime(),
        },
      ],
    });
    out.set(row.endpointId, list);
  }
  return out;
}
