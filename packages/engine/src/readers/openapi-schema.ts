// Fields and PII of one schema of an API description, as an operation returns it by
// default: expandable references are their ids (the object comes only on request), and
// each leaf is judged by its name, format and declared type (schema-leaf.ts).
import type { PiiFinding, PiiLocation } from '../types.js';
import { isObj, isRef, type RefResolver } from './openapi-refs.js';
import { isExpandable, isLeaf, leafPii } from './schema-leaf.js';

export { RefResolver, pointerToken } from './openapi-refs.js';

const MAX_FIELDS = 200;

export interface FieldWalk {
  fields: string[];
  pii: PiiFinding[];
}

/** Walks memoised per location and schema, and the error objects no walk descends into. */
export interface WalkCache {
  byMode: Map<string, Map<unknown, FieldWalk>>;
  errorObjects: ReadonlySet<unknown>;
}

export const walkCache = (errorObjects: ReadonlySet<unknown> = new Set()): WalkCache => ({
  byMode: new Map(),
  errorObjects,
});

/**
 * Walk a schema's properties (bounded depth, cycle-safe) collecting field paths and
 * PII by name/format. Results are memoised per schema object, so a component shared
 * by hundreds of operations through `$ref` is walked once.
 */
export function walkSchema(
  resolver: RefResolver,
  schema: unknown,
  location: PiiLocation,
  out: FieldWalk,
  cache: WalkCache,
  pointer: string,
  ownFieldsOnly = false,
): void {
  if (ownFieldsOnly && isRef(schema)) return;
  const target = resolver.deref(schema);
  if (typeof target !== 'object' || target === null) return;
  const mode = ownFieldsOnly ? `${location}:own` : location;
  let byLocation = cache.byMode.get(mode);
  if (!byLocation) cache.byMode.set(mode, (byLocation = new Map()));
  let result = byLocation.get(target);
  if (!result) {
    result = { fields: [], pii: [] };
    walkSchemaUncached(resolver, target, location, result, ownFieldsOnly, cache.errorObjects);
    byLocation.set(target, result);
  }
  for (const f of result.fields)
    if (out.fields.length < MAX_FIELDS && !out.fields.includes(f)) out.fields.push(f);
  for (const f of result.pii)
    out.pii.push({
      ...f,
      evidence: {
        side: location === 'spec.request' ? 'request' : 'response',
        part: 'body',
        ...(f.field ? { field: f.field } : {}),
        pointer,
        rule: f.evidence?.rule ?? 'schema',
      },
    });
}

function walkSchemaUncached(
  resolver: RefResolver,
  schema: unknown,
  location: PiiLocation,
  out: FieldWalk,
  ownFieldsOnly: boolean,
  errorObjects: ReadonlySet<unknown>,
): void {
  const active = new Set<unknown>();
  const seenPii = new Set<string>();
  let budget = 2000;
  const visit = (node: unknown, path: string, depth: number): void => {
    if (ownFieldsOnly && isRef(node)) return;
    const s = resolver.deref(node);
    if (!isObj(s) || depth > 8 || active.has(s) || budget-- <= 0) return;
    active.add(s);
    const expandable = path !== '' && isExpandable(resolver, s);
    if (path) {
      const parts = path.split('.').map((p) => p.replace(/(\[\])+$/, ''));
      // An expandable field holds an id by default; a flag or an object is PII only through its fields.
      const hit = !expandable && isLeaf(s) ? leafPii(s, parts.at(-1) as string, parts.at(-2)) : null;
      if (hit && !seenPii.has(`${hit.type}|${path}`)) {
        seenPii.add(`${hit.type}|${path}`);
        out.pii.push({ type: hit.type, location, field: path, by: 'schema', evidence: { rule: hit.rule } });
      }
      if (out.fields.length < MAX_FIELDS && !out.fields.includes(path)) out.fields.push(path);
    }
    // An error object nested in a body (`last_error`) tells of another resource: not walked.
    if (!expandable && !(path !== '' && errorObjects.has(s))) visitChildren(s, path, depth);
    active.delete(s);
  };
  const visitChildren = (s: Record<string, unknown>, path: string, depth: number): void => {
    const props = s['properties'];
    if (isObj(props))
      for (const [k, v] of Object.entries(props)) visit(v, path ? `${path}.${k}` : k, depth + 1);
    if (s['items'] !== undefined) visit(s['items'], path ? `${path}[]` : '', depth + 1);
    for (const comb of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = s[comb];
      if (Array.isArray(list)) for (const sub of list) visit(sub, path, depth + 1);
    }
    if (isObj(s['additionalProperties'])) visit(s['additionalProperties'], path, depth + 1);
  };
  visit(schema, '', 0);
}
