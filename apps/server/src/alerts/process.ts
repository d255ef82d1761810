// After every scan, rescan, sync and capture batch: evaluate the active rules and
// open alerts without flooding:
// - one alert per rule, endpoint and finding while it is open, acknowledged or
//   suppressed; a PII alert lists the endpoint's new types and takes in the types
//   found later while it stays active (updated, not re-notified);
// - when one batch would open more than DIGEST_THRESHOLD non-critical alerts on one
//   domain, across every rule and whatever the source, a single digest lists each
//   finding with its endpoint's link instead ("1 import found 431 findings on …");
//   critical findings keep their own alerts; an active digest takes in later batches.
// New alerts go to the activity feed and the notification channels.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { piiAlertDescription, piiAlertTitle } from '@argus/engine';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { alertHistory, alertRules, alerts } from '../db/schema/index.js';
import type { ScanFindings } from '../findings.js';
import { enqueueDeliveries, type DeliveryKick } from '../notifications/queue.js';
import { DEFAULT_RULES, evaluateRules, raisedBy, type RuleMatch } from './evaluate.js';
import {
  CRITICAL_LIMIT,
  DIGEST_THRESHOLD,
  digestEntry,
  digestKey,
  digestRow,
  grownDigest,
} from './digest.js';

export { DIGEST_THRESHOLD } from './digest.js';

const ACTIVE = ['open', 'acknowledged', 'suppressed'] as const;

