// `POST /api/v1/captures`: the batch form of the capture path, for collectors
// that can send many exchanges per request (a sidecar, a traffic mirror, a log
// shipper). Each exchange becomes an Observation with PII detection and a
// journal record, exactly as on /gateway/*; the records share one journal entry
// and the answer (202) comes once it is written. An invalid exchange refuses
// the whole batch (400 naming it), so a collector never has to guess which ones
// were kept.
import type { FastifyInstance } from 'fastify';
import { captureBatchSchema, paths, type CaptureBatchResult } from '@argus/api';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { HttpError, parse } from '../errors.js';
import type { CaptureIngest } from './ingest.js';
import {
  BACKLOG_FULL,
  journalRecordOf,
  journalRecords,
  observationOfExchange,
  type OnRecorded,
  recordedOf,
  SHUTTING_DOWN,
} from './record.js';

/** 1,000 exchanges with body samples fit comfortably. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

export interface CaptureBatchOptions {
  ctx: AppContext;
  ingest: CaptureIngest;
  onRecorded?: OnRecorded;
}

export async function captureBatchPlugin(
  app: FastifyInstance,
  { ingest, onRecorded }: CaptureBatchOptions,
): Promise<void> {
  app.post(paths.captures(), { ...allow('ingest'), bodyLimit: BATCH_BODY_LIMIT }, async (request, reply) => {
    const { exchanges } = parse(captureBatchSchema, request.body);
    if (!ingest.accepting) throw new HttpError(503, SHUTTING_DOWN);
    if (ingest.backlogBytes > ingest.maxBacklogBytes) {
      void reply.header('retry-after', '30');
      throw new HttpError(503, BACKLOG_FULL);
    }
    const records = exchanges.map((exchange) => journalRecordOf(observationOfExchange(exchange)));
    await journalRecords(ingest, records, (error) =>
      request.log.error({ err: error }, 'capture journal write failed'),
    );
    onRecorded?.(records);
    const result: CaptureBatchResult = { recorded: records.map(recordedOf) };
    return reply.code(202).send(result);
  });
}
