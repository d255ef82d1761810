// Activities, users and settings.
import { asc, desc, ne } from 'drizzle-orm';
import { activityListSchema, paths, settingsSchema, settingsUpdateSchema, userListSchema } from '@argus/api';
import type { Analyzer } from '../analysis/analysis-queue.js';
import { actorOf, audit } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { activities, users } from '../db/schema/index.js';
import { routesPlugin } from '../zod-provider.js';

const ACTIVITY_PAGE = 100;

interface RouteDeps {
  ctx: AppContext;
  analyzer: Analyzer;
}

export const miscRoutes = routesPlugin('argus-misc', async (app, { ctx, analyzer }: RouteDeps) => {
  const { db } = ctx;

  app.get(paths.activities(), allow('viewer', { response: { 200: activityListSchema } }), async () => {
    const rows = await db
      .select()
      .from(activities)
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(ACTIVITY_PAGE);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      domainName: r.domainName,
      severity: r.severity,
      createdAt: r.createdAt.toISOString(),
    }));
  });

  // Every role lists users (to assign alerts and owners); only admins see their roles.
  app.get(paths.users(), allow('viewer', { response: { 200: userListSchema } }), async (request) => {
    const rows = await db
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(ne(users.username, ''))
      .orderBy(asc(users.username));
    const admin = request.user?.role === 'admin';
    return rows.map(({ role, ...user }) => (admin ? { ...user, role } : user));
  });

  app.get(paths.settings(), allow('viewer', { response: { 200: settingsSchema } }), () => ctx.getSettings());

  const update = { body: settingsUpdateSchema, response: { 200: settingsSchema } };
  app.put(paths.settings(), allow('admin', update), async (request) => {
    const next = request.body;
    const before = await ctx.getSettings();
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]),
    );
    // The change and its audit entry commit together or not at all.
    await db.transaction(async (tx) => {
      await ctx.saveSettings(next, tx);
      if (changed.length > 0)
        await audit(tx, actorOf(request), {
          action: 'settings.update',
          targetType: 'settings',
          summary: `Changed settings: ${changed.join(', ')}`,
        });
    });
    if (changed.length > 0) {
      await ctx.recordActivity({
        title: 'Settings updated',
        description: `Changed: ${changed.join(', ')}${request.user ? ` (by ${request.user.username})` : ''}`,
        severity: 'info',
      });
    }
    // New weights re-score every endpoint (in the background for large inventories).
    if (JSON.stringify(next.weights) !== JSON.stringify(before.weights))
      await analyzer.rescoreAfterWeightChange();
    return next;
  });
});
