// Capture with a session is for this server's own pages. A sibling subdomain
// (an <img> or a form on evil.argus.example: Sec-Fetch-Site same-site, and the
// SameSite=Lax cookie goes along), a typed or bookmarked URL (none), or a client
// that does not say must not record traffic with the visitor's session; the
// ingest token records whatever the caller's site. Over real HTTP.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@argus/api';
import { observations } from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';

const TOKEN = 'same-origin-ingest-Tk9q2ZrW7mXc4VbN8sLd';
const HOST = 'shop.example.com';
const SIBLING = 'https://evil.argus.example';

describe.each(databaseKinds)('security: capture with a session is same-origin only (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  const stored = async () => {
    await t.app.argus.sink.catchUp();
    return (await t.ctx.db.select({ n: count() }).from(observations))[0]!.n;
  };
  const batch = JSON.stringify({
    exchanges: [{ host: HOST, method: 'GET', path: '/api/injected/1', status: 200 }],
  });
  const gateway = (headers: Record<string, string>) =>
    fetch(`${base}/gateway/api/injected/1`, { headers: { 'x-forwarded-host': HOST, ...headers } });
  const captures = (headers: Record<string, string>) =>
    fetch(`${base}${paths.captures()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: batch,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { ingestToken: TOKEN });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it.each([
    ['same-site', { 'sec-fetch-site': 'same-site' }],
    ['none', { 'sec-fetch-site': 'none' }],
    ['missing', {}],
    ['cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a session capture whose Sec-Fetch-Site is %s, and records nothing', async (_, site) => {
    const before = await stored();
    const viaGateway = await gateway({ cookie: t.cookie, ...site });
    expect(viaGateway.status).toBe(403);
    expect(((await viaGateway.json()) as { message: string }).message).toMatch(/same-origin.*ingest token/);
    // A batch posted without Origin (a form's navigation may send none) is refused the same way.
    expect((await captures({ cookie: t.cookie, ...site })).status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('records a session capture from a page of this server, and any capture with the ingest token', async () => {
    const before = await stored();
    expect((await gateway({ cookie: t.cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(202);
    expect((await captures({ cookie: t.cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(202);
    const token = { authorization: `Bearer ${TOKEN}` };
    expect((await gateway({ ...token, 'sec-fetch-site': 'same-site' })).status).toBe(202);
    expect((await captures({ ...token, 'sec-fetch-site': 'cross-site', origin: SIBLING })).status).toBe(202);
    expect(await stored()).toBe(before + 4);
  });
});
