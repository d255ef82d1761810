// Vitest global setup of the `storybook` project: the committed screenshot
// references were recorded with one Chromium major version (reference-browser.json).
// Another major renders text and anti-aliasing differently, so every comparison
// would fail for a reason that is not a change of ours: stop at once and say so.
// `-u` (updating the references) records the version in use instead.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../vitest.shared.js';

const recordFile = fileURLToPath(new URL('./reference-browser.json', import.meta.url));

interface Reference {
  /** What `chromium --version` printed when the references were recorded. */
  recordedWith: string;
  major: number;
}

function browserVersion(): { text: string; major: number } {
  const text = execFileSync(chromiumPath, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .replace(/\s+built on.*$/, '');
  const major = Number(/(\d+)\.\d+\.\d+/.exec(text)?.[1]);
  if (!Number.isInteger(major))
    throw new Error(`Cannot read the browser version from "${text}" (${chromiumPath})`);
  return { text, major };
}

export default function checkReferenceBrowser(): void {
  const current = browserVersion();
  const updating = process.argv.some((a) => a === '-u' || a === '--update' || a.startsWith('--update='));
  if (updating) {
    const record: Reference = { recordedWith: current.text, major: current.major };
    writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
    return;
  }
  const record = JSON.parse(readFileSync(recordFile, 'utf8')) as Reference;
  if (record.major !== current.major) {
    throw new Error(
      `The screenshot references were recorded with ${record.recordedWith}; this machine has ${current.text} ` +
        `(${chromiumPath}). Run the stories with Chromium ${record.major} (CHROMIUM_PATH), or re-record the ` +
        'references with `npx vitest run --project storybook -u` and review every changed PNG.',
    );
  }
}
