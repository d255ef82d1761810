// Bearer tokens configured on the server (the ingest and metrics tokens),
// compared in constant time with what a caller sent.
import { timingSafeEqual } from 'node:crypto';

/** The configured tokens' bytes, kept rather than re-encoded per request (two at most). */
const expectedTokens = new Map<string, Buffer>();

/** Constant-time comparison with the configured ingest token (its bytes are kept, not re-hashed per request). */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!header || !token || header.length > 1024) return false;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return false;
  const value = Buffer.from(header.slice(space + 1).trim());
  let expected = expectedTokens.get(token);
  if (!expected) {
    expected = Buffer.from(token);
    expectedTokens.set(token, expected);
  }
  return value.length === expected.length && timingSafeEqual(value, expected);
}

/**
 * bearerMatches for one token, without allocating for its usual form
 * `Bearer <token>`: that is compared in constant time in place; anything else
 * (another scheme spelling, spaces, another length) takes bearerMatches.
 */
export function bearerMatcher(token: string): (header: string | undefined) => boolean {
  const exact = `Bearer ${token}`;
  return (header) => {
    if (header !== undefined && header.length === exact.length) {
      let diff = 0;
      for (let i = 0; i < exact.length; i++) diff |= header.charCodeAt(i) ^ exact.charCodeAt(i);
      if (diff === 0) return true;
    }
    return bearerMatches(header, token);
  };
}
