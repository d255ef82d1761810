// The ingest and metrics tokens guard the capture path and the scrape: a short
// or patterned one is refused when the server starts (a clear message, a
// non-zero exit), not accepted and guessed later.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config.js';
import { startServer } from '../server-process.js';

const strong = () => randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-token-strength-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('ingest and metrics token strength', () => {
  it.each([
    ['short', 'capture-token-1234', /ARGUS_INGEST_TOKEN is 18 characters long: use 32 or more random/],
    ['one character', 'a'.repeat(48), /ARGUS_INGEST_TOKEN repeats a shorter part of itself/],
    ['a pattern', '0123456789abcdef'.repeat(3), /ARGUS_INGEST_TOKEN repeats a shorter part of itself/],
    [
      'little variety',
      'abcabcabcabcabcabcabcabcabcabcabcabcabcX',
      /ARGUS_INGEST_TOKEN is too easy to guess \(about \d+ bits, 128 needed\)/,
    ],
  ])('refuses a %s ingest token', (_, token, message) => {
    expect(() => configFromEnv({ ARGUS_INGEST_TOKEN: token })).toThrow(message);
  });

  it('refuses a weak metrics token the same way, and takes random ones', () => {
    expect(() => configFromEnv({ ARGUS_METRICS_TOKEN: 'metrics' })).toThrow(
      /ARGUS_METRICS_TOKEN is 7 characters/,
    );
    for (let i = 0; i < 20; i++) {
      const ingest = strong();
      const metrics = randomBytes(32).toString('base64url');
      const config = configFromEnv({ ARGUS_INGEST_TOKEN: ingest, ARGUS_METRICS_TOKEN: metrics });
      expect([config.ingestToken, config.metricsToken]).toEqual([ingest, metrics]);
    }
  });

  it(
    'does not start with a weak token: the reason on stderr, a non-zero exit',
    { timeout: 120_000 },
    async () => {
      const refused = await startServer({
        ARGUS_DATA_DIR: dataDir,
        ARGUS_METRICS_TOKEN: 'x'.repeat(40),
      }).then(
        (server) => {
          server.child.kill('SIGKILL');
          return null;
        },
        (error: Error) => error.message,
      );
      expect(refused).toMatch(/server exited \(1\) before it started/);
      expect(refused).toMatch(/Argus could not start: ARGUS_METRICS_TOKEN repeats a shorter part of itself/);
    },
  );
});
