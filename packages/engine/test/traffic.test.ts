// Traffic that is not the API never becomes an endpoint: an nginx log of a dash-style API
// hit by scanners (the shape issue 14 found in a real log) is read as a user would.
import { describe, expect, it } from 'vitest';
import { Inventory, checkEndpoint, classifyRequest, readAccessLog } from '../src/index.js';

const line = (client: string, second: number, method: string, target: string, status: number) =>
  `${client} - - [01/May/2024:10:00:${String(second % 60).padStart(2, '0')} +0000] "${method} ${target} HTTP/1.1" ${status} 12 "-" "ua"`;

function nginxLog(): string {
  const lines: string[] = [];
  let s = 0;
  const user = '198.51.100.7';
  const ids = ['66d4b1d0a92bedb5aa316f75', '66d4b1d0a92bedb5aa316f76', '66d4b1d0a92bedb5aa316f77'];
  for (let i = 0; i < 3; i++) {
    lines.push(line(user, s++, 'GET', '/v1-me', 200));
    lines.push(line(user, s++, 'GET', '/v1-list-workspaces', 200));
    lines.push(line(user, s++, 'POST', '/v1-complete-pomodoro', 201));
    lines.push(line(user, s++, 'POST', '/v1-google-login', 200));
    lines.push(line(user, s++, 'OPTIONS', '/v1-upsert-task/' + ids[i], 204));
    lines.push(line(user, s++, 'POST', '/v1-upsert-task/' + ids[i], 200));
    lines.push(line(user, s++, 'GET', '/v1-list-all-tasks/' + ids[i], 200));
    lines.push(line(user, s++, 'GET', '/v1-export', 401)); // behind a login: it exists
    lines.push(line(user, s++, 'GET', '/favicon.ico', 200));
    lines.push(line(user, s++, 'GET', '/static/js/main.3f9a1c.js', 200));
  }
  const scanner = '203.0.113.66';
  for (const probe of [
    '/.env',
    '/.git/config',
    '/wp-login.php',
    '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
    '/cgi-bin/.%2e/.%2e/.%2e/bin/sh',
    '/admin.php',
    '/server-status',
    '/.DS_Store',
  ])
    lines.push(line(scanner, s++, 'GET', probe, 404));
  for (const p of ['/old-admin', '/backup', '/login', '/dashboard'])
    lines.push(line('192.0.2.9', s++, 'GET', p, 404));
  lines.push(line(scanner, s, 'GET', '/.env', 404));
  return lines.join('\n');
}

async function readNginxLog(): Promise<Inventory> {
  const inv = new Inventory();
  await readAccessLog(nginxLog(), {
    format: 'nginx',
    domain: 'tasks.example',
    onObservation: (o) => void inv.addObservation(o),
  });
  return inv;
}

