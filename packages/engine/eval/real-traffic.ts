// The real-traffic corpus: real logs and HARs, each with a truth file `truth/<file>.ops.txt`, in
// two directories: the shared one (../shared/corpus/real-traffic) and the repository's own
// (eval/real-traffic, SOURCES.md there says where each file came from). Every file is discovered
// as a user would (`argus discover --json FILE`, in process) and scored with the corpus's rules
// (real-score.ts). Files are split into a tuning and a reporting half by a fixed hash of their
// name; a file added to either directory just appears in its half.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main.js';
import { kindOf } from '../src/cli/file-kind.js';
import { readAccessLog } from '../src/readers/access-log.js';
import { readHar } from '../src/readers/har.js';
import { hash } from './traffic.js';
import {
  covers,
  normConcrete,
  parseTruth,
  scoreInventory,
  type RealScore,
  type Truth,
} from './real-score.js';

export const REAL_TRAFFIC = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/corpus/real-traffic',
);
export const hasRealTraffic = existsSync(join(REAL_TRAFFIC, 'truth'));
/** The repository's own real-traffic files (always present). */
export const REPO_REAL_TRAFFIC = join(dirname(fileURLToPath(import.meta.url)), 'real-traffic');

/** Which directory a file comes from. */
export type RealCorpus = 'shared' | 'repo';
export const REAL_DIRS: Readonly<Record<RealCorpus, string>> = {
  shared: REAL_TRAFFIC,
  repo: REPO_REAL_TRAFFIC,
};

export type RealHalf = 'tuning' | 'reporting';
/** The half a file belongs to: the top bit of a fixed hash of its name (the low bits of FNV-1a are weak). */
export const realHalfOf = (file: string): RealHalf => (hash(file) >>> 31 === 0 ? 'tuning' : 'reporting');

export interface RealFile {
  name: string;
  path: string;
  truthPath: string;
  bytes: number;
  half: RealHalf;
  corpus: RealCorpus;
}

/** The files of one directory that have a truth file, by name. */
export function realFilesIn(corpus: RealCorpus, dir = REAL_DIRS[corpus]): RealFile[] {
  const truthDir = join(dir, 'truth');
  if (!existsSync(truthDir)) return [];
  return readdirSync(truthDir)
    .filter((f) => f.endsWith('.ops.txt'))
    .map((f) => f.slice(0, -'.ops.txt'.length))
    .filter((name) => existsSync(join(dir, name)))
    .sort()
    .map((name) => ({
      name,
      path: join(dir, name),
      truthPath: join(truthDir, `${name}.ops.txt`),
      bytes: readFileSync(join(dir, name)).length,
      half: realHalfOf(name),
      corpus,
    }));
}

/** Every file of both directories (the shared one first); a name in both is an error. */
export function realFiles(): RealFile[] {
  const files = [...realFilesIn('shared'), ...realFilesIn('repo')];
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new Error(`real-traffic file ${f.name} is in both directories`);
    names.add(f.name);
  }
  return files;
}

export interface DiscoverJson {
  endpoints: { method: string; domain: string; normalizedPath: string; requestCount: number }[];
  traffic: unknown[];
}

/** `argus discover --json FILE`, in process: its parsed output. */
export async function discoverJson(path: string): Promise<DiscoverJson> {
  let out = '';
  let err = '';
  const code = await main(['discover', '--json', path], {
    stdin: process.stdin,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    isTTY: false,
  });
  if (code !== 0) throw new Error(`argus discover ${path} exited ${code}: ${err.trim()}`);
  return JSON.parse(out) as DiscoverJson;
}

/** Requests per `METHOD path` (query dropped, as the truth's concrete paths are written). */
export async function requestCounts(path: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const add = (method: string, raw: string) => {
    const key = `${method.toUpperCase()} ${normConcrete(raw)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  if ((await kindOf(path, 'auto')) === 'har') {
    for (const o of readHar(readFileSync(path, 'utf8')).observations) add(o.method, o.path);
  } else
    await readAccessLog(readFileSync(path, 'utf8'), {
      format: 'auto',
      onObservation: (o) => add(o.method, o.path),
    });
  return counts;
}

export interface RealResult {
  file: RealFile;
  score: RealScore;
  /** Requests of the noise paths that listed endpoints cover (the target is 0). */
  noiseRequests: number;
  /** Requests of every noise path in the file. */
  noiseRequestsTotal: number;
  ms: number;
}

/** The requests of the noise paths in `hits`, counted from the file's own requests. */
function noiseRequestsOf(truth: Truth, counts: ReadonlyMap<string, number>, hits: RealScore['noiseHits']) {
  const requestsOf = (method: string, path: string) => {
    const concrete = normConcrete(path);
    let n = counts.get(`${method} ${concrete}`) ?? 0;
    // A truth path written decoded (or encoded) where the file has it the other way.
    if (n === 0)
      for (const [key, c] of counts) {
        const sp = key.indexOf(' ');
        if (key.slice(0, sp) === method && covers(key.slice(sp + 1), concrete)) n += c;
      }
    return n;
  };
  const listed = hits.reduce((n, h) => n + requestsOf(h.method, h.path), 0);
  const total = truth.noise.reduce((n, [, method, path]) => n + requestsOf(method, path), 0);
  return { listed, total };
}

export async function evaluateRealFile(file: RealFile): Promise<RealResult> {
  const started = performance.now();
  const inventory = await discoverJson(file.path);
  const ms = performance.now() - started;
  const truth = parseTruth(readFileSync(file.truthPath, 'utf8'));
  const score = scoreInventory(truth, inventory.endpoints);
  const counts = await requestCounts(file.path);
  const noise = noiseRequestsOf(truth, counts, score.noiseHits);
  return { file, score, noiseRequests: noise.listed, noiseRequestsTotal: noise.total, ms };
}

/** The figures a baseline keeps per file. */
export interface RealFigures {
  found: number;
  total: number;
  listed: number;
  precision: number;
  noiseListed: number;
  noiseRequests: number;
}

export const figuresOf = (r: RealResult): RealFigures => ({
  found: r.score.found,
  total: r.score.total,
  listed: r.score.listed,
  precision: Math.round(r.score.precision * 1000) / 1000,
  noiseListed: r.score.noiseListed,
  noiseRequests: r.noiseRequests,
});

export const BASELINE_FILE = join(dirname(fileURLToPath(import.meta.url)), 'baseline-real.json');

export function readRealBaseline(): Record<string, RealFigures> {
  return existsSync(BASELINE_FILE)
    ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Record<string, RealFigures>)
    : {};
}
