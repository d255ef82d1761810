// /api/v1/notification-channels: CRUD, "send test notification" and the delivery log.
import { desc, eq, sql } from 'drizzle-orm';
import {
  API_PREFIX,
  deliveryListSchema,
  deliverySchema,
  notificationChannelCreateSchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  notificationChannelUpdateSchema,
  paths,
} from '@argus/api';
import { actorOf, audit, type AuditActor } from '../audit.js';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { deliveries, notificationChannels } from '../db/schema/index.js';
import { notFound, requireId } from '../errors.js';
import { idParams, routesPlugin } from '../zod-provider.js';
import {
  channelAnswer,
  checkConfig,
  deliveryAnswer,
  MASK,
  openConfig,
  sealConfig,
  SECRET_FIELDS,
  type ChannelRow,
  type DeliveryRow,
} from './channels.js';
import { attemptSend, dashboardUrl, testNotice, type DeliveryOptions } from './queue.js';

const DELIVERY_LOG_LIMIT = 100;

const deliveryColumns = {
  id: deliveries.id,
  alertId: deliveries.alertId,
  status: deliveries.status,
  attempts: deliveries.attempts,
  lastError: deliveries.lastError,
  createdAt: deliveries.createdAt,
  deliveredAt: deliveries.deliveredAt,
};

interface RouteDeps {
  ctx: AppContext;
  delivery: DeliveryOptions;
}

