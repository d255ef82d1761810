// A run's secrets and their redaction. A token or password can reach a recorded
// URL, header or body spelled many ways: as sent, percent-encoded (either hex
// case, `+` or `%20` for a space, twice encoded), JSON-escaped, as base64 or
// base64url inside a larger value (Basic credentials) at any alignment, or
// decoded by the target (`+` echoed as a space). Every spelling of every secret
// is replaced by the secret's placeholder; each character of a spelling may
// take any of its forms, so mixed encodings are caught too.

/** Login-body fields that name who logs in, not what proves it: recorded as sent. */
const NON_SECRET_FIELDS =
  /^(user(_?name)?|e-?mail|login|name|account|tenant|realm|client_?id|grant_?type|scope|response_?type|redirect_?uri|remember(_?me)?|locale|lang(uage)?)$/i;

/** Secrets shorter than this are too common as text to redact everywhere (the login body still is). */
const MIN_SECRET = 4;

const JSON_SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

const BACKSLASHES = '(?:\\\\|%5[cC])+';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A hex number in either case, as a pattern: `2[bB]`. */
function hexRe(n: number, width: number): string {
  return [...n.toString(16).padStart(width, '0')]
    .map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d))
    .join('');
}

/** Every form one character (a code point) takes in the spellings above. */
function charPattern(ch: string): string {
  // escapes before the character itself: the longest spelling is replaced whole
  const forms: string[] = [];
  // JSON escapes; their backslash may itself be percent-encoded or escaped again
  const short = JSON_SHORT[ch];
  if (short) forms.push(`${BACKSLASHES}${escapeRe(short.slice(1))}`);
  const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i));
  forms.push(units.map((u) => `${BACKSLASHES}u${hexRe(u, 4)}`).join(''));
  forms.push([...new TextEncoder().encode(ch)].map((b) => `%(?:25)?${hexRe(b, 2)}`).join(''));
  forms.push(escapeRe(ch));
  if (ch === ' ') forms.push('\\+');
  if (ch === '+') forms.push(' ');
  return `(?:${forms.join('|')})`;
}

/** The base64 (or base64url) characters fully given by `bytes` when they start at `offset` mod 3. */
function base64Inner(bytes: Uint8Array, offset: number, url: boolean): string {
  const padded = new Uint8Array(offset + bytes.length);
  padded.set(bytes, offset);
  let b64 = Buffer.from(padded).toString('base64');
  if (url) b64 = b64.replace(/\+/g, '-').replace(/\//g, '_');
  return b64.slice(Math.ceil((offset * 4) / 3), Math.floor(((offset + bytes.length) * 8) / 6));
}

/** The strings a secret may appear as before any character is encoded: itself and its base64 forms. */
function spellings(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const out = new Set<string>([secret]);
  for (const url of [false, true]) {
    // the whole value, padding included, before its alignment-free inner parts
    const whole = Buffer.from(bytes).toString(url ? 'base64url' : 'base64');
    out.add(whole.replace(/=+$/, ''));
    out.add(whole.padEnd(Math.ceil(whole.length / 4) * 4, '='));
    for (const offset of [0, 1, 2]) {
      const inner = base64Inner(bytes, offset, url);
      if (inner.length >= MIN_SECRET) out.add(inner);
    }
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/**
 * One pattern matching every spelling of `secret`, each character in any of its forms; `plain`: only
 * as the characters themselves (enough for text with neither `%` nor `\\`, and much faster).
 */
export function secretPattern(secret: string, plain = false): RegExp {
  const one = (ch: string) => (plain ? plainPattern(ch) : charPattern(ch));
  const alternatives = spellings(secret).map((s) => [...s].map(one).join(''));
  return new RegExp(alternatives.join('|'), 'g');
}

function plainPattern(ch: string): string {
  if (ch === ' ') return '[ +]';
  if (ch === '+') return '[+ ]';
  return escapeRe(ch);
}

/** The placeholder tag of an identity or field name: `alice-2` → `ALICE_2`. */
export const tagOf = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

interface Pattern {
  placeholder: string;
  any: RegExp;
  plain: RegExp;
}

/** The secrets of one run and their placeholders (`$ARGUS_ALICE_TOKEN`). */
export class RunSecrets {
  private readonly known = new Map<string, Pattern>();
  private ordered: Pattern[] = [];

  /** Remember a secret; the first name a secret got stays (two identities may share one token). */
  add(value: string, placeholder: string): void {
    if (value.length < MIN_SECRET || this.known.has(value)) return;
    this.known.set(value, { placeholder, any: secretPattern(value), plain: secretPattern(value, true) });
    // a longer secret first, so one that contains a shorter one is replaced whole
    this.ordered = [...this.known.entries()]
      .sort(([a], [b]) => b.length - a.length)
      .map(([, entry]) => entry);
  }

  redact(text: string): string {
    let out = text;
    const encoded = /[%\\]/.test(text);
    for (const p of this.ordered) out = out.replace(encoded ? p.any : p.plain, () => p.placeholder);
    return out;
  }

  redactHeaders(headers: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, this.redact(v)]));
  }

  /**
   * Take a login body's secrets: every value not named as an identity (username, email…) is a
   * secret. Returns the body as it is recorded: those values replaced by placeholders, whatever
   * their length; a string body that is not a form is a secret whole.
   */
  loginBody(identity: string, body: unknown): unknown {
    const tag = tagOf(identity);
    if (typeof body === 'string') {
      const form = body.includes('=') && !/[\s{}[\]]/.test(body) ? new URLSearchParams(body) : null;
      if (!form) {
        this.add(body, `$ARGUS_${tag}_LOGIN_BODY`);
        return `$ARGUS_${tag}_LOGIN_BODY`;
      }
      const recorded = new URLSearchParams();
      for (const [k, v] of form) recorded.append(k, this.field(tag, k, v) as string);
      return recorded.toString().replace(/%24ARGUS_/g, '$ARGUS_');
    }
    return this.walk(tag, '', body);
  }

  private walk(tag: string, key: string, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.walk(tag, key, v));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.walk(tag, k, v)]));
    return this.field(tag, key, value);
  }

  private field(tag: string, key: string, value: unknown): unknown {
    if (value === null || typeof value === 'boolean' || NON_SECRET_FIELDS.test(key)) return value;
    const placeholder = `$ARGUS_${tag}_${tagOf(key || 'secret')}`;
    this.add(String(value), placeholder);
    return placeholder;
  }
}
