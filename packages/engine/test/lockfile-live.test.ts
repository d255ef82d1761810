// The server's view of the lockfile diff: one endpoint's aggregate before and after
// more traffic, as an inventory builds them from observations.
import { describe, expect, it } from 'vitest';
import { Inventory, liveChanges, type EndpointAggregate, type Observation } from '../src/index.js';

const DOMAIN = 'live.example.com';

function exchange(auth: 'bearer' | null, status: number, responseBody = '{"plan":"pro"}'): Observation {
  return {
    source: 'capture',
    domain: DOMAIN,
    method: 'GET',
    path: '/api/profile',
    query: '',
    status,
    scheme: 'https',
    auth: auth ? [auth] : [],
    requestHeaders: auth ? { authorization: 'Bearer [redacted]' } : {},
    responseHeaders: { 'content-type': 'application/json' },
    responseBody,
    timestamp: 1_795_000_000_000,
  };
}

/** The endpoint's aggregate after these observations (a copy: the inventory goes on changing it). */
function aggregateAfter(inventory: Inventory, observations: Observation[]): EndpointAggregate {
  for (const o of observations) inventory.addObservation(o);
  const [agg] = inventory.endpoints();
  return structuredClone(agg!);
}

describe('liveChanges', () => {
  it('names an endpoint that refused anonymous requests and now answers them', () => {
    const inventory = new Inventory();
    const before = aggregateAfter(inventory, [
      exchange('bearer', 200),
      exchange('bearer', 200),
      exchange('bearer', 200),
      exchange(null, 401),
      exchange(null, 401),
    ]);
    expect(liveChanges(null, before)).toEqual([]);
    const after = aggregateAfter(inventory, [exchange(null, 200), exchange(null, 200)]);
    const changes = liveChanges(before, after);
    expect(changes.map((c) => [c.kind, c.severity, c.message])).toEqual([
      [
        'auth-regression',
        'high',
        'GET /api/profile needed credentials and now answers requests without them: ' +
          'required (3 with credentials, 2 without, 2 refused) → optional (3 with credentials, 4 without, 2 refused)',
      ],
    ]);
    // The same traffic again is no new regression.
    const again = aggregateAfter(inventory, [exchange(null, 200), exchange(null, 200)]);
    expect(liveChanges(after, again)).toEqual([]);
  });

  it('names the type, direction and field of PII a response starts carrying', () => {
    const inventory = new Inventory();
    const before = aggregateAfter(inventory, [exchange('bearer', 200)]);
    const after = aggregateAfter(inventory, [
      exchange('bearer', 200, '{"plan":"pro","owner":{"contact":"ana.lima@example.org"}}'),
    ]);
    const changes = liveChanges(before, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: 'new-pii',
      after: { direction: 'response', type: 'email', part: 'body', field: 'owner.contact' },
    });
    expect(changes[0]!.message).toBe(
      'GET /api/profile: the response body now carries email at owner.contact',
    );
  });
});