describe('traffic that is not the API', () => {
  it('classifies single requests by signature', () => {
    expect(classifyRequest('GET', '/api/v1/users/42')).toBeNull();
    expect(classifyRequest('GET', '/v1-list-all-tasks/66d4b1d0a92bedb5aa316f75')).toBeNull();
    expect(classifyRequest('GET', '/.env')).toEqual({ kind: 'attack', attack: 'dotfile' });
    expect(classifyRequest('GET', '/wp-admin/install.php')?.attack).toBe('wordpress');
    expect(classifyRequest('GET', '/cgi-bin/luci')?.attack).toBe('cgi');
    expect(classifyRequest('GET', '/a/../../etc/passwd')?.attack).toBe('traversal');
    expect(classifyRequest('GET', '/\u0016\u0003\u0001')?.attack).toBe('binary');
    expect(classifyRequest('GET', '/search', 'q=${jndi:ldap://x}')?.attack).toBe('injection');
    expect(classifyRequest('GET', '/robots.txt')).toEqual({ kind: 'browser' });
    expect(classifyRequest('GET', '/assets/app.css')).toEqual({ kind: 'static' });
    expect(classifyRequest('OPTIONS', '/api/v1/users')).toEqual({ kind: 'preflight' });
    expect(classifyRequest('GET', '/.well-known/openid-configuration')).toBeNull();
    expect(classifyRequest('GET', '/api/v1/report.json')).toBeNull();
    // Downloads and source files a web server hands out; an API's own archives stay candidates.
    expect(classifyRequest('GET', '/files/logstash/logstash-1.3.2-monolithic.jar')).toEqual({
      kind: 'static',
    });
    expect(classifyRequest('GET', '/files/xdotool/xdotool-2.20101014.3063.tar.gz')).toEqual({
      kind: 'static',
    });
    expect(classifyRequest('GET', '/scripts/python/wrap/main.py')).toEqual({ kind: 'static' });
    expect(classifyRequest('GET', '/instances/42/frames/1/raw.gz')).toBeNull();
    expect(classifyRequest('GET', '/etc/packages/acme/core-1.2.zip')).toBeNull();
    // Probes below a prefix, with no dot or other special character to flag them.
    expect(classifyRequest('GET', '/blog/wp-admin/')?.attack).toBe('wordpress');
    expect(classifyRequest('GET', '/admin/phpMyAdmin/')?.attack).toBe('php-probe');
    expect(classifyRequest('GET', '/lib/phpunit/phpunit/src/Util/PHP')?.attack).toBe('php-probe');
    expect(classifyRequest('GET', '/scripts/cgi-bin/test-cgi')?.attack).toBe('cgi');
    expect(classifyRequest('GET', '/api/v1/wp/posts')).toBeNull();
    expect(classifyRequest('GET', '/api/v1/party-admins/cgi')).toBeNull();
  });

  it('lists every real operation of a scanned log, and no probe, asset or preflight', async () => {
    const inv = await readNginxLog();
    const endpoints = inv
      .endpoints()
      .map((e) => `${e.method} ${e.normalizedPath}`)
      .sort();
    expect(endpoints).toEqual([
      'GET /v1-export',
      'GET /v1-list-all-tasks/{objectId}',
      'GET /v1-list-workspaces',
      'GET /v1-me',
      'POST /v1-complete-pomodoro',
      'POST /v1-google-login',
      'POST /v1-upsert-task/{objectId}',
    ]);
    const [traffic] = inv.traffic();
    expect(traffic).toMatchObject({
      domain: 'tasks.example',
      staticRequests: 3,
      browserRequests: 3,
      preflights: 3,
      preflightsByPath: [{ path: '/v1-upsert-task/{objectId}', count: 3 }],
    });
    expect(traffic?.attack.requests).toBe(13);
    expect(traffic?.attack.byKind).toEqual({
      dotfile: 4,
      wordpress: 1,
      'php-probe': 1,
      traversal: 1,
      'admin-probe': 1,
      // The scanner's own path that only ever failed is a scanner's route; the rest only failed.
      scanner: 1,
      unanswered: 4,
    });
    // Every probe counts by client: signatures and the paths that only ever failed.
    expect(traffic?.attack.byClient).toEqual([
      { client: '203.0.113.66', count: 9 },
      { client: '192.0.2.9', count: 4 },
    ]);
    expect(traffic?.attack.topPaths[0]).toEqual({ path: '/.env', count: 2 });
    expect(traffic?.attack.firstSeen).toBe(Date.UTC(2024, 4, 1, 10, 0, 30));
  });

  it('counts preflights on the endpoint they precede, not as one of their own', async () => {
    const inv = await readNginxLog();
    const preflights = Object.fromEntries(
      inv
        .endpoints()
        .flatMap((e) => (e.preflights ? [[`${e.method} ${e.normalizedPath}`, e.preflights]] : [])),
    );
    expect(preflights).toEqual({ 'POST /v1-upsert-task/{objectId}': 3 });
    // Counted once: a second call and a stored copy keep the same count.
    expect(inv.endpoints().find((e) => e.preflights)?.preflights).toBe(3);
    const again = Inventory.fromJSON(inv.toJSON());
    expect(again.endpoints().find((e) => e.preflights)?.preflights).toBe(3);
  });

  it('puts a preflight on the method it asks for, and keeps it until that method is seen', () => {
    const inv = new Inventory();
    const obs = (method: string, path: string, headers: Record<string, string> = {}) =>
      inv.addObservation({
        source: 'har',
        domain: 'shop.example',
        method,
        path,
        query: '',
        status: method === 'OPTIONS' ? 204 : 200,
        scheme: 'https',
        auth: [],
        requestHeaders: headers,
        responseHeaders: {},
        timestamp: null,
      });
    obs('GET', '/cart');
    obs('POST', '/cart');
    obs('POST', '/cart');
    obs('OPTIONS', '/cart', { 'access-control-request-method': 'delete' });
    expect(inv.endpoints().some((e) => e.preflights)).toBe(false);
    expect(inv.pendingPreflights()).toEqual([
      { domain: 'shop.example', method: 'DELETE', path: '/cart', count: 1 },
    ]);
    obs('DELETE', '/cart');
    obs('OPTIONS', '/cart');
    const byMethod = Object.fromEntries(inv.endpoints().map((e) => [e.method, e.preflights ?? 0]));
    expect(byMethod).toEqual({ GET: 0, POST: 1, DELETE: 1 });
    expect(inv.pendingPreflights()).toEqual([]);
  });

  it('fires passive checks only on evidence of a working endpoint', () => {
    const checks = (method: string, path: string, status: number) => {
      const inv = new Inventory({ classifyTraffic: false });
      inv.addObservation({
        source: 'access_log',
        domain: 'tasks.example',
        method,
        path,
        query: '',
        status,
        scheme: 'https',
        auth: [],
        requestHeaders: {},
        responseHeaders: {},
        timestamp: null,
      });
      return checkEndpoint(inv.endpoints()[0]!).map((v) => v.vulnId);
    };
    expect(checks('GET', '/admin/users', 200)).toContain('ARGUS-API5-001');
    expect(checks('GET', '/admin/users', 404)).toEqual([]);
    // Nor a sensitive business flow on a login path that is not there.
    expect(checks('POST', '/api/login', 200)).toContain('ARGUS-API6-001');
    expect(checks('POST', '/api/login', 404)).toEqual([]);
  });
});
