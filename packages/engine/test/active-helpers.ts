// What the active-test suites share: the fixture's API description and a
// transport over the global fetch (tests may use the network; src/ may not).
import { readFileSync } from 'node:fs';
import type { ActiveEndpoint } from '../src/index.js';

export const fixtureSpec = readFileSync(
  new URL('../../../fixtures/vulnerable-api/openapi.yaml', import.meta.url),
  'utf8',
);
export { fetchTransport } from '../../../fixtures/vulnerable-api/fetch-transport.js';

/** A JSON answer as a transport returns it. */
export const jsonAnswer = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  truncated: false,
});

/** A profile the session selects: `GET /profile` and a write of it with these body fields. */
export const profileEndpoints = (method: string, body: Record<string, string>): ActiveEndpoint[] => [
  { method: 'GET', path: '/profile', authRequired: true },
  {
    method,
    path: '/profile',
    authRequired: true,
    params: Object.entries(body).map(([name, example]) => ({ name, in: 'body' as const, example })),
  },
];

/** alice and bob, signed in by bearer tokens `tok-alice` / `tok-bob`, each knowing its user name. */
export const aliceAndBob = ['alice', 'bob'].map((name) => ({
  name,
  auth: { kind: 'bearer' as const, token: `tok-${name}` },
  values: { username: name },
}));
