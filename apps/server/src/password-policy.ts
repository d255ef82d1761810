// Passwords a person chooses (added users, new passwords) must not be easy to
// guess (ASVS 2.1.7): the length comes from the shared schema; here, the
// common-password list shipped in wordlists/ and a floor on distinct
// characters (`aaaaaaaaaaaa` is 12 characters and no password).
import { readFileSync } from 'node:fs';
import { HttpError } from './errors.js';

const LIST_FILE = new URL('../wordlists/common-passwords.txt', import.meta.url);
const MIN_DISTINCT_CHARACTERS = 5;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(LIST_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** Why a password is too easy to guess, or null when it is not. */
export function weakPasswordReason(password: string): string | null {
  const lower = password.normalize('NFKC').toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/[\d\W_]+$/u, ''))) {
    return 'Password is one of the most common passwords: choose another';
  }
  if (new Set(lower).size < MIN_DISTINCT_CHARACTERS) {
    return `Password must use at least ${MIN_DISTINCT_CHARACTERS} different characters`;
  }
  return null;
}

/** Throws a 400 naming the reason when the password is too easy to guess. */
export function assertStrongPassword(password: string): void {
  const reason = weakPasswordReason(password);
  if (reason) throw new HttpError(400, reason);
}
