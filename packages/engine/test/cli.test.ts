import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-run.js';
import type { DomainTraffic } from '../src/index.js';
import { corpusPath, hasCorpus } from './corpus.js';

const dir = mkdtempSync(join(tmpdir(), 'argus-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runCli;

const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

const spec = file(
  'api.yaml',
  'openapi: 3.0.0\ninfo: {title: t, version: "1"}\nservers: [{url: "https://api.example.com"}]\npaths:\n  /users/{id}:\n    get:\n      responses: {"200": {description: ok}}\n',
);
const log = file(
  'access.log',
  [
    '1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /users/1 HTTP/1.1" 200 10 "-" "x"',
    '1.2.3.4 - - [10/Oct/2024:13:55:46 +0000] "GET /users/2?api_key=abc HTTP/1.1" 200 10 "-" "x"',
    '1.2.3.4 - - [10/Oct/2024:13:55:56 +0000] "GET /hidden/7 HTTP/1.1" 200 10 "-" "x"',
    'not a log line',
  ].join('\n'),
);

describe('argus-engine discover', () => {
  it('prints the inventory as JSON with stats', async () => {
    const { code, stdout } = await run(['discover', '--domain', 'api.example.com', '--json', spec, log]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { endpoints: Record<string, unknown>[]; stats: Record<string, number> };
    expect(out.stats).toMatchObject({ linesRead: 4, linesRejected: 1, observations: 3 });
    const users = out.endpoints.find((e) => e['normalizedPath'] === '/users/{id}')!;
    expect(users).toMatchObject({
      method: 'GET',
      domain: 'api.example.com',
      sources: ['openapi', 'access_log'],
      requestCount: 2,
      firstSeen: '2024-10-10T13:55:36.000Z',
      lastSeen: '2024-10-10T13:55:46.000Z',
      avgRps: 0.000023, // 2 requests 10 s apart: averaged over one day
      piiTypes: ['api_key'],
    });
    expect(typeof users['riskScore']).toBe('number');
    const hidden = out.endpoints.find((e) => e['normalizedPath'] === '/hidden/{hiddenId}')!;
    expect((hidden['vulnerabilities'] as { vulnId: string }[]).map((v) => v.vulnId)).toContain(
      'ARGUS-API9-001',
    );
    expect(Object.keys(users).sort()).toEqual(
      [
        'auth',
        'avgRps',
        'classification',
        'domain',
        'firstSeen',
        'lastSeen',
        'method',
        'normalizedPath',
        'piiTypes',
        'requestCount',
        'riskScore',
        'sources',
        'vulnerabilities',
      ].sort(),
    );
  });

  it('prints a table by default and fails on findings with --fail-on', async () => {
    const table = await run(['discover', log]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/METHOD\s+DOMAIN\s+PATH/);
    expect(table.stdout).toMatch(/\/users\/\{userId\}/);
    expect(table.stderr).toMatch(/1 of 4 lines rejected/);
    expect((await run(['discover', '--fail-on', 'high', log])).code).toBe(1);
    expect((await run(['discover', '--fail-on', 'critical', spec])).code).toBe(0);
  });

  it('exits 2 with a one-line error on bad input', async () => {
    const missing = await run(['discover', join(dir, 'nope.log')]);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toMatch(/^argus: .*nope\.log/);
    expect((await run(['discover', '--format', 'xml', log])).code).toBe(2);
    expect(
      (await run(['discover', file('garbage.bin', '\u0000\u0001\u0002 not a log\n'.repeat(10))])).stderr,
    ).toMatch(/Unrecognised access log format/);
    expect((await run(['discover', '--format', 'openapi', log])).stderr).toMatch(/argus: .*access\.log/);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});

describe('argus-engine discover: what a file is', () => {
  it('knows a 4 MB OpenAPI JSON by its structure when "openapi" comes last', async () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++)
      paths[`/resource${i}/{id}`] = {
        get: { description: 'x'.repeat(2100), responses: { '200': { description: 'ok' } } },
      };
    // Keys in this order: the first 4 KB look like any JSON object, "openapi" is at the end.
    const text = JSON.stringify({ paths, info: { title: 'late', version: '1' }, openapi: '3.0.3' });
    expect(text.length).toBeGreaterThan(4 * 1024 * 1024);
    const late = file('late-key.json', text);
    const { code, stdout } = await run(['discover', '--domain', 'api.example.com', '--json', late]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { endpoints: { normalizedPath: string; sources: string[] }[] };
    expect(out.endpoints).toHaveLength(2000);
    expect(out.endpoints[0]!.sources).toEqual(['openapi']);
  }, 120_000);

  it('knows HAR, YAML specs without a .yaml name, and JSON-lines logs', async () => {
    const har = file(
      'capture.json',
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              startedDateTime: '2024-10-10T13:55:36.000Z',
              request: { method: 'GET', url: 'https://api.example.com/orders/7', headers: [] },
              response: { status: 200, headers: [], content: { size: 0, text: '' } },
            },
          ],
        },
      }),
    );
    const yaml = file(
      'spec.txt',
      `info:\n  title: t\n  version: "1"\n  description: ${'long '.repeat(2000)}\npaths:\n  /ping:\n    get:\n      responses: {"200": {description: ok}}\nopenapi: 3.0.0\n`,
    );
    const lines = file(
      'aws.jsonl',
      `${JSON.stringify({ requestId: 'a', ip: '1.2.3.4', requestTime: '10/Oct/2024:13:55:36 +0000', httpMethod: 'GET', routeKey: 'GET /pets/{id}', path: '/pets/1', status: '200', protocol: 'HTTP/1.1', responseLength: '2' })}\n`,
    );
    const endpoints = async (path: string) =>
      (
        JSON.parse((await run(['discover', '--domain', 'api.example.com', '--json', path])).stdout) as {
          endpoints: { normalizedPath: string; sources: string[] }[];
        }
      ).endpoints.map((e) => `${e.normalizedPath} ${e.sources.join()}`);
    expect(await endpoints(har)).toEqual(['/orders/{orderId} har']);
    expect(await endpoints(yaml)).toEqual(['/ping openapi']);
    expect(await endpoints(lines)).toEqual([expect.stringMatching(/^\/pets\/\{\w+\} access_log$/)]);
  });
});

