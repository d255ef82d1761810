// The templating scorer: P(value) for a literal at a position, a logistic regression over its
// features (index.ts) with the weights eval/train-scorer.ts fitted (weights.ts). A merge reason
// carries the score and the features that moved it most, with their values.
import { FEATURE_NAMES, featuresOf, type PositionNode } from './index.js';
import { BIAS, WEIGHTS } from './weights.js';

export interface Contribution {
  feature: string;
  /** The feature's value for this literal. */
  value: number;
  /** weight × value: how far it moved the log-odds (positive: towards a value). */
  contribution: number;
}

export interface ValueScore {
  /** P(the literal is a parameter's value), 0–1. */
  p: number;
  /** The largest contributions by size, at most `TOP`. */
  top: Contribution[];
}

const TOP = 3;

/** Score literal `seg` (node `child`) at `position`. */
export function scoreValue(seg: string, child: PositionNode, position: PositionNode): ValueScore {
  const x = featuresOf(seg, child, position);
  let z = BIAS;
  const parts: Contribution[] = [];
  FEATURE_NAMES.forEach((feature, j) => {
    const value = x[j] as number;
    const contribution = (WEIGHTS[feature] ?? 0) * value;
    z += contribution;
    if (contribution !== 0) parts.push({ feature, value: Math.round(value * 1000) / 1000, contribution });
  });
  parts.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  return {
    p: 1 / (1 + Math.exp(-z)),
    top: parts.slice(0, TOP).map((c) => ({ ...c, contribution: Math.round(c.contribution * 1000) / 1000 })),
  };
}

/** The mean P(value) of the literals at a position (those `include` keeps), and each one's score. */
export function scorePosition(
  position: PositionNode,
  include: (seg: string, child: PositionNode) => boolean = () => true,
): { mean: number; scores: [string, ValueScore][] } {
  const scores: [string, ValueScore][] = [];
  for (const [seg, child] of position.children)
    if (include(seg, child)) scores.push([seg, scoreValue(seg, child, position)]);
  const mean = scores.reduce((s, [, v]) => s + v.p, 0) / Math.max(1, scores.length);
  return { mean, scores };
}
