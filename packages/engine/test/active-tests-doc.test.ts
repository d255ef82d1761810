// docs/active-tests.md lists the library as it is.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { activeTestsMarkdown, DOC_FILE } from '../scripts/active-tests-doc.js';

it('docs/active-tests.md is generated from the current templates', () => {
  expect(readFileSync(DOC_FILE, 'utf8'), 'run: npm run docs:active-tests -w @argus/engine').toBe(
    activeTestsMarkdown(),
  );
});
