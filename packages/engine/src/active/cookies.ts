// The cookies an answer set, as a later step of the same test sends them back:
// `{{site.cookies}}` as a browser would, and `{{site.cookies-flipped}}` with
// every on/off switch in their values turned over (`graphiql:disable` →
// `graphiql:enable`), the way a visitor edits a client-side feature flag.

const SWITCHES: [RegExp, string][] = [
  [/disabled/i, 'enabled'],
  [/disable/i, 'enable'],
  [/\bfalse\b/i, 'true'],
  [/\boff\b/i, 'on'],
  [/\bno\b/i, 'yes'],
  [/^0$/, '1'],
];

/** `name=value` pairs of a (comma-joined) Set-Cookie header. */
export function setCookiePairs(header: string | undefined): [string, string][] {
  if (!header) return [];
  return header
    .split(/,\s*(?=[^;,=\s]+=)/)
    .map((cookie) => /^\s*([^=;\s]+)=([^;]*)/.exec(cookie))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, m[2]!]);
}

/** A switch value turned over (`disable` → `enable`), or the value as it was. */
export function flipSwitch(value: string): string {
  const [re, to] = SWITCHES.find(([re]) => re.test(value)) ?? [];
  if (!re || to === undefined) return value;
  const cased = (word: string) => (/^[A-Z]/.test(word) ? to[0]!.toUpperCase() + to.slice(1) : to);
  return value.replace(new RegExp(re.source, 'gi'), cased);
}

/** The step's cookie variables from its last answer's headers (empty strings when it set none). */
export function cookieVars(
  step: string,
  headers: Record<string, string> | undefined,
): Record<string, string> {
  const pairs = setCookiePairs(headers?.['set-cookie']);
  const join = (list: [string, string][]) => list.map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    [`${step}.cookies`]: join(pairs),
    [`${step}.cookies-flipped`]: join(pairs.map(([k, v]) => [k, flipSwitch(v)])),
  };
}
