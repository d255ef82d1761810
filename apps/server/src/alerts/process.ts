// After every scan, rescan, sync and capture batch: evaluate the active rules,
// open new alerts (one per finding while open, acknowledged or suppressed),
// record them in the activity feed and queue their notifications.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { alertRules, alerts } from '../db/schema/index.js';
import type { ScanFindings } from '../findings.js';
import { enqueueDeliveries, kickDeliveries } from '../notifications/queue.js';
import { DEFAULT_RULES, evaluateRules, type RuleMatch } from './evaluate.js';

/** Opens the alerts these findings raise; returns how many were opened. */
export async function processFindings(ctx: AppContext, findings: ScanFindings): Promise<number> {
  if (findings.endpoints.length === 0) return 0;
  const rules = await ctx.db.select().from(alertRules).where(eq(alertRules.isActive, true));
  const matches = new Map<string, RuleMatch>();
  for (const match of evaluateRules(rules, findings)) {
    if (!matches.has(match.dedupeKey)) matches.set(match.dedupeKey, match);
  }
  if (matches.size === 0) return 0;
  const { raised, queued } = await ctx.db.transaction(async (tx) => {
    // The partial unique index on dedupe_key makes this safe against concurrent batches.
    const raised = await tx
      .insert(alerts)
      .values(
        [...matches.values()].map((m) => ({
          ruleId: m.ruleId,
          endpointId: m.endpointId,
          domain: m.domain,
          title: m.title,
          description: m.description,
          severity: m.severity,
          status: 'open' as const,
          triggerType: m.triggerType,
          dedupeKey: m.dedupeKey,
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: alerts.id,
        title: alerts.title,
        description: alerts.description,
        severity: alerts.severity,
        domain: alerts.domain,
      });
    await ctx.recordActivity(
      raised.map((a) => ({
        title: `Alert raised: ${a.title}`,
        description: a.description,
        domainName: a.domain,
        severity: a.severity,
      })),
      tx,
    );
    return { raised, queued: await enqueueDeliveries(tx, raised) };
  });
  if (raised.length)
    ctx.logger.info(
      { trigger: findings.trigger, domain: findings.domain, alerts: raised.length, deliveries: queued },
      'alerts raised',
    );
  if (queued) kickDeliveries(ctx);
  return raised.length;
}

/** Creates the built-in rules once (first start); later starts keep the user's changes. */
export async function ensureDefaultRules(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Several instances may start at once: one creates the rules, the others see them.
    await tx.execute(sql`select pg_advisory_xact_lock(724212)`);
    const [existing] = await tx
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(eq(alertRules.builtIn, true))
      .limit(1);
    if (existing) return;
    await tx
      .insert(alertRules)
      .values(DEFAULT_RULES.map((rule) => ({ ...rule, builtIn: true, isActive: true })));
  });
}
