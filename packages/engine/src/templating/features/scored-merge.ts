// The scored merge decision: which literals at a position are a parameter's values by the
// scorer's P(value) (scorer.ts). Hard constraints stay with the caller (split overrides,
// declared templates, size limits); this only reads the position.
import type { PositionNode } from './position.js';
import { scoreValue, type ValueScore } from './scorer.js';

/** At or above this P(value) a literal is a value (chosen on the development half). */
export const TAKE = 0.8;
/** At least this many literals must score as values (one name alone is no position's evidence). */
export const LEAST_VALUES = 2;

export interface ScoredValues<N extends PositionNode> {
  values: [seg: string, child: N, score: ValueScore][];
  /** The mean P(value) of every literal looked at. */
  mean: number;
}

/**
 * The literals of `position` (those `candidate` admits) when every one scores as a value and
 * there are at least LEAST_VALUES of them; otherwise none.
 */
export function scoredValues<N extends PositionNode>(
  children: ReadonlyMap<string, N>,
  position: PositionNode,
  candidate: (seg: string, child: N) => boolean,
): ScoredValues<N> {
  const scored: [string, N, ValueScore][] = [];
  for (const [seg, child] of children)
    if (candidate(seg, child)) scored.push([seg, child, scoreValue(seg, child, position)]);
  const mean = scored.reduce((s, [, , v]) => s + v.p, 0) / Math.max(1, scored.length);
  const values = scored.filter(([, , v]) => v.p >= TAKE);
  // Every literal looked at, or none: a position partly taken would keep its other values apart
  // from the rules that read the position whole (its namesakes, its known values).
  if (values.length < LEAST_VALUES || values.length < scored.length) return { values: [], mean };
  return { values, mean };
}
