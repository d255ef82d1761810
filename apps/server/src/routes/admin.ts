// Admins: user management and the audit log.
import { z } from 'zod';
import {
  auditPageSchema,
  managedUserListSchema,
  managedUserSchema,
  paths,
  userCreateSchema,
  userUpdateSchema,
} from '@argus/api';
import { actorOf, readAuditLog } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { requireId } from '../errors.js';
import { createUser, deleteUser, listUsers, updateUser } from '../users.js';
import { idParams, routesPlugin } from '../zod-provider.js';

const auditQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'before must be a cursor from the previous page')
    .transform(Number)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
});

export const adminRoutes = routesPlugin('argus-admin', async (app, { ctx }: { ctx: AppContext }) => {
  const { db } = ctx;

  app.get(paths.managedUsers(), allow('admin', { response: { 200: managedUserListSchema } }), () =>
    listUsers(db),
  );

  const create = { body: userCreateSchema, response: { 201: managedUserSchema } };
  app.post(paths.managedUsers(), allow('admin', create), async (request, reply) => {
    const { username, password, role } = request.body;
    return reply.code(201).send(await createUser(db, username, password, role, actorOf(request)));
  });

  const update = { params: idParams, body: userUpdateSchema, response: { 200: managedUserSchema } };
  app.patch('/api/v1/admin/users/:id', allow('admin', update), async (request) =>
    updateUser(db, actorOf(request), requireId(request.params.id, 'User'), request.body),
  );

  app.delete('/api/v1/admin/users/:id', allow('admin', { params: idParams }), async (request, reply) => {
    await deleteUser(db, actorOf(request), requireId(request.params.id, 'User'));
    return reply.code(204).send();
  });

  const auditLog = { querystring: auditQuerySchema, response: { 200: auditPageSchema } };
  app.get('/api/v1/admin/audit-log', allow('admin', auditLog), async (request) =>
    readAuditLog(db, request.query),
  );
});
