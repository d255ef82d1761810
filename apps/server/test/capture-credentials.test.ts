// Credentials in captured traffic. The review: the ingest token sent as
// `bearer …` (lower case) was forwarded upstream and stored, and captured
// Authorization / Cookie / Set-Cookie / Proxy-Authorization headers were
// stored as sent.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureBatchResultSchema, captureResultSchema, paths } from '@argus/api';
import { observations } from '../src/db/schema/index.js';
import { ADMIN_PASSWORD, createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const TOKEN = 'credentials-ingest-token-0123456789';
const DOMAIN = 'creds.example.com';

describe.each(databaseKinds)('credentials in captured traffic (%s)', (kind) => {
  let t: TestApp;
  let upstream: Server;
  const received: IncomingHttpHeaders[] = [];
  const storedHeaders = async (id: string) => {
    await t.app.argus.sink.catchUp();
    const [row] = await t.ctx.db
      .select({ observation: observations.observation })
      .from(observations)
      .where(eq(observations.id, id));
    const o = row!.observation as {
      requestHeaders: Record<string, string>;
      responseHeaders: Record<string, string>;
    };
    return o;
  };

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      received.push(request.headers);
      response.end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    t = await createTestApp(kind, { ingestToken: TOKEN, allowPrivateUrls: true });
    const created = await t.inject({
      method: 'POST',
      url: paths.domains(),
      payload: { name: DOMAIN, upstreamUrl: `http://127.0.0.1:${port}` },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('neither forwards nor stores the ingest token in any spelling of its scheme', async () => {
    for (const authorization of [`bearer ${TOKEN}`, `BEARER ${TOKEN}`, `Bearer  ${TOKEN}`]) {
      received.length = 0;
      const res = await t.anonymous({
        method: 'GET',
        url: '/gateway/api/orders',
        headers: { host: DOMAIN, authorization },
      });
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.authorization).toBeUndefined();
      expect(JSON.stringify(await t.ctx.db.select().from(observations))).not.toContain(TOKEN);
    }
  });

  it("forwards the client's credentials upstream and stores only their type", async () => {
    received.length = 0;
    const res = await t.inject({
      method: 'GET',
      url: '/gateway/api/profile',
      headers: {
        host: DOMAIN,
        authorization: 'Bearer eyJhbGciOi.client-secret.sig',
        'proxy-authorization': 'Basic dXNlcjpwYXNz',
        cookie: `${t.cookie}; sid=s3cr3t-session; theme=dark`,
      },
    });
    expect(res.statusCode).toBe(200);
    // The upstream is the captured API: it gets the client's credentials, not Argus's session.
    expect(received[0]!.authorization).toBe('Bearer eyJhbGciOi.client-secret.sig');
    expect(received[0]!.cookie).toBe('sid=s3cr3t-session; theme=dark');
    const capture = await t.anonymous({
      method: 'GET',
      url: '/gateway/api/profile',
      headers: {
        'x-forwarded-host': 'other.example.com',
        authorization: `Bearer ${TOKEN}`,
        cookie: 'sid=x1',
      },
    });
    const id = json(capture, captureResultSchema).recorded.id;
    expect((await storedHeaders(id)).requestHeaders['cookie']).toBe('sid=[redacted]');
    const rows = JSON.stringify(await t.ctx.db.select().from(observations));
    expect(rows).not.toContain('client-secret');
    expect(rows).not.toContain('dXNlcjpwYXNz');
    expect(rows).not.toContain('s3cr3t-session');
    expect(rows).toContain('Bearer [redacted]');
    expect(rows).toContain('Basic [redacted]');
  });

  it("forwards none of Argus's cookies, whatever their prefix, nor the ingest token in any header", async () => {
    received.length = 0;
    const res = await t.anonymous({
      method: 'GET',
      url: '/gateway/api/profile',
      headers: {
        host: DOMAIN,
        authorization: `Bearer ${TOKEN}`,
        'x-api-key': TOKEN,
        'proxy-authorization': `bearer ${TOKEN}`,
        cookie: `__Host-argus_session=host-prefixed; sid=keep-me; __Secure-argus_session=secure; ARGUS_SESSION=upper`,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.cookie).toBe('sid=keep-me');
    expect(received[0]!['x-api-key']).toBeUndefined();
    expect(received[0]!['proxy-authorization']).toBeUndefined();
    const rows = JSON.stringify(await t.ctx.db.select().from(observations));
    for (const secret of [TOKEN, 'host-prefixed', 'secure', 'upper']) expect(rows).not.toContain(secret);
  });

  it('forwards no session of a user signed in over HTTPS behind a proxy', async () => {
    const secure = await createTestApp(kind, { trustProxy: 1, ingestToken: TOKEN, allowPrivateUrls: true });
    try {
      const login = await secure.anonymous({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: 'admin', password: ADMIN_PASSWORD },
      });
      const session = login.cookies.find((c) => c.name === '__Host-argus_session')!;
      const { port } = upstream.address() as AddressInfo;
      const created = await secure.anonymous({
        method: 'POST',
        url: paths.domains(),
        headers: {
          'x-forwarded-proto': 'https',
          cookie: `__Host-argus_session=${session.value}`,
        },
        payload: { name: DOMAIN, upstreamUrl: `http://127.0.0.1:${port}` },
      });
      expect(created.statusCode, created.body).toBe(201);
      received.length = 0;
      const res = await secure.anonymous({
        method: 'GET',
        url: '/gateway/api/orders',
        headers: {
          host: DOMAIN,
          'x-forwarded-proto': 'https',
          authorization: `Bearer ${TOKEN}`,
          cookie: `__Host-argus_session=${session.value}; cart=7`,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(received[0]!.cookie).toBe('cart=7');
      expect(JSON.stringify(received)).not.toContain(session.value);
    } finally {
      await secure.close();
    }
  });

  it('redacts credential headers of exchanges sent to the batch API', async () => {
    const res = await t.anonymous({
      method: 'POST',
      url: paths.captures(),
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: {
        exchanges: [
          {
            host: 'batch-creds.example.com',
            method: 'POST',
            path: '/login',
            status: 200,
            requestHeaders: { Authorization: 'Basic YWRtaW46aHVudGVyMg==', Cookie: 'a=1; b=2' },
            responseHeaders: { 'Set-Cookie': 'session=abcdef123; HttpOnly; Secure' },
          },
        ],
      },
    });
    const [recorded] = json(res, captureBatchResultSchema).recorded;
    const stored = await storedHeaders(recorded!.id);
    expect(stored.requestHeaders).toMatchObject({
      authorization: 'Basic [redacted]',
      cookie: 'a=[redacted]; b=[redacted]',
    });
    expect(stored.responseHeaders['set-cookie']).toBe('session=[redacted]; HttpOnly; Secure');
  });
});
