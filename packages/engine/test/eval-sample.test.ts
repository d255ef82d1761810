// The templating evaluation's regression sample (eval/sample/: three APIs of each half of
// the OpenAPI directory and the generated route shapes), templated without their specs:
// no API may recover fewer operations than when the sample was last written, with the traffic
// of either value generator (eval/traffic.ts, and the independent eval/traffic-alt.ts), nor
// analysed in batches as the server analyses uploads and captures.
import { describe, expect, it } from 'vitest';
import { SAMPLE_BATCHES, expectedRecovery, loadSample } from '../eval/sample.js';
import { scoreSample } from '../eval/score.js';

describe('templating evaluation sample', () => {
  const expected = expectedRecovery();
  for (const sample of loadSample())
    for (const values of ['default', 'alt'] as const) {
      const key = values === 'alt' ? `alt:${sample.name}` : sample.name;
      it(`${sample.name} keeps its exact recovery (${values} values)`, { timeout: 60_000 }, () => {
        const score = scoreSample(sample, undefined, values);
        expect(score.operations).toBeGreaterThan(0);
        expect(
          score.recovered,
          JSON.stringify([...score.overMerges, ...score.underMerges].slice(0, 5)),
        ).toBeGreaterThanOrEqual(expected[key] ?? Infinity);
      });
    }

  // The server's path: shuffled, in batches, each analysis fed the endpoints the last one stored.
  for (const sample of loadSample())
    it(
      `${sample.name} keeps its exact recovery analysed in ${SAMPLE_BATCHES} batches`,
      { timeout: 60_000 },
      () => {
        const score = scoreSample(sample, undefined, 'default', SAMPLE_BATCHES);
        expect(
          score.recovered,
          JSON.stringify([...score.overMerges, ...score.underMerges].slice(0, 5)),
        ).toBeGreaterThanOrEqual(expected[`batches:${sample.name}`] ?? Infinity);
      },
    );

  it('recovers the shapes the issue names', { timeout: 60_000 }, () => {
    const byName = new Map(loadSample().map((s) => [s.name, scoreSample(s)]));
    for (const name of [
      'shape:rpc-style',
      'shape:rails',
      'shape:django',
      'shape:graphql',
      'shape:tenant-prefix',
      'shape:locale-prefix',
      'shape:versions',
    ]) {
      const s = byName.get(name)!;
      expect(s.recovered, name).toBe(s.operations);
    }
    // Eighty collections under /v1: none merged into a parameter.
    expect(byName.get('shape:many-collections')?.overMerges).toEqual([]);
  });
});
