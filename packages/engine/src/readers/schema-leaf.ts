// What one schema node of an API description really holds by default: whether it is an
// expandable reference (an id unless the caller asks for the object), and what PII a
// leaf's name, format or pattern says it holds given its declared type.
import type { PiiType } from '../types.js';
import { normaliseFieldName, piiTypeForFieldName, piiTypeForFormat } from '../pii/detect.js';
import { fieldWords, personalInContext } from '../pii/field-names.js';
import { isObj, type RefResolver } from './openapi-refs.js';

type Json = Record<string, unknown>;

const isObjectSchema = (s: Json): boolean =>
  s['type'] === 'object' ||
  isObj(s['properties']) ||
  ['allOf', 'oneOf', 'anyOf'].some((k) => Array.isArray(s[k]));

/**
 * An expandable field: `anyOf`/`oneOf` of an id string and the object it names, or a
 * field that lists its `x-expansionResources`. By default the answer holds the id; the
 * object comes only when the caller asks for it (`expand[]=customer`).
 */
export function isExpandable(resolver: RefResolver, s: Json): boolean {
  if (isObj(s['x-expansionResources'])) return true;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list) || list.length < 2) continue;
    const branches = list.map((b) => resolver.deref(b)).filter(isObj);
    const id = branches.some(
      (b) =>
        b['type'] === 'string' && !isObj(b['properties']) && piiTypeForFormat(b['format'] as string) === null,
    );
    if (id && branches.some(isObjectSchema)) return true;
  }
  return false;
}

/** A leaf holds a value: not an object, a list, a flag, nor a choice between schemas (judged branch by branch). */
export const isLeaf = (s: Json): boolean =>
  !isObjectSchema(s) && s['type'] !== 'array' && s['items'] === undefined && s['type'] !== 'boolean';

/** Words that say the number itself is the point (`card_number`, `account_no`, `pan`). */
const NUMBER_WORDS = new Set(['number', 'no', 'num', 'nbr', 'nr', 'pan', 'cvc']);
/** Types whose values can be plain numbers; the others (an e-mail, an IBAN, a name) never are. */
const NUMERIC_TYPES = new Set<PiiType>(['phone', 'ssn', 'national_id', 'dob', 'card_expiry']);

/** A card or an account by its number, not by the thing's name (`card_number`, not `card`). */
const namesTheNumber = (name: string) => fieldWords(name).some((w) => NUMBER_WORDS.has(w));

/** Whether a number-typed field can hold this type: an integer `card` is an amount, `card_number` a card. */
function numberCanBe(type: PiiType, name: string): boolean {
  if (NUMERIC_TYPES.has(type) || /^[a-z]{2}_/.test(type)) return true;
  return (type === 'credit_card' || type === 'bank_account') && namesTheNumber(name);
}

/** IBAN by format, or by a pattern of two letters and two check digits first. */
function ibanBySchema(s: Json): boolean {
  const format = typeof s['format'] === 'string' ? s['format'].toLowerCase() : '';
  const pattern = typeof s['pattern'] === 'string' ? s['pattern'] : '';
  return format === 'iban' || /^\^?\[A-Z\]\{2\}(\[0-9\]|\\d)\{2\}/.test(pattern);
}

/**
 * The PII a leaf holds and the rule that says so: its name (in its parent), else its
 * declared format when the context says the value is a person's. A path parameter
 * (`asId`) names a resource: `{card}` is the card's id, `{card_number}` its number.
 */
export function leafPii(
  s: Json,
  name: string,
  parent: string | undefined,
  asId = false,
): { type: PiiType; rule: string } | null {
  const format = typeof s['format'] === 'string' ? s['format'] : undefined;
  const numeric = s['type'] === 'integer' || s['type'] === 'number';
  if (ibanBySchema(s))
    return { type: 'iban', rule: format ? `schema-format:${format}` : 'schema-pattern:iban' };
  const byName = piiTypeForFieldName(name, parent);
  const byItsNumber = (byName !== 'credit_card' && byName !== 'bank_account') || namesTheNumber(name);
  // A value named only `card` is which card (its id) or how it was paid, not the card's number.
  const bareCard = byName === 'credit_card' && fieldWords(name).join(' ') === 'card';
  if (byName && !bareCard && (!numeric || numberCanBe(byName, name)) && (!asId || byItsNumber))
    return { type: byName, rule: `field-name:${normaliseFieldName(name)}` };
  const byFormat = piiTypeForFormat(format);
  if (byFormat && personalInContext(byFormat, name, parent))
    return { type: byFormat, rule: `schema-format:${format}` };
  return null;
}
