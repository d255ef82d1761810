// Hostile values for the server's fuzz suites, and their fast-check settings
// (FUZZ_SEED replays a run, as in the engine's suites; FUZZ_RUNS scales them).
import fc from 'fast-check';

const givenSeed = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
/** A long run (`npm run fuzz`) sets FUZZ_RUNS. */
const longRun = process.env['FUZZ_RUNS'] !== undefined;
const scale = Number(process.env['FUZZ_RUNS'] || 10_000) / 10_000;

/**
 * How long one generated request may take before the property fails as a hang.
 * A request answers in milliseconds; at load 30 on 2 cores, in about a second.
 */
export const INPUT_TIME_BOUND_MS = 15_000;

/**
 * fast-check parameters for `runs` requests (times FUZZ_RUNS / 10⁴); prints the seed. An input
 * whose answer does not come within `inputTimeBoundMs` fails the property (a hang), with the
 * input as the counterexample; a synchronous spin is caught by the test's own timeout. With
 * `fixedSeed`, a run that is not a long one (no FUZZ_RUNS) uses that seed: the same cases every CI run.
 */
export function serverFuzzParameters(
  what: string,
  runs: number,
  inputTimeBoundMs = INPUT_TIME_BOUND_MS,
  fixedSeed?: number,
): fc.Parameters<unknown> {
  const numRuns = Math.max(1, Math.round(runs * scale));
  const seed = givenSeed ?? (fixedSeed !== undefined && !longRun ? fixedSeed : Date.now() % 2 ** 31);
  console.log(`[fuzz] ${what}: ${numRuns} requests, FUZZ_SEED=${seed}`);
  return { seed, numRuns, plugins: [fc.timeout(inputTimeBoundMs)] };
}

/** Text with NUL, lone surrogates, control and format characters, quotes and markup. */
export function hostileString(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '\u0000',
            '\ud800',
            '\udfff',
            '\u202e',
            '\ufeff',
            '"',
            "'",
            '\\',
            '<script>',
            '${x}',
            '%00',
            '\r\n',
          ),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: Math.max(1, Math.floor(maxLength / 4)) },
      )
      .map((a) => a.join('')),
  );
}

/** JSON text nested deeply (arrays or objects), sometimes cut short. */
export const jsonBomb: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 5000 }), fc.boolean(), fc.boolean())
  .map(([depth, objects, cut]) => {
    const open = objects ? '{"a":'.repeat(depth) : '['.repeat(depth);
    const close = objects ? '}'.repeat(depth) : ']'.repeat(depth);
    return `${open}0${cut ? close.slice(1) : close}`;
  });
