import { describe, expect, it } from 'vitest';
import {
  Inventory,
  bolaCandidates,
  principalOfHeaders,
  sessionCookiePrincipal,
  type Observation,
} from '../src/index.js';

const ALICE = 's%3AqW3rT9zXy7LmN2bV5cK8pJ4hG6fD1sA0';
const BOB = 's%3Ab7Hj2Kl9Mn4Pq6Rs8Tu1Vw3Xy5Za0Bc2D';

describe('session-cookie principals', () => {
  it('names one session by one stable hash, never by its value', () => {
    const alice = sessionCookiePrincipal(`theme=dark; connect.sid=${ALICE}`);
    expect(alice).toMatch(/^cookie:connect\.sid:[0-9a-f]{16}$/);
    expect(alice).not.toContain(ALICE.slice(4, 20));
    expect(sessionCookiePrincipal(`connect.sid=${ALICE}; lang=en`)).toBe(alice);
    expect(sessionCookiePrincipal(`connect.sid=${BOB}`)).not.toBe(alice);
  });

  it('prefers a session cookie over other credential-like cookies, whatever their order', () => {
    const token = 'Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1';
    const both = sessionCookiePrincipal(`csrf_token=${token}; PHPSESSID=${BOB}`);
    expect(both).toMatch(/^cookie:PHPSESSID:/);
    expect(sessionCookiePrincipal(`PHPSESSID=${BOB}; csrf_token=${token}`)).toBe(both);
    expect(sessionCookiePrincipal(`csrf_token=${token}`)).toMatch(/^cookie:csrf_token:/);
  });

  it('names nobody from cookies that cannot tell sessions apart, or were redacted', () => {
    expect(sessionCookiePrincipal('remember_me=1; auth=true')).toBeUndefined();
    expect(sessionCookiePrincipal('session=aaaaaaaaaaaaaaaaaaaaaaaa')).toBeUndefined();
    expect(sessionCookiePrincipal('sid=[redacted]; theme=dark')).toBeUndefined();
    expect(sessionCookiePrincipal(`theme=${ALICE}`)).toBeUndefined();
    expect(sessionCookiePrincipal(undefined)).toBeUndefined();
  });

  it("takes a JWT's sub before the session cookie", () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'user-42' })).toString('base64url');
    const authorization = `Bearer eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`;
    expect(principalOfHeaders({ authorization, cookie: `sid=${ALICE}` })).toBe('user-42');
    expect(principalOfHeaders({ authorization: 'Basic dTpw', cookie: `sid=${ALICE}` })).toBe(
      sessionCookiePrincipal(`sid=${ALICE}`),
    );
  });

  it('gives a BOLA candidate when one session changes an order another session read', () => {
    let clock = 1_733_561_000_000;
    const request = (method: string, path: string, sid: string): Observation => ({
      source: 'har',
      domain: 'shop.example',
      method,
      path,
      query: '',
      status: 200,
      scheme: 'https',
      auth: ['cookie'],
      requestHeaders: { cookie: `sid=${sid}` },
      responseHeaders: {},
      timestamp: clock++,
    });
    const inventory = new Inventory();
    for (const o of [
      request('GET', '/api/orders/1001', ALICE),
      request('GET', '/api/orders/1002', ALICE),
      request('GET', '/api/orders/1003', BOB),
      request('DELETE', '/api/orders/1002', BOB),
    ])
      inventory.addObservation(o);
    const endpoints = inventory.endpoints().filter((e) => e.normalizedPath.startsWith('/api/orders/{'));
    const candidates = bolaCandidates(endpoints);
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      owner: sessionCookiePrincipal(`sid=${ALICE}`),
      other: sessionCookiePrincipal(`sid=${BOB}`),
      first: { method: 'GET', path: '/api/orders/1002' },
      then: { method: 'DELETE', path: '/api/orders/1002' },
    });
    expect(JSON.stringify(candidates)).not.toContain(ALICE);
  });
});
