// Precision and recall of detectPii on labelled PII sets that were not generated here
// (eval/labelled/SOURCES.md): entity by entity, for cards, phones, e-mails and SSNs.
// A labelled entity is found when a match of its type overlaps it; a match of one of
// these types that overlaps no labelled entity of its type is a false positive.
import { readFileSync } from 'node:fs';
import { detectPii, type PiiType } from '../src/index.js';

export const SCORED_TYPES = ['credit_card', 'phone', 'email', 'ssn'] as const satisfies readonly PiiType[];
export type ScoredType = (typeof SCORED_TYPES)[number];

export interface LabelledEntity {
  type: ScoredType;
  start: number;
  end: number;
}
export interface LabelledSample {
  text: string;
  entities: LabelledEntity[];
}

const LABELS: Record<string, ScoredType> = {
  CREDIT_CARD: 'credit_card',
  PHONE: 'phone',
  PHONE_NUMBER: 'phone',
  EMAIL: 'email',
  EMAIL_ADDRESS: 'email',
  SSN: 'ssn',
  US_SSN: 'ssn',
};

/**
 * A masked value (`4532************7890`, `XXX-XX-2409`) names a card or SSN but is none:
 * a value whose digits are fewer than its type ever has is left out of the score.
 */
const MIN_DIGITS: Record<ScoredType, number> = { credit_card: 12, phone: 5, email: 0, ssn: 9 };
const countable = (type: ScoredType, value: string) => value.replace(/\D/g, '').length >= MIN_DIGITS[type];

interface NerRecord {
  text: string;
  NER: { entity?: string; label?: string }[];
}
interface PresidioRecord {
  full_text: string;
  spans: { entity_type: string; entity_value: string; start_position: number; end_position: number }[];
}

/** Reads a set in either shape: `{ text, NER[{entity, label}] }` or presidio-evaluator's `{ full_text, spans }`. */
export function readLabelledSet(json: unknown): { samples: LabelledSample[]; skipped: number } {
  if (!Array.isArray(json)) throw new Error('a labelled PII set is a JSON array of samples');
  let skipped = 0;
  const samples = (json as (NerRecord | PresidioRecord)[]).map((r): LabelledSample => {
    const entities: LabelledEntity[] = [];
    const add = (label: string | undefined, value: string | undefined, start: number) => {
      const type = label ? LABELS[label] : undefined;
      if (!type || value === undefined || start < 0) return;
      if (!countable(type, value)) skipped++;
      else entities.push({ type, start, end: start + value.length });
    };
    if ('full_text' in r) {
      for (const s of r.spans) add(s.entity_type, s.entity_value, s.start_position);
      return { text: r.full_text, entities };
    }
    for (const n of r.NER) add(n.label, n.entity, n.entity === undefined ? -1 : r.text.indexOf(n.entity));
    return { text: r.text, entities };
  });
  return { samples, skipped };
}

export interface TypeScore {
  tp: number;
  fp: number;
  fn: number;
  misses: string[];
}

export function scoreLabelled(samples: LabelledSample[]): Record<ScoredType, TypeScore> {
  const scores = Object.fromEntries(
    SCORED_TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0, misses: [] as string[] }]),
  ) as Record<ScoredType, TypeScore>;
  for (const sample of samples) {
    const found = detectPii(sample.text).filter((m) => (SCORED_TYPES as readonly string[]).includes(m.type));
    for (const e of sample.entities) {
      const s = scores[e.type];
      if (found.some((m) => m.type === e.type && m.start < e.end && e.start < m.end)) s.tp++;
      else {
        s.fn++;
        s.misses.push(`FN ${sample.text.slice(e.start, e.end)} | ${sample.text.slice(0, 100)}`);
      }
    }
    for (const m of found) {
      const type = m.type as ScoredType;
      if (!sample.entities.some((e) => e.type === type && m.start < e.end && e.start < m.end)) {
        scores[type].fp++;
        scores[type].misses.push(`FP ${m.value} | ${sample.text.slice(0, 100)}`);
      }
    }
  }
  return scores;
}

export const readLabelledFile = (file: string) => readLabelledSet(JSON.parse(readFileSync(file, 'utf8')));
