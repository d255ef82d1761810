// What the features read of a learned position: a node of the templater's trie (or of the
// training script's plain trie of typed paths), its literal children, its parameter children,
// how often each was reached and which methods each answered.

export interface PositionNode {
  /** The node's normalised path (`/api/v1/users/{id}`); '' for the root. */
  readonly template: string;
  /** Literal child segment → node. */
  readonly children: ReadonlyMap<string, PositionNode>;
  /** Typed-token children (`{id}`, `{uuid}`, …). */
  readonly typed: ReadonlyMap<string, PositionNode> | null;
  /** The child merged literals go to (`{param}`). */
  readonly param: PositionNode | null;
  /** How often the node was reached as a literal child. */
  readonly hits: number;
  /** The methods the route answered, as METHOD_BITS. */
  readonly methods: number;
}

/** One bit per method a route answers (`PositionNode.methods`). */
export const METHOD_BITS: Readonly<Record<string, number>> = {
  GET: 1,
  POST: 2,
  PUT: 4,
  PATCH: 8,
  DELETE: 16,
  HEAD: 32,
};
/** Any other method (`OPTIONS`, `PROPFIND`). */
export const OTHER_METHOD = 64;

export const methodBit = (method: string): number => METHOD_BITS[method] ?? OTHER_METHOD;

/** The node's own segment (the last of its template). */
export const ownSegment = (node: PositionNode): string =>
  node.template.slice(node.template.lastIndexOf('/') + 1);

/** Literal and parameter keys right below a node. */
export function childKeys(node: PositionNode): string[] {
  const keys = [...node.children.keys()];
  if (node.typed) keys.push(...node.typed.keys());
  if (node.param) keys.push('{param}');
  return keys;
}
