import { describe, expect, it } from 'vitest';
import { Inventory, bolaCandidates, jwtSubject, type Observation } from '../src/index.js';

const jwt = (payload: Record<string, unknown>) =>
  `Bearer ${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

let clock = 1_733_561_000_000;
const request = (method: string, path: string, who: { principal?: string; token?: string }): Observation => ({
  source: 'capture',
  domain: 'shop.example',
  method,
  path,
  query: '',
  status: 200,
  scheme: 'https',
  auth: ['bearer'],
  requestHeaders: who.token ? { authorization: who.token } : {},
  responseHeaders: {},
  timestamp: clock++,
  ...(who.principal ? { principal: who.principal } : {}),
  ...(who.principal ? { route: path.replace(/\/\d+$/, '/{orderId}'), routeFromTrace: true } : {}),
});

function candidatesOf(observations: Observation[], template: string) {
  const inventory = new Inventory();
  for (const o of observations) inventory.addObservation(o);
  const endpoints = inventory.endpoints().filter((e) => e.normalizedPath === template);
  return { endpoints, candidates: bolaCandidates(endpoints) };
}

describe('BOLA candidates from the principals of traffic', () => {
  it('names the two principals and both requests when one changes what the other used', () => {
    const { endpoints, candidates } = candidatesOf(
      [
        request('GET', '/v1/orders/1', { principal: 'alice' }),
        request('GET', '/v1/orders/2', { principal: 'bob' }),
        request('GET', '/v1/orders/1', { principal: 'alice' }),
        request('PUT', '/v1/orders/2', { principal: 'alice' }),
      ],
      '/v1/orders/{orderId}',
    );
    expect(endpoints.map((e) => e.method).sort()).toEqual(['GET', 'PUT']);
    expect(candidates).toEqual([
      {
        object: { '{orderId}': '2' },
        owner: 'bob',
        other: 'alice',
        first: { method: 'GET', path: '/v1/orders/2', at: expect.any(Number) },
        then: { method: 'PUT', path: '/v1/orders/2', at: expect.any(Number) },
      },
    ]);
  });

  it('finds none when each principal keeps to its own objects', () => {
    const ids = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112];
    const { candidates } = candidatesOf(
      ids.map((id, i) => request('GET', `/v1/orders/${id}`, { principal: i % 2 ? 'alice' : 'bob' })),
      '/v1/orders/{orderId}',
    );
    expect(candidates).toEqual([]);
  });

  it('reads principals from captured JWTs, keeping the subject and never the token', () => {
    const alice = jwt({ sub: 'user-17' });
    const bob = jwt({ sub: 'user-42' });
    const ids = [5001, 5009, 5017, 5023, 5031, 5040, 5052, 5063, 5070, 5081];
    const observations = [
      ...ids.map((id) => request('GET', `/api/invoices/${id}`, { token: alice })),
      request('GET', '/api/invoices/5017', { token: bob }),
    ];
    const inventory = new Inventory();
    for (const o of observations) inventory.addObservation(o);
    const [endpoint, ...others] = inventory.endpoints();
    expect(others).toEqual([]);
    expect(endpoint!.normalizedPath).toMatch(/^\/api\/invoices\/\{[^}]+\}$/);
    const candidates = bolaCandidates([endpoint!]);
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ owner: 'user-17', other: 'user-42' });
    expect(JSON.stringify(endpoint)).not.toContain(bob.slice(7));
  });

  it('takes no subject from what is not a JWT', () => {
    expect(jwtSubject('Bearer opaque-token')).toBeUndefined();
    expect(jwtSubject('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(jwtSubject(jwt({ name: 'no subject' }))).toBeUndefined();
    expect(jwtSubject(jwt({ sub: 7 }))).toBe('7');
  });
});
