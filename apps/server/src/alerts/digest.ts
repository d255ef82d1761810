// One digest per domain for a batch that would open many alerts: whatever the source
// (a description, a HAR, a log, a gateway import), more than DIGEST_THRESHOLD new
// alerts on one domain, across every rule, become one alert listing each finding with
// a link to its endpoint. What is critical still raises its own alert.
import { SEVERITIES, type Severity, type TriggerType } from '@argus/api';
import type { alerts } from '../db/schema/index.js';
import type { FindingsTrigger } from '../findings.js';
import type { RuleMatch } from './evaluate.js';

/**
 * More new non-critical alerts than this on one domain in one batch become one digest:
 * a handful stay individually actionable, an import's findings are one alert.
 */
export const DIGEST_THRESHOLD = 5;
/** Critical findings of one batch on one domain that each raise their own alert; more join the digest. */
export const CRITICAL_LIMIT = 20;
/** Findings a digest names in its description; the rest are counted (all are in `found`). */
const DIGEST_SAMPLE = 10;

type NewAlert = typeof alerts.$inferInsert;

const BATCH_NOUN: Record<FindingsTrigger, string> = {
  scan: 'scan',
  rescan: 'rescan',
  sync: 'import',
  capture: 'capture batch',
};
const KIND: Record<TriggerType, { one: string; many: string }> = {
  pii_exposed: { one: 'PII', many: 'endpoints with new PII' },
  vulnerability_detected: { one: 'vulnerability', many: 'vulnerabilities' },
  high_risk_endpoint: { one: 'high risk', many: 'high-risk endpoints' },
  threshold_breach: { one: 'threshold', many: 'thresholds crossed' },
};

export const digestKey = (domain: string) => `digest|${domain}`;
const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
export const worst = (severities: readonly Severity[]): Severity =>
  severities.reduce((w, s) => (SEVERITIES.indexOf(s) < SEVERITIES.indexOf(w) ? s : w), 'low' as Severity);

/** How a digest lists one finding: its endpoint, what was found, and the endpoint's page. */
export function digestEntry(m: RuleMatch): string {
  const link = m.endpointId ? ` → /endpoints/${m.endpointId}` : '';
  return `${m.endpointRef} · ${KIND[m.triggerType].one}: ${m.found.join(', ')}${link}`;
}

/** The kind of finding an entry lists (`… · PII: email` → PII). */
const kindOf = (entry: string) => /· ([^:]+):/.exec(entry)?.[1] ?? '';

function digestText(domain: string, entries: readonly string[], batches: number, trigger: FindingsTrigger) {
  const byKind = new Map<string, number>();
  for (const e of entries) byKind.set(kindOf(e), (byKind.get(kindOf(e)) ?? 0) + 1);
  const parts = Object.values(KIND)
    .filter((k) => byKind.has(k.one))
    .map((k) => `${(byKind.get(k.one) as number).toLocaleString('en-US')} ${k.many}`);
  const title = `${plural(batches, BATCH_NOUN[trigger])} found ${plural(entries.length, 'finding')} on ${domain}: ${parts.join(', ')}`;
  const named = entries.slice(0, DIGEST_SAMPLE).join('; ');
  const more =
    entries.length > DIGEST_SAMPLE
      ? ` and ${(entries.length - DIGEST_SAMPLE).toLocaleString('en-US')} more`
      : '';
  const description =
    `One digest instead of one alert per finding; critical findings have their own alerts. ` +
    `Findings: ${named}${more}. Each links to its endpoint's page; the Vulnerabilities and PII Detection ` +
    `pages list them all for ${domain}.`;
  return { title, description };
}

/** The digest a batch's matches on one domain open (none of them critical). */
export function digestRow(
  domain: string,
  matches: readonly RuleMatch[],
  trigger: FindingsTrigger,
): NewAlert & { found: string[] } {
  const found = [...new Set(matches.map(digestEntry))];
  const rules = [...new Set(matches.map((m) => m.ruleId))];
  const severity = worst(matches.map((m) => m.severity));
  const lead = matches.find((m) => m.severity === severity) as RuleMatch;
  const ruleNames = [...new Set(matches.map((m) => `"${m.ruleName}"`))].join(', ');
  const text = digestText(domain, found, 1, trigger);
  return {
    ruleId: rules.length === 1 ? rules[0] : null,
    endpointId: null,
    domain,
    title: text.title,
    description: `${text.description} Raised by ${rules.length === 1 ? 'rule' : 'rules'} ${ruleNames} after a ${trigger}.`,
    severity,
    status: 'open',
    triggerType: lead.triggerType,
    dedupeKey: digestKey(domain),
    found,
  };
}

/** An active digest taking in a later batch's findings: its new title, description and list. */
export function grownDigest(
  domain: string,
  listed: readonly string[],
  matches: readonly RuleMatch[],
  batches: number,
  trigger: FindingsTrigger,
) {
  const found = [...new Set([...listed, ...matches.map(digestEntry)])];
  if (found.length === listed.length) return null;
  return { ...digestText(domain, found, batches, trigger), found };
}
