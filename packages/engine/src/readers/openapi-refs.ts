// Local `$ref` resolution of an OpenAPI document: followed lazily, loops and missing
// targets reported, never expanded into a copy.

type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isRef = (v: unknown): boolean => isObj(v) && typeof v['$ref'] === 'string';

/** RFC 6901 escaping of one pointer token. */
export const pointerToken = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function decodeFragment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export class RefResolver {
  constructor(private readonly root: unknown) {}
  readonly unresolved = new Set<string>();

  /** Follow `$ref` chains (local pointers only) up to 32 hops; returns undefined on a loop or a missing target. */
  deref(node: unknown): unknown {
    let cur = node;
    for (let hops = 0; hops < 32; hops++) {
      if (!isObj(cur) || typeof cur['$ref'] !== 'string') return cur;
      const ref = cur['$ref'];
      if (!ref.startsWith('#')) {
        this.unresolved.add(ref);
        return undefined;
      }
      cur = this.pointer(ref.slice(1));
      if (cur === undefined) {
        this.unresolved.add(ref);
        return undefined;
      }
    }
    return undefined;
  }

  private pointer(ptr: string): unknown {
    let cur: unknown = this.root;
    if (ptr === '' || ptr === '/') return cur;
    for (const raw of ptr.slice(1).split('/')) {
      const decoded = decodeFragment(raw);
      if (decoded === undefined) return undefined; // a malformed %-escape names nothing
      const key = decoded.replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(cur)) cur = cur[Number(key)];
      else if (isObj(cur)) cur = cur[key];
      else return undefined;
    }
    return cur;
  }
}
