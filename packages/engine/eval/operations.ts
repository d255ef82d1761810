// The operations of an OpenAPI document as the evaluation needs them: method, the full path
// template (server base path included) and what is declared about each path parameter.

export interface ParamInfo {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: string[];
  examples?: string[];
  /**
   * The values a generated shape gives the parameter (eval/faker-shapes.ts: first names, company
   * names): its pool is drawn from them, as from an enum, but it is scored as a parameter.
   */
  pool?: string[];
}

export interface Operation {
  method: string;
  /** Full template, base path included (`/v1/charges/{charge}`). */
  template: string;
  params: Record<string, ParamInfo>;
}

/** A named set of operations: one spec of the directory, or one generated shape. */
export interface ApiSample {
  /** `provider/service` for the directory, `shape:<name>` for the generated shapes. */
  name: string;
  /** What the development/validation split hashes. */
  provider: string;
  operations: Operation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolve(doc: Obj, value: unknown, depth = 0): unknown {
  if (!isObj(value) || typeof value['$ref'] !== 'string' || depth > 8) return value;
  const ref = value['$ref'];
  if (!ref.startsWith('#/')) return value;
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/'))
    at = isObj(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return resolve(doc, at, depth + 1);
}

const scalar = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

function paramInfo(doc: Obj, p: Obj): ParamInfo {
  const schema = resolve(doc, p['schema'] ?? p) as Obj;
  const info: ParamInfo = {};
  const type = scalar(schema?.['type']);
  if (type) info.type = type;
  const format = scalar(schema?.['format']);
  if (format) info.format = format;
  const pattern = scalar(schema?.['pattern']);
  if (pattern) info.pattern = pattern;
  const en = schema?.['enum'];
  if (Array.isArray(en)) {
    const values = en.map(scalar).filter((v): v is string => v !== undefined && v !== '');
    if (values.length > 0) info.enum = values;
  }
  const examples = [p['example'], schema?.['example'], schema?.['default']]
    .concat(isObj(p['examples']) ? Object.values(p['examples']).map((e) => (isObj(e) ? e['value'] : e)) : [])
    .map(scalar)
    .filter((v): v is string => v !== undefined && v !== '' && !v.includes('/'));
  if (examples.length > 0) info.examples = [...new Set(examples)].slice(0, 3);
  return info;
}

/** The path part of the first server URL (`https://x/v1` → `/v1`), variables filled with defaults. */
function basePath(doc: Obj): string {
  const servers = doc['servers'];
  const first = Array.isArray(servers) && isObj(servers[0]) ? servers[0] : null;
  let url = typeof first?.['url'] === 'string' ? first['url'] : '';
  const vars = isObj(first?.['variables']) ? first['variables'] : {};
  url = url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = vars[name];
    return isObj(v) && scalar(v['default']) !== undefined ? String(v['default']) : 'x';
  });
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path
    .replace(/\/+$/, '')
    .replace(/^(?!\/)/, '/')
    .replace(/^\/$/, '');
}

/** Operations of a (bundled, OpenAPI 3) document. */
export function operationsOf(doc: unknown): Operation[] {
  if (!isObj(doc) || !isObj(doc['paths'])) return [];
  const base = basePath(doc);
  const out: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc['paths'])) {
    const item = resolve(doc, rawItem);
    if (!isObj(item) || !path.startsWith('/')) continue;
    const shared = Array.isArray(item['parameters']) ? item['parameters'] : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const params: Record<string, ParamInfo> = {};
      for (const raw of [...shared, ...(Array.isArray(op['parameters']) ? op['parameters'] : [])]) {
        const p = resolve(doc, raw);
        if (isObj(p) && p['in'] === 'path' && typeof p['name'] === 'string')
          params[p['name']] = paramInfo(doc, p);
      }
      out.push({ method: method.toUpperCase(), template: `${base}${path}`, params });
    }
  }
  return out;
}