type NewAlert = typeof alerts.$inferInsert;
interface ActiveAlert {
  id: string;
  dedupeKey: string;
  found: string[];
  batches: number;
  status: (typeof ACTIVE)[number];
}
interface AlertChange {
  id: string;
  status: ActiveAlert['status'];
  title: string;
  description: string;
  found: string[];
  batches: number;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * Opens the alerts these findings raise (updating the active ones); returns how
 * many were opened. `deliveries` is woken when notifications were queued (else
 * a delivery worker finds them at its next poll).
 */
export async function processFindings(
  ctx: AppContext,
  findings: ScanFindings,
  deliveries?: DeliveryKick,
): Promise<number> {
  if (findings.endpoints.length === 0 && !findings.scanner) return 0;
  const rules = await ctx.db.select().from(alertRules).where(eq(alertRules.isActive, true));
  const matches = new Map<string, RuleMatch>();
  for (const rule of rules) {
    for (const match of evaluateRules([rule], findings)) {
      if (!matches.has(match.dedupeKey)) matches.set(match.dedupeKey, match);
    }
    // A rule over a 10k-endpoint import takes tens of ms: let requests in between rules.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (matches.size === 0) return 0;
  const { raised, queued, updated } = await ctx.db.transaction(async (tx) => {
    const keys = [...matches.keys()];
    for (const m of matches.values()) keys.push(digestKey(m.domain));
    const active = new Map(
      (
        await tx
          .select({
            id: alerts.id,
            dedupeKey: alerts.dedupeKey,
            found: alerts.found,
            batches: alerts.batches,
            status: alerts.status,
          })
          .from(alerts)
          .where(and(inArray(alerts.dedupeKey, [...new Set(keys)]), inArray(alerts.status, [...ACTIVE])))
          .for('update')
      ).map((a) => [a.dedupeKey, a as ActiveAlert]),
    );

    const inserts: NewAlert[] = [];
    const changes: AlertChange[] = [];
    const fresh = new Map<string, RuleMatch[]>();
    // What each active digest lists, as a set: a rescan checks every finding against it.
    const listings = new Map<string, Set<string> | undefined>();
    const digestListing = (domain: string) => {
      const key = digestKey(domain);
      if (!listings.has(key)) {
        const found = active.get(key)?.found;
        listings.set(key, found ? new Set(found) : undefined);
      }
      return listings.get(key);
    };
    for (const m of matches.values()) {
      const current = active.get(m.dedupeKey);
      if (current) {
        const found = union(current.found, m.found);
        if (m.triggerType === 'pii_exposed' && found.length > current.found.length) {
          changes.push({
            id: current.id,
            status: current.status,
            title: piiAlertTitle(found, m.where),
            description: [
              piiAlertDescription(found, m.piiTypes),
              m.piiPlaces,
              raisedBy(m.ruleName, findings.trigger),
            ]
              .filter(Boolean)
              .join(' '),
            found,
            batches: current.batches + 1,
          });
        }
        continue;
      }
      // A finding an active digest already lists raises nothing of its own.
      if (digestListing(m.domain)?.has(digestEntry(m))) continue;
      // Pushed, not copied: copying the group per match was quadratic (10k matches: 300 ms).
      const list = fresh.get(m.domain);
      if (list) list.push(m);
      else fresh.set(m.domain, [m]);
    }

    for (const [domain, group] of fresh) {
      // What is critical always has its own alert; the rest of a large batch is one digest.
      // Past CRITICAL_LIMIT the criticals are a pattern (no delete needs credentials): the digest, critical.
      const critical = group.filter((m) => m.severity === 'critical');
      const own = critical.length <= CRITICAL_LIMIT ? critical : [];
      const rest = group.filter((m) => !own.includes(m));
      for (const m of own) inserts.push(alertRow(m));
      if (rest.length <= DIGEST_THRESHOLD) {
        for (const m of rest) inserts.push(alertRow(m));
        continue;
      }
      const current = active.get(digestKey(domain));
      if (!current) {
        inserts.push(digestRow(domain, rest, findings.trigger));
        continue;
      }
      const grown = grownDigest(domain, current.found, rest, current.batches + 1, findings.trigger);
      if (grown)
        changes.push({ id: current.id, status: current.status, ...grown, batches: current.batches + 1 });
    }

    await applyChanges(tx, changes);
    // The partial unique index on dedupe_key makes this safe against concurrent batches.
    const raised = inserts.length
      ? await tx.insert(alerts).values(inserts).onConflictDoNothing().returning({
          id: alerts.id,
          title: alerts.title,
          description: alerts.description,
          severity: alerts.severity,
          domain: alerts.domain,
        })
      : [];
    await ctx.recordActivity(
      raised.map((a) => ({
        title: `Alert raised: ${a.title}`,
        description: a.description,
        domainName: a.domain,
        severity: a.severity,
      })),
      tx,
    );
    return { raised, queued: await enqueueDeliveries(tx, raised), updated: changes.length };
  });
  if (raised.length || updated)
    ctx.logger.info(
      {
        trigger: findings.trigger,
        domain: findings.domain,
        alerts: raised.length,
        updated,
        deliveries: queued,
      },
      'alerts raised',
    );
  if (queued) deliveries?.kick();
  return raised.length;
}

function alertRow(m: RuleMatch): NewAlert {
  return {
    ruleId: m.ruleId,
    endpointId: m.endpointId,
    domain: m.domain,
    title: m.title,
    description: m.description,
    severity: m.severity,
    status: 'open',
    triggerType: m.triggerType,
    dedupeKey: m.dedupeKey,
    found: m.found,
  };
}

/** Active alerts that take in new findings: updated in place and in their history, not notified again. */
async function applyChanges(tx: Db, changes: readonly AlertChange[]): Promise<void> {
  for (const c of changes) {
    await tx
      .update(alerts)
      .set({
        title: c.title,
        description: c.description,
        found: c.found,
        batches: c.batches,
        updatedAt: sql`now()`,
      })
      .where(eq(alerts.id, c.id));
  }
  if (changes.length) {
    await tx
      .insert(alertHistory)
      .values(
        changes.map((c) => ({ alertId: c.id, action: 'update', fromStatus: c.status, toStatus: c.status })),
      );
  }
}

/**
 * Creates the built-in rules: all on first start, and on later starts those a release
 * added since (by name; built-ins cannot be deleted, only switched off). The user's
 * changes to existing ones are kept.
 */
export async function ensureDefaultRules(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Several instances may start at once: one creates the rules, the others see them.
    await tx.execute(sql`select pg_advisory_xact_lock(724212)`);
    const existing = await tx
      .select({ name: alertRules.name })
      .from(alertRules)
      .where(eq(alertRules.builtIn, true));
    const have = new Set(existing.map((r) => r.name));
    const missing = DEFAULT_RULES.filter((rule) => !have.has(rule.name));
    if (missing.length === 0) return;
    await tx.insert(alertRules).values(missing.map((rule) => ({ ...rule, builtIn: true, isActive: true })));
  });
}
