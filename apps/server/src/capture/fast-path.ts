// The capture fast path: the common capture request (ingest token, a domain
// without an upstream, a body with a Content-Length under the limit) handled on
// Node's request before Fastify's routing, hooks and reply machinery, which cost
// about as much per request as the capture itself. The work is the route's
// (record.ts): the same Observation, PII detection and journal record, the
// same 202 answer. Whatever needs more than the headers to decide (a session
// cookie, an upstream to forward to or not yet known, a chunked or over-large
// body, a bad host, a full backlog, shutdown) is left to the Fastify route,
// which answers it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { bearerMatches } from '../auth.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import type { Telemetry } from '../observability.js';
import type { CaptureIngest } from './ingest.js';
import { captureHostOf, observationOf, PREFIX, recordObservation, type UpstreamCache } from './record.js';

export interface FastPathOptions {
  ctx: AppContext;
  ingest: CaptureIngest;
  upstreams: UpstreamCache;
  telemetry: Telemetry;
  logger: FastifyBaseLogger;
  onRecorded?: (piiTypes: string[]) => void;
}

/** Handles the request and returns true, or returns false having touched nothing. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

const ROUTE = `${PREFIX}/*`;
const JSON_TYPE = 'application/json; charset=utf-8';

export function captureFastPath(options: FastPathOptions): FastPath {
  const { ctx, ingest, upstreams, telemetry, logger, onRecorded } = options;
  const token = ctx.config.ingestToken;
  const bodyLimit = ctx.config.captureBodyLimit;
  if (!token) return () => false;
  // The histogram's series by method and status, looked up once (labelling each observation costs more than it).
  const timers = new Map<string, { observe: (seconds: number) => void }>();

  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: string,
    started: number,
  ) {
    if (response.destroyed) return;
    response.writeHead(status, [
      'content-type',
      JSON_TYPE,
      'content-length',
      String(Buffer.byteLength(body)),
    ]);
    response.end(body);
    const method = request.method ?? 'GET';
    const key = `${method} ${status}`;
    let timer = timers.get(key);
    if (!timer) {
      timer = telemetry.httpDuration.labels({ method, route: ROUTE, status: String(status) });
      timers.set(key, timer);
    }
    timer.observe((performance.now() - started) / 1000);
  }

  async function capture(
    request: IncomingMessage,
    response: ServerResponse,
    domain: string,
    body: Buffer | undefined,
    started: number,
  ) {
    try {
      const observation = observationOf(
        {
          method: request.method ?? 'GET',
          url: request.url!,
          headers: request.headers,
          protocol: (request.socket as TLSSocket).encrypted ? 'https' : 'http',
          body,
        },
        domain,
        token,
      );
      const recorded = await recordObservation(ingest, observation, (error) =>
        logger.error({ err: error }, 'capture journal write failed'),
      );
      onRecorded?.(recorded.piiTypes);
      answer(request, response, 202, JSON.stringify({ recorded, forwarded: false }), started);
    } catch (error) {
      const status = error instanceof HttpError ? error.statusCode : 500;
      if (status === 500) logger.error({ err: error }, 'capture failed');
      const message = status === 500 ? 'Internal server error' : (error as Error).message;
      answer(request, response, status, JSON.stringify({ message }), started);
    }
  }

  return (request, response) => {
    const url = request.url;
    if (url === undefined || !url.startsWith(`${PREFIX}/`)) return false;
    if (!ingest.accepting || ingest.backlogBytes > ingest.maxBacklogBytes) return false;
    const { headers } = request;
    if (!bearerMatches(headers.authorization, token)) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const declared = headers['content-length'];
    const length = declared === undefined ? 0 : Number(declared);
    if (!Number.isSafeInteger(length) || length < 0 || length > bodyLimit) return false;
    const domain = captureHostOf(headers);
    // Known to have no upstream (null); unknown (undefined) or forwarding: the route.
    if (domain === null || upstreams.peek(domain) !== null) return false;

    const started = performance.now();
    telemetry.fastPath.inc();
    if (length === 0) {
      request.resume();
      void capture(request, response, domain, undefined, started);
      return true;
    }
    const body = Buffer.allocUnsafe(length);
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      // Node ends the body at Content-Length; the check keeps a broken peer from writing past it.
      if (received + chunk.length > length) return void request.destroy();
      chunk.copy(body, received);
      received += chunk.length;
    });
    request.on('end', () => {
      void capture(
        request,
        response,
        domain,
        received === length ? body : body.subarray(0, received),
        started,
      );
    });
    // A client gone mid-body: nothing was recorded and there is nobody to answer.
    request.on('error', () => response.destroy());
    return true;
  };
}
