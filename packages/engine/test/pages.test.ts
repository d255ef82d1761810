// The site's pages told from its API in logs without content types, by shape: a front end that
// answers its routes and unknown paths with its index, and page loads a browser marks as such.
import { describe, expect, it } from 'vitest';
import { Inventory, readAccessLog } from '../src/index.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0';
const line = (minute: number, request: string, status: number, bytes: number | '-') =>
  `198.51.100.7 - - [10/Oct/2024:14:${String(minute % 60).padStart(2, '0')}:00 +0000] "${request} HTTP/1.1" ${status} ${bytes} "-" "${BROWSER}"`;

async function discover(lines: string[]) {
  const inv = new Inventory({ detectPii: false });
  await readAccessLog(lines.join('\n'), { format: 'auto', onObservation: (o) => void inv.addObservation(o) });
  const endpoints = inv
    .endpoints()
    .map((e) => `${e.method} ${e.normalizedPath}`)
    .sort();
  return { endpoints, pages: inv.traffic()[0]?.pageRequests ?? 0 };
}

/** The API's own calls: sizes vary with what each answer holds. */
function apiCalls(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 10; i++) {
    out.push(line(i, 'GET /api/orders', 200, 2000 + i * 37));
    out.push(line(i, `GET /api/orders/${1000 + i}`, 200, 400 + i));
  }
  out.push(line(20, 'POST /api/orders', 201, 310));
  return out;
}

describe('pages in an access log', () => {
  it('counts the index and every path answered with its document as pages, not endpoints', async () => {
    const spa = [
      line(0, 'GET /', 200, 1023),
      line(1, 'GET /login', 200, 1023),
      line(2, 'GET /dashboard', 200, 1023),
      line(3, 'GET /reservations', 200, 1023),
      line(4, 'GET /login', 304, 0),
      line(5, 'HEAD /', 200, 0),
      line(6, 'GET /', 304, 0),
    ];
    const { endpoints, pages } = await discover([...spa, ...apiCalls()]);
    expect(endpoints).toEqual(['GET /api/orders', 'GET /api/orders/{orderId}', 'POST /api/orders']);
    expect(pages).toBe(7);
  });

  it('keeps an API whose answers only happen to be small, and its root', async () => {
    // `{"status":"ok"}` at the root and on a health route: too small to tell from an answer.
    const lines = [line(0, 'GET /', 200, 15), line(1, 'GET /health', 200, 15), ...apiCalls()];
    const { endpoints, pages } = await discover(lines);
    expect(endpoints).toEqual([
      'GET /',
      'GET /api/orders',
      'GET /api/orders/{orderId}',
      'GET /health',
      'POST /api/orders',
    ]);
    expect(pages).toBe(0);
  });

  it('infers nothing when the index was never asked for, or when sizes are not logged', async () => {
    const unknown = [line(0, 'GET /', 200, '-'), line(1, 'GET /login', 200, '-'), ...apiCalls()];
    expect((await discover(unknown)).endpoints).toContain('GET /login');
    const noIndex = [line(0, 'GET /login', 200, 1023), line(1, 'GET /about', 200, 1023), ...apiCalls()];
    expect((await discover(noIndex)).pages).toBe(0);
  });
});

describe('page loads a browser marks (JSON logs with request headers)', () => {
  const record = (uri: string, dest: string, contentType: string | null, status = 200) =>
    JSON.stringify({
      ts: 1747652829.92,
      request: {
        client_ip: '172.19.0.1',
        method: 'GET',
        host: 'app.example',
        uri,
        headers: { 'Sec-Fetch-Dest': [dest], 'Sec-Fetch-Mode': [dest === 'document' ? 'navigate' : 'cors'] },
      },
      size: 2342,
      status,
      resp_headers: contentType === null ? {} : { 'Content-Type': [contentType] },
    });

  it('counts navigations as pages, even unanswered ones, and keeps JSON opened in a tab', async () => {
    const lines = [
      record('/wizard', 'document', null, 0),
      record('/settings', 'document', 'text/html; charset=utf-8'),
      record('/api/profile', 'document', 'application/json'),
      record('/api/items', 'empty', 'application/json'),
      record('/api/items', 'empty', 'application/json'),
    ];
    const { endpoints, pages } = await discover(lines);
    expect(endpoints).toEqual(['GET /api/items', 'GET /api/profile']);
    expect(pages).toBe(2);
  });
});
