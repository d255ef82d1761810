import { roleAtLeast, type Role } from '@argus/api';
import { useMe } from '@argus/api/hooks';
import { Muted } from './layout.js';

/**
 * Whether the signed-in user's role reaches `needed`, the level the server's route
 * declares (`allow(...)` in apps/server): screens hide or disable what the server
 * would refuse. Without a role (a server from before roles) the server decides.
 */
export function useAllowed(needed: Role): boolean {
  const { data: me } = useMe();
  return me?.role === undefined || roleAtLeast(me.role, needed);
}

const WHO: Record<Role, string> = {
  viewer: 'any signed-in user',
  analyst: 'an analyst or an admin',
  admin: 'an admin',
};

/** Said where an action is missing for the user's role, so nobody hunts for it: "Only an admin can …". */
export function RoleHint({ needed, children }: { needed: Role; children: string }) {
  return <Muted data-role-hint="">{`Only ${WHO[needed]} can ${children}.`}</Muted>;
}
