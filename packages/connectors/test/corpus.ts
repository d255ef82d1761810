// Access to ../shared/corpus (real inputs). A user's clone does not have it: the
// corpus suites skip with a message, the package's own fixtures still run.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
export const hasCorpus = existsSync(join(CORPUS, 'SOURCES.md'));
if (!hasCorpus) console.warn(`[connectors tests] ${CORPUS} not found: corpus-based tests are skipped`);

export const corpusPath = (rel: string) => join(CORPUS, rel);
export const corpusText = (rel: string) => readFileSync(corpusPath(rel), 'utf8');
