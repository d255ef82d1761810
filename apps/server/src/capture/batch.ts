// `POST /api/v1/captures`: the batch form of the capture path, for collectors
// that can send many exchanges per request (a sidecar, a traffic mirror, a log
// shipper). Each exchange goes through handleCapture exactly as on /gateway/*;
// the records go to the sink together and the answer (202) comes once it holds them. An invalid exchange refuses
// the whole batch (400 naming it), so a collector never has to guess which ones
// were kept.
import type { FastifyInstance } from 'fastify';
import { captureBatchSchema, paths, type CaptureBatchResult } from '@argus/api';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { parse } from '../errors.js';
import { acceptCaptures, assertAccepting, handleCapture, type OnRecorded } from './handle.js';
import type { CaptureSink } from './sink.js';

/** 1,000 exchanges with body samples fit comfortably. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

export interface CaptureBatchOptions {
  ctx: AppContext;
  sink: CaptureSink;
  onRecorded?: OnRecorded;
}

export async function captureBatchPlugin(
  app: FastifyInstance,
  { sink, onRecorded }: CaptureBatchOptions,
): Promise<void> {
  app.post(paths.captures(), { ...allow('ingest'), bodyLimit: BATCH_BODY_LIMIT }, async (request, reply) => {
    const { exchanges } = parse(captureBatchSchema, request.body);
    if (sink.full) void reply.header('retry-after', '30');
    assertAccepting(sink);
    const handled = exchanges.map((exchange) => handleCapture({ kind: 'exchange', exchange }));
    const records = handled.map((h) => h.record);
    await acceptCaptures(sink, records, (error) =>
      request.log.error({ err: error }, 'capture sink write failed'),
    );
    onRecorded?.(records);
    const result: CaptureBatchResult = { recorded: handled.map((h) => h.answer.recorded) };
    return reply.code(202).send(result);
  });
}
