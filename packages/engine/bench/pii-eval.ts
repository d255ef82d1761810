// Precision/recall of the PII recognisers on Presidio's recogniser test cases
// (shared/corpus/pii/presidio-recognizer-test-cases.json). Each case is scored for
// the type its test file is about; a predicted span counts when it matches an
// expected span exactly (or, where a case gives only a count, by count).
import { detectPii, type PiiType } from '../src/index.js';

interface Case {
  source_file: string;
  text?: string;
  iban?: string;
  pesel?: string;
  expected?: boolean;
  expected_len?: number;
  expected_positions?: number[][] | null;
  expected_position?: number[] | null;
  expected_res?: number[][] | null;
  leniency?: number;
}

/** Presidio test file → the Argus type it exercises. */
export const FILE_TYPES: Record<string, PiiType> = {
  us_ssn: 'ssn',
  email: 'email',
  phone: 'phone',
  credit_card: 'credit_card',
  date: 'dob',
  es_nif: 'national_id',
  it_fiscal_code: 'national_id',
  pl_pesel: 'national_id',
  uk_nhs: 'national_id',
  uk_nino: 'national_id',
  in_aadhaar: 'national_id',
  in_pan: 'national_id',
  au_tfn: 'national_id',
  us_itin: 'national_id',
  iban: 'iban',
  ip: 'ip_address',
  us_passport: 'passport',
};

export interface TypeScore {
  tp: number;
  fp: number;
  fn: number;
  cases: number;
  precision: number;
  recall: number;
}

export function evaluatePresidio(
  json: { cases: Case[] },
  options: { allLeniencies?: boolean } = {},
): { byType: Record<string, TypeScore>; misses: string[] } {
  const byType: Record<string, TypeScore> = {};
  const misses: string[] = [];
  // Presidio re-tests some phone texts under its `leniency` option (0 = possible …
  // 3 = exact grouping) with contradicting expectations. Argus matches like leniency 0;
  // by default only those cases are scored (`allLeniencies` scores all of them).
  for (const c of json.cases) {
    if (!options.allLeniencies && c.leniency !== undefined && c.leniency !== 0) continue;
    const file = /test_(.+)_recognizer\.py$/.exec(c.source_file)?.[1] ?? '';
    const type = FILE_TYPES[file];
    if (!type) continue;
    let text = c.text;
    let expectedLen = c.expected_len ?? 0;
    let spans: number[][] | null =
      c.expected_positions ?? c.expected_res ?? (c.expected_position?.length ? [c.expected_position] : null);
    if (text === undefined && c.iban !== undefined) text = c.iban;
    if (text === undefined && c.pesel !== undefined) {
      text = c.pesel;
      expectedLen = c.expected ? 1 : 0;
      spans = c.expected ? [[0, c.pesel.length]] : [];
    }
    if (text === undefined) continue;
    if (expectedLen === 0) spans = [];
    const found = detectPii(text, { dates: type === 'dob' ? 'all' : 'birth-context' }).filter(
      (m) => m.type === type,
    );
    const s = (byType[type] ??= { tp: 0, fp: 0, fn: 0, cases: 0, precision: 0, recall: 0 });
    s.cases++;
    let tp: number;
    if (spans && spans.length === expectedLen) {
      // Presidio spans sometimes include a leading/trailing space; compare trimmed spans.
      const trimmed = spans.map(([a, b]) => {
        let x = a as number;
        let y = b as number;
        while (x < y && /\s/.test(text[x] as string)) x++;
        while (y > x && /\s/.test(text[y - 1] as string)) y--;
        return [x, y];
      });
      tp = found.filter((m) => trimmed.some(([a, b]) => a === m.start && b === m.end)).length;
    } else tp = Math.min(found.length, expectedLen);
    const fp = found.length - tp;
    const fn = expectedLen - tp;
    s.tp += tp;
    s.fp += fp;
    s.fn += fn;
    if (fp > 0 || fn > 0)
      misses.push(
        `${type} ${file}: ${JSON.stringify(text.slice(0, 90))} expected ${JSON.stringify(spans)} got ${JSON.stringify(found.map((m) => [m.start, m.end, m.recognizer]))}`,
      );
  }
  for (const s of Object.values(byType)) {
    s.precision = s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp);
    s.recall = s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn);
  }
  return { byType, misses };
}
