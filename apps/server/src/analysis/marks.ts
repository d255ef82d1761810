// False-positive marks on single findings (a PII type or one vulnerability of an
// endpoint): read for analysis, so marked findings stay out of scores and alerts.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { endpoints, findingFalsePositives } from '../db/schema/index.js';
import type { FindingMarks } from './evaluate.js';

/** Marks per endpoint id, for the given endpoints or for every endpoint of a domain. */
export async function loadMarks(
  db: Db,
  scope: { endpointIds: string[] } | { domainId: string },
): Promise<Map<string, FindingMarks>> {
  const rows =
    'domainId' in scope
      ? await db
          .select({
            endpointId: findingFalsePositives.endpointId,
            kind: findingFalsePositives.kind,
            findingKey: findingFalsePositives.findingKey,
          })
          .from(findingFalsePositives)
          .innerJoin(endpoints, eq(endpoints.id, findingFalsePositives.endpointId))
          .where(eq(endpoints.domainId, scope.domainId))
      : scope.endpointIds.length === 0
        ? []
        : await db
            .select({
              endpointId: findingFalsePositives.endpointId,
              kind: findingFalsePositives.kind,
              findingKey: findingFalsePositives.findingKey,
            })
            .from(findingFalsePositives)
            .where(inArray(findingFalsePositives.endpointId, scope.endpointIds));
  const out = new Map<string, { pii: Set<string>; vulnerabilities: Set<string> }>();
  for (const r of rows) {
    let marks = out.get(r.endpointId);
    if (!marks) out.set(r.endpointId, (marks = { pii: new Set(), vulnerabilities: new Set() }));
    (r.kind === 'pii' ? marks.pii : marks.vulnerabilities).add(r.findingKey);
  }
  return out;
}
