import { describe, expect, it } from 'vitest';
import { described, raised, seen } from './endpoints.js';

describe('ARGUS-API1-001 object id without authentication', () => {
  const id = 'ARGUS-API1-001';
  it('fires on an id path answered without credentials, naming the parameter', () => {
    const v = raised(id, seen('GET', '/users/{id}'));
    expect(v?.confidence).toBe('high');
    expect(v?.cwe).toBe('CWE-639');
    expect(v?.evidence[0]?.field).toBe('{id}');
  });
  it('fires at medium confidence on an operation the description declares public', () => {
    expect(raised(id, described('GET', '/orders/{id}', { security: 'public' }))?.confidence).toBe('medium');
  });
  it('stays silent with credentials or without an id', () => {
    expect(raised(id, seen('GET', '/users/{id}', { auth: { bearer: 10 } }))).toBeUndefined();
    expect(raised(id, seen('GET', '/users'))).toBeUndefined();
    expect(raised(id, described('GET', '/orders/{id}'))).toBeUndefined();
  });
});

describe('ARGUS-API2-001 no authentication on a non-public operation', () => {
  const id = 'ARGUS-API2-001';
  it('is critical where the description requires credentials yet requests without them succeed', () => {
    const v = raised(id, seen('GET', '/me', { spec: described('GET', '/me').spec! }));
    expect(v?.severity).toBe('critical');
    expect(v?.confidence).toBe('high');
  });
  it('fires on a state change answered without credentials', () => {
    expect(raised(id, seen('POST', '/orders'))?.severity).toBe('high');
  });
  it('never contradicts its evidence: no success left for the requests without credentials', () => {
    // One request without credentials, two with; nothing answered 2xx/3xx.
    const post = seen('POST', '/post', {
      requestCount: 3,
      auth: { none: 1, bearer: 2 },
      statusCounts: { '404': 3 },
    });
    expect(raised(id, post)).toBeUndefined();
    // Two successes, both accounted for by the two requests with credentials.
    const covered = seen('POST', '/post', {
      auth: { none: 1, bearer: 2 },
      statusCounts: { '200': 2, '400': 1 },
    });
    expect(raised(id, covered)).toBeUndefined();
    const refused = seen('POST', '/orders', { auth: { none: 4 }, statusCounts: { '401': 4 } });
    expect(raised(id, refused)).toBeUndefined();
  });
  it('says how many requests carried credentials and is less sure when some did', () => {
    const mixed = seen('POST', '/orders', { auth: { none: 3, bearer: 1 }, statusCounts: { '201': 4 } });
    const v = raised(id, mixed);
    expect(v?.confidence).toBe('medium');
    expect(v?.evidence[0]?.detail).toContain('3 request(s) without credentials, 1 with; 4 of all requests');
  });
});

describe('ARGUS-API2-002 and ARGUS-API2-003 credentials in URLs and over HTTP', () => {
  it('flags a credential-named query parameter or a query credential seen', () => {
    expect(raised('ARGUS-API2-002', seen('GET', '/search', { queryParams: ['api_key'] }))?.subject).toBe(
      'api_key',
    );
    expect(raised('ARGUS-API2-002', seen('GET', '/search', { auth: { query_key: 2 } }))).toBeDefined();
    expect(raised('ARGUS-API2-002', seen('GET', '/search', { queryParams: ['q'] }))).toBeUndefined();
  });
  it('flags Basic credentials over http only', () => {
    const id = 'ARGUS-API2-003';
    expect(raised(id, seen('GET', '/x', { auth: { basic: 3 }, schemes: { http: 3 } }))).toBeDefined();
    expect(raised(id, seen('GET', '/x', { auth: { basic: 3 }, schemes: { https: 3 } }))).toBeUndefined();
  });
});
