// An operation's optional expansions: the fields an `expand` parameter lists (its enum)
// are returned only when a caller asks for them, so what they hold is not what the
// operation returns by default.
import type { PiiFinding } from '../types.js';
import { isObj } from './openapi-refs.js';

const EXPAND_PARAM = /^\$?expand(\[\])?$/i;

const enumOf = (s: unknown): string[] =>
  isObj(s) && Array.isArray(s['enum']) ? s['enum'].filter((v): v is string => typeof v === 'string') : [];

/** The field paths an operation's `expand` parameters list (`customer`, `data.customer`). */
export function expansionsOf(
  params: Iterable<Record<string, unknown>>,
  deref: (n: unknown) => unknown,
): string[] {
  const out: string[] = [];
  for (const p of params) {
    if (typeof p['name'] !== 'string' || !EXPAND_PARAM.test(p['name'])) continue;
    const schema = deref(p['schema']) ?? p;
    const items = isObj(schema) ? deref(schema['items']) : undefined;
    out.push(...enumOf(schema), ...enumOf(items));
  }
  return out;
}

/** Whether a response field lies inside one of the expansions (`data[].customer.email` in `data.customer`). */
function inExpansion(field: string, expansions: readonly string[]): boolean {
  const plain = field.replace(/\[\]/g, '');
  return expansions.some((e) => plain === e || plain.startsWith(`${e}.`));
}

/** The response's fields and PII without what only an expansion returns; the request's stay. */
export function dropExpansions(fields: string[], pii: PiiFinding[], expansions: readonly string[]): void {
  if (expansions.length === 0) return;
  const keptFields = fields.filter((f) => !inExpansion(f, expansions));
  fields.splice(0, fields.length, ...keptFields);
  const keptPii = pii.filter(
    (p) => p.location !== 'spec.response' || p.field === undefined || !inExpansion(p.field, expansions),
  );
  pii.splice(0, pii.length, ...keptPii);
}
