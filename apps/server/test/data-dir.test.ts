// The embedded database's data folder. The review: PGlite's files were
// world-writable (0666 in a 0755 folder), next to the secret key and the
// capture journal.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';

const root = mkdtempSync(path.join(tmpdir(), 'argus-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file and folder under `dir` whose mode lets group or others in, with that mode. */
function opened(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true }).map(String)) {
    const mode = statSync(path.join(dir, entry)).mode & 0o777;
    if ((mode & 0o077) !== 0) out.push(`${entry} ${mode.toString(8)}`);
  }
  return out;
}

describe('data folder (embedded PGlite)', () => {
  it('is 0700 with 0600 files while the server runs and after it stops', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'data');
    const app = await buildApp({
      config: testConfig({ dataDir, adminPassword: 'correct-horse-battery-staple' }),
      scheduler: false,
    });
    try {
      await app.ready();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readdirSync(dataDir)).toEqual(
        expect.arrayContaining(['secret.key', 'capture-journal', 'PG_VERSION']),
      );
      expect(opened(dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(opened(dataDir)).toEqual([]);
  });
});
