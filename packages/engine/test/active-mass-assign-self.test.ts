// Mass assignment on a profile the session selects (no object key in the path), proved by the
// owner's read of the same path: a field the API stores is confirmed; a field it ignores, or echoes
// in the update's answer without storing, is not.
import { describe, expect, it } from 'vitest';
import { loadBuiltinTemplates, runActiveTests } from '../src/index.js';
import type { TransportRequest, TransportResponse } from '../src/transport.js';
import { aliceAndBob, jsonAnswer, profileEndpoints } from './active-helpers.js';

type Mode = 'stores' | 'echoes' | 'ignores';
const WRITABLE = ['first_name', 'phone'];

function profileApi(mode: Mode) {
  const profiles: Record<string, Record<string, unknown>> = {
    alice: { username: 'alice', first_name: 'Alice', phone: '5550101', role: 'customer', admin: false },
    bob: { username: 'bob', first_name: 'Bob', phone: '5550102', role: 'customer', admin: false },
  };
  const caller: Record<string, string> = { 'Bearer tok-alice': 'alice', 'Bearer tok-bob': 'bob' };
  return async (r: TransportRequest): Promise<TransportResponse> => {
    const me = caller[r.headers?.['authorization'] ?? ''];
    if (!me) return jsonAnswer(401, { detail: 'Not authenticated' });
    if (r.method === 'GET') return jsonAnswer(200, profiles[me]);
    const body = JSON.parse(r.body ?? '{}') as Record<string, unknown>;
    const allowed = Object.fromEntries(Object.entries(body).filter(([k]) => WRITABLE.includes(k)));
    profiles[me] = { ...profiles[me]!, ...(mode === 'stores' ? body : allowed), username: me };
    return jsonAnswer(200, mode === 'echoes' ? { ...profiles[me], ...body } : profiles[me]);
  };
}

const endpoints = profileEndpoints('PATCH', { first_name: 'Someone', phone: '5550000' });
const IDS = ['mass-assign-admin-on-self-update', 'mass-assign-role-on-self-update'];

const run = (mode: Mode) =>
  runActiveTests({
    endpoints,
    baseUrl: 'http://api.test',
    identities: aliceAndBob,
    tests: loadBuiltinTemplates().filter((t) => IDS.includes(t.id)),
    transport: profileApi(mode),
    intrusiveConfirmed: true,
    learn: false,
    budget: { ratePerSec: 10_000 },
  });

describe('mass assignment on the caller’s own profile, read back', () => {
  it('confirms admin and role stored by a profile update, with the read-back as evidence', async () => {
    const { results } = await run('stores');
    expect(results.map((r) => `${r.testId} ${r.outcome}`).sort()).toEqual(IDS.map((id) => `${id} confirmed`));
    const admin = results.find((r) => r.testId === IDS[0])!;
    expect(admin.detail).toMatch(/reads back admin=true/);
    expect(admin.evidence.some((e) => e.step === 'read' && e.request.method === 'GET')).toBe(true);
  });

  it('is not vulnerable when the update only echoes the field without storing it', async () => {
    const { results } = await run('echoes');
    expect(results.map((r) => r.outcome)).toEqual(['not-vulnerable', 'not-vulnerable']);
  });

  it('is not vulnerable when the API ignores fields it does not allow', async () => {
    const { results } = await run('ignores');
    expect(results.map((r) => r.outcome)).toEqual(['not-vulnerable', 'not-vulnerable']);
  });
});
