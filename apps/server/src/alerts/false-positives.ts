// Findings marked as false positives raise no alerts (analysis leaves them out of
// the findings alerting reads); this closes the ones raised before the mark: a
// vulnerability alert whose finding is now hidden is resolved, a PII alert drops
// the hidden types and is resolved when none is left.
import { and, eq, inArray } from 'drizzle-orm';
import { piiAlertDescription, piiAlertTitle } from '@argus/engine';
import type { AppContext } from '../context.js';
import {
  alertHistory,
  alerts,
  endpoints,
  findingFalsePositives,
  vulnerabilities,
} from '../db/schema/index.js';
import { vulnerabilityKey } from '../analysis/evaluate.js';

const ACTIVE = ['open', 'acknowledged', 'suppressed'] as const;

/** Resolves (or narrows) the endpoint's active alerts about findings now marked false positive. */
export async function resolveAlertsOfMarkedFindings(
  ctx: AppContext,
  endpointId: string,
  userId: string | null,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({
        method: endpoints.method,
        normalizedPath: endpoints.normalizedPath,
        domain: endpoints.domain,
        piiTypes: endpoints.piiTypes,
      })
      .from(endpoints)
      .where(eq(endpoints.id, endpointId));
    if (!endpoint) return 0;
    const marks = await tx
      .select({ kind: findingFalsePositives.kind, key: findingFalsePositives.findingKey })
      .from(findingFalsePositives)
      .where(eq(findingFalsePositives.endpointId, endpointId));
    const hiddenPii = new Set(marks.filter((m) => m.kind === 'pii').map((m) => m.key));
    const hiddenVulns = new Set(marks.filter((m) => m.kind === 'vulnerability').map((m) => m.key));
    const stored = await tx
      .select({ vulnId: vulnerabilities.vulnId, subject: vulnerabilities.evidence })
      .from(vulnerabilities)
      .where(eq(vulnerabilities.endpointId, endpointId));
    const visibleVulnIds = new Set(
      stored.filter((v) => !hiddenVulns.has(vulnerabilityKey(v.vulnId, v.subject))).map((v) => v.vulnId),
    );
    const active = await tx
      .select({ id: alerts.id, status: alerts.status, triggerType: alerts.triggerType, found: alerts.found })
      .from(alerts)
      .where(
        and(
          eq(alerts.endpointId, endpointId),
          inArray(alerts.status, [...ACTIVE]),
          inArray(alerts.triggerType, ['pii_exposed', 'vulnerability_detected']),
        ),
      )
      .for('update');
    let changed = 0;
    const where = `${endpoint.method} ${endpoint.domain}${endpoint.normalizedPath}`;
    for (const alert of active) {
      const left =
        alert.triggerType === 'pii_exposed'
          ? alert.found.filter((t) => !hiddenPii.has(t))
          : alert.found.filter((v) => visibleVulnIds.has(v));
      if (left.length === alert.found.length) continue;
      changed++;
      if (left.length === 0) {
        await tx
          .update(alerts)
          .set({ status: 'resolved', updatedAt: new Date() })
          .where(eq(alerts.id, alert.id));
        await tx.insert(alertHistory).values({
          alertId: alert.id,
          action: 'resolve',
          fromStatus: alert.status,
          toStatus: 'resolved',
          userId,
        });
        continue;
      }
      await tx
        .update(alerts)
        .set({
          found: left,
          title: piiAlertTitle(left, where),
          description: `${piiAlertDescription(left, endpoint.piiTypes)} Types marked as false positives were removed.`,
          updatedAt: new Date(),
        })
        .where(eq(alerts.id, alert.id));
      await tx.insert(alertHistory).values({
        alertId: alert.id,
        action: 'update',
        fromStatus: alert.status,
        toStatus: alert.status,
        userId,
      });
    }
    return changed;
  });
}
