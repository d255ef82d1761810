// Severity as an SQL sort key, from the engine's one severity order.
import { sql, type SQL, type Column } from 'drizzle-orm';
import { SEVERITY_ORDER } from '@argus/engine';

const WHEN = Object.entries(SEVERITY_ORDER)
  .map(([severity, rank]) => `when '${severity}' then ${-rank}`)
  .join(' ');

/** Ascending on this puts critical first, then high, medium, low, anything else. */
export const severityRank = (column: Column): SQL<number> =>
  sql<number>`case ${column} ${sql.raw(WHEN)} else 0 end`;
