// Fuzz run settings from the environment. `npm test` runs 10⁴ small inputs per
// reader; `npm run fuzz` (FUZZ_RUNS=100000, FUZZ_SCALE=8) runs ten times more,
// with larger inputs. Every run prints its seed: `FUZZ_SEED=… npm run fuzz`
// replays it, and FUZZ_PATH (printed with a failure) replays only the shrunk input.
import type { Parameters } from 'fast-check';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, not "${raw}"`);
  return n;
}

export const fuzzSettings = {
  seed: intFromEnv('FUZZ_SEED', Date.now() % 2 ** 31),
  runs: intFromEnv('FUZZ_RUNS', 10_000),
  /** Size multiplier for generated inputs (1 in CI). */
  scale: intFromEnv('FUZZ_SCALE', 1),
  /**
   * Time one input may take before it counts as a hang, times the scale. Generous: on this
   * shared machine the yaml parser took 0.5 s for a 23 kB corpus spec under load, and 2 s
   * once in a long run (a hang reported for an input that was only slow).
   */
  deadlineMs: intFromEnv('FUZZ_DEADLINE_MS', 5_000 * intFromEnv('FUZZ_SCALE', 1)),
  path: process.env['FUZZ_PATH'] || undefined,
};

/** Vitest's limit for one reader's property: ten minutes, or 20 ms an input in long runs. */
export const fuzzTimeoutMs = Math.max(600_000, fuzzSettings.runs * 20);

/** fast-check parameters for one reader's property; prints the seed once per reader. */
export function fuzzParameters(reader: string, runs = fuzzSettings.runs): Parameters<unknown> {
  const { seed, path } = fuzzSettings;
  console.log(`[fuzz] ${reader}: ${runs} inputs, FUZZ_SEED=${seed}${path ? ` FUZZ_PATH=${path}` : ''}`);
  return {
    seed,
    numRuns: runs,
    ...(path ? { path } : {}),
  };
}
