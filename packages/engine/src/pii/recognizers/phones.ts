// Phone numbers: a loose pattern, then libphonenumber's full metadata (every region for
// `+` numbers, the configured regions otherwise) and context words decide.
import { createRequire } from 'node:module';
import type * as PhoneLibrary from 'libphonenumber-js/max';
import type { CountryCode } from 'libphonenumber-js/max';
import { BoundedCache } from '../../bounded-cache.js';
import { ID_DOCUMENT_BEFORE, NOT_PHONE_CONTEXT, PHONE_CONTEXT, PHONE_RIGHT_BEFORE } from './context-words.js';
import { hasDigitRun, inContext, type Recognizer } from './recognizer.js';

export const DEFAULT_REGIONS: CountryCode[] = [
  'US',
  'GB',
  'DE',
  'FR',
  'IL',
  'IN',
  'CA',
  'BR',
  'JP',
  'CN',
  'AU',
  'ES',
  'IT',
];

export const phone: Recognizer = {
  name: 'phone',
  type: 'phone',
  tier: 4,
  numeric: true,
  pre: hasDigitRun(6),
  pattern:
    /(?<![\d+_])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,5}(?:[ .-]?\d{1,5}){1,6}(?:\s?(?:x|ext\.?|extension|#)\s?\d{1,6})?(?!\d)/giu,
  validate: () => true, // validated with context and libphonenumber in `phoneAccepted`
};

const phoneCache = new BoundedCache<string, boolean>(10_000);

// libphonenumber with its full metadata takes ~0.2 s to load: loaded on the first
// phone-shaped value, not with the module (a log without bodies never needs it).
const requireCommonJs = createRequire(import.meta.url);
let phoneLibrary: typeof PhoneLibrary | undefined;
function parsePhone(text: string, region?: CountryCode) {
  phoneLibrary ??= requireCommonJs('libphonenumber-js/max') as typeof PhoneLibrary;
  return region
    ? phoneLibrary.parsePhoneNumberFromString(text, region)
    : phoneLibrary.parsePhoneNumberFromString(text);
}

/** libphonenumber validation in the given regions (memoised, bounded). */
function phoneValid(m: string, regions: CountryCode[]): boolean {
  const digits = m.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  return phoneCache.getOrCompute(`${regions.join(',')}|${m}`, () => {
    if (m.startsWith('+')) return parsePhone(m)?.isValid() ?? false;
    for (const region of regions) if (parsePhone(m, region)?.isValid()) return true;
    return false;
  });
}

/**
 * A phone number needs a phone-like format or context, and a plausible length:
 * - a bare digit run (a timestamp, an order number, `nmaplowercheck1728042633`) only
 *   next to phone words or in a phone field;
 * - a run with one separator (`123 10115`: a house number and a postcode) only when
 *   libphonenumber finds it valid with 10+ digits, or in context;
 * - a formatted number (`+`, `(area)`, two or more separators) when valid, or when
 *   possible (7-15 digits) in context; never right after order/invoice/postal words;
 * - never right after an identity document's or account's name (`licence D245-938-19-203`,
 *   `SSN 937-42-6810`), never in the SSN shape (3-2-4 digits);
 * - six digits (`68 58 82`, a short local number) only right after phone words.
 * An extension (`x0135`, `EXT623`) is kept in the match; the number before it is validated.
 */
export function phoneAccepted(
  m: string,
  text: string,
  start: number,
  regions: CountryCode[],
  field: string | undefined,
): boolean {
  const main = m.replace(/\s?(?:x|ext\.?|extension|#)\s?\d{1,6}$/i, '');
  const digits = main.replace(/\D/g, '').length;
  const before = text.slice(Math.max(0, start - 32), start);
  const minimum = PHONE_RIGHT_BEFORE.test(before) ? 6 : 7;
  if (digits < minimum || digits > 15) return false;
  // `1.2.3.4`, `10.0.8432.1`: an address or a version; `03.93.92.16.85` (dotted pairs) is a phone.
  if (/\d\.\d{1,3}\.\d{1,3}\.\d/.test(main) && !/^(?:\+\d{1,3} ?)?\d{1,4}(?:\.\d{2,4}){3,}$/.test(main))
    return false;
  if (/^\d{3}-\d{2}-\d{4}$/.test(main) || ID_DOCUMENT_BEFORE.test(before)) return false;
  const context = inContext(PHONE_CONTEXT, text, start, field);
  // `Chrome/93.0.8432.274`, `app.2730208259.js`: a version or a file name.
  if (!context && /[/.]/.test(text[start - 1] ?? '')) return false;
  if (!context && NOT_PHONE_CONTEXT.test(text.slice(Math.max(0, start - 24), start))) return false;
  const separators = (main.match(/[ .()-]/g) ?? []).length;
  const formatted = main.startsWith('+') || main.startsWith('(') || separators >= 2;
  if (!formatted) {
    if (separators === 0) return context;
    return context || (digits >= 10 && phoneValid(main, regions));
  }
  return phoneValid(main, regions) || context;
}
