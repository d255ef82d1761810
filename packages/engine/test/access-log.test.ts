import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AccessLogError,
  Inventory,
  RATE_MIN_WINDOW_MS,
  avgRps,
  readAccessLog,
  type Observation,
} from '../src/index.js';
import { corpusPath, hasCorpus } from './corpus.js';

async function read(
  input: Parameters<typeof readAccessLog>[0],
  options: Partial<Parameters<typeof readAccessLog>[1]> = {},
) {
  const observations: Observation[] = [];
  const stats = await readAccessLog(input, { onObservation: (o) => observations.push(o), ...options });
  return { stats, observations };
}

const line = (path: string, extra = '') =>
  `203.0.113.7 - - [10/Oct/2024:13:55:36 -0700] "GET ${path} HTTP/1.1" 200 2326 "-" "curl/8"${extra}`;

describe('readAccessLog (own fixtures)', () => {
  it('parses combined and common lines, vhost prefixes, absolute targets and percent-encoding', async () => {
    const { stats, observations } = await read(
      [
        line('/api/v1/users/42?token=abc'),
        '203.0.113.8 - alice [10/Oct/2024:13:55:37 -0700] "POST /api/v1/users HTTP/1.1" 201 12',
        'shop.example.com:443 203.0.113.9 - - [10/Oct/2024:13:55:38 -0700] "DELETE /cart/%7Bx%7D HTTP/2.0" 204 0 "-" "x"',
        '::1 - - [10/Oct/2024:13:55:39 -0700] "GET http://proxy.example/a/b HTTP/1.1" 200 5 "-" "x"',
      ].join('\n'),
      { domain: 'api.example.com' },
    );
    expect(stats).toMatchObject({ format: 'apache', linesRead: 4, linesRejected: 0, observations: 4 });
    expect(observations[0]).toMatchObject({
      domain: 'api.example.com',
      method: 'GET',
      path: '/api/v1/users/42',
      query: 'token=abc',
      status: 200,
      auth: ['query_key'],
      timestamp: Date.UTC(2024, 9, 10, 20, 55, 36),
    });
    expect(observations[1]).toMatchObject({ method: 'POST', auth: ['remote_user'], status: 201 });
    expect(observations[2]).toMatchObject({ domain: 'shop.example.com', path: '/cart/%7Bx%7D' });
    expect(observations[3]).toMatchObject({ domain: 'proxy.example', path: '/a/b', scheme: 'http' });
  });

  it('counts and samples malformed lines with line numbers, never throws', async () => {
    const { stats } = await read(
      [
        line('/ok'),
        'garbage line',
        '1.2.3.4 - - [99/Foo/2024:00:00:00 +0000] "GET / HTTP/1.1" 200 1',
        line('/ok2'),
        '1.2.3.4 - - [10/Oct/2024:13:55:36 -0700] "GET / HTTP/1.1" 999 1',
      ].join('\n'),
      { format: 'apache' },
    );
    expect(stats.linesRead).toBe(5);
    expect(stats.linesRejected).toBe(3);
    expect(stats.rejected.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(stats.rejected[1]!.reason).toBe('bad timestamp');
  });

  it('cuts lines across chunk boundaries, including split UTF-8 characters and CRLF', async () => {
    const text = `${line('/caf\u00e9')}\r\n${line('/b')}\r\n${line('/c')}`;
    const bytes = Buffer.from(text, 'utf8');
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const { stats, observations } = await read(chunks);
    expect(stats.linesRead).toBe(3);
    expect(observations.map((o) => o.path)).toEqual(['/caf\u00e9', '/b', '/c']);
  });

  it('rejects a 1 MB line without holding up the rest', async () => {
    async function* gen() {
      yield line('/before') + '\n';
      for (let i = 0; i < 16; i++) yield 'x'.repeat(65536);
      yield '\n' + line('/after') + '\n';
    }
    const { stats, observations } = await read(gen(), { format: 'apache' });
    expect(stats.linesRejected).toBe(1);
    expect(stats.rejected[0]).toMatchObject({ line: 2, reason: 'line longer than 65536 characters' });
    expect(observations.map((o) => o.path)).toEqual(['/before', '/after']);
  });

  it('handles binary garbage: auto-detect fails with a clear error, an explicit format counts rejects', async () => {
    const garbage = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    await expect(read([garbage])).rejects.toThrow(AccessLogError);
    await expect(read([garbage])).rejects.toThrow(/Unrecognised access log format/);
    const { stats } = await read([garbage], { format: 'nginx' });
    expect(stats.observations).toBe(0);
    expect(stats.linesRejected).toBe(stats.linesRead);
  });

  it('handles a truncated last line and empty input', async () => {
    const { stats } = await read(`${line('/a')}\n${line('/b').slice(0, 40)}`, { format: 'apache' });
    expect(stats).toMatchObject({ linesRead: 2, linesRejected: 1 });
    expect((await read('')).stats).toMatchObject({ linesRead: 0, linesRejected: 0 });
    await expect(read('x', { format: 'syslog' as never })).rejects.toThrow(/Unknown access log format/);
  });

  it('reads AWS API Gateway JSON lines (REST with resourcePath, HTTP API with routeKey)', async () => {
    const { stats, observations } = await read(
      [
        '{"requestId":"1","ip":"1.2.3.4","caller":"-","user":"-","requestTime":"10/Jun/2023:15:36:28 +0000","httpMethod":"GET","resourcePath":"/pets/{petId}","status":"200","protocol":"HTTP/1.1","responseLength":"1"}',
        '{"requestId":"2","ip":"1.2.3.4","requestTime":"09/Jun/2023:12:54:08 +0000","httpMethod":"POST","routeKey":"POST /orders","path":"/orders?x=1","status":"201","domainName":"api.example.com"}',
        '{"broken": ',
      ].join('\n'),
    );
    expect(stats).toMatchObject({ format: 'aws_api_gateway', linesRead: 3, linesRejected: 1 });
    expect(observations[0]).toMatchObject({ method: 'GET', route: '/pets/{petId}', status: 200 });
    expect(observations[1]).toMatchObject({
      method: 'POST',
      domain: 'api.example.com',
      path: '/orders',
      query: 'x=1',
    });
  });

  it('keeps a JSON line whose status is not a whole number, without a status', async () => {
    // The AWS shape of this is in test/fuzz/regressions.test.ts (seed 867735886).
    const json = await read(
      '{"method":"GET","path":"/a","status":"200.5"}\n{"method":"GET","path":"/b","status":200}',
      {
        format: 'json',
      },
    );
    expect(json.observations.map((o) => o.status)).toEqual([null, 200]);
  });

  it('feeds the inventory: rates, first/last seen and status mix from timestamps', async () => {
    const inv = new Inventory();
    const lines = Array.from(
      { length: 11 },
      (_, i) =>
        `10.0.0.1 - - [10/Oct/2024:13:55:${String(i * 2).padStart(2, '0')} +0000] "GET /api/items/${i + 1} HTTP/1.1" ${i === 10 ? 500 : 200} 5`,
    );
    await readAccessLog(lines.join('\n'), {
      domain: 'x.example',
      onObservation: (o) => inv.addObservation(o),
    });
    const [ep] = inv.endpoints();
    expect(ep).toMatchObject({
      normalizedPath: '/api/items/{itemId}',
      requestCount: 11,
      statusCounts: { '200': 10, '500': 1 },
    });
    expect(ep!.lastSeen! - ep!.firstSeen!).toBe(20_000);
    // 11 requests within 20 s: averaged over the one-day minimum window, not 0.55 per second.
    expect(avgRps(ep!) * 86_400).toBeCloseTo(11);
  });

  it('averages a rate over the observed span once it is longer than a day', () => {
    const day = RATE_MIN_WINDOW_MS;
    expect(avgRps({ requestCount: 2, firstSeen: 0, lastSeen: 1000 }) * 86_400).toBeCloseTo(2);
    expect(avgRps({ requestCount: 2, firstSeen: 0, lastSeen: 0 }) * 86_400).toBeCloseTo(2);
    expect(avgRps({ requestCount: 30, firstSeen: 0, lastSeen: 10 * day }) * 86_400).toBeCloseTo(3);
    expect(avgRps({ requestCount: 5, firstSeen: null, lastSeen: null })).toBe(0);
  });
});

describe.skipIf(!hasCorpus)('readAccessLog on the corpus', () => {
  const file = (f: string) => createReadStream(corpusPath(`logs/${f}`));
  it('Apache combined, 10k lines', async () => {
    const { stats } = await read(file('apache-combined-elastic-examples-10k.log'));
    expect(stats).toMatchObject({
      format: 'apache',
      linesRead: 10000,
      linesRejected: 0,
      observations: 10000,
    });
  });
  it('Nginx edge cases: X-Forwarded-For lists, IPv6, quoted XFF, extra fields, empty request', async () => {
    const { stats, observations } = await read(file('nginx-combined-beats-test.log'), { format: 'nginx' });
    expect(stats).toMatchObject({ linesRead: 7, linesRejected: 0, linesWithoutRequest: 1, observations: 6 });
    expect(observations.map((o) => o.path)).toContain('/assets/xxxx');
    expect(observations.find((o) => o.path === '/assets/xxxx')!.query).toBe('q=100');
  });
  it('lnav bad line: the malformed middle line is sampled with its number', async () => {
    const { stats } = await read(file('apache-combined-lnav-bad-line.log'));
    expect(stats).toMatchObject({ linesRead: 3, linesRejected: 1, observations: 2 });
    expect(stats.rejected[0]!.line).toBe(2);
  });
  it('AWS REST and HTTP API logs, with and without stage/domainName', async () => {
    const rest = await read(file('aws-apigw-rest-access.jsonl'));
    expect(rest.stats).toMatchObject({ format: 'aws_api_gateway', linesRead: 5, linesRejected: 0 });
    expect(
      rest.observations.filter((o) => o.domain === 'asad15n3p0.execute-api.us-east-1.amazonaws.com'),
    ).toHaveLength(2);
    const http = await read(file('aws-apigw-http-access.jsonl'));
    expect(http.stats).toMatchObject({ linesRead: 5, linesRejected: 0 });
    expect(http.observations.every((o) => o.method === 'GET' && o.path === '/')).toBe(true);
  });
  it('a truncated corpus log never throws', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(corpusPath('logs/apache-combined-elastic-examples-10k.log'), 'utf8').slice(
      0,
      100_001,
    );
    const { stats } = await read(text);
    expect(stats.linesRejected).toBeLessThanOrEqual(1);
  });
});
