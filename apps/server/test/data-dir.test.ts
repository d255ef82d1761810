// The embedded database's data folder. The review: PGlite's files were
// world-writable (0666 in a 0755 folder), next to the secret key and the
// capture journal; the second review: on a first start into an existing folder,
// until the migrations finished.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { startServer } from './server-process.js';

const root = mkdtempSync(path.join(tmpdir(), 'argus-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file and folder under `dir` whose mode lets group or others in, with that mode. */
function opened(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true }).map(String)) {
    let mode: number;
    try {
      mode = statSync(path.join(dir, entry)).mode & 0o777;
    } catch {
      continue; // removed since it was listed (a server is writing there)
    }
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

  it(
    'lets no one else in at any moment of a first start into an existing 0755 folder',
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(root, 'existing');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o755);
      // PGlite sets its files' modes itself (0666 whatever the umask): what keeps others out
      // while initdb and the migrations run (seconds) is the folder, looked at again and again.
      const folderModes = new Set<string>();
      let starting = true;
      const watch = (async () => {
        while (starting) {
          // Once the server has created something in it: before, it is the test's 0755 folder.
          if (readdirSync(dataDir).length > 0) folderModes.add((statSync(dataDir).mode & 0o777).toString(8));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const server = await startServer({ ARGUS_DATA_DIR: dataDir }).finally(() => {
        starting = false;
      });
      await watch;
      expect(readdirSync(dataDir)).toContain('PG_VERSION');
      expect(opened(dataDir)).toEqual([]);
      server.child.kill('SIGTERM');
      await server.exited;
      expect([...folderModes]).toEqual(['700']);
      expect(opened(dataDir)).toEqual([]);
    },
  );
});
