// The JetStream capture sink and the analysis worker in one process: captures
// answered 202 only once JetStream has them, stored and analysed by the
// worker, a message delivered twice stored once, a poison message
// dead-lettered with its reason while the rest goes on.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureBatchResultSchema, captureResultSchema, paths } from '@argus/api';
import { CaptureWorker } from '../src/analysis/worker.js';
import { subjectOf } from '../src/capture/nats-stream.js';
import type { CaptureRecord } from '../src/capture/sink.js';
import { deadLetters, observations } from '../src/db/schema/index.js';
import { createTestApp, databaseKinds, json, type TestApp } from './helpers.js';
import { deleteStream, inventoryRequestCount, natsReachable, testNatsConfig } from './nats.js';

const TOKEN = 'nats-test-token-0123456789abcdef';
const reachable = await natsReachable();

describe.skipIf(!reachable)('JetStream sink and worker', () => {
  describe.each(databaseKinds)('captures through JetStream (%s)', (kind) => {
    const nats = testNatsConfig(4);
    let t: TestApp;
    let nc: NatsConnection;
    let worker: CaptureWorker;

    beforeAll(async () => {
      t = await createTestApp(kind, { ingestToken: TOKEN, nats });
      nc = await connect({ servers: nats.url });
      worker = new CaptureWorker({
        ctx: t.ctx,
        nats: nc,
        config: nats,
        analyse: () => t.app.argus.analyzer.processPending(),
      });
      await worker.start();
    }, 60_000);
    afterAll(async () => {
      await worker?.stop();
      await nc?.close();
      await t?.close();
      await deleteStream(nats);
    });

    /** Everything published so far is stored and analysed. */
    async function settled() {
      expect(await t.app.argus.sink.catchUp(Date.now() + 60_000)).toBe(true);
      await t.app.argus.analyzer.catchUp(60_000);
    }

    it('answers captures once JetStream has them; the worker stores and analyses them', async () => {
      const domain = 'shop.nats.example.com';
      const sent = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.anonymous({
            method: 'POST',
            url: `/gateway/v1/orders/${i + 1}`,
            headers: {
              authorization: `Bearer ${TOKEN}`,
              'x-forwarded-host': domain,
              'content-type': 'application/json',
            },
            payload: { email: 'ana@example.org' },
          }),
        ),
      );
      const ids = sent.map((r) => {
        expect(r.statusCode).toBe(202);
        return json(r, captureResultSchema).recorded.id;
      });
      const batch = await t.anonymous({
        method: 'POST',
        url: paths.captures(),
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: {
          exchanges: Array.from({ length: 10 }, (_, i) => ({
            host: domain,
            method: 'GET',
            path: `/v1/orders/${100 + i}`,
            status: 200,
          })),
        },
      });
      expect(batch.statusCode).toBe(202);
      ids.push(...json(batch, captureBatchResultSchema).recorded.map((r) => r.id));

      await settled();
      expect(await inventoryRequestCount(t.ctx.db, domain)).toBe(50);
      const stored = await t.ctx.db.select({ id: observations.id }).from(observations);
      expect(new Set(stored.map((r) => r.id))).toEqual(new Set(ids));
    }, 120_000);

    it('stores a message JetStream delivers twice once, and dead-letters a poison message', async () => {
      const domain = 'dupes.nats.example.com';
      const record = (path: string): CaptureRecord => {
        const observation = {
          source: 'capture' as const,
          domain,
          method: 'GET',
          path,
          query: '',
          status: 200,
          scheme: 'https' as const,
          auth: [],
          requestHeaders: {},
          responseHeaders: {},
          timestamp: Date.now(),
        };
        return {
          id: randomUUID(),
          domain,
          method: 'GET',
          path,
          piiTypes: [],
          receivedAt: Date.now(),
          observation: observation as unknown as CaptureRecord['observation'],
        };
      };
      const js = nc.jetstream();
      const subject = subjectOf(nats, domain);
      const twice = record('/v1/items/1');
      // The same observation published again after the stream's duplicate window
      // (as a server retrying much later would): a new message with the same id.
      await js.publish(subject, JSON.stringify(twice), { msgID: twice.id });
      await js.publish(subject, JSON.stringify(twice), { msgID: `${twice.id}-again` });
      await js.publish(subject, '{"not": "a capture"', { msgID: randomUUID() });
      const after = record('/v1/items/2');
      await js.publish(subject, JSON.stringify(after), { msgID: after.id });

      await settled();
      expect(await inventoryRequestCount(t.ctx.db, domain)).toBe(2);
      const rows = await t.ctx.db
        .select({ id: observations.id })
        .from(observations)
        .where(eq(observations.domain, domain));
      expect(rows.map((r) => r.id).sort()).toEqual([twice.id, after.id].sort());
      const dead = await t.ctx.db.select().from(deadLetters);
      expect(dead).toHaveLength(1);
      expect(dead[0]!.reason).toMatch(/^not JSON/);
      expect(dead[0]!.payload).toContain('not');
    }, 120_000);
  });
});
