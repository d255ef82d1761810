// Noise judged by who sent it, by shape: generated combined logs of a front end that answers
// 200 to every path, one client using the API and one client probing.
import { describe, expect, it } from 'vitest';
import { Inventory, readAccessLog } from '../src/index.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0';
const line = (client: string, minute: number, request: string, status: number, agent = BROWSER) =>
  `${client} - - [10/Oct/2024:14:${String(minute % 60).padStart(2, '0')}:00 +0000] "${request} HTTP/1.1" ${status} 512 "-" "${agent}"`;

async function discover(lines: string[]) {
  const inv = new Inventory({ detectPii: false });
  await readAccessLog(lines.join('\n'), { format: 'auto', onObservation: (o) => void inv.addObservation(o) });
  return {
    endpoints: inv
      .endpoints()
      .map((e) => `${e.method} ${e.normalizedPath}`)
      .sort(),
    traffic: inv.traffic()[0],
  };
}

/** A user of the API: the same few routes again and again. */
function user(client = '198.51.100.7'): string[] {
  const out: string[] = [];
  for (let i = 0; i < 12; i++) {
    out.push(line(client, i, 'GET /api/orders', 200));
    out.push(line(client, i, `GET /api/orders/${1000 + (i % 3)}`, 200));
  }
  out.push(line(client, 30, 'POST /api/orders', 201));
  return out;
}

/** A scanner behind a front end that answers 200 to everything: each path once, some probes. */
function scanner(client = '203.0.113.66'): string[] {
  const words = [
    'admin',
    'backup',
    'config',
    'login',
    'api/v1/debug',
    'old',
    'test',
    'dev',
    'portal',
    'api/orders',
  ];
  const out = words.map((w, i) => line(client, i, `GET /${w}`, 200, 'python-requests/2.31'));
  out.push(line(client, 20, 'GET /.env', 200, 'python-requests/2.31'));
  out.push(line(client, 21, 'GET /wp-login.php', 200, 'python-requests/2.31'));
  out.push(line(client, 22, 'GET /.git/config', 200, 'python-requests/2.31'));
  return out;
}

describe('clients judged over the window', () => {
  it('counts the routes only a scanner asked for as reconnaissance, even when all answered 200', async () => {
    const { endpoints, traffic } = await discover([...user(), ...scanner()]);
    expect(endpoints).toEqual(['GET /api/orders', 'GET /api/orders/{orderId}', 'POST /api/orders']);
    // Its signature requests, and the 9 routes no one else asked for.
    expect(traffic?.attack.byKind).toMatchObject({ scanner: 9 });
    expect(traffic?.attack.byClient[0]).toEqual({ client: '203.0.113.66', count: 12 });
  });

  it('keeps a route the scanner shares with a client of the API', async () => {
    const { endpoints } = await discover([...user(), ...scanner()]);
    expect(endpoints).toContain('GET /api/orders');
  });

  it('keeps a route whose only answer was a refusal to a client of the API, not one a scanner got', async () => {
    const refused = [line('198.51.100.7', 40, 'PUT /api/orders/1000/cancel', 422)];
    const probed = [line('203.0.113.66', 40, 'PUT /api/admin/reset', 400, 'python-requests/2.31')];
    const { endpoints } = await discover([...user(), ...refused, ...scanner(), ...probed]);
    expect(endpoints).toContain('PUT /api/orders/{orderId}/cancel');
    expect(endpoints).not.toContain('PUT /api/admin/reset');
  });

  it('judges nothing from a client with one request', async () => {
    const { endpoints } = await discover([line('192.0.2.1', 1, 'GET /api/health', 200)]);
    expect(endpoints).toEqual(['GET /api/health']);
  });
});