export const channelRoutes = routesPlugin(
  'argus-notification-channels',
  async (app, { ctx, delivery }: RouteDeps) => {
    const { db } = ctx;
    const channelPath = `${API_PREFIX}/notification-channels/:id`;
    const idParam = (params: { id: string }) => requireId(params.id, 'Notification channel');

    async function loadChannel(id: string) {
      const [row] = await db.select().from(notificationChannels).where(eq(notificationChannels.id, id));
      if (!row) throw notFound('Notification channel');
      return row;
    }

    async function lastDeliveries(channelId?: string): Promise<Map<string, DeliveryRow>> {
      const rows = await db
        .selectDistinctOn([deliveries.channelId], { channelId: deliveries.channelId, ...deliveryColumns })
        .from(deliveries)
        .where(channelId ? eq(deliveries.channelId, channelId) : undefined)
        .orderBy(deliveries.channelId, desc(deliveries.createdAt), desc(deliveries.id));
      return new Map(rows.map((r) => [r.channelId, r]));
    }

    /** One entry for the change, one more when a secret was replaced (never its value). */
    async function auditChannelUpdate(
      writer: Db,
      actor: AuditActor,
      current: ChannelRow,
      body: {
        name?: string | undefined;
        isActive?: boolean | undefined;
        config?: Record<string, unknown> | undefined;
      },
    ) {
      const fields = [
        ...(body.name !== undefined && body.name !== current.name ? ['name'] : []),
        ...(body.isActive !== undefined && body.isActive !== current.isActive ? ['active'] : []),
        ...(body.config !== undefined ? ['configuration'] : []),
      ];
      if (fields.length === 0) return;
      await audit(writer, actor, {
        action: 'channel.update',
        targetType: 'channel',
        targetId: current.id,
        summary: `Changed ${fields.join(', ')} of notification channel ${current.name}`,
      });
      const replaced = SECRET_FIELDS[current.type].filter((key) => {
        const value = body.config?.[key];
        return typeof value === 'string' && !value.startsWith(MASK);
      });
      if (replaced.length > 0) {
        await audit(writer, actor, {
          action: 'secret.update',
          targetType: 'secret',
          targetId: current.id,
          summary: `Replaced ${replaced.join(', ')} of notification channel ${current.name}`,
        });
      }
    }

    app.get(
      paths.notificationChannels(),
      allow('admin', { response: { 200: notificationChannelListSchema } }),
      async () => {
        const [rows, last] = await Promise.all([
          db
            .select()
            .from(notificationChannels)
            .orderBy(notificationChannels.createdAt, notificationChannels.id),
          lastDeliveries(),
        ]);
        return rows.map((r) => channelAnswer(r, ctx.secrets, last.get(r.id) ?? null));
      },
    );

    const create = { body: notificationChannelCreateSchema, response: { 201: notificationChannelSchema } };
    app.post(paths.notificationChannels(), allow('admin', create), async (request, reply) => {
      const body = request.body;
      const config = await checkConfig(body.type, body.config, {
        allowPrivate: ctx.config.allowPrivateUrls,
        serverSmtpUrl: ctx.config.smtpUrl,
      });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(notificationChannels)
          .values({
            name: body.name,
            type: body.type,
            isActive: body.isActive,
            ...sealConfig(body.type, config, ctx.secrets),
          })
          .returning();
        await audit(tx, actorOf(request), {
          action: 'channel.create',
          targetType: 'channel',
          targetId: created!.id,
          summary: `Added notification channel ${body.name} (${body.type})`,
        });
        return created;
      });
      await ctx.recordActivity({
        title: `Notification channel added: ${body.name} (${body.type})`,
        severity: 'info',
      });
      return reply.code(201).send(channelAnswer(row!, ctx.secrets, null));
    });

    const update = {
      params: idParams,
      body: notificationChannelUpdateSchema,
      response: { 200: notificationChannelSchema },
    };
    app.patch(channelPath, allow('admin', update), async (request) => {
      const id = idParam(request.params);
      const body = request.body;
      const current = await loadChannel(id);
      const changes: Partial<typeof notificationChannels.$inferInsert> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.isActive !== undefined) changes.isActive = body.isActive;
      if (body.config !== undefined) {
        const config = await checkConfig(current.type, body.config, {
          allowPrivate: ctx.config.allowPrivateUrls,
          serverSmtpUrl: ctx.config.smtpUrl,
          previous: openConfig(current, ctx.secrets),
        });
        Object.assign(changes, sealConfig(current.type, config, ctx.secrets));
      }
      const row = await db.transaction(async (tx) => {
        const [updated] = Object.keys(changes).length
          ? await tx
              .update(notificationChannels)
              .set(changes)
              .where(eq(notificationChannels.id, id))
              .returning()
          : [current];
        await auditChannelUpdate(tx, actorOf(request), current, body);
        return updated;
      });
      const last = await lastDeliveries(id);
      return channelAnswer(row!, ctx.secrets, last.get(id) ?? null);
    });

    app.delete(channelPath, allow('admin', { params: idParams }), async (request, reply) => {
      const id = idParam(request.params);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(notificationChannels)
          .where(eq(notificationChannels.id, id))
          .returning({ id: notificationChannels.id, name: notificationChannels.name });
        if (!row) throw notFound('Notification channel');
        await audit(tx, actorOf(request), {
          action: 'channel.delete',
          targetType: 'channel',
          targetId: id,
          summary: `Removed notification channel ${row.name}`,
        });
      });
      return reply.code(204).send();
    });

    // The test is sent at once (one attempt, no retries) so the answer says whether it arrived.
    const test = { params: idParams, response: { 200: deliverySchema } };
    app.post(`${channelPath}/test`, allow('admin', test), async (request) => {
      const id = idParam(request.params);
      const channel = await loadChannel(id);
      const failure = await attemptSend(ctx, channel, testNotice(dashboardUrl(ctx)), delivery);
      const [row] = await db
        .insert(deliveries)
        .values({
          channelId: id,
          alertId: null,
          attempts: 1,
          status: failure ? 'failed' : 'delivered',
          lastError: failure?.message ?? null,
          deliveredAt: failure ? null : sql`now()`,
        })
        .returning(deliveryColumns);
      return deliveryAnswer(row!);
    });

    const log = { params: idParams, response: { 200: deliveryListSchema } };
    app.get(`${channelPath}/deliveries`, allow('admin', log), async (request) => {
      const id = idParam(request.params);
      await loadChannel(id);
      const rows = await db
        .select(deliveryColumns)
        .from(deliveries)
        .where(eq(deliveries.channelId, id))
        .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
        .limit(DELIVERY_LOG_LIMIT);
      return rows.map(deliveryAnswer);
    });
  },
);
