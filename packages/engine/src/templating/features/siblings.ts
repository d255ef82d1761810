// Sibling features: what the other literals at the same position say about one of them.
// Values of a parameter come many, alike in how they are written, each with little traffic;
// an API's routes come few, in one convention, in API words.
import { apiWordShare, conventionOf } from './lexical.js';
import type { PositionNode } from './position.js';

/** How many siblings are looked at (a capped position holds thousands). */
const LOOKED_AT = 200;

const literals = (position: PositionNode): [string, PositionNode][] =>
  [...position.children].slice(0, LOOKED_AT);

/** How many literal siblings (the segment included), on a log scale: 0 for one, 1 from 64. */
export function siblingCount(position: PositionNode): number {
  return Math.min(1, Math.log2(Math.max(1, position.children.size)) / 6);
}

/**
 * How much more traffic this literal has than its siblings' mean, on a log scale clamped to
 * -1…1 (a dominant route like `/users/me` beside values is far above; a value near 0).
 */
export function requestSkew(position: PositionNode, child: PositionNode): number {
  let total = 0;
  for (const [, c] of position.children) total += c.hits;
  const mean = total / Math.max(1, position.children.size);
  if (mean <= 0 || child.hits <= 0) return 0;
  return Math.max(-1, Math.min(1, Math.log10(child.hits / mean)));
}

/** How many conventions the siblings are written in beyond one (0 one, 1 four or more). */
export function mixedConventions(position: PositionNode): number {
  const seen = new Set<string>();
  for (const [seg] of literals(position)) seen.add(conventionOf(seg));
  return Math.min(1, (seen.size - 1) / 3);
}

/** Share of the siblings written as this segment is. */
export function sameConvention(position: PositionNode, seg: string): number {
  const own = conventionOf(seg);
  const all = literals(position);
  return all.filter(([s]) => conventionOf(s) === own).length / Math.max(1, all.length);
}

/** Mean API-word share of the siblings (the segment included). */
export function siblingApiWords(position: PositionNode): number {
  const all = literals(position);
  return all.reduce((n, [s]) => n + apiWordShare(s), 0) / Math.max(1, all.length);
}
