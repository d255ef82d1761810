// Whether a configured bearer token (ARGUS_INGEST_TOKEN, ARGUS_METRICS_TOKEN)
// is hard enough to guess. Nothing can tell a random string from a chosen one
// for sure; this refuses what is plainly weak: too short, or with too little
// variety to hold 128 bits (a repeated character), or a short part repeated.

/** Characters a token needs at least. */
export const MIN_TOKEN_LENGTH = 32;
/** Bits a token must hold by the estimate below. */
export const MIN_TOKEN_BITS = 128;

/**
 * Length times the Shannon entropy of the token's own characters (bits per
 * character, from how often each occurs): a lower bound for a random token
 * drawn from a larger alphabet, 0 for `aaaa…`, 1 bit a character for `abab…`.
 */
export function estimatedBits(token: string): number {
  const counts = new Map<string, number>();
  const chars = [...token];
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** True when `token` is a shorter part over and over (`0123abcd0123abcd…`): its period is at most half of it. */
export function repeatsItself(token: string): boolean {
  for (let period = 1; period <= token.length / 2; period++)
    if (token.slice(period) === token.slice(0, token.length - period)) return true;
  return false;
}

/** Why `token` is refused, or null when it will do. `name` is the variable that set it. */
export function weakTokenReason(name: string, token: string): string | null {
  const advice = `use ${MIN_TOKEN_LENGTH} or more random characters, e.g. \`openssl rand -hex 32\``;
  const length = [...token].length;
  if (length < MIN_TOKEN_LENGTH) return `${name} is ${length} characters long: ${advice}`;
  if (repeatsItself(token)) return `${name} repeats a shorter part of itself: ${advice}`;
  const bits = Math.floor(estimatedBits(token));
  if (bits < MIN_TOKEN_BITS)
    return `${name} is too easy to guess (about ${bits} bits, ${MIN_TOKEN_BITS} needed): ${advice}`;
  return null;
}

/** The token, or an Error saying why it is refused (the server does not start with it). */
export function strongToken(name: string, token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const reason = weakTokenReason(name, token);
  if (reason) throw new Error(reason);
  return token;
}
