// `POST /v1/traces`: an OTLP/HTTP trace receiver (the standard path, so an
// OpenTelemetry SDK or Collector exports here with only its endpoint and a header
// changed). Protobuf or JSON, optionally gzip; the ingest token (or an analyst's
// session) authorises it like every capture. Each HTTP server span becomes one
// observation (engine: observationsFromOtlp) through the same capture pipeline as
// /gateway/* and POST /api/v1/captures, so the journal or JetStream and the
// workers apply. Answers as the OTLP specification says: 200 with an
// ExportTraceServiceResponse (partial success naming what was rejected) in the
// request's encoding; 400 with a Status when the body cannot be decoded; 413 past
// the size cap; 415 for another content type.
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { observationsFromOtlp } from '@argus/engine';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { addOtlpReceipt } from './otlp-receipts.js';
import { acceptCaptures, assertAccepting, recordCapture, type OnRecorded } from './handle.js';
import type { CaptureSink } from './sink.js';

// The OpenTelemetry project's generated protobuf definitions (opentelemetry-proto), as
// published in @opentelemetry/otlp-transformer; CommonJS, hence require.
const require = createRequire(import.meta.url);
interface ProtoType {
  decode(bytes: Uint8Array): unknown;
  encode(message: unknown): { finish(): Uint8Array };
  toObject(message: unknown, options: Record<string, unknown>): unknown;
  fromObject(object: unknown): unknown;
}
const proto = require('@opentelemetry/otlp-transformer/build/src/generated/root.js') as {
  opentelemetry: {
    proto: {
      collector: {
        trace: { v1: { ExportTraceServiceRequest: ProtoType; ExportTraceServiceResponse: ProtoType } };
      };
    };
  };
};
const { ExportTraceServiceRequest, ExportTraceServiceResponse } =
  proto.opentelemetry.proto.collector.trace.v1;
const { Writer } = require('protobufjs/minimal.js') as {
  Writer: { create(): ProtoWriter };
};
interface ProtoWriter {
  uint32(value: number): ProtoWriter;
  int32(value: number): ProtoWriter;
  string(value: string): ProtoWriter;
  finish(): Uint8Array;
}

export const OTLP_TRACES_PATH = '/v1/traces';
const PROTOBUF = 'application/x-protobuf';
const JSON_TYPE = 'application/json';
/** Compressed and decompressed: an SDK's default batch (512 spans) is far below it. */
const DEFAULT_LIMIT = 8 * 1024 * 1024;
/** Spans one export may turn into observations (the batch route's limit is 1,000 exchanges). */
const MAX_OBSERVATIONS = 5000;

export interface OtlpOptions {
  ctx: AppContext;
  sink: CaptureSink;
  onRecorded?: OnRecorded;
  /** Bytes an export may hold, compressed or not (default 8 MiB). */
  bodyLimit?: number;
}

type Encoding = 'protobuf' | 'json';

class OtlpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A google.rpc.Status (code 1, message 2) in the request's encoding, as OTLP error answers carry. */
function sendStatus(reply: FastifyReply, encoding: Encoding, status: number, message: string, code: number) {
  void reply.code(status);
  if (encoding === 'json') return reply.type(JSON_TYPE).send({ code, message });
  const bytes = Writer.create().uint32(8).int32(code).uint32(18).string(message).finish();
  return reply.type(PROTOBUF).send(Buffer.from(bytes));
}

function decodeBody(body: Buffer, encoding: Encoding): unknown {
  if (encoding === 'json') {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('the body is not an ExportTraceServiceRequest object');
    return parsed;
  }
  const message = ExportTraceServiceRequest.decode(body);
  // Plain data as the JSON encoding gives it (64-bit integers as decimal strings).
  return ExportTraceServiceRequest.toObject(message, { longs: String, enums: Number, bytes: String });
}

