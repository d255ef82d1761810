// Observations as the analysis step receives them from the queue, made hostile: paths with
// encoded NULs (%00, %2500), overlong and surrogate UTF-8 (%C0%AF, %ED%A0%80), lone surrogates,
// 10k segments; keys like `__proto__` and `constructor`; huge numbers; deep JSON; and now and then
// a field of the wrong type (what a damaged row or an older build leaves queued).
import fc from 'fast-check';
import type { Observation } from '@argus/engine';
import { hostileString, jsonBomb } from './generators.js';

const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '',
];
const HUGE_NUMBERS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '1e-400',
  '-0',
  '9007199254740993',
];

const segment = fc.oneof(
  { arbitrary: fc.constantFrom('v1', 'users', 'orders', '42', 'a.b', '~x'), weight: 5 },
  {
    arbitrary: fc.constantFrom(
      '%00',
      'p%00q',
      '%2500',
      'a%2500b',
      '%C0%AF',
      '%ED%A0%80',
      '%ZZ',
      '%',
      '\u0000',
      '\ud800',
      '\udfff',
      '__proto__',
      'constructor',
      ...HUGE_NUMBERS,
      '9'.repeat(400),
    ),
    weight: 4,
  },
  { arbitrary: hostileString(12), weight: 2 },
);

const path = fc.oneof(
  { arbitrary: fc.array(segment, { minLength: 1, maxLength: 8 }).map((s) => `/${s.join('/')}`), weight: 8 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', '1', '%00', '__proto__'), fc.integer({ min: 2_000, max: 10_000 }))
      .map(([s, n]) => `/${Array(n).fill(s).join('/')}`),
    weight: 1,
  },
  { arbitrary: hostileString(40), weight: 1 },
);

const nastyObject: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NASTY_KEYS), fc.string({ maxLength: 6 })), fc.jsonValue()), {
    maxLength: 5,
  })
  .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

const jsonBody = fc.oneof(
  nastyObject,
  jsonBomb,
  fc.constantFrom(...HUGE_NUMBERS).map((n) => `{"id":${n},"items":[${n}]}`),
  fc.constantFrom('{"a":"\\ud800"}', '{"\\u0000":"\\u0000"}', '{"__proto__":{"admin":true}}', '[1,2,'),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  hostileString(200),
);

const headers = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NASTY_KEYS), hostileString(8)), hostileString(20)), {
    maxLength: 3,
  })
  .map(
    (pairs) => Object.fromEntries([['content-type', 'application/json'], ...pairs]) as Record<string, string>,
  );

const wellTyped: fc.Arbitrary<Observation> = fc.record({
  source: fc.constant('capture' as const),
  domain: fc.constant(''),
  method: fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PROPFIND'), hostileString(6)),
  path,
  query: fc.oneof(
    fc.constantFrom('', 'a=%00', '__proto__[admin]=1', 'constructor.prototype.x=1', `n=${'9'.repeat(400)}`),
    hostileString(30),
  ),
  status: fc.oneof(fc.constantFrom(200, 201, 404, 500, null), fc.integer({ min: 100, max: 599 })),
  scheme: fc.constantFrom('http' as const, 'https' as const, null),
  auth: fc.constantFrom([], null, ['bearer' as const]),
  requestHeaders: headers,
  responseHeaders: headers,
  requestBody: jsonBody,
  responseBody: jsonBody,
  timestamp: fc.oneof(fc.constant(null), fc.nat(), fc.constant(1e20)),
});

/** A field set to a value of another type (the analysis must set the observation aside, not fail). */
const damaged: fc.Arbitrary<Observation> = fc
  .tuple(
    wellTyped,
    fc.constantFrom('auth', 'requestHeaders', 'status', 'path', 'method', 'query'),
    fc.jsonValue(),
  )
  .map(([o, key, value]) => ({ ...o, [key]: value }) as Observation);

export const hostileObservation: fc.Arbitrary<Observation> = fc.oneof(
  { arbitrary: wellTyped, weight: 9 },
  { arbitrary: damaged, weight: 1 },
);

/** An ordinary request: whatever its batch holds, it must become an endpoint. */
export function sentinelObservation(domain: string, n: number): Observation {
  return {
    source: 'capture',
    domain,
    method: 'GET',
    path: `/sentinel/items/${n}`,
    query: '',
    status: 200,
    scheme: 'https',
    auth: [],
    requestHeaders: {},
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: `{"id":${n},"name":"item"}`,
    timestamp: 1_700_000_000_000,
  };
}
