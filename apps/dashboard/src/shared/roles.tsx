import { roleAtLeast, type Role } from '@argus/api';
import { useMe } from '@argus/api/hooks';
import { Muted } from './layout.js';

/**
 * Whether the signed-in user's role reaches `needed`, the level the server's route
 * declares (`allow(...)` in apps/server): screens hide or disable what the server
 * would refuse. False until the role is known, so a viewer never sees a control
 * flash in while `/auth/me` loads (an admin's controls appear once it answers).
 */
export function useAllowed(needed: Role): boolean {
  const { data: me } = useMe();
  return me?.role !== undefined && roleAtLeast(me.role, needed);
}

const WHO: Record<Role, string> = {
  viewer: 'any signed-in user',
  analyst: 'an analyst or an admin',
  admin: 'an admin',
};

/**
 * Said where an action is missing for the user's role, so nobody hunts for it: "Only an admin can …".
 * Nothing while the role is unknown (the action is hidden then too, for everyone).
 */
export function RoleHint({ needed, children }: { needed: Role; children: string }) {
  const { data: me } = useMe();
  if (me?.role === undefined || roleAtLeast(me.role, needed)) return null;
  return <Muted data-role-hint="">{`Only ${WHO[needed]} can ${children}.`}</Muted>;
}
