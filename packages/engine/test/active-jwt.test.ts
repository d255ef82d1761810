// JWT cracking against the shipped wordlist and numeric keys, and run-wide JWT
// tests that look past endpoints whose answers carry nothing to compare.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crackJwt, decodeJwt, signJwt } from '../src/active/jwt.js';
import { jwtCandidates, jwtWordlist } from '../src/active/jwt-secrets.js';
import { loadBuiltinTemplates, runActiveTests, type ActiveEndpoint } from '../src/index.js';
import type { TransportRequest, TransportResponse } from '../src/transport.js';
import { jsonAnswer } from './active-helpers.js';

const token = (secret: string, alg = 'HS256') =>
  signJwt({ alg, typ: 'JWT' }, { sub: 'alice', iat: 1_700_000_000 }, secret);

describe('offline JWT cracking', () => {
  it('ships a public wordlist of thousands of secrets, read once', () => {
    const list = jwtWordlist();
    expect(list.length).toBeGreaterThan(50_000);
    expect(new Set(list).size).toBe(list.length);
    expect(list.every((s) => s !== '' && !s.includes('\r'))).toBe(true);
    expect(jwtWordlist()).toBe(list);
  });

  it('finds a wordlist secret whatever the HMAC size, and no random one', { timeout: 120_000 }, () => {
    const list = jwtWordlist();
    const secret = list[Math.floor(list.length / 2)]!;
    for (const alg of ['HS256', 'HS384', 'HS512'])
      expect(crackJwt(token(secret, alg), jwtCandidates())).toBe(secret);
    const strong = createHmac('sha256', String(Math.random())).digest('hex');
    expect(crackJwt(token(strong), jwtCandidates())).toBeNull();
  });

  it('tries numeric keys only up to the digits asked for', { timeout: 120_000 }, () => {
    expect(crackJwt(token('90417'), jwtCandidates(4))).toBeNull();
    expect(crackJwt(token('0417'), jwtCandidates(4))).toBe('0417');
  });
});

/** Two reads needing a bearer JWT: the first answers an empty list, the second the caller's record. */
function api(verifies: boolean, secret: string) {
  return async (r: TransportRequest): Promise<TransportResponse> => {
    const answer = jsonAnswer;
    const auth = /^Bearer (.+)$/.exec(r.headers?.['authorization'] ?? '')?.[1];
    const jwt = auth ? decodeJwt(auth) : null;
    const genuine = jwt && auth === signJwt(jwt.header, jwt.payload, secret);
    if (!jwt || (verifies && !genuine)) return answer(401, { detail: 'Not authenticated' });
    if (new URL(r.url).pathname === '/orders') return answer(200, []);
    return answer(200, { username: jwt.payload['sub'], address: '12 Quiet Street' });
  };
}

const endpoints: ActiveEndpoint[] = [
  { method: 'GET', path: '/orders', authRequired: true },
  { method: 'GET', path: '/profile', authRequired: true },
];

describe('run-wide JWT tests', () => {
  it('decide on an endpoint whose answer has values, not on an empty list', async () => {
    const secret = createHmac('sha256', 'k').update(String(Math.random())).digest('hex');
    const tests = loadBuiltinTemplates().filter((t) => t.id === 'auth-jwt-signature-not-verified');
    const runOn = (verifies: boolean) =>
      runActiveTests({
        endpoints,
        baseUrl: 'http://api.test',
        identities: [{ name: 'alice', auth: { kind: 'bearer', token: token(secret) } }],
        tests,
        transport: api(verifies, secret),
        learn: false,
        budget: { ratePerSec: 10_000 },
      });
    const open = await runOn(false);
    expect(open.results.map((r) => [r.endpoint.path, r.outcome])).toEqual([['/profile', 'confirmed']]);
    const secure = await runOn(true);
    expect(secure.results.map((r) => [r.endpoint.path, r.outcome])).toEqual([['/profile', 'not-vulnerable']]);
  });
});
