// The capture fast path: the common capture request (ingest token, a domain
// without an upstream, a body with a Content-Length under the limit) handled on
// Node's request before Fastify's routing, hooks and reply machinery, which cost
// about as much per request as the capture itself. The work is the route's
// (handle.ts): the same handleCapture, the same sink, the same 202 answer. Whatever needs more than the headers to decide (a session
// cookie, an upstream to forward to or not yet known, a chunked or over-large
// body, a bad host, a full backlog, shutdown, a path the router would decode
// or normalise) is left to the Fastify route, which answers it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { bearerMatcher } from '../bearer-token.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import type { HistogramSeries, Telemetry } from '../observability.js';
import { acceptCaptures, handleCapture, type HandledCapture, type OnRecorded } from './handle.js';
import { cachedCaptureHostOf, PREFIX, type UpstreamCache } from './record.js';
import type { CaptureSink } from './sink.js';
import type { TokenThrottle } from '../token-throttle.js';

export interface FastPathOptions {
  ctx: AppContext;
  sink: CaptureSink;
  upstreams: UpstreamCache;
  telemetry: Telemetry;
  logger: FastifyBaseLogger;
  onRecorded?: OnRecorded;
  /** While it holds an address back, every request goes to the route, which answers 429 to that one. */
  tokenThrottle?: TokenThrottle;
}

/** Handles the request and returns true, or returns false having touched nothing. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** A request whose body has arrived, waiting for the next flush. */
interface Received {
  request: IncomingMessage;
  response: ServerResponse;
  domain: string;
  body: Buffer | undefined;
  started: number;
}

const ROUTE = `${PREFIX}/*`;
const JSON_TYPE = 'application/json; charset=utf-8';
const INTERNAL_ERROR = JSON.stringify({ message: 'Internal server error' });

/**
 * True when the request target's path is one the router reads exactly as
 * written: no percent-encoding, no empty or dot segments, no backslash. The
 * fast path decides on the URL text before routing, so anything else goes to
 * Fastify, whose router decodes it and whose route declares who may call it.
 */
export function isPlainPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  return !/%|\\|\/\/|\/\.\.?(?:\/|$)/.test(path);
}

export function captureFastPath(options: FastPathOptions): FastPath {
  const { ctx, sink, upstreams, telemetry, logger, onRecorded, tokenThrottle } = options;
  const token = ctx.config.ingestToken;
  const bodyLimit = ctx.config.captureBodyLimit;
  if (!token) return () => false;
  const authorized = bearerMatcher(token);
  const hostOf = cachedCaptureHostOf();
  // The duration histogram's series by method and status, looked up once.
  const timers = new Map<string, HistogramSeries>();
  // Requests whose bodies arrived since the last flush. Handling them together
  // (handleCapture, answer) keeps that code and its data warm between
  // requests, and they go to the sink together.
  let received: Received[] = [];

  function answer(r: Received, status: number, body: string) {
    const { request, response } = r;
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
      timer = telemetry.httpDuration.series({ method, route: ROUTE, status: String(status) });
      timers.set(key, timer);
    }
    timer.observe((performance.now() - r.started) / 1000);
  }

  function flush() {
    const batch = received;
    received = [];
    telemetry.fastPath.inc(batch.length);
    const handled: HandledCapture[] = [];
    const recorded: Received[] = [];
    for (const r of batch) {
      try {
        const { request } = r;
        const input = {
          method: request.method ?? 'GET',
          url: request.url!,
          headers: request.headers,
          protocol: (request.socket as TLSSocket).encrypted ? ('https' as const) : ('http' as const),
          body: r.body,
        };
        handled.push(
          handleCapture({ kind: 'request', request: input, domain: r.domain, ingestToken: token }),
        );
        recorded.push(r);
      } catch (error) {
        logger.error({ err: error }, 'capture failed');
        answer(r, 500, INTERNAL_ERROR);
      }
    }
    if (handled.length === 0) return;
    const records = handled.map((h) => h.record);
    acceptCaptures(sink, records, (error) => logger.error({ err: error }, 'capture sink write failed'))
      .then(
        () => {
          for (let i = 0; i < handled.length; i++)
            answer(recorded[i]!, 202, JSON.stringify(handled[i]!.answer));
          onRecorded?.(records);
        },
        (error: unknown) => {
          // acceptCaptures refuses with a 503 saying why (shutting down, the disk failing).
          const status = error instanceof HttpError ? error.statusCode : 503;
          const body = JSON.stringify({ message: (error as Error).message });
          for (const r of recorded) answer(r, status, body);
        },
      )
      .catch((error: unknown) => logger.error({ err: error }, 'capture answer failed'));
  }

  function receive(r: Received) {
    if (received.length === 0) setImmediate(flush);
    received.push(r);
  }

  return (request, response) => {
    const url = request.url;
    if (url === undefined || !url.startsWith(`${PREFIX}/`) || !isPlainPath(url)) return false;
    if (!sink.accepting || sink.full || tokenThrottle?.holding) return false;
    const { headers } = request;
    if (!authorized(headers.authorization)) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const declared = headers['content-length'];
    const length = declared === undefined ? 0 : Number(declared);
    if (!Number.isSafeInteger(length) || length < 0 || length > bodyLimit) return false;
    const domain = hostOf(headers);
    // Known to have no upstream (null); unknown (undefined) or forwarding: the route.
    if (domain === null || upstreams.peek(domain) !== null) return false;

    const started = performance.now();
    if (length === 0) {
      request.resume();
      receive({ request, response, domain, body: undefined, started });
      return true;
    }
    const body = Buffer.allocUnsafe(length);
    let filled = 0;
    request.on('data', (chunk: Buffer) => {
      // Node ends the body at Content-Length; the check keeps a broken peer from writing past it.
      if (filled + chunk.length > length) return void request.destroy();
      chunk.copy(body, filled);
      filled += chunk.length;
    });
    request.on('end', () => {
      receive({
        request,
        response,
        domain,
        body: filled === length ? body : body.subarray(0, filled),
        started,
      });
    });
    // A client gone mid-body: nothing was recorded and there is nobody to answer.
    request.on('error', () => response.destroy());
    return true;
  };
}
