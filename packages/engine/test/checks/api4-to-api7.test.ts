import { describe, expect, it } from 'vitest';
import { described, raised, seen } from './endpoints.js';

describe('ARGUS-API4-001 and ARGUS-API4-002 resource consumption', () => {
  it('flags an array without paging, seen or declared', () => {
    const id = 'ARGUS-API4-001';
    expect(raised(id, seen('GET', '/orders', { responseSample: '[{"id":1}]' }))).toBeDefined();
    expect(raised(id, described('GET', '/orders', { responseFields: ['[].id'] }))).toBeDefined();
    expect(
      raised(id, seen('GET', '/orders', { responseSample: '[{"id":1}]', queryParams: ['limit'] })),
    ).toBeUndefined();
    expect(raised(id, seen('GET', '/orders/{id}', { responseSample: '[{"id":1}]' }))).toBeUndefined();
  });
  it('flags responses without rate-limit headers only when headers were seen', () => {
    const id = 'ARGUS-API4-002';
    expect(
      raised(id, seen('GET', '/a', { responseHeaders: { 'content-type': 'application/json' } })),
    ).toBeDefined();
    expect(
      raised(id, seen('GET', '/a', { responseHeaders: { 'x-ratelimit-limit': '100' } })),
    ).toBeUndefined();
    expect(raised(id, seen('GET', '/a'))).toBeUndefined();
  });
});

describe('ARGUS-API5-001 and ARGUS-API5-002 functions without authentication', () => {
  it('is critical for an admin path answered without credentials', () => {
    expect(raised('ARGUS-API5-001', seen('GET', '/admin/users'))?.severity).toBe('critical');
    expect(raised('ARGUS-API5-001', seen('GET', '/admin/users', { auth: { bearer: 10 } }))).toBeUndefined();
  });
  it('is critical for a reset path declared public or answered', () => {
    const id = 'ARGUS-API5-002';
    expect(raised(id, described('GET', '/createdb', { security: 'public' }))).toMatchObject({
      severity: 'critical',
      confidence: 'high',
    });
    expect(raised(id, seen('POST', '/api/reset-database'))?.confidence).toBe('high');
    expect(raised(id, described('GET', '/createdb'))).toBeUndefined();
  });
});

describe('ARGUS-API6-001 and ARGUS-API7-001', () => {
  it('flags a login without rate limits, not a plain read', () => {
    expect(raised('ARGUS-API6-001', seen('POST', '/auth/login'))).toBeDefined();
    expect(raised('ARGUS-API6-001', seen('GET', '/orders/{id}/items'))).toBeUndefined();
  });
  it('flags URL-valued parameters by name or format', () => {
    const id = 'ARGUS-API7-001';
    expect(raised(id, seen('GET', '/fetch', { queryParams: ['callback_url'] }))).toBeDefined();
    const format = described('POST', '/hooks', {
      parameters: [{ name: 'target', in: 'query', format: 'uri' }],
    });
    expect(raised(id, format)?.subject).toBe('target');
    expect(raised(id, seen('GET', '/fetch', { queryParams: ['q'] }))).toBeUndefined();
  });
});
