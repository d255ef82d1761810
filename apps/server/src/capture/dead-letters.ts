// `GET /api/v1/admin/dead-letters`: the captured records the database refused
// (quarantined by ingest.ts), newest first, for an admin to look into. The
// records' captured data stays in the database; the answer names them only.
import { count, desc } from 'drizzle-orm';
import { deadLetterListSchema, paths } from '@argus/api';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { deadLetters } from '../db/schema/index.js';
import { routesPlugin } from '../zod-provider.js';

const LIST_LIMIT = 100;

export const deadLetterRoutes = routesPlugin(
  'argus-dead-letters',
  async (app, { ctx }: { ctx: AppContext }) => {
    app.get(paths.deadLetters(), allow('admin', { response: { 200: deadLetterListSchema } }), async () => {
      const rows = await ctx.db
        .select({
          id: deadLetters.id,
          recordId: deadLetters.recordId,
          domain: deadLetters.domain,
          method: deadLetters.method,
          path: deadLetters.path,
          reason: deadLetters.reason,
          createdAt: deadLetters.createdAt,
        })
        .from(deadLetters)
        .orderBy(desc(deadLetters.createdAt), desc(deadLetters.id))
        .limit(LIST_LIMIT);
      const [total] = await ctx.db.select({ n: count() }).from(deadLetters);
      return {
        deadLetters: rows.map(({ createdAt, ...row }) => ({
          ...row,
          quarantinedAt: createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
      };
    });
  },
);
