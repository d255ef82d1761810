// A browser session's HAR, by shape: the page's own host with its HTML and scripts, an API
// host answering JSON, a tracker's beacons on a third host and a proxy's CONNECT tunnels.
// Only the API's calls become endpoints; the pages and scripts are counted, not listed.
import { describe, expect, it } from 'vitest';
import { Inventory, readHar } from '../src/index.js';

const entry = (method: string, url: string, status: number, mimeType: string, sent?: string) => ({
  startedDateTime: '2024-05-01T10:00:00.000Z',
  request: {
    method,
    url,
    headers: [],
    ...(sent
      ? { postData: { mimeType: sent, text: sent.includes('json') ? '{"a":1}' : 'v=2&t=event' } }
      : {}),
  },
  response: { status, headers: [], content: { mimeType, text: '' } },
});
const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', entries } });

function session(): unknown[] {
  const entries: unknown[] = [
    entry('CONNECT', 'https://app.example.test:443', 200, ''),
    entry('GET', 'https://app.example.test/', 200, 'text/html; charset=utf-8'),
    entry('GET', 'https://app.example.test/assets/main-4f2a.js', 200, 'application/javascript'),
    entry('GET', 'https://app.example.test/src/lib/client.ts', 200, 'text/javascript'),
    entry('GET', 'https://app.example.test/settings', 200, 'text/html'),
  ];
  for (let i = 0; i < 6; i++) {
    entries.push(entry('GET', `https://api.example.test/v1/orders/${100 + i}`, 200, 'application/json'));
    entries.push(entry('POST', 'https://beacon.tracker.test/collect', 204, '', 'text/plain'));
    entries.push(entry('GET', `https://beacon.tracker.test/pixel.gif?e=${i}`, 200, 'image/gif'));
  }
  entries.push(
    entry('POST', 'https://api.example.test/v1/orders', 201, 'application/json', 'application/json'),
  );
  entries.push(entry('CONNECT', 'https://beacon.tracker.test:443', 200, ''));
  return entries;
}

describe('a browser session HAR', () => {
  it('keeps the API host, and skips CONNECT tunnels and hosts that answer no data', () => {
    const r = readHar(har(session()));
    expect(new Set(r.observations.map((o) => o.domain))).toEqual(new Set(['api.example.test']));
    expect(r.observations).toHaveLength(7);
    expect(r.warnings.join('\n')).toMatch(/2 CONNECT tunnel entries/);
    expect(r.warnings.join('\n')).toMatch(
      /16 entries on 2 other hosts \(app\.example\.test, beacon\.tracker\.test\)/,
    );
  });

  it('keeps every host when none answers data (nothing tells them apart)', () => {
    const r = readHar(
      har([entry('GET', 'https://a.test/x', 200, 'text/plain'), entry('GET', 'https://b.test/y', 200, '')]),
    );
    expect(r.observations.map((o) => o.domain)).toEqual(['a.test', 'b.test']);
  });

  it('counts HTML answers as the domain pages and scripts as static, listing only API calls', () => {
    const entries = [
      entry('GET', 'https://app.example.test/', 200, 'text/html'),
      entry('GET', 'https://app.example.test/dashboard', 200, 'text/html; charset=utf-8'),
      entry('GET', 'https://app.example.test/src/api.ts', 200, 'text/javascript'),
      entry('GET', 'https://app.example.test/api/me', 200, 'application/json'),
      entry('PATCH', 'https://app.example.test/api/me', 200, 'application/json', 'application/json'),
    ];
    const inv = new Inventory({ detectPii: false });
    for (const o of readHar(har(entries)).observations) inv.addObservation(o);
    expect(
      inv
        .endpoints()
        .map((e) => `${e.method} ${e.normalizedPath}`)
        .sort(),
    ).toEqual(['GET /api/me', 'PATCH /api/me']);
    const [traffic] = inv.traffic();
    expect(traffic).toMatchObject({ domain: 'app.example.test', pageRequests: 2, staticRequests: 1 });
  });
});
