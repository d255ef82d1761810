// PII detection in free text: runs the registry of value recognisers (recognizers/)
// and resolves their overlaps; field names and schema formats that reveal PII.
import type { CountryCode } from 'libphonenumber-js/max';
import type { PiiType } from '../types.js';
import { BoundedCache } from '../bounded-cache.js';
import { normaliseFieldName, piiTypeForField } from './field-names.js';
import { BIRTH, SSN_CONTEXT } from './recognizers/context-words.js';
import { findEmails } from './recognizers/emails.js';
import { RECOGNIZERS } from './recognizers/index.js';
import { DEFAULT_REGIONS, phoneAccepted } from './recognizers/phones.js';
import { contextBefore, inContext, type PiiMatch } from './recognizers/recognizer.js';
import { KEY_PREFIX } from './recognizers/tokens.js';

export { normaliseFieldName, type PiiMatch };

export interface DetectOptions {
  /**
   * Dates count as `dob` only next to birth words ("born", "DOB", "date of birth")
   * by default; `'all'` reports every real calendar date as `dob` (used to measure
   * the date recogniser on its own), `'none'` never.
   */
  dates?: 'birth-context' | 'all' | 'none';
  /** Skip the digit-only recognisers (card, SSN, phone, national ids): for values of id-like fields. */
  skipNumeric?: boolean;
  /** Countries tried for phone numbers without a `+` prefix. */
  phoneRegions?: CountryCode[];
  /**
   * Words that precede the text where it was found: the field, parameter or header
   * name (`phone`, `ssn`). Bare digit runs are phone numbers or SSNs only in context.
   */
  context?: string;
}

/**
 * Detect PII in free text. Returns non-overlapping matches (stronger recognisers
 * win an overlap: structured tokens, then checksummed ids, then dates, then phones),
 * sorted by position.
 */
export function detectPii(text: string, options: DetectOptions = {}): PiiMatch[] {
  if (text.length === 0) return [];
  const dates = options.dates ?? 'birth-context';
  const regions = options.phoneRegions ?? DEFAULT_REGIONS;
  const candidates: (PiiMatch & { tier: number })[] = [];
  const emails: PiiMatch[] = [];
  if (text.includes('@')) findEmails(text, emails);
  for (const e of emails) candidates.push({ ...e, tier: 0 });
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
  }
  const hasDigit = digits > 0;
  // Nothing without digits can match except e-mails (done above), JWTs and API keys.
  if (!hasDigit && !text.includes('eyJ') && !KEY_PREFIX.test(text))
    return candidates.map(({ tier: _t, ...m }) => m);
  /** Spans of real dates (reported or not): a phone candidate inside one is a date, not a phone. */
  const dateSpans: [number, number][] = [];
  for (const r of RECOGNIZERS) {
    if (r.numeric && options.skipNumeric) continue;
    if (r.name !== 'api_key' && r.name !== 'jwt' && !hasDigit) continue;
    if (r.pre && !r.pre(text, digits)) continue;
    r.pattern.lastIndex = 0;
    for (let m = r.pattern.exec(text); m !== null; m = r.pattern.exec(text)) {
      let value = m[0];
      const start = m.index;
      if (!r.validate(value, text, start)) {
        const shorter = r.shrink?.(value);
        if (!shorter || shorter === value || !r.validate(shorter, text, start)) continue;
        value = shorter;
      }
      const end = start + value.length;
      if (r.tier === 3) {
        dateSpans.push([start, end]);
        if (
          dates === 'none' ||
          (dates === 'birth-context' &&
            !contextBefore(text, start, BIRTH, 60) &&
            !/^\s?(生まれ|生|誕生)/.test(text.slice(end, end + 4)))
        )
          continue;
      }
      // Numbers with no words around them and no field to say otherwise (a value on its own,
      // a list of numbers) are taken at face value.
      const alone = options.context === undefined && !/\p{L}/u.test(text);
      if (
        r.needsContext?.(value) &&
        !alone &&
        !inContext(r.contextWords ?? SSN_CONTEXT, text, start, options.context)
      )
        continue;
      if (r.type === 'phone') {
        if (dateSpans.some(([a, b]) => a < end && start < b)) continue;
        // Not a piece of a longer token (`…-1ffd-4414-924f-…` in a UUID, `v2-3456789a`).
        // Nor the digits of an id that a single letter starts (`D245-938-19-203`, a licence number).
        if (
          /[A-Za-z]/.test(text[end] ?? '') ||
          /(?:^|[^A-Za-z])[A-Za-z]$/.test(text.slice(Math.max(0, start - 2), start)) ||
          (/[-._]/.test(text[start - 1] ?? '') && /[A-Za-z0-9]/.test(text[start - 2] ?? ''))
        )
          continue;
        if (candidates.some((c) => c.tier < 4 && c.start < end && start < c.end)) continue;
        if (!phoneAccepted(value, text, start, regions, options.context)) continue;
      }
      candidates.push({
        type: r.type,
        start,
        end: start + value.length,
        value,
        recognizer: r.name,
        tier: r.tier,
      });
    }
  }
  candidates.sort((a, b) => a.tier - b.tier || a.start - b.start || b.end - a.end);
  const accepted: (PiiMatch & { tier: number })[] = [];
  for (const c of candidates) {
    const clash = accepted.find((a) => a.start < c.end && c.start < a.end);
    // Same-tier checksummed ids of different types may share a span (a 9-digit number can be an SSN and a TFN).
    if (clash && !(clash.tier === 2 && c.tier === 2 && clash.type !== c.type)) continue;
    accepted.push(c);
  }
  return accepted
    .sort((a, b) => a.start - b.start)
    .map(({ type, start, end, value, recognizer }) => ({ type, start, end, value, recognizer }));
}

const nameCache = new BoundedCache<string, PiiType | null>(10_000);

/**
 * The PII type a field name reveals, if any (`dateOfBirth` → dob, `phone_no` → phone,
 * `card[number]` → credit_card); `parent` is the enclosing object's name, for leaves
 * that are PII only inside it (`number` in `card`, `name` in `billing_details`).
 * The vocabulary is documented in field-names.ts.
 */
export function piiTypeForFieldName(name: string, parent?: string): PiiType | null {
  return nameCache.getOrCompute(parent ? `${parent}\u0000${name}` : name, () =>
    piiTypeForField(name, parent),
  );
}

/** Schema formats that reveal PII (OpenAPI `format`). */
export function piiTypeForFormat(format: string | undefined): PiiType | null {
  switch (format) {
    case 'email':
    case 'idn-email':
      return 'email';
    case 'ipv4':
    case 'ipv6':
      return 'ip_address';
    case 'password':
      return 'password';
    default:
      return null;
  }
}
