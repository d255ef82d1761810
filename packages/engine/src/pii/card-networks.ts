// Card numbers by issuer: each network's IIN (BIN) prefixes and the lengths it issues,
// checked with Luhn. Ranges are inclusive and compared on the number's first digits,
// as many as the bound has (`3528`-`3589` reads four digits, `622126`-`622925` six).
import { luhn } from './validators.js';

export interface CardNetwork {
  name: string;
  /** [low, high] prefixes, inclusive; a single prefix is [p, p]. */
  prefixes: readonly (readonly [string, string])[];
  lengths: readonly number[];
}

const span = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const one = (p: string) => [p, p] as const;

/** Order matters where ranges nest: the first network whose prefix and length fit names the card. */
export const CARD_NETWORKS: readonly CardNetwork[] = [
  { name: 'visa', prefixes: [one('4')], lengths: [13, 16, 19] },
  { name: 'mir', prefixes: [['2200', '2204']], lengths: span(16, 19) },
  {
    name: 'mastercard',
    prefixes: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
  },
  { name: 'amex', prefixes: [one('34'), one('37')], lengths: [15] },
  {
    name: 'diners',
    prefixes: [['300', '305'], one('3095'), one('36'), ['38', '39']],
    lengths: span(14, 19),
  },
  // JCB's 16-19 digit cards: 3528-3589 are allotted, the rest of the 35 block is JCB's too.
  { name: 'jcb', prefixes: [one('35')], lengths: span(16, 19) },
  { name: 'jcb15', prefixes: [one('2131'), one('1800')], lengths: [15] },
  {
    name: 'discover',
    prefixes: [one('6011'), ['644', '649'], one('65'), ['622126', '622925']],
    lengths: span(16, 19),
  },
  {
    name: 'rupay',
    prefixes: [one('60'), one('81'), one('82'), one('508'), one('353'), one('356')],
    lengths: [16],
  },
  { name: 'unionpay', prefixes: [one('62'), one('81')], lengths: span(16, 19) },
  {
    name: 'verve',
    prefixes: [
      ['506099', '506198'],
      ['650002', '650027'],
    ],
    lengths: [16, 18, 19],
  },
  { name: 'troy', prefixes: [one('9792')], lengths: [16] },
  {
    name: 'maestro',
    prefixes: [one('50'), ['56', '69'], one('0604')],
    lengths: span(12, 19),
  },
  { name: 'uatp', prefixes: [one('1')], lengths: [15] },
];

function prefixIn(digits: string, [low, high]: readonly [string, string]): boolean {
  const head = digits.slice(0, low.length);
  return head.length === low.length && head >= low && head <= high;
}

/** The network that issues this many digits with this prefix, or null. */
export function cardNetwork(digits: string): string | null {
  for (const n of CARD_NETWORKS)
    if (n.lengths.includes(digits.length) && n.prefixes.some((p) => prefixIn(digits, p))) return n.name;
  return null;
}

/** Card numbers: Luhn, plus an issuer (IIN) range whose lengths include this one. */
export function isCardNumber(text: string): boolean {
  const d = text.replace(/\D/g, '');
  if (d.length < 12 || d.length > 19 || !luhn(d)) return false;
  if (/^(\d)\1+$/.test(d)) return false;
  return cardNetwork(d) !== null;
}
