// After every scan, rescan, sync and capture batch: evaluate the active rules and
// open alerts without flooding:
// - one alert per rule, endpoint and finding while it is open, acknowledged or
//   suppressed; a PII alert lists the endpoint's new types and takes in the types
//   found later while it stays active (updated, not re-notified);
// - when one batch would open more than DIGEST_THRESHOLD alerts for one rule on one
//   domain, a single digest alert lists the endpoints instead ("1 import found 403
//   endpoints with PII"); an active digest takes in later batches the same way.
// New alerts go to the activity feed and the notification channels.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { piiAlertDescription, piiAlertTitle } from '@argus/engine';
import { SEVERITIES, type Severity, type TriggerType } from '@argus/api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { alertHistory, alertRules, alerts } from '../db/schema/index.js';
import type { FindingsTrigger, ScanFindings } from '../findings.js';
import { enqueueDeliveries, type DeliveryKick } from '../notifications/queue.js';
import { DEFAULT_RULES, evaluateRules, raisedBy, type RuleMatch } from './evaluate.js';

/**
 * More new alerts than this for one rule on one domain in one batch become one digest.
 * 20 keeps a handful of real findings individually actionable, while a spec import
 * (hundreds of operations sharing one schema) or a first log import raises one alert.
 */
export const DIGEST_THRESHOLD = 20;
/** Endpoints a digest names in its description; the rest are counted. */
const DIGEST_SAMPLE = 10;

const ACTIVE = ['open', 'acknowledged', 'suppressed'] as const;

const BATCH_NOUN: Record<FindingsTrigger, string> = {
  scan: 'scan',
  rescan: 'rescan',
  sync: 'import',
  capture: 'capture batch',
};
const DIGEST_SUBJECT: Record<TriggerType, { what: string; page: string }> = {
  pii_exposed: { what: 'endpoints with PII', page: 'PII Detection' },
  vulnerability_detected: { what: 'endpoints with vulnerabilities', page: 'Vulnerabilities' },
  high_risk_endpoint: { what: 'high-risk endpoints', page: 'Endpoints' },
  threshold_breach: { what: 'endpoints over a threshold', page: 'Endpoints' },
};

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

const digestKey = (ruleId: string, domain: string) => `${ruleId}|digest|${domain}`;
const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
const worst = (severities: readonly Severity[]): Severity =>
  severities.reduce((w, s) => (SEVERITIES.indexOf(s) < SEVERITIES.indexOf(w) ? s : w), 'low' as Severity);

function digestText(
  matches: readonly RuleMatch[],
  endpointsListed: readonly string[],
  batches: number,
  trigger: FindingsTrigger,
) {
  const first = matches[0]!;
  const subject = DIGEST_SUBJECT[first.triggerType];
  const n = endpointsListed.length;
  const title =
    `${plural(batches, BATCH_NOUN[trigger])} found ${n.toLocaleString('en-US')} ${subject.what} ` +
    `on ${first.domain}: see ${subject.page}`;
  const counts = new Map<string, number>();
  for (const m of matches) for (const f of m.found) counts.set(f, (counts.get(f) ?? 0) + 1);
  const tally = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([f, c]) => `${f} (${c})`)
    .join(', ');
  const named = endpointsListed.slice(0, DIGEST_SAMPLE).join(', ');
  const more = n > DIGEST_SAMPLE ? ` and ${(n - DIGEST_SAMPLE).toLocaleString('en-US')} more` : '';
  const description =
    `One digest instead of one alert per endpoint. Found: ${tally}. Endpoints: ${named}${more}. ` +
    `See the ${subject.page} page and search for ${first.domain}. ${raisedBy(first.ruleName, trigger)}`;
  return { title, description };
}

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
    for (const m of matches.values()) keys.push(digestKey(m.ruleId, m.domain));
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
    // What each active digest lists, as a set: a rescan checks every endpoint against it.
    const listings = new Map<string, Set<string> | undefined>();
    const digestListing = (ruleId: string, domain: string) => {
      const key = digestKey(ruleId, domain);
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
      // An endpoint an active digest already lists raises nothing of its own.
      if (digestListing(m.ruleId, m.domain)?.has(m.endpointRef)) continue;
      const group = `${m.ruleId}|${m.domain}`;
      // Pushed, not copied: copying the group per match was quadratic (10k matches: 300 ms).
      const list = fresh.get(group);
      if (list) list.push(m);
      else fresh.set(group, [m]);
    }

    for (const group of fresh.values()) {
      const first = group[0]!;
      const endpointsListed = [...new Set(group.map((m) => m.endpointRef))];
      if (endpointsListed.length <= DIGEST_THRESHOLD) {
        for (const m of group) inserts.push(alertRow(m));
        continue;
      }
      const key = digestKey(first.ruleId, first.domain);
      const current = active.get(key);
      if (current) {
        const listed = union(current.found, endpointsListed);
        if (listed.length === current.found.length) continue;
        changes.push({
          id: current.id,
          status: current.status,
          ...digestText(group, listed, current.batches + 1, findings.trigger),
          found: listed,
          batches: current.batches + 1,
        });
        continue;
      }
      inserts.push({
        ruleId: first.ruleId,
        endpointId: null,
        domain: first.domain,
        ...digestText(group, endpointsListed, 1, findings.trigger),
        severity: worst(group.map((m) => m.severity)),
        status: 'open',
        triggerType: first.triggerType,
        dedupeKey: key,
        found: endpointsListed,
      });
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
