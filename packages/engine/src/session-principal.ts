// A principal from a captured request's session cookie (issue 45), for traffic that names
// no `enduser.id` and carries no JWT: a stable hash of the cookie, so one browser session
// is one principal while the cookie's value is never kept. Values too short or too uniform
// to tell sessions apart (`remember_me=1`, `auth=true`) name nobody.
import { createHash } from 'node:crypto';

/** Cookie names that carry a session or a credential. */
export const SESSION_COOKIE = /sess|(^|[_.-])(sid|auth|token|jwt|remember)/i;
/** Names that say "session" outright win over other credential-like cookies. */
const SESSION_NAME = /sess|sid/i;
/** What a redactor leaves in place of a value (engine redactHeaders). */
const REDACTED = '[redacted]';
const MIN_LENGTH = 16;
const MIN_DISTINCT = 8;

const distinct = (value: string) => new Set(value).size;

/** `cookie:<name>:<16 hex>` for the request's session cookie, or undefined when it has none. */
export function sessionCookiePrincipal(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  let best: { name: string; value: string } | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!SESSION_COOKIE.test(name) || value === REDACTED) continue;
    if (value.length < MIN_LENGTH || distinct(value) < MIN_DISTINCT) continue;
    if (!best || (SESSION_NAME.test(name) && !SESSION_NAME.test(best.name))) best = { name, value };
  }
  if (!best) return undefined;
  const hash = createHash('sha256').update(`${best.name}=${best.value}`).digest('hex').slice(0, 16);
  return `cookie:${best.name.slice(0, 64)}:${hash}`;
}
