import { describe, expect, it } from 'vitest';
import { indexVersions } from '../../src/index.js';
import { raised, seen, spec } from './endpoints.js';

describe('ARGUS-API9-001..003 inventory', () => {
  it('flags traffic outside a domain’s description', () => {
    expect(raised('ARGUS-API9-001', seen('GET', '/hidden'), { domainHasSpec: true })).toBeDefined();
    expect(raised('ARGUS-API9-001', seen('GET', '/hidden'))).toBeUndefined();
  });
  it('flags a deprecated operation that still has traffic', () => {
    const old = seen('GET', '/old', { spec: spec({ deprecated: true }), auth: { bearer: 1 } });
    expect(raised('ARGUS-API9-002', old)?.subject).toBe('10 requests');
  });
  it('names the newest version beside an old one', () => {
    const versions = indexVersions([{ method: 'GET', normalizedPath: '/api/v2/items' }]);
    expect(raised('ARGUS-API9-003', seen('GET', '/api/v1/items'), { versions })?.subject).toBe(
      '/api/v2/items',
    );
    expect(raised('ARGUS-API9-003', seen('GET', '/api/v2/items'), { versions })).toBeUndefined();
  });
});
