// The server fuzz suites fail an input that never gets its answer, instead of
// waiting for the whole test's timeout with no counterexample.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverFuzzParameters } from './generators.js';

describe('server fuzz parameters', () => {
  it('fail the property on an input that hangs, naming the input', async () => {
    const hangsOn = 7;
    const run = fc.assert(
      fc.asyncProperty(fc.nat(10), async (n) => {
        if (n === hangsOn) await new Promise(() => undefined);
      }),
      { ...serverFuzzParameters('hang bound', 200, 200), examples: [[hangsOn]] },
    );
    await expect(run).rejects.toThrow(/Counterexample: \[7\]/);
  }, 60_000);
});
