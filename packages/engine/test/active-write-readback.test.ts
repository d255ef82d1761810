// A write as B on A's object, named by a key in the body, proved by A's own
// read-back showing B's markers; an API that writes the caller's own object
// whatever the body says is not vulnerable.
import { describe, expect, it } from 'vitest';
import { loadBuiltinTemplates, runActiveTests } from '../src/index.js';
import type { TransportRequest, TransportResponse } from '../src/transport.js';
import { aliceAndBob, jsonAnswer, profileEndpoints } from './active-helpers.js';

function profileApi(trustsBody: boolean) {
  const profiles: Record<string, Record<string, string>> = {
    alice: { username: 'alice', first_name: 'Alice', phone: '5550101' },
    bob: { username: 'bob', first_name: 'Bob', phone: '5550102' },
  };
  const caller: Record<string, string> = { 'Bearer tok-alice': 'alice', 'Bearer tok-bob': 'bob' };
  return async (r: TransportRequest): Promise<TransportResponse> => {
    const answer = jsonAnswer;
    const me = caller[r.headers?.['authorization'] ?? ''];
    if (!me) return answer(401, { detail: 'Not authenticated' });
    if (r.method === 'GET') return answer(200, profiles[me]);
    const body = JSON.parse(r.body ?? '{}') as Record<string, string>;
    const target = trustsBody ? body['username']! : me;
    if (!profiles[target]) return answer(404, { detail: 'no such user' });
    profiles[target] = { ...profiles[target]!, ...body, username: target };
    return answer(200, profiles[target]);
  };
}

const endpoints = profileEndpoints('PUT', { username: 'someone', first_name: 'Someone', phone: '5550000' });

const run = (trustsBody: boolean) =>
  runActiveTests({
    endpoints,
    baseUrl: 'http://api.test',
    identities: aliceAndBob,
    tests: loadBuiltinTemplates().filter((t) => t.id === 'bola-write-body-key'),
    transport: profileApi(trustsBody),
    intrusiveConfirmed: true,
    learn: false,
    budget: { ratePerSec: 10_000 },
  });

describe('write verified by the owner reading it back', () => {
  it("confirms B rewriting A's profile named in the body, with both answers", async () => {
    const { results } = await run(true);
    expect(results.map((r) => r.outcome)).toEqual(['confirmed']);
    expect(results[0]!.detail).toMatch(/reads back first_name="argus-/);
    // the phone number (digits) and the key are left as they were
    const attack = results[0]!.evidence.find((e) => e.step === 'attack')!;
    expect(JSON.parse(attack.request.body!)).toMatchObject({ username: 'alice', phone: '5550000' });
    expect(attack.identity).toBe('bob');
  });

  it("is not vulnerable when the API writes the caller's own profile", async () => {
    const { results } = await run(false);
    expect(results.map((r) => r.outcome)).toEqual(['not-vulnerable']);
  });
});
