// Requests that test what a GraphQL server lets one HTTP request do: the same
// operation N times as a batch (a JSON array) or as N aliases of its root
// fields, and a misspelt root field that field suggestions would correct.
import {
  Kind,
  parse,
  print,
  visit,
  type FieldNode,
  type OperationDefinitionNode,
  type SelectionNode,
} from 'graphql';
import type { GraphqlRequest } from './document.js';

/** A JSON array of `n` copies of the request (one HTTP request, `n` operations). */
export function batchOf(request: GraphqlRequest, n: number): string {
  return JSON.stringify(Array.from({ length: n }, () => request));
}

/** The request's query with each root field of its operations selected `n` times under aliases `a1`…`an`. */
export function aliasedQuery(query: string, n: number): string | null {
  let doc;
  try {
    doc = parse(query, { noLocation: true, maxTokens: 10_000 });
  } catch {
    return null;
  }
  const out = visit(doc, {
    OperationDefinition(op: OperationDefinitionNode) {
      const selections = op.selectionSet.selections.flatMap((s): SelectionNode[] =>
        s.kind !== Kind.FIELD
          ? [s]
          : Array.from({ length: n }, (_, i): FieldNode => ({
              ...s,
              alias: { kind: Kind.NAME, value: `a${i + 1}` },
            })),
      );
      return { ...op, selectionSet: { ...op.selectionSet, selections } };
    },
  });
  return print(out);
}

/** A near miss of the longest root field (its last letter doubled) that is no field itself. */
export function misspeltField(fields: string[]): string | null {
  const field = [...fields].filter((f) => !f.startsWith('__')).sort((a, b) => b.length - a.length)[0];
  if (!field) return null;
  const miss = `${field}${field.at(-1)}`;
  return fields.includes(miss) ? `${field}x` : miss;
}
