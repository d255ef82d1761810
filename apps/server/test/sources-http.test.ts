// Sources and forwarding over real HTTP against local servers (a spec URL, a
// Kong Admin API, an upstream API), with private addresses allowed as on-prem.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discoverySourceSchema,
  domainSchema,
  endpointListSchema,
  endpointSchema,
  settingsSchema,
  errorBodySchema,
  paths,
  type Domain,
} from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Orders', version: '1' },
  paths: { '/orders/{orderId}': { get: { responses: { '200': { description: 'ok' } } } } },
};

function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, res, body));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const base = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe.each(databaseKinds)('sources and forwarding over HTTP (%s)', (kind) => {
  let t: TestApp;
  let upstream: Server;
  const seenByUpstream: { method: string; url: string; body: string; token: string | undefined }[] = [];
  let kongToken: string | undefined;
  let domain: Domain;

  beforeAll(async () => {
    upstream = await serve((req, res, body) => {
      if (req.url === '/openapi.json')
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SPEC));
      if (req.url?.startsWith('/kong/services')) {
        kongToken = req.headers['kong-admin-token'] as string | undefined;
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: [{ id: 's1', host: 'orders.internal', protocol: 'http' }] }));
      }
      if (req.url?.startsWith('/kong/routes')) {
        return res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            data: [{ id: 'r1', paths: ['/orders/refunds'], methods: ['POST'], service: { id: 's1' } }],
          }),
        );
      }
      seenByUpstream.push({ method: req.method!, url: req.url!, body, token: req.headers.authorization });
      res
        .writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' })
        .end(JSON.stringify({ id: 7, email: 'owner@example.org', ssn: '536-22-8714' }));
    });
    t = await createTestApp(kind, { allowPrivateUrls: true });
    domain = json(
      await t.inject({
        method: 'POST',
        url: paths.domains(),
        payload: { name: 'orders.example.com', upstreamUrl: `${base(upstream)}/` },
      }),
      domainSchema,
    );
  });
  afterAll(async () => {
    await t?.close();
    upstream?.close();
  });

  it('syncs an OpenAPI source from its URL', async () => {
    const res = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domain.id),
      payload: { type: 'openapi', name: 'Orders spec', config: { url: `${base(upstream)}/openapi.json` } },
    });
    const source = json(res, discoverySourceSchema);
    expect(source).toMatchObject({
      syncStatus: 'ok',
      endpointsDiscovered: 1,
      config: { url: `${base(upstream)}/openapi.json` },
    });
  });

  it('pulls a Kong gateway with the sealed key and shows the key masked', async () => {
    const res = await t.inject({
      method: 'POST',
      url: paths.discoverySources(domain.id),
      payload: {
        type: 'api_gateway',
        name: 'Kong',
        config: { provider: 'kong', url: `${base(upstream)}/kong`, apiKey: 'kong-admin-secret-1234' },
      },
    });
    const source = json(res, discoverySourceSchema);
    expect(source.syncStatus).toBe('ok');
    expect(source.config.apiKey).toBe('••••1234');
    expect(res.body).not.toContain('kong-admin-secret');
    expect(kongToken).toBe('kong-admin-secret-1234');
    const stored = (await t.ctx.db.query.discoverySources.findMany()).find((r) => r.id === source.id)!;
    expect(stored.apiKeySealed).not.toContain('kong-admin');
    expect(t.ctx.secrets.open(stored.apiKeySealed!)).toBe('kong-admin-secret-1234');
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ domain: 'orders.example.com' }) }),
      endpointListSchema,
    );
    expect(list.endpoints.map((e) => `${e.method} ${e.normalizedPath}`).sort()).toEqual([
      'GET /orders/{orderId}',
      'POST /orders/refunds',
    ]);
    expect(list.endpoints.find((e) => e.normalizedPath === '/orders/refunds')?.sources).toEqual([
      'api_gateway',
    ]);
  });

  it('forwards captured requests to the upstream and records the answer too', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/gateway/orders/55/notes?x=1',
      headers: {
        'x-forwarded-host': 'orders.example.com',
        'content-type': 'application/json',
        authorization: 'Bearer user-token',
      },
      payload: JSON.stringify({ note: 'call me at +1 415 555 0132' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-upstream']).toBe('yes');
    expect(res.headers['x-argus-observation']).toBeTruthy();
    expect(res.json()).toEqual({ id: 7, email: 'owner@example.org', ssn: '536-22-8714' });
    expect(seenByUpstream.at(-1)).toEqual({
      method: 'POST',
      url: '/orders/55/notes?x=1',
      body: JSON.stringify({ note: 'call me at +1 415 555 0132' }),
      token: 'Bearer user-token',
    });
    await t.app.argus.analyzer.drain();
    const list = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ q: 'notes' }) }),
      endpointListSchema,
    );
    expect(list.endpoints[0]?.piiTypes).toEqual(expect.arrayContaining(['email', 'ssn', 'phone']));
  });

  it('runs active probes on rescan only with deep scanning on', async () => {
    await t.inject({
      method: 'GET',
      url: '/gateway/orders/77/items',
      headers: { 'x-forwarded-host': 'orders.example.com', authorization: 'Bearer user-token' },
    });
    await t.app.argus.analyzer.drain();
    const [items] = json(
      await t.inject({ method: 'GET', url: paths.endpoints({ q: '/items' }) }),
      endpointListSchema,
    ).endpoints;
    const probesBefore = seenByUpstream.length;
    const passive = json(
      await t.inject({ method: 'POST', url: paths.rescanEndpoint(items!.id) }),
      endpointSchema,
    );
    expect(seenByUpstream.length).toBe(probesBefore);
    expect(passive.vulnerabilities.map((v) => v.vulnId)).not.toContain('ARGUS-API2-001');
    const settings = json(await t.inject({ method: 'GET', url: paths.settings() }), settingsSchema);
    await t.inject({ method: 'PUT', url: paths.settings(), payload: { ...settings, deepScan: true } });
    const deep = json(
      await t.inject({ method: 'POST', url: paths.rescanEndpoint(items!.id) }),
      endpointSchema,
    );
    // The upstream answers without checking credentials: the probe's unauthenticated GET succeeds.
    expect(seenByUpstream.slice(probesBefore).some((r) => r.method === 'GET' && r.token === undefined)).toBe(
      true,
    );
    expect(deep.vulnerabilities.map((v) => v.vulnId)).toContain('ARGUS-API2-001');
    await t.inject({ method: 'PUT', url: paths.settings(), payload: settings });
  });

  it('answers 502 with a message when the upstream is down', async () => {
    const dead = await serve(() => undefined);
    const url = base(dead);
    dead.close();
    await t.inject({
      method: 'POST',
      url: paths.domains(),
      payload: { name: 'down.example.com', upstreamUrl: url },
    });
    const res = await t.inject({
      method: 'GET',
      url: '/gateway/x',
      headers: { 'x-forwarded-host': 'down.example.com' },
    });
    expect(res.statusCode).toBe(502);
    expect(json(res, errorBodySchema).message).toMatch(/did not answer/);
  });
});
