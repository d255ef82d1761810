// Field names → PII types, against a documented vocabulary.
//
// A name is split into words (camelCase, snake_case, kebab-case, `card[number]`,
// `user.email`), abbreviations are expanded (`fname` → first name, `tel` → telephone,
// `cc` → credit card, `pwd`/`pass` → password, `addr` → address), the number suffixes
// `_no`/`_num`/`_nbr`/`_nr`/`number` are dropped, and the words are looked up:
//
// 1. the whole name (`dateofbirth`, `creditcard`, `postalcode`);
// 2. the name without leading qualifiers (`billing_`, `customer_`, `home_`, `new_`, …:
//    `customer_phone_no` → phone, `shipping_postal_code` → address);
// 3. for the open kinds (e-mail, phone, birth date, SSN, passport, IBAN, passwords, API
//    secrets), the last words whatever comes first (`support_email`, `stripe_api_key`);
// 4. a leaf that only means PII inside its parent: `number`, `cvc`, `exp_month` in a
//    `card` object are card data; `name` in a person-like object (`billing_details`,
//    `customer`, `shipping`) is a person's name; `line1` in an `address` is an address.
//
// Secrets and tokens (`client_secret`, `access_token`) are credentials (`api_key`),
// not passwords; a password is a field a person types.
import { COUNTRY_ID_TYPES, type PiiType } from '../types.js';
import { NATIONAL_ID_NAMES, type NameEntry } from './national-id-names.js';

/** Abbreviations and synonyms, per word. */
const EXPAND: Record<string, string[]> = {
  fname: ['first', 'name'],
  lname: ['last', 'name'],
  mname: ['middle', 'name'],
  firstname: ['first', 'name'],
  lastname: ['last', 'name'],
  fullname: ['full', 'name'],
  surname: ['last', 'name'],
  forename: ['first', 'name'],
  givenname: ['first', 'name'],
  given: ['first'],
  family: ['last'],
  dt: ['date'],
  familyname: ['last', 'name'],
  tel: ['telephone'],
  telno: ['telephone'],
  phoneno: ['phone'],
  phonenumber: ['phone'],
  ph: ['phone'],
  mob: ['mobile'],
  cell: ['mobile'],
  cellphone: ['mobile'],
  mobilephone: ['mobile'],
  cc: ['credit', 'card'],
  ccn: ['credit', 'card'],
  creditcard: ['credit', 'card'],
  cardno: ['card'],
  cardnumber: ['card'],
  cvv: ['cvc'],
  cvv2: ['cvc'],
  cvc2: ['cvc'],
  csc: ['cvc'],
  pwd: ['password'],
  passwd: ['password'],
  pw: ['password'],
  passphrase: ['password'],
  passcode: ['password'],
  addr: ['address'],
  address1: ['address', 'line'],
  address2: ['address', 'line'],
  line1: ['line'],
  line2: ['line'],
  line3: ['line'],
  zip: ['postal'],
  zipcode: ['postal', 'code'],
  postcode: ['postal', 'code'],
  postalcode: ['postal', 'code'],
  plz: ['postal'],
  pobox: ['po', 'box'],
  dob: ['birth', 'date'],
  bday: ['birth', 'date'],
  birthday: ['birth', 'date'],
  birthdate: ['birth', 'date'],
  birthdt: ['birth', 'date'],
  geburtsdatum: ['birth', 'date'],
  ssn: ['ssn'],
  socialsecurity: ['ssn'],
  email: ['email'],
  mail: ['email'],
  emailaddress: ['email'],
  ipaddress: ['ip'],
  ipaddr: ['ip'],
  ipv4: ['ip'],
  ipv6: ['ip'],
  // `ipv4` splits into `ipv` and the digit 4.
  ipv: ['ip'],
  apikey: ['api', 'key'],
  accesstoken: ['access', 'token'],
  refreshtoken: ['refresh', 'token'],
  authtoken: ['auth', 'token'],
  idtoken: ['id', 'token'],
  clientsecret: ['client', 'secret'],
  secretkey: ['secret', 'key'],
  privatekey: ['private', 'key'],
  passport: ['passport'],
  passportno: ['passport'],
  iban: ['iban'],
  dl: ['driver', 'license'],
  licence: ['license'],
  drivers: ['driver'],
  driving: ['driver'],
};

/** Words dropped at the end: they say "the number of", not what the number is. */
const NUMBER_SUFFIX = new Set(['no', 'num', 'nbr', 'nr', 'number', 'numb', 'nmbr', 'value']);

