import { describe, expect, it } from 'vitest';
import { applyOwnership, learnFacts, ownValueFor, type OwnedFact } from '../src/active/learn.js';
import { signJwt } from '../src/active/jwt.js';
import type { ActiveEndpoint, Identity } from '../src/active/types.js';

const endpoint = (method: string, path: string): ActiveEndpoint => ({
  method,
  path,
  baseline: { pathParams: {}, query: {} },
});
const fact = (field: string, value: string, source: string, created = false): OwnedFact => ({
  field,
  value,
  source,
  ...(created ? { created } : {}),
});

describe('object keys whatever they are called', () => {
  it('takes a key named after its collection from what that collection answered', () => {
    const facts = [
      fact('id', '7', '/orders'),
      fact('title', 'Alice in Argus', '/books/v1'),
      fact('id', '3', 'token'),
    ];
    expect(ownValueFor({ name: 'order_id', in: 'path' }, endpoint('GET', '/orders/{order_id}'), facts)).toBe(
      '7',
    );
    expect(ownValueFor({ name: 'id', in: 'path' }, endpoint('GET', '/orders/{id}'), facts)).toBe('7');
    expect(
      ownValueFor({ name: 'book_title', in: 'path' }, endpoint('GET', '/books/v1/{book_title}'), facts),
    ).toBe('Alice in Argus');
    // the token's id is the user's, not a beer's or a menu item's
    expect(ownValueFor({ name: 'user_id', in: 'path' }, endpoint('GET', '/v1/user/{user_id}'), facts)).toBe(
      '3',
    );
    expect(
      ownValueFor({ name: 'beer_id', in: 'path' }, endpoint('GET', '/v1/love/{beer_id}'), facts),
    ).toBeUndefined();
    expect(ownValueFor({ name: 'id', in: 'path' }, endpoint('DELETE', '/menu/{id}'), facts)).toBeUndefined();
  });

  it('learns from token claims and reads only what the other identity does not see too', async () => {
    const identities: Identity[] = ['alice', 'bob'].map((name) => ({
      name,
      auth: { kind: 'bearer', token: signJwt({ alg: 'HS256', typ: 'JWT' }, { sub: name, exp: 1 }, 'k') },
    }));
    const answers: Record<string, string> = {
      'alice GET /books/v1': JSON.stringify([{ title: 'Public Book' }, { title: 'Alice Secret' }]),
      'bob GET /books/v1': JSON.stringify([{ title: 'Public Book' }, { title: 'Bob Diary' }]),
    };
    const endpoints = [endpoint('GET', '/books/v1'), endpoint('GET', '/books/v1/{book_title}')];
    const { facts, created } = await learnFacts({
      endpoints,
      identities,
      tokenOf: async (i) => (i.auth.kind === 'bearer' ? i.auth.token : undefined),
      send: async (draft, identity) => ({
        status: 200,
        headers: {},
        body: answers[`${identity.name} ${draft.method} ${draft.pathTemplate}`] ?? '{}',
        ms: 1,
        exchange: 0,
      }),
      create: false,
    });
    expect(created).toEqual([]);
    expect(facts.get('alice')).toEqual([
      { field: 'sub', value: 'alice', source: 'token' },
      { field: 'title', value: 'Alice Secret', source: '/books/v1' },
    ]);
    const applied = applyOwnership(endpoints, identities, facts);
    expect(applied.keys).toBe(1);
    expect(applied.identities[1]!.endpointValues).toEqual({
      'GET /books/v1/{book_title}': { book_title: 'Bob Diary' },
    });
    // a path key found this way counts as an identifier: object-level tests apply to it
    expect(applied.endpoints[1]!.params).toEqual([{ name: 'book_title', in: 'path', type: 'id' }]);
  });
});
