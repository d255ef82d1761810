// Structural features: the routes below a literal and the methods it answered. An id answers
// GET, PUT, PATCH and DELETE on one leaf and holds the routes its siblings hold; an action is a
// leaf answering one method (`POST /bookmarks/bookmark_article/{id}`), a collection holds its own.
import { METHOD_BITS, childKeys, ownSegment, type PositionNode } from './position.js';
import { plural } from './lexical.js';

const LOOKED_AT = 200;
const GET = METHOD_BITS['GET'] as number;
const POST = METHOD_BITS['POST'] as number;
const INSTANCE =
  (METHOD_BITS['PUT'] as number) | (METHOD_BITS['PATCH'] as number) | (METHOD_BITS['DELETE'] as number);

/**
 * Share of the literal's sub-routes some sibling (or the parameter beside it) holds too
 * (`/users/alice/repos` and `/users/rupert/repos`); 0 for a leaf.
 */
export function sharedSubRoutes(position: PositionNode, seg: string, child: PositionNode): number {
  const keys = childKeys(child);
  if (keys.length === 0) return 0;
  const others: PositionNode[] = [];
  for (const [s, c] of position.children) {
    if (s !== seg) others.push(c);
    if (others.length >= LOOKED_AT) break;
  }
  if (position.param) others.push(position.param);
  for (const t of position.typed?.values() ?? []) others.push(t);
  let shared = 0;
  for (const key of keys)
    if (
      others.some((o) => o.children.has(key) || o.typed?.has(key) === true || (key === '{param}' && o.param))
    )
      shared++;
  return shared / keys.length;
}

/** Whether the literal ends paths only (no route below it). */
export const isLeaf = (child: PositionNode): number => (childKeys(child).length === 0 ? 1 : 0);

const bits = (methods: number): number => {
  let n = 0;
  for (let m = methods; m !== 0; m &= m - 1) n++;
  return n;
};

/** How many methods the literal answered, 0 for none noted, 1 for four or more. */
export const methodsPerLeaf = (child: PositionNode): number => Math.min(1, bits(child.methods) / 4);

/** Answers PUT, PATCH or DELETE: what one resource is asked (an id). */
export const answersAsInstance = (child: PositionNode): number => ((child.methods & INSTANCE) !== 0 ? 1 : 0);

/** Answers POST only: an action run on the collection or the resource above it. */
export const postedOnly = (child: PositionNode): number => (child.methods === POST ? 1 : 0);

/** Answers GET only. */
export const readOnly = (child: PositionNode): number => (child.methods === GET ? 1 : 0);

/** How deep the position sits (0 at the root, 1 from six segments). */
export const depth = (position: PositionNode): number =>
  position.template === '' ? 0 : Math.min(1, position.template.split('/').length / 7);

/** A parameter sits beside the literals (typed ids or merged values at the same position). */
export const declaredNeighbours = (position: PositionNode): number =>
  position.param !== null || (position.typed?.size ?? 0) > 0 ? 1 : 0;

/** The position itself is a parameter (`/users/{id}/…`): sub-resources come after one. */
export const belowParameter = (position: PositionNode): number =>
  ownSegment(position).startsWith('{') ? 1 : 0;

/** The position is a plural noun (`/users/…`): a collection whose children are its items. */
export const belowCollection = (position: PositionNode): number => plural(ownSegment(position));