describe('argus-engine discover --workers', () => {
  const bigLog = file(
    'workers.log',
    Array.from(
      { length: 600 },
      (_, i) =>
        `10.0.0.${i % 250} - - [10/Oct/2024:13:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} +0000] "GET /api/v1/orders/${i + 1} HTTP/1.1" 200 10 "-" "x"`,
    ).join('\n') +
      '\nnot a log line\n' +
      // Reconnaissance, static assets and preflights in both halves: the traffic summary adds up.
      Array.from({ length: 40 }, (_, i) => {
        const at = `[10/Oct/2024:14:${String(i).padStart(2, '0')}:00 +0000]`;
        const probe = ['/.env', '/wp-login.php', '/.git/config', '/admin.php'][i % 4];
        return [
          `203.0.113.${i % 3} - - ${at} "GET ${probe} HTTP/1.1" 404 10 "-" "x"`,
          `10.0.0.9 - - ${at} "GET /static/app.css HTTP/1.1" 200 10 "-" "x"`,
          `10.0.0.9 - - ${at} "OPTIONS /api/v1/ping HTTP/1.1" 204 0 "-" "x"`,
        ].join('\n');
      }).join('\n') +
      '\n',
  );
  const withoutElapsed = (stdout: string) => {
    const out = JSON.parse(stdout) as { stats: Record<string, number> };
    delete out.stats['elapsedMs'];
    return out;
  };

  it('gives the same result with worker threads (--workers 2, auto)', async () => {
    const one = await run(['discover', '--json', bigLog]);
    expect(one.code).toBe(0);
    expect(withoutElapsed(one.stdout)).toMatchObject({
      stats: { linesRead: 721, linesRejected: 1, observations: 720 },
    });
    const [traffic] = (JSON.parse(one.stdout) as { traffic: DomainTraffic[] }).traffic;
    expect(traffic).toMatchObject({ staticRequests: 40, preflights: 40, attack: { requests: 40 } });
    expect(traffic!.attack.topPaths).toHaveLength(4);
    for (const workers of ['2', 'auto']) {
      const many = await run(['discover', '--json', '--workers', workers, bigLog]);
      expect(many.code).toBe(0);
      expect(withoutElapsed(many.stdout)).toEqual(withoutElapsed(one.stdout));
    }
  }, 30_000);

  it('prints the attack traffic under the endpoint table', async () => {
    const printed = await run(['discover', bigLog]);
    expect(printed.code).toBe(0);
    const lines = printed.stdout.split('\n');
    expect(
      lines.some((l) =>
        /^-?\s*\S*: attack traffic, 40 requests from 2024-10-10T14:00:00\.000Z to 2024-10-10T14:39:00\.000Z; 0 page, 40 static, 0 browser, 40 preflight requests$/.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(lines).toContain('  by kind:   dotfile 20, wordpress 10, scanner 10');
    expect(lines.find((l) => l.startsWith('  by client: '))).toMatch(
      /^ {2}by client: 203\.0\.113\.\d \d+, 203\.0\.113\.\d \d+, 203\.0\.113\.\d \d+$/,
    );
    expect(lines.find((l) => l.startsWith('  probed:    '))).toMatch(/\/\.env 10/);
    // No probe, asset or preflight is an endpoint row.
    expect(printed.stdout).not.toMatch(/^GET\s+\S+\s+\/(\.env|wp-login\.php|static)/m);
    expect(printed.stdout).not.toMatch(/^OPTIONS /m);
  }, 30_000);

  it('refuses a bad worker count', async () => {
    for (const bad of ['0', '9', '1.5', 'many']) {
      const r = await run(['discover', '--workers', bad, bigLog]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--workers must be a number from 1 to 8, or auto/);
    }
  });

  it('starts its workers from the TypeScript sources through tsx (no build)', async () => {
    // What the bin does when dist/ is missing or stale: the sources through tsImport,
    // whose module URLs carry a query (`parallel-log.ts?tsx-namespace=…`).
    const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli', 'main.ts');
    const script = `
      const { tsImport } = await import('tsx/esm/api');
      const cli = await tsImport(${JSON.stringify(main)}, import.meta.url);
      let out = '';
      const code = await cli.main(['discover', '--json', '--workers', '2', ${JSON.stringify(bigLog)}], {
        stdin: process.stdin, stdout: { write: (s) => (out += s) }, stderr: process.stderr, isTTY: false,
      });
      process.stdout.write(JSON.stringify({ code, out }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dirname(main),
    });
    const r = JSON.parse(stdout) as { code: number; out: string };
    expect(r.code).toBe(0);
    expect(withoutElapsed(r.out)).toEqual(withoutElapsed((await run(['discover', '--json', bigLog])).stdout));
  }, 30_000);
});

describe('argus-engine pii', () => {
  it('reads stdin and prints type and span', async () => {
    const { code, stdout } = await run(['pii'], 'contact jane@example.com or 078-05-1123');
    expect(code).toBe(0);
    expect(stdout).toMatch(/email\s+8-24\s+jane@example.com/);
    expect(stdout).toMatch(/ssn\s+28-39/);
    const json = JSON.parse(
      (await run(['pii', '--json', file('t.txt', 'card 4111 1111 1111 1111')])).stdout,
    ) as { matches: unknown[] };
    expect(json.matches).toEqual([{ type: 'credit_card', start: 5, end: 24, value: '4111 1111 1111 1111' }]);
    expect((await run(['pii'], 'nothing here')).stdout).toBe('No PII found\n');
  });
});

describe.skipIf(!hasCorpus)('discover on every corpus format', () => {
  it.each([
    'logs/apache-combined-elastic-examples-10k.log',
    'logs/nginx-combined-beats-test.log',
    'logs/apache-combined-lnav-bad-line.log',
    'logs/aws-apigw-rest-access.jsonl',
    'logs/aws-apigw-http-access.jsonl',
    'openapi/oas30-petstore3.yaml',
    'openapi/swagger20-petstore-classic.json',
    'openapi/oas31-petstore-design-first.yaml',
    'openapi/oas30-uspto.json',
    'openapi/oas31-webhook-example.json',
    'http-samples/har-to-openapi-url.har',
    'http-samples/mitmproxy-browser-export-with-bom.har',
  ])('%s', async (rel) => {
    const { code, stdout } = await run(['discover', '--json', corpusPath(rel)]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { endpoints: unknown[]; stats: unknown };
    expect(Array.isArray(out.endpoints)).toBe(true);
  });
});

describe('the bin', () => {
  it('runs from a fresh clone through tsx (no build)', async () => {
    const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'argus.js');
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      'pii',
      '--json',
      file('b.txt', 'x jane@example.com'),
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ matches: [{ type: 'email' }] });
  });

  it.each([
    ['discover', /argus discover \[--format/],
    ['pii', /argus pii \[--json\] \[FILE\]/],
    ['test', /argus test \(--spec FILE/],
    ['help', /argus-engine pii/],
  ])(
    'answers `%s --help` and `-h` with its usage and exit code 0',
    { timeout: 60_000 },
    async (cmd, usage) => {
      const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'argus.js');
      for (const flag of ['--help', '-h']) {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, cmd, flag]);
        expect(stderr).toBe('');
        expect(stdout).toMatch(usage);
      }
    },
  );
});
