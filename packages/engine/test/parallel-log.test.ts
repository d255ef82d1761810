import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverLogFile } from '../src/cli/parallel-log.js';

const dir = mkdtempSync(join(tmpdir(), 'argus-par-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('discoverLogFile (worker threads)', () => {
  it('splits at line boundaries, merges inventories and keeps file line numbers', async () => {
    const lines = Array.from({ length: 400 }, (_, i) =>
      i === 300
        ? 'broken line'
        : `10.0.0.${i % 250} - - [10/Oct/2024:13:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')} +0000] "GET /api/v1/items/${i + 1} HTTP/1.1" 200 10 "-" "x"`,
    );
    const path = join(dir, 'a.log');
    writeFileSync(path, lines.join('\n') + '\n');
    const one = await discoverLogFile(path, { format: 'apache', workers: 1 });
    const two = await discoverLogFile(path, { format: 'apache', workers: 2 });
    for (const r of [one, two]) {
      expect(r.stats).toMatchObject({ linesRead: 400, linesRejected: 1, observations: 399 });
      expect(r.stats.rejected[0]!.line).toBe(301);
      const eps = r.inventory.endpoints();
      expect(eps.map((e) => `${e.normalizedPath} ${e.requestCount}`)).toEqual(['/api/v1/items/{itemId} 399']);
    }
    expect(two.inventory.endpoints()[0]!.firstSeen).toBe(one.inventory.endpoints()[0]!.firstSeen);
  }, 30_000);
});
