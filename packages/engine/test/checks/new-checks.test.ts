// Checks that read what a description shows about other principals' objects, destructive
// operations and user listings.
import { describe, expect, it } from 'vitest';
import { described, raised, seen } from './endpoints.js';

describe('ARGUS-API1-002 another user changed by a caller-chosen key', () => {
  const id = 'ARGUS-API1-002';
  it('fires on a password change addressed by {username}, critical when open to anyone', () => {
    const v = raised(id, described('PUT', '/users/v1/{username}/password'));
    expect(v?.subject).toBe('username → password');
    expect(v?.severity).toBe('high');
    expect(v?.cwe).toBe('CWE-639');
    expect(raised(id, seen('PATCH', '/accounts/{id}/email', { statusCounts: { '204': 10 } }))?.severity).toBe(
      'critical',
    );
  });
  it('stays silent on the caller’s own account and on reads', () => {
    expect(raised(id, described('PUT', '/me/password'))).toBeUndefined();
    expect(raised(id, described('GET', '/users/{username}/email'))).toBeUndefined();
    expect(raised(id, described('PUT', '/books/{title}/password'))).toBeUndefined();
  });
});

describe('ARGUS-API5-003 a principal’s role changed by key', () => {
  const id = 'ARGUS-API5-003';
  it('fires on role and promote segments around a principal key', () => {
    expect(raised(id, described('PUT', '/users/{username}/role'))?.owaspCategory).toMatch(/^API5:2023/);
    expect(raised(id, seen('PUT', '/admin/promote/users/{id}'))?.severity).toBe('critical');
    expect(raised(id, described('PUT', '/users/{username}/avatar'))).toBeUndefined();
  });
});

describe('ARGUS-API5-004 delete open to anyone', () => {
  const id = 'ARGUS-API5-004';
  it('fires on a DELETE the description declares public, unless it is seen refusing', () => {
    expect(raised(id, described('DELETE', '/users/{id}', { security: 'public' }))?.severity).toBe('critical');
    expect(raised(id, described('DELETE', '/users/{id}'))).toBeUndefined();
    const refusing = seen('DELETE', '/users/{id}', {
      spec: described('DELETE', '/users/{id}', { security: 'public' }).spec!,
      statusCounts: { '401': 10 },
    });
    expect(raised(id, refusing)).toBeUndefined();
  });
});

describe('ARGUS-API3-004 open listing of users', () => {
  const id = 'ARGUS-API3-004';
  it('fires on a public user collection that returns e-mails, seen or declared', () => {
    const spec = described('GET', '/users/v1', {
      security: 'public',
      responseFields: ['[].username', '[].email'],
    });
    expect(raised(id, spec)?.severity).toBe('medium');
    const traffic = seen('GET', '/api/users', {
      pii: [{ type: 'email', location: 'response.body', field: '[].email', by: 'value', count: 3 }],
    });
    expect(raised(id, traffic)?.confidence).toBe('high');
  });
  it('stays silent behind authentication, on other collections and without contact data', () => {
    expect(raised(id, described('GET', '/users', { responseFields: ['[].email'] }))).toBeUndefined();
    expect(
      raised(id, described('GET', '/books', { security: 'public', responseFields: ['[].email'] })),
    ).toBeUndefined();
    expect(
      raised(id, described('GET', '/users', { security: 'public', responseFields: ['[].id'] })),
    ).toBeUndefined();
  });
});

describe('ARGUS-API1-003 object read by a guessable key', () => {
  const id = 'ARGUS-API1-003';
  it('hints at a read by title or name, not by id', () => {
    expect(raised(id, described('GET', '/books/v1/{book_title}'))?.severity).toBe('low');
    expect(raised(id, described('GET', '/users/{username}'))?.subject).toBe('{username}');
    expect(raised(id, described('GET', '/books/{bookId}'))).toBeUndefined();
    expect(raised(id, described('DELETE', '/books/{book_title}'))).toBeUndefined();
  });
});
