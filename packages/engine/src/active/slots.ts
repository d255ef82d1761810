// Which identities a test's slots name on one endpoint (A the owner, B another
// user, admin) and the variables their values give the steps' templates.
import type { ActiveEndpoint, Identity } from './types.js';

export interface Slots {
  A?: Identity;
  B?: Identity;
  admin?: Identity;
}

export function slotsFor(endpoint: ActiveEndpoint, identities: Identity[]): Slots {
  const users = identities.filter((i) => i.role !== 'admin');
  const observed = users.find((i) => i.name === endpoint.baseline?.identity);
  const A = observed ?? users[0] ?? identities[0];
  const B = users.find((i) => i !== A);
  const admin = identities.find((i) => i.role === 'admin');
  return { ...(A ? { A } : {}), ...(B ? { B } : {}), ...(admin ? { admin } : {}) };
}

export function identityVars(slots: Slots): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const slot of ['A', 'B', 'admin'] as const) {
    const id = slots[slot];
    if (!id) continue;
    vars[`${slot}.name`] = id.name;
    for (const [k, v] of Object.entries(id.values ?? {})) vars[`${slot}.${k}`] = v;
  }
  return vars;
}

/** Every value the slots' identities own (their keys: a marker never replaces one). */
export function ownValues(slots: Slots): Set<string> {
  const out = new Set<string>();
  for (const id of [slots.A, slots.B, slots.admin])
    for (const v of [
      ...Object.values(id?.values ?? {}),
      ...Object.values(id?.endpointValues ?? {}).flatMap((e) => Object.values(e)),
    ])
      out.add(v);
  return out;
}
