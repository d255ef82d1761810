// The pieces the capture path shares: the fast path's replacements for slower
// equivalents answer exactly what the general function answers, and
// handleCapture answers with what it records.
import { describe, expect, it } from 'vitest';
import { captureResultSchema } from '@argus/api';
import { bearerMatcher, bearerMatches } from '../src/bearer-token.js';
import { handleCapture } from '../src/capture/handle.js';
import { cachedCaptureHostOf, captureHostOf } from '../src/capture/record.js';

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

describe('handleCapture', () => {
  it('answers with what it records, for a request and for an exchange', () => {
    const path = '/api/"quoted"/\\back\\slash/\u0001/ü/\u2028';
    const fromRequest = handleCapture({
      kind: 'request',
      request: {
        method: 'post',
        url: `/gateway${path}?card=4111111111111111`,
        headers: { host: 'api.example.com', 'content-type': 'application/json' },
        protocol: 'http',
        body: Buffer.from('{"email":"ana@example.org"}'),
      },
      domain: 'api.example.com',
      ingestToken: TOKEN,
    });
    const fromExchange = handleCapture({
      kind: 'exchange',
      exchange: { host: 'api.example.com', method: 'POST', path, requestBody: '{"email":"ana@example.org"}' },
    });
    for (const { record, answer, observation } of [fromRequest, fromExchange]) {
      expect(record.observation).toBe(observation);
      expect(answer).toEqual({
        recorded: {
          id: record.id,
          domain: 'api.example.com',
          method: 'POST',
          path,
          piiTypes: record.piiTypes,
        },
        forwarded: false,
      });
      expect(record.piiTypes).toContain('email');
      expect(captureResultSchema.parse(JSON.parse(JSON.stringify(answer))).recorded.path).toBe(path);
    }
    expect(fromRequest.record.piiTypes).toEqual(['credit_card', 'email']);
    expect(fromRequest.record.id).not.toBe(fromExchange.record.id);
  });
});
