// A large upload must not stop the server answering. The review: a 10k-path
// spec held the event loop for 44-91 s, and after the reader moved to a worker
// thread the analysis and its database writes still stalled /healthz up to 19 s
// on a loaded machine; a 95 MB log stalled it 9.9 s. Over real HTTP, while an
// upload is streamed, read, analysed and stored, /healthz and a capture are
// asked again and again: each must answer quickly, and the upload must be
// stored whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { discoverySourceSchema, domainSchema, endpointListSchema, paths } from '@argus/api';
import { sourceFiles } from '../src/db/schema/index.js';
import { readSourceFile } from '../src/source-files.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const TOKEN = 'event-loop-token-0123456789abcdef';
const PATHS = 10_000;
/**
 * 50 MB, not the review's 95: under a shared machine's load (~28) tokenising
 * 100 MB of upload took over the server's 120 s request timeout once (408).
 * 95 MB passed the bound there too, on both databases.
 */
const LOG_MB = 50;
/**
 * The longest any request may wait. The whole 10k-path analysis takes 6 s on
 * an idle 2-core machine and 45 s at load 30; between two yields the server
 * works ~20 ms of CPU, which became up to 1.4 s (once 3.5 s) of waiting at
 * load 30. 5 s proves requests are served during the work, not after it.
 */
const ANSWER_WITHIN_MS = 5000;

/** An OpenAPI document with `count` paths of one operation each. */
function generatedSpec(count: number): string {
  const op = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    responses: { '200': { description: 'ok' } },
  };
  const pathsObject = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `/v${(i % 3) + 1}/resource${Math.floor(i / 3)}/items/{id}`,
      { get: op },
    ]),
  );
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'big', version: '1' },
    servers: [{ url: 'https://big.example.com' }],
    paths: pathsObject,
  });
}

/** An Apache combined log of about `mb` megabytes; returns it and its line count. */
function generatedLog(mb: number): { text: string; lines: number } {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < mb * 1_000_000; i++) {
    const line =
      `10.0.${(i >> 8) & 255}.${i & 255} - - [10/Oct/2025:13:55:36 +0000] ` +
      `"GET /api/users/${i % 5000}/orders/${i} HTTP/1.1" 200 ${i % 999} "-" "curl/8.0"`;
    lines.push(line);
    size += line.length + 1;
  }
  return { text: lines.join('\n'), lines: lines.length };
}

describe.each(databaseKinds)('the event loop during a large upload (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const capture = (n: number) =>
    fetch(`${base}/gateway/v1/resource1/items/${n}`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-host': 'traffic.example.com' },
    });

  /** Adds a source over HTTP, asking /healthz and a capture all the while; the slowest answer and the source. */
  async function uploadWhilePolling(domainName: string, source: Record<string, unknown>) {
    const domain = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: domainName } }),
      domainSchema,
    );
    // A domain already seen: the first capture of a new host looks its upstream up in the database.
    expect((await capture(0)).status).toBe(202);
    // Encoded before the polling starts: this process is the client too, and encoding
    // megabytes of JSON here would hold the loop the server shares.
    const body = Buffer.from(JSON.stringify(source));
    let uploading = true;
    const upload = fetch(`${base}${paths.discoverySources(domain.id)}`, {
      method: 'POST',
      headers: { cookie: t.cookie, 'content-type': 'application/json' },
      body,
    }).finally(() => {
      uploading = false;
    });
    const waits: { what: string; ms: number; status: number }[] = [];
    const timed = async (what: string, send: () => Promise<Response>) => {
      const start = performance.now();
      const res = await send();
      await res.arrayBuffer();
      waits.push({ what, ms: performance.now() - start, status: res.status });
    };
    for (let n = 1; uploading; n++) {
      await timed('healthz', () => fetch(`${base}/healthz`));
      await timed('capture', () => capture(n));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await upload;
    expect(res.status).toBe(201);
    // Asked throughout, not only before or after: the work alone takes seconds.
    expect(waits.length).toBeGreaterThanOrEqual(10);
    expect(waits.every((w) => w.status < 300)).toBe(true);
    const slowest = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
    return { slowest, source: discoverySourceSchema.parse(await res.json()) };
  }

  it(
    `answers /healthz and captures within ${ANSWER_WITHIN_MS} ms while a ${PATHS}-path spec is stored`,
    { timeout: 900_000 },
    async () => {
      const { slowest, source } = await uploadWhilePolling('big.example.com', {
        type: 'openapi',
        name: 'big',
        config: { fileContent: generatedSpec(PATHS), fileName: 'big.json' },
      });
      expect(source).toMatchObject({ syncStatus: 'ok', endpointsDiscovered: PATHS });
      const stored = await t.inject({
        method: 'GET',
        url: paths.endpoints({ domain: 'big.example.com', limit: 1 }),
      });
      expect(json(stored, endpointListSchema).total).toBe(PATHS);
      expect(slowest.ms, `slowest: ${slowest.what} ${Math.round(slowest.ms)} ms`).toBeLessThan(
        ANSWER_WITHIN_MS,
      );
    },
  );

  it(
    `answers /healthz and captures within ${ANSWER_WITHIN_MS} ms while a ${LOG_MB} MB log is stored`,
    { timeout: 900_000 },
    async () => {
      const log = generatedLog(LOG_MB);
      const { slowest, source } = await uploadWhilePolling('logs.example.com', {
        type: 'access_log',
        name: 'big log',
        config: { fileContent: log.text, fileName: 'access.log', format: 'apache' },
      });
      expect(source).toMatchObject({ syncStatus: 'ok', lastError: null });
      expect(source.config).toMatchObject({ lineCount: log.lines, rejectedLines: 0 });
      expect(source.endpointsDiscovered).toBeGreaterThan(0);
      // Stored whole, in parts: the parts joined are the file's gzip stream.
      const parts = await t.ctx.db
        .select({ bytes: sourceFiles.bytes })
        .from(sourceFiles)
        .where(eq(sourceFiles.sourceId, source.id));
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.every((p) => p.bytes === Buffer.byteLength(log.text))).toBe(true);
      const stored = gunzipSync((await readSourceFile(t.ctx.db, source.id))!);
      expect(stored.equals(Buffer.from(log.text))).toBe(true);
      expect(slowest.ms, `slowest: ${slowest.what} ${Math.round(slowest.ms)} ms`).toBeLessThan(
        ANSWER_WITHIN_MS,
      );
    },
  );
});
