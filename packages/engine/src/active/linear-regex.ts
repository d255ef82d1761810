// Regular expressions that users supply (template `match`, `inject`, `mutate` and `proof` patterns)
// run on RE2's linear-time engine: `(a+)+b` against a long answer costs time in proportion to the
// answer, never exponential in it, so an uploaded template cannot freeze the server. RE2 has no
// backreferences and no lookaround; a pattern that needs one is refused when the template is read.
import { RE2JS } from 're2js';
import { BoundedCache } from '../bounded-cache.js';

const LOOKAROUND: Record<string, string> = {
  '(?=': 'a lookahead (?=…)',
  '(?!': 'a negative lookahead (?!…)',
  '(?<=': 'a lookbehind (?<=…)',
  '(?<!': 'a negative lookbehind (?<!…)',
};

/** The backtracking-only feature a JavaScript pattern uses (named for a person), or null. */
export function backtrackingFeature(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return `a backreference (\\${next})`;
      if (!inClass && next === 'k' && pattern[i + 2] === '<') return 'a named backreference (\\k<…>)';
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(') {
      const opening = Object.keys(LOOKAROUND).find((o) => pattern.startsWith(o, i));
      if (opening) return LOOKAROUND[opening]!;
    }
  }
  return null;
}

const compiled = new BoundedCache<string, RE2JS>(2_000);

/**
 * A JavaScript-syntax pattern compiled for RE2 (cached). Throws an Error that names the pattern and
 * what RE2 cannot do when the pattern needs backtracking or does not parse.
 */
export function linearRegex(pattern: string, options: { ignoreCase?: boolean } = {}): RE2JS {
  const flags = options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0;
  const key = `${flags}:${pattern}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  const feature = backtrackingFeature(pattern);
  if (feature)
    throw new Error(
      `pattern ${JSON.stringify(pattern)} uses ${feature}, which the linear-time regex engine (RE2) does not support`,
    );
  try {
    return compiled.set(key, RE2JS.compile(RE2JS.translateRegExp(pattern), flags));
  } catch (error) {
    const why = (error as Error).message.replace(/^error parsing regexp: /, '');
    throw new Error(`pattern ${JSON.stringify(pattern)} is not a valid RE2 regular expression: ${why}`, {
      cause: error,
    });
  }
}

/** Why a pattern cannot run on the linear-time engine, or null when it can. */
export function linearRegexProblem(pattern: string): string | null {
  try {
    linearRegex(pattern);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
