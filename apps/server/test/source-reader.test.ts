// Reading a discovery source off the event loop. The review: reading a 10k-path
// spec froze the server (/healthz, captures) while it was parsed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSourceOffThread, SourceReadError } from '../src/analysis/source-reader.js';

function generatedSpec(count: number): string {
  const op = {
    parameters: [{ name: 'id', in: 'path', required: true }],
    responses: { '200': { description: 'ok' } },
  };
  const pathsObject = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `/v${(i % 3) + 1}/resource${Math.floor(i / 3)}/items/{id}`,
      { get: op, put: op },
    ]),
  );
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'big', version: '1' }, paths: pathsObject });
}

const task = (fileContent: string) => ({
  config: { type: 'openapi' as const, fileContent },
  domain: 'reader.example.com',
  allowPrivate: false,
  timeoutMs: 10_000,
});

describe('readSourceOffThread', () => {
  it('reads a 10k-path spec while the event loop keeps turning', { timeout: 300_000 }, async () => {
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    try {
      const { result, readAs } = await readSourceOffThread(task(generatedSpec(10_000)));
      expect(result.specEndpoints).toHaveLength(20_000);
      expect(readAs).toBe('openapi');
    } finally {
      clearInterval(ticker);
    }
    // Reading it on the event loop took 3-4.5 s here; the bound is loose for a busy machine.
    expect(longestGap).toBeLessThan(1000);
  });

  it("answers a reader's error with its name and message", async () => {
    const error = await readSourceOffThread(task('{"openapi": "3.0.3", "paths": ')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).not.toBe('');
    expect((error as Error).name).toMatch(/Error$/);
  });
});

describe('readSourceOffThread with a file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'argus-reader-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** `lines` Apache lines (two paths per user), one of them garbage, with a multi-byte user agent. */
  function log(lines: number): string {
    const out = Array.from(
      { length: lines },
      (_, i) =>
        `10.0.0.${i % 250} - - [10/Oct/2025:13:55:36 +0000] "GET /api/users/${i % 40}/${i % 2 ? 'orders' : 'cart'} HTTP/1.1" 200 12 "-" "agent-é-${i}"`,
    );
    out[7] = 'not a log line';
    return out.join('\n') + '\n';
  }
  const logTask = (file: { path: string } | { gzip: Uint8Array }) => ({
    config: { type: 'access_log' as const, format: 'apache' as const },
    file,
    domain: 'reader.example.com',
    allowPrivate: false,
    timeoutMs: 10_000,
  });

  it('streams a log from a file and from its stored gzip, counting each line once', async () => {
    const text = log(50_000);
    const path = join(dir, 'access.log');
    await writeFile(path, text);
    const fromFile = await readSourceOffThread(logTask({ path }));
    const fromGzip = await readSourceOffThread(logTask({ gzip: gzipSync(text) }));
    for (const { result, readAs } of [fromFile, fromGzip]) {
      expect(readAs).toBe('access_log');
      expect(result.stats).toMatchObject({ linesRead: 50_000, linesRejected: 1, observations: 49_999 });
      expect(result.endpoints.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual([
        'GET /api/users/{userId}/cart',
        'GET /api/users/{userId}/orders',
      ]);
    }
  });

  it('reads a HAR capture uploaded as an API description as HAR', async () => {
    const har = {
      log: {
        entries: [
          {
            startedDateTime: '2025-10-10T13:55:36.000Z',
            request: { method: 'GET', url: 'https://har.example.com/api/items/42', headers: [] },
            response: { status: 200, headers: [] },
          },
        ],
      },
    };
    const path = join(dir, 'capture.har');
    await writeFile(path, JSON.stringify(har));
    const { result, readAs } = await readSourceOffThread({
      config: { type: 'openapi' },
      file: { path },
      domain: 'har.example.com',
      allowPrivate: false,
      timeoutMs: 10_000,
    });
    expect(readAs).toBe('har');
    expect(result.endpoints.map((e) => e.normalizedPath)).toEqual(['/api/items/{itemId}']);
  });
});