/** Leading words that qualify a field without changing what it holds. */
const QUALIFIERS = new Set([
  'user',
  'users',
  'customer',
  'client',
  'contact',
  'person',
  'personal',
  'primary',
  'secondary',
  'alt',
  'alternate',
  'other',
  'home',
  'work',
  'business',
  'office',
  'billing',
  'shipping',
  'mailing',
  'delivery',
  'residential',
  'emergency',
  'my',
  'owner',
  'holder',
  'account',
  'member',
  'patient',
  'employee',
  'student',
  'applicant',
  'recipient',
  'sender',
  'buyer',
  'seller',
  'payer',
  'payee',
  'beneficiary',
  'guardian',
  'parent',
  'spouse',
  'legal',
  'main',
  'new',
  'old',
  'current',
  'confirm',
  'confirmed',
  'verify',
  'repeat',
  'the',
  'cardholder',
  'card',
  'street',
  'public',
]);

/**
 * The vocabulary: the words a field name reduces to → its PII type. `open` kinds
 * also match as the last words of a longer name (`support_email`).
 */
const VOCABULARY: NameEntry[] = [
  ...NATIONAL_ID_NAMES,
  { words: 'email', type: 'email', open: true },
  { words: 'email address', type: 'email', open: true },
  { words: 'phone', type: 'phone', open: true },
  { words: 'telephone', type: 'phone', open: true },
  { words: 'mobile', type: 'phone' },
  { words: 'fax', type: 'phone' },
  { words: 'msisdn', type: 'phone', open: true },
  { words: 'birth date', type: 'dob', open: true },
  { words: 'date of birth', type: 'dob', open: true },
  { words: 'credit card', type: 'credit_card', open: true },
  { words: 'card', type: 'credit_card' },
  { words: 'pan', type: 'credit_card' },
  { words: 'primary account', type: 'credit_card' },
  { words: 'cvc', type: 'credit_card', open: true },
  { words: 'credit card expiry', type: 'card_expiry' },
  { words: 'card expiry', type: 'card_expiry' },
  { words: 'passport', type: 'passport', open: true },
  { words: 'driver license', type: 'driver_license', open: true },
  { words: 'license number', type: 'driver_license' },
  { words: 'account number', type: 'bank_account' },
  { words: 'iban', type: 'iban', open: true },
  { words: 'bank account', type: 'bank_account', open: true },
  { words: 'password', type: 'password', open: true },
  { words: 'pass', type: 'password' },
  { words: 'password hash', type: 'password' },
  { words: 'password confirmation', type: 'password' },
  { words: 'ip', type: 'ip_address', open: true },
  { words: 'ip address', type: 'ip_address', open: true },
  { words: 'remote address', type: 'ip_address' },
  { words: 'remote addr', type: 'ip_address' },
  { words: 'remote ip', type: 'ip_address' },
  { words: 'api key', type: 'api_key', open: true },
  { words: 'api secret', type: 'api_key', open: true },
  { words: 'access token', type: 'api_key', open: true },
  { words: 'refresh token', type: 'api_key', open: true },
  { words: 'auth token', type: 'api_key', open: true },
  { words: 'bearer token', type: 'api_key', open: true },
  { words: 'session token', type: 'api_key', open: true },
  { words: 'id token', type: 'api_key' },
  { words: 'token', type: 'api_key' },
  { words: 'secret', type: 'api_key' },
  { words: 'client secret', type: 'api_key', open: true },
  { words: 'secret key', type: 'api_key', open: true },
  { words: 'private key', type: 'api_key', open: true },
  { words: 'access key', type: 'api_key', open: true },
  { words: 'secret access key', type: 'api_key', open: true },
  { words: 'signing secret', type: 'api_key', open: true },
  { words: 'webhook secret', type: 'api_key', open: true },
  { words: 'address', type: 'address' },
  { words: 'address line', type: 'address', open: true },
  { words: 'street', type: 'address' },
  { words: 'street address', type: 'address', open: true },
  { words: 'postal', type: 'address' },
  { words: 'postal code', type: 'address', open: true },
  { words: 'postal address', type: 'address' },
  { words: 'po box', type: 'address', open: true },
  { words: 'post office box', type: 'address', open: true },
  { words: 'house', type: 'address' },
  { words: 'first name', type: 'name', open: true },
  { words: 'given name', type: 'name', open: true },
  { words: 'family name', type: 'name', open: true },
  { words: 'last name', type: 'name', open: true },
  { words: 'middle name', type: 'name', open: true },
  { words: 'full name', type: 'name', open: true },
  { words: 'maiden name', type: 'name', open: true },
];

