// Calendar dates (ISO, numeric, named months): `dob` next to birth words (detect.ts decides).
import { isRealDate } from '../../calendar.js';
import { hasDigitRun, type Recognizer } from './recognizer.js';

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (s: string) => MONTH_INDEX.indexOf(s.slice(0, 3).toLowerCase()) + 1;

function validNumericDate(m: string): boolean {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(m);
  if (iso) return isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = m.split(/[-/.]/).map(Number);
  if (parts.length === 3) {
    const [a, b, c] = parts as [number, number, number];
    const y = c < 100 ? 2000 + c : c;
    return isRealDate(y, a, b) || isRealDate(y, b, a);
  }
  if (parts.length === 2) {
    const [a, b] = parts as [number, number];
    // M/YY, MM/YYYY or M/D: a month first and a plausible day or year.
    return a >= 1 && a <= 12 && b >= 1 && (b <= 31 || (b >= 1900 && b <= 2100));
  }
  return false;
}

function validNamedDate(m: string): boolean {
  const month = /[A-Za-z]+/.exec(m);
  if (!month || monthOf(month[0]) === 0) return false;
  const nums = (m.match(/\d+/g) ?? []).map(Number);
  const day = nums.find((n) => n <= 31);
  const year = nums.find((n) => n > 31);
  const y = year ?? 2000;
  return day === undefined ? true : isRealDate(y, monthOf(month[0]), day);
}

export const dateIso: Recognizer = {
  name: 'date_iso',
  type: 'dob',
  tier: 3,
  pre: hasDigitRun(4),
  pattern:
    /(?<![\w/.:-])\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w/:-])/g,
  validate: (m) => validNumericDate(m),
};

export const dateNumeric: Recognizer = {
  name: 'date_numeric',
  type: 'dob',
  pre: hasDigitRun(2),
  tier: 3,
  pattern:
    /(?<![\w/.:-])(?:\d{1,2}([-/.])\d{1,2}\1(?:\d{4}|\d{2})|\d{4}\/\d{1,2}\/\d{1,2}|\d{1,2}\/(?:\d{4}|\d{2}))(?![\w/:-]|\.[\w/])/g,
  validate: (m) => validNumericDate(m),
};

export const dateNamed: Recognizer = {
  name: 'date_named',
  type: 'dob',
  pre: hasDigitRun(1),
  tier: 3,
  pattern: new RegExp(
    `(?<![\\w])(?:\\d{1,2}(?:st|nd|rd|th)?[- ](?:${MONTHS})(?:[- ,]+\\d{2,4})?|(?:${MONTHS})[- ]\\d{1,2}(?:st|nd|rd|th)?(?:,? \\d{4})?|(?:${MONTHS})[- ]\\d{4})(?![\\w])`,
    'gi',
  ),
  validate: validNamedDate,
};
