// Other discovery tools' path-merging expectations (test/reference/other-tools.ts: Akto,
// Optic, APIClarity's speculator, har-to-openapi, Kubescape, Beyla, Datadog) through
// the Inventory: every case not marked `open` must template exactly as expected;
// `npx tsx eval/other-tools.ts` prints the figure.
import { describe, expect, it } from 'vitest';
import { runCase } from '../eval/other-tools.js';
import { SUITES } from './reference/other-tools.js';

for (const suite of SUITES) {
  describe(`${suite.tool} (${suite.repository}, ${suite.licence})`, () => {
    for (const c of suite.cases) {
      if (c.open) {
        it.skip(`${c.name} (open: ${c.open})`, () => {});
        continue;
      }
      it(c.name, () => {
        const result = runCase(suite, c);
        expect(result.total).toBeGreaterThan(0);
        expect(result.misses).toEqual([]);
      });
    }
  });
}

describe('reference cases', () => {
  it('name the tool expectation they differ from, and why', () => {
    for (const suite of SUITES)
      for (const c of suite.cases) {
        expect(Boolean(c.differs), c.name).toBe(Boolean(c.theirs?.length));
        for (const [path] of c.theirs ?? [])
          expect(
            c.expect.some(([r]) => (typeof r === 'string' ? r : r[1]) === path),
            `${c.name}: ${path}`,
          ).toBe(true);
      }
  });
});