/** Words that, inside a card object, are card data. */
const CARD_LEAF = new Set([
  'number',
  'cvc',
  'exp month',
  'exp year',
  'expiry',
  'expiration',
  'exp',
  'expiry month',
  'expiry year',
  'expiration month',
  'expiration year',
  'exp date',
  'expiration date',
  'expiry date',
]);
const CARD_PARENT = /^(card|cards|credit card|payment card|debit card|source card|card details|card data)$/;
const PERSON_PARENT =
  /^(customer|user|person|contact|recipient|sender|owner|holder|account holder|billing details|billing|shipping|individual|cardholder|card|employee|patient|member|profile|beneficiary|payer|payee|representative|director|guardian|applicant|passenger|guest)$/;
const ADDRESS_PARENT =
  /^(address|billing address|shipping address|home address|postal address|mailing address|residence)$/;
const ADDRESS_LEAF = new Set(['line', 'address line', 'street', 'postal code', 'house']);

/** Words before `name` that make it a person's name. */
const NAME_OWNER = new Set([
  'customer',
  'holder',
  'cardholder',
  'contact',
  'recipient',
  'sender',
  'owner',
  'patient',
  'employee',
  'member',
  'person',
  'beneficiary',
  'payer',
  'payee',
  'guardian',
  'spouse',
  'passenger',
  'guest',
  'applicant',
  'student',
  'legal',
  'maiden',
  'birth',
]);

const BY_WORDS = new Map(VOCABULARY.map((v) => [v.words, v]));

/** Words the splitter knows, for names written without separators (`passwordconfirmation`). */
let known: Set<string> | undefined;
function knownWords(): Set<string> {
  known ??= new Set([
    ...VOCABULARY.flatMap((v) => v.words.split(' ')),
    ...QUALIFIERS,
    ...NAME_OWNER,
    ...NUMBER_SUFFIX,
    ...Object.keys(EXPAND),
    'of',
    'date',
    'line',
    'login',
  ]);
  return known;
}

/** Split a run of letters into known words, fewest words first (`ccnum` → cc num); null when it cannot. */
function splitFlat(word: string): string[] | null {
  const words = knownWords();
  if (word.length > 40) return null;
  const best: (string[] | null)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 24); start < end; start++) {
      const head = best[start];
      const piece = word.slice(start, end);
      if (head && words.has(piece) && (!best[end] || (best[end] as string[]).length > head.length + 1))
        best[end] = [...head, piece];
    }
  }
  return best[word.length] ?? null;
}

/** Split a name into lower-case words: camelCase, snake, kebab, dots and brackets, digits apart. */
/** A name's expansion; own keys only, so `constructor` or `__proto__` is a word like any other. */
const expansion = (word: string): string[] | undefined =>
  Object.hasOwn(EXPAND, word) ? EXPAND[word] : undefined;

export function fieldWords(name: string): string[] {
  const spaced = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2');
  const out: string[] = [];
  for (const raw of spaced.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw || /^\d+$/.test(raw)) continue;
    const pieces = expansion(raw) || knownWords().has(raw) ? [raw] : (splitFlat(raw) ?? [raw]);
    for (const piece of pieces) for (const w of expansion(piece) ?? [piece]) out.push(w);
  }
  return out;
}

/** Words of a name with number suffixes dropped (`phone_no` → phone); `number` alone stays. */
function core(words: string[]): string[] {
  let end = words.length;
  while (end > 1 && NUMBER_SUFFIX.has(words[end - 1] as string)) end--;
  return words.slice(0, end);
}

/** The comparable form of a field name: its core words, one space apart. */
export function normaliseFieldName(name: string): string {
  return core(fieldWords(name)).join(' ');
}

/** Look up the words: whole, without leading qualifiers, then as the tail of an open kind. */
function lookup(words: string[]): PiiType | null {
  if (words.length === 0) return null;
  const whole = BY_WORDS.get(words.join(' '));
  if (whole) return whole.type;
  let start = 0;
  while (start < words.length - 1 && QUALIFIERS.has(words[start] as string)) {
    start++;
    const hit = BY_WORDS.get(words.slice(start).join(' '));
    if (hit) return hit.type;
  }
  // `customer_name`, `cardholder_name`, `account_holder_name`: a person's name.
  if (
    words.length >= 2 &&
    words[words.length - 1] === 'name' &&
    NAME_OWNER.has(words[words.length - 2] as string)
  )
    return 'name';
  for (let i = 1; i < words.length; i++) {
    const hit = BY_WORDS.get(words.slice(i).join(' '));
    if (hit?.open) return hit.type;
  }
  // `national_id_number`, `personal_id` (after the suffix drop): ids of a person.
  const joined = words.join(' ');
  if (/^(national|personal|citizen|government|state) (id|identity|identification)$/.test(joined))
    return 'national_id';
  return null;
}

