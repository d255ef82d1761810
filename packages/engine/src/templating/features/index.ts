// The features of a literal at a position, in the scorer's order (see scorer.ts and
// eval/train-scorer.ts): lexical (its letters), siblings (the literals beside it) and
// structure (the routes below it, the methods it answered, where it sits).
import {
  apiWordShare,
  conventionOf,
  lengthOf,
  letterPairs,
  marksData,
  plural,
  upperCode,
} from './lexical.js';
import type { PositionNode } from './position.js';
import {
  answersAsInstance,
  belowCollection,
  belowParameter,
  declaredNeighbours,
  depth,
  isLeaf,
  methodsPerLeaf,
  postedOnly,
  readOnly,
  sharedSubRoutes,
} from './structure.js';
import { mixedConventions, requestSkew, sameConvention, siblingApiWords, siblingCount } from './siblings.js';

export type { PositionNode } from './position.js';

type Feature = (seg: string, child: PositionNode, position: PositionNode) => number;

/** Every feature by name; the scorer's weights are keyed by these names. */
export const FEATURES: Readonly<Record<string, Feature>> = {
  apiWordShare: (seg) => apiWordShare(seg),
  letterPairs: (seg) => letterPairs(seg),
  marksData: (seg) => marksData(seg),
  upperCode: (seg) => upperCode(seg),
  camelCase: (seg) => (conventionOf(seg) === 'camel' ? 1 : 0),
  joined: (seg) => (/[-_]/.test(seg) ? 1 : 0),
  plural: (seg) => plural(seg),
  length: (seg) => lengthOf(seg),
  siblingCount: (_s, _c, position) => siblingCount(position),
  requestSkew: (_s, child, position) => requestSkew(position, child),
  mixedConventions: (_s, _c, position) => mixedConventions(position),
  sameConvention: (seg, _c, position) => sameConvention(position, seg),
  siblingApiWords: (_s, _c, position) => siblingApiWords(position),
  sharedSubRoutes: (seg, child, position) => sharedSubRoutes(position, seg, child),
  isLeaf: (_s, child) => isLeaf(child),
  methodsPerLeaf: (_s, child) => methodsPerLeaf(child),
  answersAsInstance: (_s, child) => answersAsInstance(child),
  postedOnly: (_s, child) => postedOnly(child),
  readOnly: (_s, child) => readOnly(child),
  depth: (_s, _c, position) => depth(position),
  declaredNeighbours: (_s, _c, position) => declaredNeighbours(position),
  belowParameter: (_s, _c, position) => belowParameter(position),
  belowCollection: (_s, _c, position) => belowCollection(position),
};

export const FEATURE_NAMES: readonly string[] = Object.keys(FEATURES);

/** The feature vector of literal `seg` (node `child`) at `position`, in FEATURE_NAMES order. */
export function featuresOf(seg: string, child: PositionNode, position: PositionNode): number[] {
  return FEATURE_NAMES.map((name) => (FEATURES[name] as Feature)(seg, child, position));
}
