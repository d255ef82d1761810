// What every signed-in user may do to their own account, whatever their role.
import { passwordChangeSchema, paths } from '@argus/api';
import { actorOf } from '../audit.js';
import { allow, sessionHashOf } from '../auth.js';
import type { AppContext } from '../context.js';
import { changeOwnPassword } from '../users.js';
import { routesPlugin } from '../zod-provider.js';

export const accountRoutes = routesPlugin('argus-account', async (app, { ctx }: { ctx: AppContext }) => {
  app.post(
    paths.password(),
    {
      ...allow('viewer', { body: passwordChangeSchema }),
      config: { access: 'viewer', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const actor = { ...actorOf(request), actorId: request.user!.id };
      await changeOwnPassword(ctx.db, actor, sessionHashOf(request), request.body);
      return reply.code(204).send();
    },
  );
});
