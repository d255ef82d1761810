// Source uploads are streamed: the file's text is decoded from the JSON body as
// it arrives and written to a temporary file, its size checked on the way, then
// read once (in a worker thread) and stored for later re-syncs. Over real HTTP,
// so the body reaches the server in network-sized pieces.
import { readdir } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  discoverySourceListSchema,
  discoverySourceSchema,
  domainSchema,
  endpointListSchema,
  errorBodySchema,
  MAX_UPLOAD_BYTES,
  paths,
} from '@argus/api';
import { readSourceFile } from '../src/source-files.js';
import { UPLOADS_DIR } from '../src/upload-spool.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

/** An OpenAPI document whose descriptions hold what JSON escapes: quotes, backslashes, control and astral characters. */
function trickySpec(paths: number): string {
  const description = 'say "hi" \\ back\\slash\ttab\nline € 𝄞 🚀 \u0001 end';
  return JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'tricky', version: '1', description },
      servers: [{ url: 'https://upload.example.com' }],
      paths: Object.fromEntries(
        Array.from({ length: paths }, (_, i) => [
          `/things${i}/{id}`,
          {
            get: {
              description: `${description} ${i}`,
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              responses: { '200': { description: 'ok' } },
            },
          },
        ]),
      ),
    },
    null,
    2,
  );
}

/** The spooled uploads left: none once their requests were answered (deleted just after the answer). */
const expectNoSpooledUploads = () =>
  vi.waitFor(async () => expect(await readdir(UPLOADS_DIR).catch(() => [])).toEqual([]), { timeout: 10_000 });

describe.each(databaseKinds)('streamed source uploads (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  let domainId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    domainId = json(
      await t.inject({ method: 'POST', url: paths.domains(), payload: { name: 'upload.example.com' } }),
      domainSchema,
    ).id;
  });
  afterAll(() => t?.close());

  const upload = (body: string) =>
    fetch(`${base}${paths.discoverySources(domainId)}`, {
      method: 'POST',
      headers: { cookie: t.cookie, 'content-type': 'application/json' },
      body,
    });
  const sources = async () =>
    json(await t.inject({ method: 'GET', url: paths.discoverySources(domainId) }), discoverySourceListSchema);

  it('stores the uploaded file exactly as sent, and a re-sync reads it from the database', async () => {
    const text = trickySpec(400); // ~120 KB: many network pieces, escapes split between them
    const res = await upload(
      JSON.stringify({
        type: 'openapi',
        name: 'tricky',
        config: { fileContent: text, fileName: 'tricky.json' },
      }),
    );
    expect(res.status).toBe(201);
    const source = discoverySourceSchema.parse(await res.json());
    expect(source).toMatchObject({ syncStatus: 'ok', endpointsDiscovered: 400, lastError: null });
    const stored = await readSourceFile(t.ctx.db, source.id);
    expect(gunzipSync(stored!).toString('utf8')).toBe(text);

    const scan = await t.inject({ method: 'POST', url: paths.domainScan('upload.example.com') });
    expect(scan.statusCode).toBe(200);
    const [again] = (await sources()).filter((s) => s.id === source.id);
    expect(again).toMatchObject({ syncStatus: 'ok', endpointsDiscovered: 400, lastError: null });
    const listed = await t.inject({
      method: 'GET',
      url: paths.endpoints({ domain: 'upload.example.com', limit: 1 }),
    });
    expect(json(listed, endpointListSchema).total).toBe(400);
  });

  it('counts a log once, by the reader, and keeps no temporary file', async () => {
    const lines = Array.from(
      { length: 3000 },
      (_, i) =>
        `10.1.0.${i % 200} - - [10/Oct/2025:13:55:36 +0000] "GET /shop/items/${i} HTTP/1.1" 200 5 "-" "ü"`,
    );
    const res = await upload(
      JSON.stringify({
        type: 'access_log',
        name: 'shop',
        config: { format: 'apache', fileContent: lines.join('\r\n') },
      }),
    );
    expect(res.status).toBe(201);
    const source = discoverySourceSchema.parse(await res.json());
    expect(source.config).toMatchObject({ lineCount: 3000, rejectedLines: 0 });
    expect(source.endpointsDiscovered).toBe(1);
    await expectNoSpooledUploads();
  });

  it('answers 413 while the file streams past 100 MB, and stores nothing', { timeout: 300_000 }, async () => {
    const before = await sources();
    const fileContent = 'x'.repeat(MAX_UPLOAD_BYTES - 10) + 'é'.repeat(6); // 100 MB + 2 bytes in UTF-8
    const res = await upload(JSON.stringify({ type: 'access_log', name: 'huge', config: { fileContent } }));
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(await res.json()).message).toBe(
      'The uploaded file is larger than 100 MB; split it or upload a smaller extract',
    );
    expect(await sources()).toEqual(before);
    await expectNoSpooledUploads();
    // The server still takes uploads.
    const small = await upload(
      JSON.stringify({ type: 'openapi', name: 'after', config: { fileContent: trickySpec(2) } }),
    );
    expect(small.status).toBe(201);
  });

  it('answers a broken body 400 and a blank file with the form message', async () => {
    const broken = await upload('{"type": "access_log", "name": "broken", "config": {"fileContent": "abc');
    expect(broken.status).toBe(400);
    expect(errorBodySchema.parse(await broken.json()).message).toMatch(/^Invalid JSON body/);
    const blank = await upload(
      JSON.stringify({ type: 'access_log', name: 'blank', config: { fileContent: ' \n'.repeat(50_000) } }),
    );
    expect(blank.status).toBe(400);
    expect(errorBodySchema.parse(await blank.json()).message).toBe('Log file content is required');
    const poisoned = await upload(
      '{"type": "openapi", "name": "p", "config": {"fileContent": "{}"}, "__proto__": {"admin": true}}',
    );
    expect(poisoned.status).toBe(400);
    await expectNoSpooledUploads();
  });
});