/**
 * The PII type a field reveals, from its name and (optionally) its parent's name:
 * `phone_no` → phone, `card[number]` → credit_card, `{ card: { cvc } }` → credit_card,
 * `billing_details.name` → name, `client_secret` → api_key.
 */
export function piiTypeForField(name: string, parent?: string): PiiType | null {
  const type = typeOfField(name, parent);
  if (type === null) return null;
  const words = fieldWords(name);
  const parentWords = parent === undefined ? [] : fieldWords(parent);
  return personal(type, words, parentWords) ? type : null;
}

/** Words that make an IP address a machine's (a host, pod, load balancer, network range), not a person's. */
const MACHINE_WORDS = new Set(
  'host hosts pod pods cluster node nodes server servers load balancer virtual vip private eni egress ingress gateway router subnet vpc nat endpoint endpoints start end range network dns proxy vm instance container service internal outgoing destination destinations target targets peer bind listen master floating static elastic hop route routes worker restriction restrictions whitelist blacklist allowlist denylist filtering firewall'.split(
    ' ',
  ),
);
/** Things whose `full_name`, `first_name`, … is not a person's (`repository.full_name` is `owner/repo`). */
const THING_WORDS = new Set(
  'repository repositories repo repos project organization organisation org company team group app application package product template workspace merchant business bucket namespace plugin module image'.split(
    ' ',
  ),
);
/** A company's tax id or registration number is not a person's national id. */
const BUSINESS_WORDS = new Set(
  'company merchant organization organisation org business seller vendor supplier corporate employer'.split(
    ' ',
  ),
);
const PHONE_WORDS = new Set(['phone', 'telephone', 'mobile', 'fax']);
const isCountryId = (t: string) => (COUNTRY_ID_TYPES as readonly string[]).includes(t);

/**
 * Whether a type a name suggests is a person's data in its context: the words of the
 * name and of its parent veto it when they say the value belongs to a machine, a thing
 * or a company (`hostIP`, `repository.full_name`, `company.tax_id`), or that `cc` next
 * to a phone is a country code and `address` in an IP list an IP.
 */
export function personalInContext(type: PiiType, name: string, parent?: string): boolean {
  return personal(type, fieldWords(name), parent === undefined ? [] : fieldWords(parent));
}

function personal(type: PiiType, words: string[], parentWords: string[]): boolean {
  const all = [...words, ...parentWords];
  switch (type) {
    case 'ip_address':
      return !all.some((w) => MACHINE_WORDS.has(w));
    case 'name':
      return !all.some((w) => THING_WORDS.has(w));
    case 'national_id':
      return !all.some((w) => BUSINESS_WORDS.has(w));
    case 'credit_card':
      return !parentWords.some((w) => PHONE_WORDS.has(w));
    case 'address':
      return !parentWords.includes('ip');
    default:
      // A company's registration number is no country's personal id either.
      return !isCountryId(type) || !all.some((w) => BUSINESS_WORDS.has(w));
  }
}

function typeOfField(name: string, parent?: string): PiiType | null {
  if (name.length === 0 || name.length > 80) return null;
  // `card[number]`, `customer.address.line1`: the last part is the leaf, the one before its parent.
  const parts = name.split(/[[\].]+/).filter(Boolean);
  if (parts.length > 1) {
    const leaf = parts[parts.length - 1] as string;
    const joined = fieldWords(parts.join('_'));
    const whole = lookup(core(joined));
    return (
      piiTypeForField(leaf, parts[parts.length - 2]) ?? (whole && personal(whole, joined, []) ? whole : null)
    );
  }
  const words = fieldWords(name);
  // `id_number`, `account_number`, `license_number`: here the number is the point.
  const special =
    words.length === 2 && NUMBER_SUFFIX.has(words[1] as string)
      ? BY_WORDS.get(`${words[0]} number`)
      : undefined;
  if (special) return special.type;
  const own = lookup(core(words));
  if (own) return own;
  if (parent === undefined) return null;
  const leaf = words.join(' ');
  const parentWords = core(fieldWords(parent.replace(/\[\]$/, ''))).join(' ');
  if (CARD_PARENT.test(parentWords) && CARD_LEAF.has(leaf))
    return leaf.startsWith('exp') ? 'card_expiry' : 'credit_card';
  if (leaf === 'name' && PERSON_PARENT.test(parentWords)) return 'name';
  if (ADDRESS_PARENT.test(parentWords) && ADDRESS_LEAF.has(core(words).join(' '))) return 'address';
  return null;
}
