// The pieces the capture fast path uses in place of slower equivalents: each
// answers exactly what the general function answers.
import { describe, expect, it } from 'vitest';
import { captureResultSchema } from '@argus/api';
import { bearerMatcher, bearerMatches } from '../src/auth.js';
import { acceptedBody } from '../src/capture/fast-path.js';
import type { JournalRecord } from '../src/capture/journal.js';
import { cachedCaptureHostOf, captureHostOf, recordedOf } from '../src/capture/record.js';

const TOKEN = 'parts-token-0123456789abcdef';

describe('bearerMatcher', () => {
  it('answers as bearerMatches for every form of the header', () => {
    const matches = bearerMatcher(TOKEN);
    const headers = [
      `Bearer ${TOKEN}`,
      `bearer ${TOKEN}`,
      `BEARER  ${TOKEN} `,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer`,
      '',
      undefined,
      `Bearer ${'x'.repeat(2000)}`,
    ];
    for (const header of headers) expect(matches(header), String(header)).toBe(bearerMatches(header, TOKEN));
    expect(matches(`Bearer ${TOKEN}`)).toBe(true);
    expect(matches(`Bearer ${TOKEN.toUpperCase()}`)).toBe(false);
  });
});

describe('cachedCaptureHostOf', () => {
  it('answers as captureHostOf, also when only one of the two headers changes', () => {
    const hostOf = cachedCaptureHostOf(4);
    const cases = [
      { host: 'api.example.com' },
      { host: 'API.Example.com:8443' },
      { host: 'localhost:3000', 'x-forwarded-host': 'shop.example.com, proxy.internal' },
      { host: 'localhost:3000', 'x-forwarded-host': ' , ' },
      { host: 'other.example.org', 'x-forwarded-host': ' , ' },
      { host: '[::1]:8080' },
      { host: 'bad_host!' },
      { 'x-forwarded-host': ['first.example.com', 'second.example.com'] },
      {},
    ];
    // Twice over, and past the limit: cached answers must equal fresh ones.
    for (const headers of [...cases, ...cases]) {
      expect(hostOf(headers), JSON.stringify(headers)).toBe(captureHostOf(headers));
    }
  });
});

describe('acceptedBody', () => {
  it('writes what JSON.stringify writes for the answer', () => {
    const record = (path: string, piiTypes: string[]): JournalRecord => ({
      id: '4a6f0f3e-5d0b-4f43-9f55-2b1b7a0c9e11',
      domain: 'api.example.com',
      method: 'POST',
      path,
      piiTypes,
      receivedAt: 1,
      observation: {} as JournalRecord['observation'],
    });
    for (const r of [
      record('/api/users/42', []),
      record('/api/"quoted"/\\back\\slash/\u0001/ü/\u2028', ['credit_card', 'email']),
    ]) {
      const body = acceptedBody(r);
      expect(body).toBe(JSON.stringify({ recorded: recordedOf(r), forwarded: false }));
      expect(captureResultSchema.parse(JSON.parse(body)).recorded.path).toBe(r.path);
    }
  });
});
