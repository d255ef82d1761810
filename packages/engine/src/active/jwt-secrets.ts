// Candidate secrets for cracking an HMAC-signed JWT offline: the engine's short
// list of framework defaults, the shipped public wordlist (wordlists/jwt-secrets,
// its source and licence there), then, when asked, every numeric secret of up
// to N digits (PIN-like keys; 10^6 candidates take a few CPU-seconds).
import { readFileSync } from 'node:fs';
import { WEAK_JWT_SECRETS } from './jwt.js';

const LIST = new URL('../../wordlists/jwt-secrets/jwt.secrets.list', import.meta.url);
let wordlist: string[] | undefined;

/** The shipped wordlist, distinct entries in its order (read once, when first needed). */
export function jwtWordlist(): string[] {
  wordlist ??= [
    ...new Set(
      readFileSync(LIST, 'utf8')
        .split(/\r?\n/)
        .filter((s) => s !== ''),
    ),
  ];
  return wordlist;
}

/** Every candidate in order: short list, wordlist, then numeric strings of 1..`digits` digits. */
export function* jwtCandidates(digits = 0): Generator<string> {
  yield* WEAK_JWT_SECRETS;
  yield* jwtWordlist();
  for (let n = 1; n <= digits; n++) for (let i = 0; i < 10 ** n; i++) yield String(i).padStart(n, '0');
}