function answer(reply: FastifyReply, encoding: Encoding, rejected: number, message: string) {
  const partialSuccess = { rejectedSpans: rejected, errorMessage: message };
  void reply.code(200);
  // Int64 fields are decimal strings in OTLP/JSON.
  if (encoding === 'json')
    return reply
      .type(JSON_TYPE)
      .send({ partialSuccess: { ...partialSuccess, rejectedSpans: String(rejected) } });
  const response = ExportTraceServiceResponse.fromObject(rejected > 0 || message ? { partialSuccess } : {});
  return reply.type(PROTOBUF).send(Buffer.from(ExportTraceServiceResponse.encode(response).finish()));
}

export async function otlpPlugin(
  app: FastifyInstance,
  { ctx, sink, onRecorded, bodyLimit = DEFAULT_LIMIT }: OtlpOptions,
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));

  app.post(OTLP_TRACES_PATH, { ...allow('ingest'), bodyLimit }, async (request, reply) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const encoding: Encoding = type === JSON_TYPE ? 'json' : 'protobuf';
    try {
      if (type !== JSON_TYPE && type !== PROTOBUF)
        throw new OtlpError(415, `Content-Type must be ${PROTOBUF} or ${JSON_TYPE}`);
      let body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const contentEncoding = (request.headers['content-encoding'] ?? '').toLowerCase();
      if (contentEncoding === 'gzip') {
        try {
          body = gunzipSync(body, { maxOutputLength: bodyLimit });
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
            throw new OtlpError(413, `The decompressed export is larger than ${bodyLimit} bytes`);
          throw new OtlpError(400, `The gzip body cannot be decompressed: ${(error as Error).message}`);
        }
      } else if (contentEncoding !== '' && contentEncoding !== 'identity') {
        throw new OtlpError(415, `Content-Encoding ${contentEncoding} is not supported: send gzip or none`);
      }
      let decoded: unknown;
      try {
        decoded = decodeBody(body, encoding);
      } catch (error) {
        throw new OtlpError(
          400,
          `The ${encoding} body is not an OTLP trace export: ${(error as Error).message}`,
        );
      }
      const read = observationsFromOtlp(decoded);
      const kept = read.observations.slice(0, MAX_OBSERVATIONS);
      const over = read.observations.length - kept.length;
      if (sink.full) void reply.header('retry-after', '30');
      assertAccepting(sink);
      const records = kept.map((o) => recordCapture(o).record);
      await acceptCaptures(sink, records, (error) =>
        request.log.error({ err: error }, 'capture sink write failed'),
      );
      onRecorded?.(records);
      const byDomain = new Map<string, number>();
      for (const r of records) byDomain.set(r.domain, (byDomain.get(r.domain) ?? 0) + 1);
      const { notServer, notHttp, unplaced } = read.skipped;
      // Every entry of the span lists is an observation, skipped or rejected.
      const spans = read.observations.length + notServer + notHttp + unplaced + read.rejected;
      // The spans are stored; counts that fail to be added must not make the exporter send them again.
      await addOtlpReceipt(ctx.db, {
        spans,
        skipped: read.skipped,
        rejected: read.rejected + over,
        byDomain,
      }).catch((error: unknown) => request.log.error({ err: error }, 'OTLP receipt counts not stored'));
      const notes = [
        ...read.reasons,
        ...(over > 0 ? [`${over} spans past the ${MAX_OBSERVATIONS} an export may record`] : []),
        ...(notServer + notHttp + unplaced > 0
          ? [
              `skipped ${notServer} spans not of kind SERVER, ${notHttp} without an HTTP method, ` +
                `${unplaced} without a host or path`,
            ]
          : []),
      ];
      return answer(reply, encoding, read.rejected + over, notes.join('; '));
    } catch (error) {
      if (error instanceof OtlpError)
        return sendStatus(reply, encoding, error.status, error.message, error.status === 400 ? 3 : 9);
      throw error;
    }
  });
}
