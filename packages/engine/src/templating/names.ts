// Parameter names: a guessed parameter takes the singular name of the resource before it
// (`/users/{id}` → `/users/{userId}`), unique within its path; a stored name maps back to
// the guess it came from, so learned trees and stored templates meet.
import { isParamSegment } from './chars.js';
import { PARAM_NAME, classifySegment, joinSegments } from './segments.js';

/** Parameters the templater guesses (typed tokens and cardinality merges), before naming. */
const GUESSED = new Set([...Object.values(PARAM_NAME), '{param}']);
/** Guessed parameters that identify a resource: named after the segment before them (`{userId}`). */
const RESOURCE_IDS = new Set(['{id}', '{uuid}', '{objectId}', '{param}']);
/**
 * Reserved words that are collections of things a user creates, holding their ids
 * (`/webhooks/{webhookId}`, `/tokens/{tokenId}`); `metrics` holds the API's own measures.
 */
const USER_COLLECTIONS = new Set(['webhooks', 'tokens']);
/** Words that name a value rather than a resource (`/id/{id}`, `/uuid/{uuid}` keep the typed name). */
const VALUE_WORDS = new Set([
  'id',
  'uuid',
  'guid',
  'objectid',
  'hash',
  'email',
  'date',
  'token',
  'key',
  'param',
]);
const IRREGULAR_PLURALS = new Map([
  ['people', 'person'],
  ['children', 'child'],
]);
const NUMBERED_GUESS = /^\{(id|uuid|objectId|hash|email|date|token|boolean|param)\d+\}$/;

/**
 * The singular camelCase name of a resource segment (`users` → `user`, `payment-methods` →
 * `paymentMethod`, `categories` → `category`, `line_items` → `lineItem`), or null when the
 * segment is not a plain word (reserved words, versions, numbers, file names, encoded text).
 */
export function resourceName(seg: string): string | null {
  // Words, or the plural of a word with a number (`int32s`, `int64s`: a device's tables by type).
  if (seg.length > 40 || !/^(?:[A-Za-z]+(?:[-_][A-Za-z]+)*|[A-Za-z]+\d{1,2}s)$/.test(seg)) return null;
  const kind = classifySegment(seg);
  if (kind !== 'literal' && !(kind === 'reserved' && USER_COLLECTIONS.has(seg.toLowerCase()))) return null;
  const words = seg.split(/[-_]/).map((w) => (w === w.toUpperCase() ? w.toLowerCase() : w));
  let last = words[words.length - 1] as string;
  const irregular = IRREGULAR_PLURALS.get(last.toLowerCase());
  if (irregular) last = irregular;
  else if (/ies$/i.test(last) && last.length > 4) last = `${last.slice(0, -3)}y`;
  // `addresses`, `boxes`, `branches`, `pushes` lose `es`; `caches`, `responses` only `s`.
  else if (/(?:ss|x|sh|zz|[tnr]ch|sch)es$/i.test(last)) last = last.slice(0, -2);
  else if (/[^siu]s$/i.test(last) && last.length > 3) last = last.slice(0, -1);
  words[words.length - 1] = last;
  const name = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() : w.charAt(0).toUpperCase()) + w.slice(1))
    .join('');
  return name.length >= 2 && !VALUE_WORDS.has(name.toLowerCase()) ? name : null;
}

/** A parameter segment as the templater guesses it, before naming (`{id}`, `{uuid}`, `{param}`, …). */
export function isGuessedParameter(seg: string): boolean {
  // A typed name with a number (`{id2}`) only told it apart from an earlier one in its path.
  return GUESSED.has(seg) || (NUMBERED.test(seg) && GUESSED.has(seg.replace(/\d+\}$/, '}')));
}

const NUMBERED = /^\{[A-Za-z]+\d+\}$/;

/**
 * Give the guessed parameters of a template readable names, unique within the path:
 * `{id}`, `{uuid}`, `{objectId}` and `{param}` after a resource word take its singular name
 * (`/users/{id}/payment-methods/{id}` → `/users/{userId}/payment-methods/{paymentMethodId}`);
 * otherwise, or when that name is taken, the typed name (`{uuid}`, `{date}`, `{token}`),
 * then the typed name with a number (`{id2}`). Other parameters (declared names, names
 * given earlier, and those at `fixed` positions) are kept and reserve their names.
 * Naming a named template changes nothing.
 */
export function nameParameters(
  segments: readonly string[],
  fixed: (index: number) => boolean = () => false,
): string[] {
  const used = new Set<string>();
  let guessed = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (!isParamSegment(s)) continue;
    if (GUESSED.has(s) && !fixed(i)) guessed++;
    else used.add(s.slice(1, -1));
  }
  if (guessed === 0) return [...segments];
  const out = [...segments];
  // The next numbered suffix to try per type: `used` only grows, so a suffix taken stays taken
  // (10k `{id}` segments cost 10k steps, not 50M).
  const nextSuffix = new Map<string, number>();
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (!GUESSED.has(s) || fixed(i)) continue;
    let name: string | undefined;
    if (RESOURCE_IDS.has(s) && i > 0) {
      const resource = resourceName(segments[i - 1] as string);
      if (resource && !used.has(`${resource}Id`)) name = `${resource}Id`;
    }
    if (name === undefined) {
      const typed = s.slice(1, -1);
      name = typed;
      if (used.has(name)) {
        let n = nextSuffix.get(typed) ?? 2;
        while (used.has(`${typed}${n}`)) n++;
        name = `${typed}${n}`;
        nextSuffix.set(typed, n + 1);
      }
    }
    used.add(name);
    out[i] = `{${name}}`;
  }
  return out;
}

/** `nameParameters` for a joined template (`/users/{id}` → `/users/{userId}`). */
export function nameTemplate(template: string): string {
  if (!template.includes('{')) return template;
  return joinSegments(nameParameters(template === '/' ? [] : template.slice(1).split('/')));
}

/**
 * The trie key of a parameter segment of a stored (named) template: a name `nameParameters`
 * gave maps back to the guess it came from (`{userId}` after `users` → `{id}`, `{id2}` →
 * `{id}`); `resource` tells that the name came from the resource word (an `{id}`, `{uuid}`,
 * `{objectId}` or `{param}` before naming). Other names are declared ones and stay.
 */
export function guessOf(key: string, prev: string | undefined): { key: string; resource: boolean } {
  if (GUESSED.has(key)) return { key, resource: false };
  const numbered = NUMBERED_GUESS.exec(key);
  if (numbered) return { key: `{${numbered[1]}}`, resource: false };
  if (prev !== undefined && !isParamSegment(prev)) {
    const resource = resourceName(prev);
    if (resource && key === `{${resource}Id}`) return { key: '{id}', resource: true };
  }
  return { key, resource: false };
}
