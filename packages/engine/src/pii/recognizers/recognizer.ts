// The shape of a value recogniser (Presidio's: patterns, a validator, context words)
// and the small helpers the recognisers share.

import type { PiiType } from '../../types.js';

/** One value a recogniser found. */
export interface PiiMatch {
  type: PiiType;
  /** [start, end) character offsets in the text. */
  start: number;
  end: number;
  value: string;
  /** Which recogniser matched (`us_ssn`, `es_nif`, `date`, …). */
  recognizer: string;
}

/** Tier decides overlaps: a candidate overlapping an accepted one of a lower tier number is dropped. */
export interface Recognizer {
  name: string;
  type: PiiType;
  tier: number;
  /** The pattern candidates are found with (global). */
  pattern: RegExp;
  /** Cheap test on the whole text (and its digit count) before running `pattern`. */
  pre?: (text: string, digits: number) => boolean;
  /** Checksum, range or context test of one candidate. */
  validate: (m: string, text: string, start: number) => boolean;
  /** A shorter candidate to try when the match fails validation (drops a trailing word). */
  shrink?: (m: string) => string;
  /** Digit-only recognisers: skipped for the values of id-like fields. */
  numeric?: boolean;
  /** The match also needs its context words (before it, or the field name) to count. */
  needsContext?: (m: string) => boolean;
  contextWords?: RegExp;
}

/** Prefilter: the text holds at least n digits (computed once per text). */
export const hasDigitRun = (n: number) => (_t: string, digits: number) => digits >= n;
export const has = (ch: string) => (t: string) => t.includes(ch);

/** The words matched by `re` end in the `span` characters before `start`. */
export const contextBefore = (text: string, start: number, re: RegExp, span = 48): boolean =>
  re.test(text.slice(Math.max(0, start - span), start));

/** The context words appear in the 40 characters before `start`, or in the field name. */
export function inContext(re: RegExp, text: string, start: number, field: string | undefined): boolean {
  return re.test(text.slice(Math.max(0, start - 40), start)) || (field !== undefined && re.test(field));
}
