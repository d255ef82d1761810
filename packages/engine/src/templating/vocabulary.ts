// API vocabulary: the words real APIs write in their literal path segments (`members`,
// `disassociate`, `resource`, `group`), learned from the development half of the APIs.guru
// directory (eval/lexicon.ts builds api-words.ts). A segment whose words are all API words is
// more likely a route; one with other words (`rupert`, `liamclark`, `wonka`) more likely a value.
import { API_WORDS } from './api-words.js';

const WORDS: ReadonlySet<string> = new Set(API_WORDS.split(' '));

/**
 * The lower-case words of a segment: split at anything but letters and digits, at camelCase
 * humps (`getUserById` → get, user, by, id; `HTMLParser` → html, parser) and at digits;
 * letters only, one-letter words dropped.
 */
export function segmentWords(seg: string): string[] {
  const out: string[] = [];
  for (const m of seg.matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g)) {
    const w = m[0];
    if (w.length > 1) out.push(w.toLowerCase());
  }
  return out;
}

/** Prefixes that make a new word of an API word (`inactive`, `unarchive`, `disassociate`, `reindex`). */
const PREFIXES = ['un', 'in', 're', 'de', 'dis', 'pre', 'non', 'sub'];
/** Endings that inflect an API word (`paged`, `sounds`, `matching`, `boxes`). */
const ENDINGS = ['s', 'es', 'd', 'ed', 'ing', 'er'];

/**
 * Whether real APIs use this lower-case word in their routes (several providers of the directory),
 * as it is, inflected (`paged` from `page`) or with a prefix (`inactive` from `active`).
 */
export function isApiWord(word: string): boolean {
  if (WORDS.has(word)) return true;
  for (const end of ENDINGS)
    if (word.length - end.length >= 3 && word.endsWith(end) && WORDS.has(word.slice(0, -end.length)))
      return true;
  for (const pre of PREFIXES)
    if (word.length - pre.length >= 5 && word.startsWith(pre) && WORDS.has(word.slice(pre.length)))
      return true;
  return false;
}

/** Lower-case runs already split into API words (see `isRunOfApiWords`), or found not to be. */
const RUNS = new Map<string, boolean>();
const RUNS_LIMIT = 10_000;
/** The shortest word a run is split into: two-letter words (`by`, `me`) split too many names. */
const RUN_PIECE = 3;

/**
 * Whether a lower-case run is API words written together (`encryptionkey`, `changenotification`,
 * `organizationconfiguration`): AWS and others write a route's words without a separator, while a
 * value so run together is a name (`liamclark`, `carolking`) that API words do not spell whole.
 * Each word is three letters or more; the last may be inflected (`accountpermissions`).
 */
export function isRunOfApiWords(word: string): boolean {
  if (word.length < 2 * RUN_PIECE) return false;
  let known = RUNS.get(word);
  if (known !== undefined) return known;
  // ends[i]: the run's first i letters are API words written together.
  const ends = new Array<boolean>(word.length + 1).fill(false);
  ends[0] = true;
  for (let i = RUN_PIECE; i <= word.length; i++)
    for (let j = 0; j + RUN_PIECE <= i && !ends[i]; j++)
      if (ends[j] && (i === word.length ? isApiWord(word.slice(j, i)) : WORDS.has(word.slice(j, i))))
        ends[i] = j > 0 || i < word.length;
  known = ends[word.length] as boolean;
  if (RUNS.size >= RUNS_LIMIT) RUNS.clear();
  RUNS.set(word, known);
  return known;
}

/** Whether a word is the singular of an API word only listed in the plural (`hook`: `hooks`). */
const isSingularOfApiWord = (word: string): boolean =>
  word.length >= 3 && (WORDS.has(`${word}s`) || WORDS.has(`${word}es`));

/**
 * The share of a segment's words that are API words (1 for `payment-methods`, `getUserById`;
 * 0 for `liamclark`; 0.5 for `myResourceGroup`'s `my`, `resource`, `group`… counted per word).
 * A segment without words (`42`, `-`) has share 0. With `runs`, a segment that is one lower-case
 * run of API words written together (`encryptionkey`) is API words (see `isRunOfApiWords`);
 * words a separator or hump sets apart are judged one by one (`Website_started`). A segment that
 * is one plain word counts in the singular of a plural API word too (`hook`).
 */
export function vocabularyShare(seg: string, runs = false): number {
  const words = segmentWords(seg);
  if (words.length === 0) return 0;
  let known = 0;
  if (words.length === 1 && /^[a-z]+$/.test(seg)) {
    if (runs && isRunOfApiWords(seg)) return 1;
    // A plain word whose plural APIs route by names one of those (`hook` beside `hooks`); not
    // inside a longer name, where such words are an example's (`SampleDiagSetting`, `test_container`).
    if (!isApiWord(seg) && isSingularOfApiWord(seg)) return 1;
  }
  for (const w of words) if (isApiWord(w)) known++;
  return known / words.length;
}
