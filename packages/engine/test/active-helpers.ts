// What the active-test suites share: the fixture's API description and a
// transport over the global fetch (tests may use the network; src/ may not).
import { readFileSync } from 'node:fs';

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
