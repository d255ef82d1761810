// Every PII finding and every vulnerability the engine reports says why: where it was
// seen, which rule fired, a redacted sample (never the raw value), and when.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHECKS,
  Inventory,
  checkInventory,
  detectPiiInObservation,
  readOpenApi,
  redactSample,
  type Observation,
} from '../src/index.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const obs = (over: Partial<Observation>): Observation => ({
  source: 'har',
  domain: 'shop.example.com',
  method: 'GET',
  path: '/',
  query: '',
  status: 200,
  scheme: 'https',
  auth: [],
  requestHeaders: {},
  responseHeaders: {},
  timestamp: null,
  ...over,
});

describe('redacted samples', () => {
  it('keep the shape, never the value', () => {
    expect(redactSample('credit_card', '4111111111111111')).toBe('4111 •••• •••• 1111');
    expect(redactSample('credit_card', '3530-1113-3330-0000')).toBe('3530 •••• •••• 0000');
    expect(redactSample('email', 'jane.doe@example.com')).toBe('j•••@example.com');
    expect(redactSample('ssn', '078-05-1123')).toBe('•••-••-1123');
    expect(redactSample('password', 'hunter2')).toBe('••••••••');
    expect(redactSample('api_key', 'sk_live_abcdefghijklmnop1234')).toBe('sk_live_••••••••');
  });
});

describe('PII evidence from traffic', () => {
  it('names the side, part, field, recogniser, a redacted sample and the time', () => {
    const t = Date.UTC(2026, 10, 1, 12);
    const found = detectPiiInObservation(
      obs({
        method: 'POST',
        path: '/v1/checkout',
        timestamp: t,
        requestBody: JSON.stringify({ payment: { pan: '4111 1111 1111 1111' }, email: 'jane@example.com' }),
      }),
    );
    const card = found.find((f) => f.type === 'credit_card' && f.by === 'value');
    expect(card?.evidence).toEqual({
      side: 'request',
      part: 'body',
      field: 'payment.pan',
      rule: 'credit_card:credit_card',
      sample: '4111 •••• •••• 1111',
      firstSeen: t,
      lastSeen: t,
    });
    for (const f of found) {
      expect(f.evidence?.rule, `${f.type} by ${f.by}`).toBeTruthy();
      expect(JSON.stringify(f.evidence)).not.toContain('4111 1111 1111 1111');
      expect(JSON.stringify(f.evidence)).not.toContain('jane@example.com');
    }
  });

  it('widens first/last seen as the inventory merges observations', () => {
    const inv = new Inventory();
    for (const [i, t] of [Date.UTC(2026, 0, 2), Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 5)].entries())
      inv.addObservation(
        obs({ path: `/users/${i}`, responseBody: '{"email":"a@b.example.org"}', timestamp: t }),
      );
    const [agg] = inv.endpoints();
    const email = agg?.pii.find((p) => p.type === 'email' && p.by === 'value');
    expect(email?.evidence?.firstSeen).toBe(Date.UTC(2026, 0, 1));
    expect(email?.evidence?.lastSeen).toBe(Date.UTC(2026, 0, 5));
  });
});

describe('PII from a spec follows the operation', () => {
  const { endpoints } = readOpenApi(fixture('payments-openapi.yaml'));
  const op = (method: string, path: string) => {
    const e = endpoints.find((x) => x.method === method && x.pathTemplate === path);
    if (!e) throw new Error(`${method} ${path} not in the fixture`);
    return e.spec;
  };
  const types = (method: string, path: string) =>
    [...new Set(op(method, path).piiFields.map((f) => f.type))].sort();

  it('does not inherit what a shared default error object embeds', () => {
    expect(types('GET', '/v1/balance')).toEqual([]);
    expect(types('DELETE', '/v1/webhook_endpoints/{webhook_endpoint}')).toEqual([]);
  });

  it('reads card objects as card data and secrets as credentials, not passwords', () => {
    const tokens = op('POST', '/v1/tokens').piiFields;
    const card = tokens.filter((f) => f.type === 'credit_card').map((f) => f.field);
    expect(card).toEqual(['card.number', 'card.cvc']);
    expect(tokens.filter((f) => f.type === 'card_expiry').map((f) => f.field)).toEqual([
      'card.exp_month',
      'card.exp_year',
    ]);
    expect(tokens.find((f) => f.field === 'card.number')?.evidence?.pointer).toBe(
      '#/paths/~1v1~1tokens/post/requestBody',
    );
    expect(types('GET', '/v1/payment_intents/{intent}')).toEqual(['api_key', 'email']);
    expect(endpoints.flatMap((e) => e.spec.piiFields).some((f) => f.type === 'password')).toBe(false);
  });

  it('counts fields an error response defines inline, with the pointer to it', () => {
    const email = op('GET', '/v1/payment_intents/{intent}').piiFields.find(
      (f) => f.field === 'customer_email',
    );
    expect(email?.type).toBe('email');
    expect(email?.evidence?.pointer).toBe('#/paths/~1v1~1payment_intents~1{intent}/get/responses/400');
  });

  it('points every declared PII field at its place in the document', () => {
    for (const e of endpoints)
      for (const f of e.spec.piiFields) {
        expect(f.evidence?.pointer, `${e.method} ${e.pathTemplate} ${f.field}`).toMatch(/^#\/paths\/~1v1~1/);
        expect(f.evidence?.rule).toMatch(/^(field-name|schema-format):/);
      }
  });
});

describe('vulnerability evidence', () => {
  it('every finding of every check carries evidence with a rule', () => {
    const inv = new Inventory();
    inv.addSpecEndpoints(readOpenApi(fixture('payments-openapi.yaml')).endpoints);
    const t = Date.UTC(2026, 10, 2);
    inv.addObservation(
      obs({
        scheme: 'http',
        method: 'DELETE',
        path: '/admin/users/42',
        query: 'api_key=abc&callback=https://x.example',
        auth: [],
        timestamp: t,
        responseHeaders: {
          server: 'nginx/1.18.0',
          'access-control-allow-origin': '*',
          'access-control-allow-credentials': 'true',
        },
        responseBody: '{"ssn":"078-05-1123"}',
      }),
    );
    inv.addObservation(obs({ method: 'GET', path: '/createdb', auth: [], timestamp: t }));
    inv.addObservation(
      obs({ method: 'GET', path: '/v1/balance', auth: [], timestamp: t, domain: 'api.payments.example' }),
    );
    const seen = new Set<string>();
    for (const [ep, vulns] of checkInventory(inv.endpoints())) {
      for (const v of vulns) {
        seen.add(v.vulnId);
        expect(v.evidence.length, `${v.vulnId} on ${ep.method} ${ep.normalizedPath}`).toBeGreaterThan(0);
        for (const e of v.evidence) expect(e.rule.startsWith(v.vulnId)).toBe(true);
        expect(['high', 'medium', 'low']).toContain(v.confidence);
      }
    }
    // The fixture exercises a good part of the catalogue, not one check.
    expect(seen.size).toBeGreaterThanOrEqual(8);
    expect([...seen].every((id) => id in CHECKS)).toBe(true);
    expect(seen.has('ARGUS-API5-002')).toBe(true);
  });
});
