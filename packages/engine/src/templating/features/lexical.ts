// Lexical features of one literal segment: what its letters say, whatever its siblings.
// Each is a number in a small range (0–1 unless said) for the scorer (see scorer.ts).
import { letterPairScore } from '../letter-pairs-model.js';
import { resourceName } from '../names.js';
import { vocabularyShare } from '../vocabulary.js';

/** Share of the segment's words real APIs route by (`members` 1, `liam-miller` 0), runs read as words. */
export const apiWordShare = (seg: string): number => vocabularyShare(seg, true);

/**
 * How much the letters read like written words: the letter-pair score (mean log-probability,
 * about -2 for words, below -3.3 for generated letters) mapped onto 0 (generated) – 1 (written).
 */
export function letterPairs(seg: string): number {
  const score = letterPairScore(seg);
  if (score === 0) return 0.5; // no letters: no evidence either way
  return Math.min(1, Math.max(0, (score + 4.5) / 3));
}

/** How a segment is written: the convention its separators, digits and case show. */
export type Convention = 'dash' | 'underscore' | 'dot' | 'digit' | 'upper' | 'camel' | 'lower' | 'other';

export function conventionOf(seg: string): Convention {
  if (seg.includes('-')) return 'dash';
  if (seg.includes('_')) return 'underscore';
  if (seg.includes('.')) return 'dot';
  if (/\d/.test(seg)) return 'digit';
  if (/^[A-Z]+$/.test(seg)) return 'upper';
  if (/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(seg) || /^[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$/.test(seg)) return 'camel';
  if (/^[a-z]+$/.test(seg)) return 'lower';
  return 'other';
}

/** Marks of data in the segment: a digit, a dot or capitals (`stark97`, `AMS`, `v2.json`). */
export const marksData = (seg: string): number => (/[\d.]/.test(seg) || /[A-Z]{2}/.test(seg) ? 1 : 0);

/** A code of a few capitals (`AMS`, `PUBLIC`, `US`): an enum's or a registry's value. */
export const upperCode = (seg: string): number => (/^[A-Z][A-Z0-9_]{1,}$/.test(seg) ? 1 : 0);

/** A plural resource word (`users`, `payment_methods`): a collection's name. */
export function plural(seg: string): number {
  const singular = resourceName(seg);
  return singular !== null && singular.toLowerCase() !== seg.toLowerCase().replace(/[-_]/g, '') ? 1 : 0;
}

/** Length, saturating: 0 for one character, 1 from 24. */
export const lengthOf = (seg: string): number => Math.min(1, (seg.length - 1) / 23);
