import { describe, expect, it } from 'vitest';
import { described, raised, seen } from './endpoints.js';

describe('ARGUS-API8-001 plain HTTP', () => {
  const id = 'ARGUS-API8-001';
  it('fires on traffic over http and on a description that offers an http server', () => {
    expect(raised(id, seen('GET', '/a', { schemes: { http: 2 } }))?.confidence).toBe('high');
    expect(raised(id, described('GET', '/a', { servers: ['http://api.example.com/v1'] }))?.confidence).toBe(
      'medium',
    );
    const both = described('GET', '/a', { servers: ['https://api.example.com', 'http://api.example.com'] });
    expect(raised(id, both)?.confidence).toBe('low');
  });
  it('stays silent on https and on local hosts', () => {
    expect(raised(id, described('GET', '/a'))).toBeUndefined();
    expect(raised(id, seen('GET', '/a', { schemes: { http: 1 }, domain: 'localhost' }))).toBeUndefined();
    expect(raised(id, described('GET', '/a', { servers: ['http://localhost:5000'] }))).toBeUndefined();
  });
});

describe('ARGUS-API8-002..005 headers and error bodies', () => {
  const ep = seen('GET', '/a', {
    requestHeaders: { origin: 'https://evil.example' },
    responseHeaders: {
      server: 'Apache/2.4.41 (Ubuntu)',
      'x-powered-by': 'Express',
      'access-control-allow-origin': 'https://evil.example',
      'access-control-allow-credentials': 'true',
    },
    errorSample: 'Traceback (most recent call last):\n  File "/srv/app/views.py", line 3',
  });
  it('names the missing headers', () => {
    expect(raised('ARGUS-API8-002', ep)?.subject).toBe('Strict-Transport-Security, X-Content-Type-Options');
  });
  it('flags a reflected origin with credentials, not an explicit list', () => {
    expect(raised('ARGUS-API8-003', ep)?.evidence[0]?.rule).toContain('reflected-origin');
    const listed = {
      ...ep,
      responseHeaders: { ...ep.responseHeaders, 'access-control-allow-origin': 'https://app.example' },
    };
    expect(raised('ARGUS-API8-003', listed)).toBeUndefined();
  });
  it('flags stack traces and version headers', () => {
    expect(raised('ARGUS-API8-004', ep)?.subject).toContain('Traceback');
    expect(raised('ARGUS-API8-005', ep)?.subject).toContain('x-powered-by: Express');
    const bare = seen('GET', '/a', { responseHeaders: { server: 'nginx' } });
    expect(raised('ARGUS-API8-005', bare)).toBeUndefined();
  });
});
