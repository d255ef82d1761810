// The inputs the fuzzing found (shrunk), kept as plain tests so they hold whatever
// seed a run draws. Each failed before its reader's fix.
import { describe, expect, it, vi } from 'vitest';
import { readAccessLog } from '../../src/readers/access-log.js';
import {
  awsHttpEndpoints,
  awsRestEndpoints,
  azureApiEndpoints,
  kongEndpoints,
} from '../../src/readers/gateways.js';
import { readHar } from '../../src/readers/har.js';
import { readOpenApi } from '../../src/readers/openapi.js';
import type { Observation } from '../../src/types.js';

async function logObservations(text: string, format: 'apache' | 'aws_api_gateway') {
  const out: Observation[] = [];
  const stats = await readAccessLog(text, { format, onObservation: (o) => out.push(o) });
  return { stats, out };
}

const har = (entries: unknown[]) => JSON.stringify({ log: { entries } });

describe('inputs found by fuzzing', () => {
  it('access log: an AWS line whose path is not a path is rejected, not emitted with path ""', async () => {
    const { stats, out } = await logObservations('{"httpMethod":"get","path":"?x"}', 'aws_api_gateway');
    expect(out).toEqual([]);
    expect(stats.rejected[0]?.reason).toBe('path does not start with /');
  });

  it('access log: a JSON status that is not a whole number is no status (seed 867735886)', async () => {
    const { out } = await logObservations(
      '{"requestTime":"20/Jul/2023:09:05:02 +0000","httpMethod":"GET","routeKey":"GET /","status":"201.1"}',
      'aws_api_gateway',
    );
    expect(out.map((o) => [o.path, o.status])).toEqual([['/', null]]);
  });

  it('access log: an absolute-form target without a path has the path /', async () => {
    const { out } = await logObservations(
      '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET http://h?x=1 HTTP/1.1" 200 1',
      'apache',
    );
    expect(out.map((o) => [o.domain, o.path, o.query])).toEqual([['h', '/', 'x=1']]);
  });

  it('access log: a line cut for detection to a blank head is a line, not empty input (seed 1028705078)', async () => {
    const text = '  -  [00/Jan/0:0:00:00 +0000] "GET  HTTP/1.1"  512 "-" "curl/8"';
    const read = (maxLineLength: number, lines: string) =>
      readAccessLog(lines, { format: 'auto', maxLineLength, onObservation: () => {} });
    // Alone it is a line no format fits; beside a good one it is rejected as too long.
    await expect(read(1, text)).rejects.toThrow(/Unrecognised access log format/);
    const good = '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 1';
    const stats = await read(good.length, `${good}\n${text}x`);
    expect(stats).toMatchObject({ linesRead: 2, linesRejected: 1, observations: 1 });
  });

  it('OpenAPI: a $ref with a malformed %-escape is unresolved, not a URIError', () => {
    const r = readOpenApi({
      openapi: '3.0.3',
      paths: { '/a': { get: { parameters: [{ name: 'id', in: 'path', schema: { $ref: '#/x/%ZZ' } }] } } },
    });
    expect(r.endpoints.map((e) => e.pathTemplate)).toEqual(['/a']);
    expect(r.warnings.join()).toContain('#/x/%ZZ');
  });

  it('OpenAPI: YAML warnings are not printed (they quote the document)', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      readOpenApi('%YAML 9.9\n---\nopenapi: 3.0.0\n!secret-tag x: y\npaths: {}\n');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('HAR: statuses outside 100-599, data: URLs and empty methods are not observations', () => {
    const r = readHar(
      har([
        { request: { method: 'GET', url: 'https://api.example.com/a' }, response: { status: 600 } },
        { request: { method: 'GET', url: 'https://api.example.com/b' }, response: { status: 200.5 } },
        { request: { method: 'GET', url: 'data:text/plain,hi' } },
        { request: { method: '', url: 'https://api.example.com/c' } },
      ]),
    );
    expect(r.observations.map((o) => [o.path, o.status])).toEqual([
      ['/a', null],
      ['/b', null],
    ]);
    expect(r.entriesRejected).toBe(2);
  });

  it('Kong: methods that are not HTTP tokens are skipped; non-strings are ignored', () => {
    const r = kongEndpoints(
      [],
      [{ methods: [0, 'GET', '', 'GET /x'], hosts: [null, 'A.example'], paths: [7, '/x'] }],
    );
    expect(r.endpoints.map((e) => `${e.method} ${e.domain}${e.pathTemplate}`)).toEqual(['GET a.example/x']);
  });

  it('Azure and AWS: empty methods name no endpoint; AWS domains are lower-case', () => {
    const azure = azureApiEndpoints('svc', { name: 'echo', properties: { path: 'echo' } }, [
      { properties: { method: '', urlTemplate: '/a' } },
      { properties: { method: 'GET', urlTemplate: '/b' } },
    ]);
    expect(azure.map((e) => `${e.method} ${e.pathTemplate}`)).toEqual(['GET /echo/b']);
    const rest = awsRestEndpoints('eu-west-1', { id: 'AbC' }, [
      { path: '/', resourceMethods: { '': {}, GET: {} } },
    ]);
    expect(rest.map((e) => `${e.method} ${e.domain}`)).toEqual([
      'GET abc.execute-api.eu-west-1.amazonaws.com',
    ]);
    const http = awsHttpEndpoints('eu-west-1', { ApiId: 'h1', ApiEndpoint: 'https://UP.Example' }, [
      { RouteKey: ' /a' },
      { RouteKey: 'GET /b' },
    ]);
    expect(http.map((e) => `${e.method} ${e.domain}${e.pathTemplate}`)).toEqual(['GET up.example/b']);
  });
});
