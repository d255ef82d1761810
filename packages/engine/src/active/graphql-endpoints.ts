// GraphQL endpoints as active-test endpoints, found by shape (request bodies
// that parse as GraphQL requests): one endpoint for the GraphQL endpoint itself
// (introspection, suggestions, batching… run there) and one per operation seen
// (by operation name and root fields), whose arguments are its parameters.
import {
  graphqlOperations,
  graphqlRequestsOf,
  liftArguments,
  type GraphqlOperation,
  type GraphqlRequest,
} from '../graphql/document.js';
import { aliasedQuery, batchOf, misspeltField } from '../graphql/abuse.js';
import type { ActiveEndpoint, ActiveParam } from './types.js';

/** How a body looks: GraphQL requests when every request in it parses with at least one operation. */
export function graphqlRequestsIn(body: unknown): { request: GraphqlRequest; ops: GraphqlOperation[] }[] {
  const out = graphqlRequestsOf(body).map((request) => ({ request, ops: graphqlOperations(request.query) }));
  return out.length && out.every((r) => r.ops.length > 0) ? out : [];
}

const paramType = (graphqlType: string, name: string): ActiveParam['type'] | undefined => {
  const named = graphqlType.replace(/[[\]!]/g, '');
  if (named === 'ID' || named === 'Int' || /(^id$|Id$|_id$)/.test(name)) return 'id';
  if (named === 'String') return /e-?mail/i.test(name) ? 'email' : /url|uri$/i.test(name) ? 'url' : 'string';
  return undefined;
};

/** The operation a request runs (its operationName, else its only operation). */
function chosen(request: GraphqlRequest, ops: GraphqlOperation[]): GraphqlOperation | undefined {
  return (
    ops.find((o) => o.name === (request.operationName ?? null)) ?? (ops.length === 1 ? ops[0] : undefined)
  );
}

/**
 * The endpoints of one GraphQL path from the request bodies sent to it: the GraphQL endpoint (baseline:
 * the first query seen) and one endpoint per distinct operation (type and root fields), arguments lifted
 * into variables.
 */
export function graphqlEndpoints(
  method: string,
  path: string,
  bodies: unknown[],
  authRequired?: boolean,
): ActiveEndpoint[] {
  const operations = new Map<string, ActiveEndpoint>();
  const rootFields = new Set<string>();
  let first: GraphqlRequest | undefined;
  for (const body of bodies)
    for (const { request, ops } of graphqlRequestsIn(body)) {
      const op = chosen(request, ops);
      if (!op) continue;
      if (op.type === 'query') {
        op.fields.forEach((f) => rootFields.add(f));
        first ??= request;
      }
      const key = `${op.type} ${op.name ?? ''} ${op.fields.join(',')}`;
      if (operations.has(key) || op.type === 'subscription') continue;
      const lifted = liftArguments(request, op.name);
      if (!lifted) continue;
      const declared = graphqlOperations(lifted.query)[0]?.variables ?? [];
      const params: ActiveParam[] = [];
      for (const [name, value] of Object.entries(lifted.variables ?? {})) {
        if (value !== null && typeof value === 'object') continue;
        const type = paramType(declared.find((v) => v.name === name)?.type ?? '', name);
        params.push({ name, in: 'body', example: String(value), ...(type ? { type } : {}) });
      }
      operations.set(key, {
        method,
        path,
        ...(authRequired === undefined ? {} : { authRequired }),
        params,
        baseline: { body: lifted, headers: { 'content-type': 'application/json' } },
        graphql: { kind: 'operation', type: op.type, operationName: op.name, fields: op.fields },
      });
    }
  if (operations.size === 0) return [];
  const base = first ?? (operations.values().next().value!.baseline!.body as GraphqlRequest);
  return [
    {
      method,
      path,
      ...(authRequired === undefined ? {} : { authRequired }),
      params: [],
      baseline: { body: base, headers: { 'content-type': 'application/json' } },
      graphql: { kind: 'endpoint', type: 'query', operationName: null, fields: [...rootFields] },
    },
    ...operations.values(),
  ];
}

const BATCH = 10;
const ALIASES = 20;
const DUPLICATES = 500;

/** Template variables of a GraphQL endpoint: `{{graphql.batch}}`, `{{graphql.aliased}}`, `{{graphql.misspelt}}`… */
export function graphqlVars(endpoint: ActiveEndpoint): Record<string, string> {
  if (!endpoint.graphql) return {};
  const request = endpoint.baseline?.body as GraphqlRequest | undefined;
  const vars: Record<string, string> = {};
  const field = endpoint.graphql.fields[0];
  if (field) vars['graphql.field'] = field;
  const miss = misspeltField(endpoint.graphql.fields);
  if (miss) vars['graphql.misspelt'] = miss;
  if (endpoint.graphql.operationName) vars['graphql.operation'] = endpoint.graphql.operationName;
  vars['graphql.duplicated'] = `{ ${'__typename '.repeat(DUPLICATES)}}`;
  if (request?.query) {
    vars['graphql.query'] = request.query;
    vars['graphql.batch'] = batchOf(request, BATCH);
    const aliased = aliasedQuery(request.query, ALIASES);
    if (aliased) vars['graphql.aliased'] = aliased;
  }
  return vars;
}
