// JSON Schema inferred from a body sample or from field paths: types, formats and the
// fields present, never a value (a sample may hold personal data).

export type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;
const MAX_PROPERTIES = 200;

/** Formats told by shape alone; the value itself is dropped. */
const FORMATS: [string, RegExp][] = [
  ['date-time', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['uri', /^https?:\/\/\S+$/],
  ['ipv4', /^(?:\d{1,3}\.){3}\d{1,3}$/],
];

/** The format a string's shape shows, or undefined. */
export function stringFormat(value: string): string | undefined {
  return FORMATS.find(([, re]) => re.test(value))?.[0];
}

/** The schema of a parsed JSON value: every key present is required, arrays by their items. */
export function schemaOfValue(value: unknown, depth = 0): Schema {
  if (value === null) return { type: 'null' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer' : 'number' };
  if (typeof value === 'string') {
    const format = stringFormat(value);
    return format ? { type: 'string', format } : { type: 'string' };
  }
  if (depth >= MAX_DEPTH) return {};
  if (Array.isArray(value)) {
    const first = value.find((v) => v !== null && v !== undefined);
    return first === undefined
      ? { type: 'array' }
      : { type: 'array', items: schemaOfValue(first, depth + 1) };
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).slice(0, MAX_PROPERTIES);
    const properties: Schema = {};
    for (const k of keys) properties[k] = schemaOfValue((value as Record<string, unknown>)[k], depth + 1);
    return keys.length ? { type: 'object', properties, required: keys } : { type: 'object' };
  }
  return {};
}

/** The schema of a JSON body sample, or null when the sample is not whole JSON (cut or another type). */
export function schemaOfSample(sample: string | undefined): Schema | null {
  if (!sample) return null;
  const text = sample.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return null;
  try {
    return schemaOfValue(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * An object schema from field paths (`customer.email`, `items[].sku`): the fields are known,
 * their types and whether they are required are not.
 */
export function schemaOfFields(fields: readonly string[]): Schema | null {
  if (fields.length === 0) return null;
  const root: Schema = { type: 'object', properties: {} };
  for (const field of fields.slice(0, MAX_PROPERTIES)) {
    let node = root;
    for (const part of field.split('.').slice(0, MAX_DEPTH)) {
      const array = part.endsWith('[]');
      const name = array ? part.slice(0, -2) : part;
      if (!name) continue;
      const props = (node['properties'] ??= {}) as Record<string, Schema>;
      node['type'] ??= 'object';
      let child = props[name] ?? {};
      props[name] = child;
      if (array) {
        child['type'] = 'array';
        child = (child['items'] ??= {}) as Schema;
      }
      node = child;
    }
  }
  return root;
}

/** Marks the property at `field` (`customer.email`, `items[].email`) with `x-argus-pii`. */
export function markPii(schema: Schema, field: string, type: string): boolean {
  let node: Schema | undefined = schema;
  for (const part of field.split('.')) {
    const array = part.endsWith('[]');
    const props = node?.['properties'] as Record<string, Schema> | undefined;
    node = props?.[array ? part.slice(0, -2) : part];
    if (node && array) node = node['items'] as Schema | undefined;
    if (!node) return false;
  }
  const types = new Set((node['x-argus-pii'] as string[] | undefined) ?? []);
  types.add(type);
  node['x-argus-pii'] = [...types].sort();
  return true;
}
