// Text PostgreSQL stores as it was given. `text` and `jsonb` refuse the NUL
// character (and `jsonb` a lone UTF-16 surrogate), so one captured body holding
// `\u0000` made a whole copy batch fail forever. Such characters are replaced,
// not stripped: NUL by U+2400 SYMBOL FOR NULL (an analyst still sees that a NUL
// was sent, an injection attempt included, and lengths stay the same), a lone
// surrogate by U+FFFD as UTF-8 encoding would do anyway.

// Every lone surrogate: a high one not followed by a low one, a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
const HAS_UNSTORABLE = /\u0000|[\uD800-\uDFFF]/;

export const NUL_SYMBOL = '\u2400';

/** The text with NUL and lone surrogates replaced; the same string when it holds none. */
export function storableText(text: string): string {
  if (!HAS_UNSTORABLE.test(text)) return text;
  return text.replace(UNSTORABLE, (c) => (c === '\u0000' ? NUL_SYMBOL : '\uFFFD'));
}

/**
 * A JSON value with every string (keys included) made storable. Returns the
 * value itself when nothing needed replacing, so the common case allocates nothing.
 */
export function storableValue<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = clean(value[i]);
      if (item !== value[i]) (out ??= value.slice())[i] = item;
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  let out: Record<string, unknown> | null = null;
  const entries = Object.entries(value);
  for (const [key, item] of entries) {
    const k = storableText(key);
    const v = clean(item);
    if (k !== key || v !== item) {
      out ??= {};
      break;
    }
  }
  if (!out) return value;
  for (const [key, item] of entries) out[storableText(key)] = clean(item);
  return out;
}
