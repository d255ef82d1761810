import { describe, expect, it } from 'vitest';
import type { PiiFinding } from '../../src/index.js';
import { described, raised, seen } from './endpoints.js';

const pii = (
  type: PiiFinding['type'],
  location: PiiFinding['location'],
  field: string,
  by: PiiFinding['by'],
) => ({
  type,
  location,
  field,
  by,
  count: 1,
});

describe('ARGUS-API3-001 sensitive data in responses', () => {
  const id = 'ARGUS-API3-001';
  it('is high for data seen in a response, medium for a schema that only declares it', () => {
    expect(
      raised(id, seen('GET', '/a', { pii: [pii('ssn', 'response.body', 'ssn', 'value')] }))?.severity,
    ).toBe('high');
    const declared = raised(id, described('GET', '/a', { piiFields: [] }));
    expect(declared).toBeUndefined();
    const schema = {
      ...described('GET', '/a'),
      pii: [pii('credit_card', 'spec.response', 'card', 'schema')],
    };
    expect(raised(id, schema)?.severity).toBe('medium');
  });
  it('ignores personal data that is not sensitive', () => {
    expect(
      raised(id, seen('GET', '/a', { pii: [pii('email', 'response.body', 'email', 'value')] })),
    ).toBeUndefined();
  });
});

describe('ARGUS-API3-002 sensitive data in the URL', () => {
  const id = 'ARGUS-API3-002';
  it('fires on PII seen in a query value', () => {
    expect(
      raised(id, seen('GET', '/a', { pii: [pii('email', 'request.query', 'email', 'value')] })),
    ).toBeDefined();
  });
  it('does not call an id path parameter PII: /cards/{card} names a card, it is not one', () => {
    const ep = {
      ...described('GET', '/customers/{customer}/cards/{card}'),
      pii: [
        pii('credit_card', 'spec.parameter', 'path.card', 'schema'),
        pii('name', 'spec.parameter', 'path.customer', 'schema'),
        pii('email', 'spec.parameter', 'path.user_id', 'schema'),
      ],
    };
    expect(raised(id, ep)).toBeUndefined();
    const email = {
      ...described('GET', '/lookup/{email}'),
      pii: [pii('email', 'spec.parameter', 'path.email', 'schema')],
    };
    expect(raised(id, email)?.subject).toBe('email');
  });
  it('leaves a credential in the query to ARGUS-API2-002: one client_secret, one finding', () => {
    const ep = seen('GET', '/oauth/token', {
      queryParams: ['client_secret'],
      pii: [pii('password', 'request.query', 'client_secret', 'value')],
    });
    expect(raised('ARGUS-API2-002', ep)).toBeDefined();
    expect(raised(id, ep)).toBeUndefined();
  });
});

describe('ARGUS-API3-003 mass-assignment-prone fields', () => {
  const id = 'ARGUS-API3-003';
  it('fires on a privileged field a state change accepts, declared or seen', () => {
    const declared = described('PATCH', '/users/{id}', { requestFields: ['name', 'role', 'isAdmin'] });
    expect(raised(id, declared)?.subject).toBe('role, isAdmin');
    expect(raised(id, seen('POST', '/accounts', { requestFields: ['profile.is_admin'] }))).toBeDefined();
  });
  it('stays silent on reads', () => {
    expect(raised(id, described('GET', '/users/{id}', { requestFields: ['role'] }))).toBeUndefined();
  });
});
