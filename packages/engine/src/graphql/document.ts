// GraphQL request bodies read with the reference parser (graphql-js): which
// operations a body holds (type, operation name, root fields, variables), and
// the same operation with its literal arguments lifted into variables so each
// argument can be filled or injected like a REST parameter.
import {
  Kind,
  parse,
  print,
  visit,
  type ArgumentNode,
  type DocumentNode,
  type OperationDefinitionNode,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';

export interface GraphqlVariable {
  name: string;
  /** Declared type as written (`String!`, `[Int]`). */
  type: string;
}

export interface GraphqlOperation {
  type: 'query' | 'mutation' | 'subscription';
  /** The operation's own name, or null for an anonymous one. */
  name: string | null;
  /** Root fields selected (aliases resolved to field names), in order. */
  fields: string[];
  variables: GraphqlVariable[];
  /** The operation's text (with the fragments it uses). */
  query: string;
}

/** One GraphQL request: a query text, its operation name and variables. */
export interface GraphqlRequest {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

const MAX_QUERY = 100_000;
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The GraphQL requests a JSON body (one request or a batch) or a GET query string carries, else []. */
export function graphqlRequestsOf(body: unknown): GraphqlRequest[] {
  let doc = body;
  if (typeof body === 'string') {
    try {
      doc = JSON.parse(body);
    } catch {
      return [];
    }
  }
  const items = Array.isArray(doc) ? doc : [doc];
  const out: GraphqlRequest[] = [];
  for (const item of items) {
    if (!isObj(item) || typeof item['query'] !== 'string' || item['query'].length > MAX_QUERY) continue;
    out.push({
      query: item['query'],
      ...(typeof item['operationName'] === 'string' ? { operationName: item['operationName'] } : {}),
      ...(isObj(item['variables']) ? { variables: item['variables'] } : {}),
    });
  }
  return out;
}

function parseQuery(query: string): DocumentNode | null {
  try {
    return parse(query, { noLocation: true, maxTokens: 10_000 });
  } catch {
    return null;
  }
}

const typeText = (v: VariableDefinitionNode) => print(v.type);

/** The operations of a query text (none when it does not parse). */
export function graphqlOperations(query: string): GraphqlOperation[] {
  const doc = parseQuery(query);
  if (!doc) return [];
  const fragments = doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return ops.map((op) => ({
    type: op.operation as GraphqlOperation['type'],
    name: op.name?.value ?? null,
    fields: rootFields(op, fragments),
    variables: (op.variableDefinitions ?? []).map((v) => ({
      name: v.variable.name.value,
      type: typeText(v),
    })),
    query: ops.length === 1 ? print(doc) : print({ ...doc, definitions: [op, ...fragments] }),
  }));
}

function rootFields(op: OperationDefinitionNode, fragments: DocumentNode['definitions']): string[] {
  const out: string[] = [];
  const walk = (set: OperationDefinitionNode['selectionSet'], depth: number) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!out.includes(s.name.value)) out.push(s.name.value);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        if (depth < 5) walk(s.selectionSet, depth + 1);
      } else {
        const f = fragments.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === s.name.value);
        if (f && f.kind === Kind.FRAGMENT_DEFINITION && depth < 5) walk(f.selectionSet, depth + 1);
      }
    }
  };
  walk(op.selectionSet, 0);
  return out;
}

/** The type a literal argument is declared with once lifted into a variable. */
function literalType(v: ValueNode): string | null {
  if (v.kind === Kind.STRING) return 'String!';
  if (v.kind === Kind.INT) return 'Int!';
  if (v.kind === Kind.FLOAT) return 'Float!';
  if (v.kind === Kind.BOOLEAN) return 'Boolean!';
  return null;
}

const literalValue = (v: ValueNode): unknown =>
  v.kind === Kind.INT
    ? Number.parseInt(v.value, 10)
    : v.kind === Kind.FLOAT
      ? Number(v.value)
      : v.kind === Kind.STRING || v.kind === Kind.BOOLEAN
        ? v.value
        : null;

/**
 * One operation of a request as a request whose scalar literal arguments are variables (named after the
 * argument, `filter`, `filter2` on a clash): every argument is then a value in `variables`.
 */
export function liftArguments(request: GraphqlRequest, operationName: string | null): GraphqlRequest | null {
  const doc = parseQuery(request.query);
  if (!doc) return null;
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op =
    ops.find((o) => (o.name?.value ?? null) === operationName) ?? (ops.length === 1 ? ops[0] : undefined);
  if (!op) return null;
  const variables: Record<string, unknown> = { ...request.variables };
  const taken = new Set([
    ...(op.variableDefinitions ?? []).map((v) => v.variable.name.value),
    ...Object.keys(variables),
  ]);
  const added: VariableDefinitionNode[] = [];
  const lifted = visit(op, {
    Argument(node: ArgumentNode) {
      const type = literalType(node.value);
      if (!type) return undefined;
      let name = node.name.value;
      for (let i = 2; taken.has(name); i++) name = `${node.name.value}${i}`;
      taken.add(name);
      variables[name] = literalValue(node.value);
      added.push({
        kind: Kind.VARIABLE_DEFINITION,
        variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } },
        type: parse(`query($x: ${type}) { a }`, { noLocation: true }).definitions.flatMap((d) =>
          d.kind === Kind.OPERATION_DEFINITION ? (d.variableDefinitions ?? []) : [],
        )[0]!.type,
      });
      return { ...node, value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } } };
    },
  });
  const withVars: OperationDefinitionNode = {
    ...lifted,
    variableDefinitions: [...(lifted.variableDefinitions ?? []), ...added],
  };
  const others = doc.definitions.filter((d) => d.kind !== Kind.OPERATION_DEFINITION);
  const query = print({ ...doc, definitions: [withVars, ...others] });
  return {
    query,
    ...(op.name ? { operationName: op.name.value } : {}),
    ...(Object.keys(variables).length ? { variables } : {}),
  };
}
