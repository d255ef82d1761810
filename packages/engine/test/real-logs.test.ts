// Real access-log lines (test/fixtures/real-logs, sources in its SOURCES.md): what scanners
// send to public servers is read, not rejected, and none of it becomes an endpoint.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Inventory, classifyRequest, readAccessLog, type Observation } from '../src/index.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'real-logs');

async function read(text: string) {
  const observations: Observation[] = [];
  const stats = await readAccessLog(text, { format: 'apache', onObservation: (o) => observations.push(o) });
  return { stats, observations };
}

describe('real access-log lines', () => {
  it('keeps request lines that are not HTTP as attack traffic instead of rejecting them', async () => {
    const { stats, observations } = await read(
      [
        // crowdsecurity/hub .tests/apache2-malformed: a TLS ClientHello sent to port 80
        '1.2.3.4 - - [17/Oct/2023:05:57:49 +1100] "\\x16\\x03\\x01\\x01 \\x02" 400 226 "-" "-"',
        // fail2ban tests/files/logs/nginx-bad-request: an RDP cookie, a bare word, a proxy probe
        '12.34.56.78 - - [20/Jan/2015:19:53:28 +0100] "\\x03\\x00\\x00/*\\xE0\\x00\\x00\\x00\\x00\\x00Cookie: mstshash=Administr" 400 47 "-" "-" "-"',
        '12.34.56.78 - - [20/Jan/2015:19:54:28 +0100] "HELP" 400 47 "-" "-" "-"',
        '7.8.9.10 - root [20/Jan/2015:01:17:07 +0100] "CONNECT 123.123.123.123 HTTP/1.1" 400 162 "-" "-" "-"',
        // elastic/beats apache access test.log: Apache writes "-" for a request never sent
        '::1 - - [26/Dec/2016:16:16:48 +0200] "-" 408 -',
      ].join('\n'),
    );
    expect(stats).toMatchObject({ linesRead: 5, linesRejected: 0, linesWithoutRequest: 1, observations: 4 });
    expect(observations.map((o) => [o.method, o.path, o.status])).toEqual([
      ['-', '\\x16\\x03\\x01\\x01 \\x02', 400],
      ['-', '\\x03\\x00\\x00/*\\xE0\\x00\\x00\\x00\\x00\\x00Cookie: mstshash=Administr', 400],
      ['-', 'HELP', 400],
      ['CONNECT', '123.123.123.123', 400],
    ]);
    const inv = new Inventory({ detectPii: false });
    for (const o of observations) inv.addObservation(o);
    expect(inv.endpoints()).toEqual([]);
    expect(inv.traffic()[0]?.attack.byKind).toEqual({ binary: 2, 'not-http': 2 });
    expect(inv.traffic()[0]?.attack.byClient[0]).toEqual({ client: '12.34.56.78', count: 2 });
    // Without classification they are still no endpoint: there is no path to template.
    const plain = new Inventory({ detectPii: false, classifyTraffic: false });
    for (const o of observations) plain.addObservation(o);
    expect(plain.endpoints()).toEqual([]);
  });

  it('reads the log of a Python or Flask development server (no zone, a space before the time)', async () => {
    // Lines of a public honeypot's http.server log, as published.
    const { stats, observations } = await read(
      [
        '45.207.199.28 - - [26/Oct/2025 20:37:41] "POST /?%ADd+allow_url_include%3d1+%ADd+auto_prepend_file%3dphp://input HTTP/1.1" 405 -',
        '45.207.199.28 - - [26/Oct/2025 20:37:42] "GET /vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php HTTP/1.1" 404 -',
      ].join('\n'),
    );
    expect(stats).toMatchObject({ linesRead: 2, linesRejected: 0 });
    expect(observations.map((o) => [o.method, o.path, o.status, o.timestamp])).toEqual([
      ['POST', '/', 405, Date.UTC(2025, 9, 26, 20, 37, 41)],
      ['GET', '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php', 404, Date.UTC(2025, 9, 26, 20, 37, 42)],
    ]);
    const inv = new Inventory({ detectPii: false });
    for (const o of observations) inv.addObservation(o);
    expect(inv.endpoints()).toEqual([]);
    expect(inv.traffic()[0]?.attack.byKind).toEqual({ injection: 1, 'php-probe': 1 });
  });

  it('reads JSON access logs under nginx, Caddy and Traefik field names', async () => {
    const caddy =
      // tstack/lnav test/logfile_caddy_log.0 (the docker-compose prefix removed), headers shortened
      '{"level":"info","ts":1761019957.9247544,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"172.19.0.1","remote_port":"37882","client_ip":"172.19.0.1","proto":"HTTP/1.1","method":"GET","host":"localhost","uri":"/index.html","headers":{"Cookie":["REDACTED"],"User-Agent":["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:142.0) Gecko/20100101 Firefox/142.0"]}},"bytes_read":0,"user_id":"","duration":0.000073649,"size":188,"status":200}';
    const lines = [
      '{"level":"info","ts":1761019822.3163323,"logger":"http.log","msg":"server running","name":"srv0","protocols":["h1","h2","h3"]}',
      caddy,
      // Traefik JSON access log lines as published in its users' notes
      '{"ClientAddr":"203.0.113.50:12345","ClientHost":"203.0.113.50","ClientPort":"12345","ClientUsername":"-","DownstreamContentSize":19,"DownstreamStatus":404,"Duration":2000000,"RequestAddr":"example.com","RequestHost":"example.com","RequestMethod":"GET","RequestPath":"/admin/config.php","RequestPort":"443","RequestProtocol":"HTTP/1.1","RequestScheme":"https","StartUTC":"2025-12-03T13:15:22.456Z","level":"info","msg":"","request_User-Agent":"nikto/2.1.6","time":"2025-12-03T13:15:22Z"}',
      '{"ClientAddr":"192.168.65.1:29226","DownstreamContentSize":61,"DownstreamStatus":200,"Duration":4854119812,"Overhead":746372,"RequestMethod":"PUT","RequestPath":"/artifactory/api/repositories/audit-probe-repo-20260911","ServiceAddr":"localhost:8081","StartUTC":"2026-09-10T16:04:02.291926158Z","level":"info","msg":"","request_User-Agent":"curl/8.7.1","time":"2026-09-10T16:04:07Z"}',
      // nginx `log_format json escape=json` with $request and $request_uri
      '{"time":"2026-04-06T13:05:27+00:00","remote_addr":"93.184.216.34","request":"GET / HTTP/1.1","status":200,"body_bytes_sent":100,"http_referer":"","http_user_agent":"UptimeRobot/2.0","request_time":0.001,"ssl_protocol":"","request_method":"GET","request_uri":"/"}',
      // nginx JSON with dashed names and the query apart (AICDEV/fivesec-nginx logs/access.log)
      '{"type":"access-log","timestamp":"2025-03-03T19:40:26+00:00","remote-ip":"192.168.65.1","x-forward-for":"192.168.65.1","status":"304","vhost":"localhost","protocol":"HTTP/1.1","path":"/index.html","query":"v=2","method":"GET"}',
      '{"time":"2026-04-06T13:05:28+00:00","remote_addr":"93.184.216.35","request":"\\u0016\\u0003\\u0001\\u0000","status":400}',
    ];
    const observations: Observation[] = [];
    const stats = await readAccessLog(lines.join('\n'), { onObservation: (o) => observations.push(o) });
    expect(stats).toMatchObject({ format: 'json', linesRead: 7, linesRejected: 0, linesWithoutRequest: 1 });
    expect(observations.map((o) => [o.domain, o.method, o.path, o.status, o.client])).toEqual([
      ['localhost', 'GET', '/index.html', 200, '172.19.0.1'],
      ['example.com', 'GET', '/admin/config.php', 404, '203.0.113.50'],
      ['', 'PUT', '/artifactory/api/repositories/audit-probe-repo-20260911', 200, undefined],
      ['', 'GET', '/', 200, '93.184.216.34'],
      ['localhost', 'GET', '/index.html', 304, '192.168.65.1'],
      ['', '-', '\u0016\u0003\u0001\u0000', 400, '93.184.216.35'],
    ]);
    expect(observations[0]?.timestamp).toBe(1761019957925);
    expect(observations[0]?.requestHeaders['user-agent']).toMatch(/^Mozilla/);
    expect(observations[1]?.timestamp).toBe(Date.UTC(2025, 11, 3, 13, 15, 22, 456));
    expect(observations[1]?.requestHeaders['user-agent']).toBe('nikto/2.1.6');
    expect(observations[4]?.query).toBe('v=2');
    const inv = new Inventory({ detectPii: false });
    for (const o of observations) inv.addObservation(o);
    expect(
      inv
        .endpoints()
        .map((e) => `${e.method} ${e.normalizedPath}`)
        .sort(),
    ).toEqual(['GET /', 'PUT /artifactory/api/repositories/{repositoryId}']);
  });

  it('recognises probe families below any prefix and dotfiles of any name', () => {
    // Paths from real logs: fail2ban nginx-env, crowdsec apache2-http-sensitive-files,
    // elastic/examples apache_logs, and a WordPress site's log.
    for (const [path, kind] of [
      ['//web/.flaskenv', 'dotfile'],
      ['/.mysql_history', 'dotfile'],
      ['/.rhosts', 'dotfile'],
      ['/wordpress/wp-admin/', 'wordpress'],
      ['/blog/wp-admin/', 'wordpress'],
      ['/wp-json/wp/v2/users', 'wordpress'],
      ['/admin/phpMyAdmin/', 'php-probe'],
      ['/vendor/phpunit/phpunit/', 'php-probe'],
      ['/scripts/cgi-bin/test', 'cgi'],
      ['/remote/login', 'admin-probe'],
      ['/solr/admin/info/system', 'admin-probe'],
      ['/sdk', 'admin-probe'],
    ] as const)
      expect(classifyRequest('GET', path)?.attack, path).toBe(kind);
    // Real API shapes stay API candidates.
    for (const path of [
      '/.well-known/openid-configuration',
      '/v1/.well-known/openid-configuration',
      '/v1-list-all-tasks/66d4b1d0a92bedb5aa316f75',
      '/api/v1/remote-config',
      '/sdk-keys/42',
      '/api/wp-sync/3',
      '/api/v1/users/42.json',
    ])
      expect(classifyRequest('GET', path), path).toBeNull();
  });

  it('recognises appliance exploits, path-parameter bypasses and PHP injection families', () => {
    // Requests seen in public web server and honeypot logs.
    for (const [path, query, kind] of [
      ['/remote/fgt_lang', 'lang=/../../..//////////dev/cmdb/sslvpn_websession', 'admin-probe'],
      ['/GponForm/diag_Form', 'images/', 'admin-probe'],
      ['/goform/set_LimitClient_cfg', '', 'admin-probe'],
      ['/dana-na/auth/url_default/welcome.cgi', '', 'admin-probe'],
      ['/global-protect/login.esp', '', 'admin-probe'],
      ['/developmentserver/metadatauploader', '', 'admin-probe'],
      ['/mgmt/tm/util/bash', '', 'admin-probe'],
      ['/mifs/.;/services/LogService', '', 'traversal'],
      ['/manager/..;/html', '', 'traversal'],
      ['/nice%20ports%2C/Tri%6Eity.txt%2ebak', '', 'admin-probe'],
      ['/', '%ADd+allow_url_include%3d1+%ADd+auto_prepend_file%3dphp://input', 'injection'],
      [
        '/index.php',
        's=/Index/\\think\\app/invokefunction&function=call_user_func_array&vars[0]=md5&vars[1][]=HelloThinkPHP',
        'injection',
      ],
    ] as const)
      expect(classifyRequest('GET', path, query)?.attack, `${path}?${query}`).toBe(kind);
    for (const path of ['/mgmt/users/42', '/api/ecp-settings', '/invokers', '/v1/remote/jobs'])
      expect(classifyRequest('GET', path), path).toBeNull();
  });

  it('sets documents a web server hands out apart as static', () => {
    // elastic/examples apache_logs (a personal website): pages, papers, downloads.
    for (const path of [
      '/blog/geekery/apache-log-patterns.html',
      '/presentations/logstash-scale11x/lib/js/head.min.js',
      '/files/logstash/logstash-1.1.0-monolithic.pdf',
      '/projects/xdotool/xdotool.xhtml',
      '/test.txt',
    ])
      expect(classifyRequest('GET', path), path).toEqual({ kind: 'static' });
  });

  it('lists no probe, static or browser path as an endpoint in any committed real log', async () => {
    const files = readdirSync(fixtures).filter((f) => f.endsWith('.log'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const inv = new Inventory({ detectPii: false });
      const { stats, observations } = await read(readFileSync(join(fixtures, file), 'utf8'));
      for (const o of observations) inv.addObservation(o);
      expect(stats.linesRejected, file).toBe(0);
      const leaked = inv.endpoints().filter((e) => e.samplePaths.some((p) => classifyRequest(e.method, p)));
      expect(
        leaked.map((e) => e.normalizedPath),
        file,
      ).toEqual([]);
    }
  });
});
