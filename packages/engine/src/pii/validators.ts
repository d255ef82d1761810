// Checksum and range validators behind the PII detectors. Each takes the matched
// text (separators allowed) and says whether it can be the real thing.

import { isRealDate } from '../calendar.js';

const digitsOf = (s: string): string => s.replace(/\D/g, '');

export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** US SSN: area 001-899 except 666, group 01-99, serial 0001-9999, not the advertised samples. */
export function isSsn(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9) return false;
  const area = Number(d.slice(0, 3));
  const group = Number(d.slice(3, 5));
  const serial = Number(d.slice(5));
  if (area === 0 || area === 666 || area >= 900 || group === 0 || serial === 0) return false;
  if (d === '078051120' || d === '219099999' || d === '123456789') return false;
  // One separator style at most (`078-05-1123`, `078 05 1123`), never mixed.
  const seps = text.replace(/\d/g, '');
  return new Set(seps).size <= 1;
}

/** US ITIN: 9XX-[50-65|70-88|90-92|94-99]-XXXX. */
export function isItin(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9 || d[0] !== '9') return false;
  const g = Number(d.slice(3, 5));
  return (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || (g >= 94 && g <= 99);
}

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Spanish DNI/NIF: 7-8 digits + control letter (mod 23); NIE (X/Y/Z prefix). */
export function isSpanishNif(text: string): boolean {
  const t = text.replace(/[\s-]/g, '').toUpperCase();
  const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(t);
  if (!m) return false;
  const prefix = m[1] ? String('XYZ'.indexOf(m[1])) : '';
  return NIF_LETTERS[Number(prefix + m[2]) % 23] === m[3];
}

/** Polish PESEL: weighted checksum and a real birth date encoded in the first six digits. */
export function isPesel(text: string): boolean {
  if (!/^\d{11}$/.test(text)) return false;
  const w = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (text.charCodeAt(i) - 48) * (w[i] as number);
  if ((10 - (sum % 10)) % 10 !== text.charCodeAt(10) - 48) return false;
  let month = Number(text.slice(2, 4));
  const centuryOffset = Math.floor(month / 20);
  month %= 20;
  const year = Number(text.slice(0, 2)) + [1900, 2000, 2100, 2200, 1800][centuryOffset]!;
  return isRealDate(year, month, Number(text.slice(4, 6)));
}

/** UK NHS number: 10 digits, mod-11 check digit. */
export function isNhsNumber(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 10) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (d.charCodeAt(i) - 48) * (10 - i);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check;
  return expected !== 10 && expected === d.charCodeAt(9) - 48;
}

/** UK National Insurance number (HMRC prefix rules, suffix A-D). */
export function isNino(text: string): boolean {
  const t = text.replace(/\s/g, '').toUpperCase();
  const m = /^([A-CEGHJ-PR-TW-Z])([A-CEGHJ-NPR-TW-Z])(\d{6})([A-D])$/.exec(t);
  if (!m) return false;
  return !['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes((m[1] as string) + (m[2] as string));
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
/** Indian Aadhaar: 12 digits, first 2-9, Verhoeff checksum. */
export function isAadhaar(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 12 || d[0] === '0' || d[0] === '1') return false;
  let c = 0;
  for (let i = 0; i < 12; i++) c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d.charCodeAt(11 - i) - 48]!]!;
  return c === 0;
}

/** Australian Tax File Number: 9 digits, weighted mod-11. */
export function isAuTfn(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9) return false;
  const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (d.charCodeAt(i) - 48) * (w[i] as number);
  return sum % 11 === 0;
}

/** Italian codice fiscale: the fixed layout (letters, digits, month letter; omocodia digits allowed). */
export function isItalianFiscalCode(text: string): boolean {
  return /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(
    text.toUpperCase(),
  );
}

const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};
/** IBAN: country length and ISO 7064 mod-97. */
export function isIban(text: string): boolean {
  const t = text.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(t) || IBAN_LENGTHS[t.slice(0, 2)] !== t.length) return false;
  const moved = t.slice(4) + t.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const c of v) rem = (rem * 10 + (c.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

/** A JWT: three base64url parts whose header decodes to JSON with `alg`. */
export function isJwt(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 3) return false;
  try {
    const header = JSON.parse(Buffer.from(parts[0] as string, 'base64url').toString('utf8')) as unknown;
    return typeof header === 'object' && header !== null && 'alg' in header;
  } catch {
    return false;
  }
}
