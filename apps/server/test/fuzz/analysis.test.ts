// The analysis step under generated observations (hostile-observations.ts), queued as the capture
// path queues them and analysed by the analysis queue. Invariants: analysis never throws out; every
// observation is analysed (its domain exists) or in dead letters with a reason, never both, never
// neither; the ordinary requests of the same batch, in a hostile one's domain or their own, become
// endpoints; nothing stored holds NUL or a lone surrogate. FUZZ_RUNS scales the number of batches
// (`npm run fuzz`), FUZZ_SEED replays one run; CI runs a fixed seed.
import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Observation } from '@argus/engine';
import { observationRow } from '../../src/capture/ingest.js';
import {
  deadLetters,
  domains,
  endpoints,
  observationQueue,
  observations,
  vulnerabilities,
} from '../../src/db/schema/index.js';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.js';
import { INPUT_TIME_BOUND_MS, serverFuzzParameters } from './generators.js';
import { hostileObservation, sentinelObservation } from './hostile-observations.js';

const BATCHES = 15;
const CI_SEED = 39;

// eslint-disable-next-line no-control-regex -- NUL is what must never be stored
const UNSTORED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string in a value (keys included) that holds NUL or a lone surrogate. */
function unstoredStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (UNSTORED.test(value)) out.push(JSON.stringify(value).slice(0, 80));
  } else if (Array.isArray(value)) for (const v of value) unstoredStrings(v, out);
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [k, v] of Object.entries(value)) unstoredStrings([k, v], out);
  return out;
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

describe.each(databaseKinds)('analysis under fuzzing (%s)', (kind) => {
  let t: TestApp;
  let batchNo = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** Queues the observations as one batch (as the capture path stores them) and analyses it. */
  async function analyseBatch(queued: { domain: string; observation: Observation }[]): Promise<string[]> {
    const records = queued.map(({ domain, observation }) => ({
      id: randomUUID(),
      domain,
      method: text(observation.method, 'GET'),
      path: text(observation.path, '/'),
      piiTypes: [],
      receivedAt: Date.now(),
      // as it comes back from the queue's JSON (own `__proto__` keys, no null prototypes)
      observation: JSON.parse(JSON.stringify(observation)) as Observation,
    }));
    await t.ctx.db.insert(observations).values(records.map(observationRow));
    await t.app.argus.analyzer.drain();
    return records.map((r) => r.id);
  }

  it('analyses or dead-letters every observation and loses none of its batch', async () => {
    let deadLettered = 0;
    let analysed = 0;
    const reasons = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(hostileObservation, { minLength: 1, maxLength: 4 }), async (hostile) => {
        const n = ++batchNo;
        const hostileDomains = hostile.map((_, i) => `h${n}-${i}.fuzz.example`);
        const alone = `s${n}.fuzz.example`;
        const ids = await analyseBatch([
          ...hostile.map((observation, i) => ({ domain: hostileDomains[i]!, observation })),
          // one ordinary request shares the first hostile one's domain, one has its own
          { domain: hostileDomains[0]!, observation: sentinelObservation(hostileDomains[0]!, n) },
          { domain: alone, observation: sentinelObservation(alone, n) },
        ]);

        const [queue] = await t.ctx.db.select({ n: count() }).from(observationQueue);
        expect(queue!.n).toBe(0);
        const letters = await t.ctx.db.select().from(deadLetters).where(inArray(deadLetters.recordId, ids));
        const letterOf = new Map(letters.map((l) => [l.recordId, l]));
        const batchDomains = [...hostileDomains, alone];
        const known = new Set(
          (
            await t.ctx.db
              .select({ name: domains.name })
              .from(domains)
              .where(inArray(domains.name, batchDomains))
          ).map((d) => d.name),
        );
        for (const [i, domain] of hostileDomains.entries()) {
          const letter = letterOf.get(ids[i]!);
          const what = `${domain}: ${JSON.stringify(hostile[i]).slice(0, 300)}`;
          if (letter) {
            deadLettered++;
            reasons.add(letter.reason.slice(0, 120));
            expect(letter.kind, what).toBe('analysis');
            expect(letter.reason, what).toMatch(/^analysis failed: \S/);
            // its own domain (not shared with a sentinel) was rolled back with it
            if (i > 0) expect(known.has(domain), what).toBe(false);
          } else {
            analysed++;
            expect(known.has(domain), what).toBe(true);
          }
        }
        for (const id of ids.slice(hostile.length)) expect(letterOf.has(id)).toBe(false);

        const stored = await t.ctx.db.select().from(endpoints).where(inArray(endpoints.domain, batchDomains));
        for (const domain of [hostileDomains[0]!, alone])
          expect(
            stored.filter((e) => e.domain === domain && e.normalizedPath.startsWith('/sentinel/')),
            `the ordinary request of ${domain}`,
          ).toHaveLength(1);
        const vulns = stored.length
          ? await t.ctx.db
              .select()
              .from(vulnerabilities)
              .where(
                inArray(
                  vulnerabilities.endpointId,
                  stored.map((e) => e.id),
                ),
              )
          : [];
        expect(unstoredStrings([stored, vulns, letters])).toEqual([]);
      }),
      serverFuzzParameters('analysis', BATCHES, INPUT_TIME_BOUND_MS, CI_SEED),
    );
    console.log(
      `[fuzz] analysis: ${analysed} hostile observations analysed, ${deadLettered} dead-lettered:\n${[...reasons].join('\n')}`,
    );
    expect(analysed).toBeGreaterThan(0);
    expect((await t.anonymous({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 600_000);
});
