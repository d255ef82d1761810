// The real-traffic evaluation (eval/real.ts): its port of the corpus's scorer prints what
// score.py prints, and a fixed sample of the corpus (per directory and half, its two smallest
// files) scores no worse than eval/baseline-real.json. The shared directory lives in ../shared:
// absent, its tests skip; the repository's own directory (eval/real-traffic) always runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixed3, parseTruth, scoreInventory, scoreLine, unquote } from '../eval/real-score.js';
import {
  REAL_TRAFFIC,
  discoverJson,
  evaluateRealFile,
  figuresOf,
  hasRealTraffic,
  readRealBaseline,
  realFilesIn,
  type RealCorpus,
} from '../eval/real-traffic.js';

const PYTHON = '/usr/bin/python3';
const SCORER = join(REAL_TRAFFIC, 'score.py');
const canRunScorer = hasRealTraffic && existsSync(PYTHON) && existsSync(SCORER);
if (!hasRealTraffic) console.warn(`[engine tests] ${REAL_TRAFFIC} not found: real-traffic tests are skipped`);

const dir = mkdtempSync(join(tmpdir(), 'argus-real-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** score.py's first line for a truth text and an inventory. */
function python(truth: string, inventory: unknown): string {
  const t = join(dir, `t${Math.random().toString(36).slice(2)}.txt`);
  const j = join(dir, `j${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(t, truth);
  writeFileSync(j, JSON.stringify(inventory));
  return execFileSync(PYTHON, [SCORER, t, j], { encoding: 'utf8' }).split('\n')[0] as string;
}

const TRUTH = [
  '# a header',
  'GET /users/{id}',
  '#   seen 3',
  'get /users/{userId}',
  'POST /users/',
  'DELETE /a%20b/{x}',
  'NOISE scanner GET /.env',
  'NOISE page GET /users/42/',
  'NOISE other GET /caf%C3%A9?x=1',
  'NOISE other GET /bad%ZZ%e9',
  'NOISE static GET /a b/c',
].join('\n');

describe('the real-traffic scorer', () => {
  it('reads operations, noise and request counts from a truth file', () => {
    const truth = parseTruth(TRUTH);
    expect(truth.operations).toEqual([
      ['GET', '/users/{}'],
      ['POST', '/users'],
      ['DELETE', '/a%20b/{}'],
    ]);
    expect(truth.noise).toHaveLength(5);
    expect(truth.seen.get('GET /users/{}')).toBe(3);
  });

  it('decodes like Python and rounds an exact tie to even', () => {
    expect(unquote('/caf%C3%A9')).toBe('/café');
    expect(unquote('/bad%ZZ%e9')).toBe('/bad%ZZ\uFFFD');
    expect(fixed3(1, 16)).toBe('0.062');
    expect(fixed3(3, 16)).toBe('0.188');
    expect(fixed3(2, 3)).toBe('0.667');
  });

  it.skipIf(!canRunScorer)('prints what score.py prints', () => {
    const inventories = [
      { endpoints: [] },
      {
        endpoints: [
          { method: 'GET', normalizedPath: '/users/{userId}' },
          { method: 'options', normalizedPath: '/users' },
          { method: 'POST', normalizedPath: '/users' },
          { method: 'GET', normalizedPath: '/{param}' },
          { method: 'GET', normalizedPath: '/{a}/{b}' },
          { method: 'GET', normalizedPath: '/café' },
          { method: 'GET', path: '/a%20b/c' },
          { method: 'GET', normalizedPath: '/bad%ZZ%E9' },
          { method: 'DELETE', normalizedPath: '/a b/{x}?q' },
        ],
      },
    ];
    for (const inventory of inventories)
      expect(scoreLine(scoreInventory(parseTruth(TRUTH), inventory.endpoints))).toBe(
        python(TRUTH, inventory),
      );
  });
});

/** Per half, the two smallest files of a directory: a fixed rule, whatever it holds. */
function sample(corpus: RealCorpus) {
  const files = realFilesIn(corpus);
  return (['tuning', 'reporting'] as const).flatMap((half) =>
    files
      .filter((f) => f.half === half)
      .sort((a, b) => a.bytes - b.bytes || a.name.localeCompare(b.name))
      .slice(0, 2),
  );
}

describe("the repository's real-traffic files", () => {
  it('are there, each with its truth, in both halves', () => {
    const files = realFilesIn('repo');
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(new Set(files.map((f) => f.half)).size).toBe(2);
  });
});

describe.each([
  ['shared', hasRealTraffic],
  ['repo', true],
] as const)('real-traffic corpus sample (%s directory)', (corpus, present) => {
  const baseline = readRealBaseline();
  for (const file of present ? sample(corpus) : [])
    it(`${file.half} file ${file.name} scores no worse than its baseline`, { timeout: 60_000 }, async () => {
      const r = await evaluateRealFile(file);
      const before = baseline[file.name];
      expect(
        before,
        'eval/baseline-real.json has no line for it: run npm run eval:real -- --update-baseline',
      ).toBeDefined();
      if (!before) return;
      const why = JSON.stringify({ missed: r.score.missed, noise: r.score.noiseHits.slice(0, 5) });
      expect(r.score.found, why).toBeGreaterThanOrEqual(before.found);
      expect(figuresOf(r).precision, why).toBeGreaterThanOrEqual(before.precision);
      expect(r.noiseRequests, why).toBeLessThanOrEqual(before.noiseRequests);
    });

  it.skipIf(!canRunScorer || !present)(
    'scores a corpus file as score.py does',
    { timeout: 60_000 },
    async () => {
      const file = sample(corpus)[0]!;
      const inventory = await discoverJson(file.path);
      const truth = readFileSync(file.truthPath, 'utf8');
      expect(scoreLine(scoreInventory(parseTruth(truth), inventory.endpoints))).toBe(
        python(truth, inventory),
      );
    },
  );
});
