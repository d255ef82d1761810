// Paths that address another principal (a user, account, member) by a key the caller
// chooses: `/users/{username}/password`, `/accounts/{id}/role`.

/** A collection of principals. */
export const PRINCIPALS =
  /^(users?|accounts?|members?|customers?|profiles?|people|persons?|employees?|admins?|players?|students?|patients?)$/i;

/** Where the principal's key sits: the parameter right after a principal collection (`/users/{username}`). */
export function principalKey(segments: readonly string[]): { at: number; name: string } | null {
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i]!;
    if (!s.startsWith('{')) continue;
    // `/users/v1/{username}`: a version segment may sit between the collection and its key.
    const before = /^v\d+$/i.test(segments[i - 1]!) && i > 1 ? segments[i - 2]! : segments[i - 1]!;
    if (PRINCIPALS.test(before)) return { at: i, name: s.slice(1, -1) };
  }
  return null;
}
