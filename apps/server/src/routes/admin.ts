// Admins: user management and the audit log.
import type { FastifyInstance } from 'fastify';
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
import { parse, requireId } from '../errors.js';
import { createUser, deleteUser, listUsers, updateUser } from '../users.js';

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

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const admin = allow('admin');

  app.get(paths.managedUsers(), admin, async () => managedUserListSchema.parse(await listUsers(db)));

  app.post(paths.managedUsers(), admin, async (request, reply) => {
    const body = parse(userCreateSchema, request.body);
    const user = await createUser(db, body.username, body.password, body.role, actorOf(request));
    return reply.code(201).send(managedUserSchema.parse(user));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/admin/users/:id', admin, async (request) => {
    const id = requireId(request.params.id, 'User');
    const change = parse(userUpdateSchema, request.body);
    return managedUserSchema.parse(await updateUser(db, actorOf(request), id, change));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/admin/users/:id', admin, async (request, reply) => {
    await deleteUser(db, actorOf(request), requireId(request.params.id, 'User'));
    return reply.code(204).send();
  });

  app.get('/api/v1/admin/audit-log', admin, async (request) => {
    const query = parse(auditQuerySchema, request.query);
    return auditPageSchema.parse(await readAuditLog(db, query));
  });
}
