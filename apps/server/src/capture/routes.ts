// The capture path: every method under /gateway/* is recorded as an Observation
// for the host in X-Forwarded-Host (else Host), with PII detection; answered
// 202 with what was recorded, or forwarded to the domain's upstream (whose
// answer is recorded too). Replies only after the capture sink holds the
// observation durably (handle.ts: the journal or JetStream).
// Requests with the ingest token for domains without an upstream usually take
// the fast path (fast-path.ts) before Fastify; this route answers the rest.
import type { FastifyInstance } from 'fastify';
import { assertPublicUrl, guardedFetch } from '@argus/connectors';
import { redactHeaders } from '@argus/engine';
import { allow } from '../auth.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { acceptCaptures, assertAccepting, type OnRecorded, recordCapture, SHUTTING_DOWN } from './handle.js';
import {
  bodyText,
  captureHostOf,
  forwardedHeaders,
  HOP_HEADERS,
  INVALID_HOST,
  MAX_HEADERS,
  observationOf,
  PREFIX,
  type UpstreamCache,
} from './record.js';
import type { CaptureSink } from './sink.js';
import { answerTooLarge, proxiedAnswerHeaders, readUpstreamBody } from './upstream-answer.js';

export interface CaptureOptions {
  ctx: AppContext;
  sink: CaptureSink;
  upstreams: UpstreamCache;
  onRecorded?: OnRecorded;
}

export async function capturePlugin(
  app: FastifyInstance,
  { ctx, sink, upstreams, onRecorded }: CaptureOptions,
): Promise<void> {
  // Every content type is taken as raw bytes: the capture records, it does not interpret.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ctx.config.captureBodyLimit },
    (_req, body, done) => done(null, body),
  );

  // No helmet headers: answers are 202 JSON or the upstream's own response, served
  // with the headers that keep it inert on the Argus origin (upstream-answer.ts).
  // Logged at warn and above only (app.ts: childLoggerFactory).
  app.all(
    `${PREFIX}/*`,
    { ...allow('ingest'), bodyLimit: ctx.config.captureBodyLimit, helmet: false },
    async (request, reply) => {
      if (!sink.accepting) throw new HttpError(503, SHUTTING_DOWN);
      const domain = captureHostOf(request.headers);
      if (domain === null) throw new HttpError(400, INVALID_HOST);
      const observation = observationOf(
        {
          method: request.method,
          url: request.raw.url ?? request.url,
          headers: request.headers,
          protocol: request.protocol === 'https' ? 'https' : 'http',
          body: Buffer.isBuffer(request.body) ? request.body : undefined,
        },
        domain,
        ctx.config.ingestToken,
      );

      const upstream = await upstreams.get(domain);
      // Refused before anything is forwarded: a refused request must not have reached the upstream.
      if (sink.full) void reply.header('retry-after', '30');
      assertAccepting(sink);
      let forwarded: Response | null = null;
      let forwardedBody: Buffer | null = null;
      let tooLarge: HttpError | null = null;
      if (upstream) {
        const { path, query } = observation;
        const target = new URL(upstream.replace(/\/+$/, '') + path + (query ? `?${query}` : ''));
        await assertPublicUrl(target.toString(), { allowPrivate: ctx.config.allowPrivateUrls }).catch(
          (error: Error) => {
            throw new HttpError(502, `Upstream refused: ${error.message}`);
          },
        );
        const settings = await ctx.getSettings();
        const headers = new Headers();
        // The client's own credentials go upstream; the stored observation holds them redacted.
        for (const [name, value] of Object.entries(forwardedHeaders(request.headers, ctx.config.ingestToken)))
          headers.set(name, value);
        try {
          forwarded = await guardedFetch({ allowPrivate: ctx.config.allowPrivateUrls })(target, {
            method: request.method,
            headers,
            body: Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : null,
            redirect: 'manual',
            signal: AbortSignal.timeout(settings.requestTimeoutSeconds * 1000),
          });
          forwardedBody = await readUpstreamBody(forwarded, ctx.config.gatewayMaxAnswerBytes);
        } catch (error) {
          throw new HttpError(502, `The upstream ${target.host} did not answer: ${(error as Error).message}`);
        }
        observation.status = forwarded.status;
        const responseHeaders: Record<string, string> = {};
        forwarded.headers.forEach((value, name) => {
          if (!HOP_HEADERS.has(name) && Object.keys(responseHeaders).length < MAX_HEADERS) {
            responseHeaders[name] = value.slice(0, 4096);
          }
        });
        // Stored as the batch path stores them: the upstream's cookies and keys by name only.
        observation.responseHeaders = redactHeaders(responseHeaders, false);
        const responseBody = bodyText(forwardedBody);
        if (responseBody !== undefined) observation.responseBody = responseBody;
        // The exchange happened, so it is recorded; only its answer is too large to relay.
        if (forwardedBody === null) tooLarge = answerTooLarge(target.host, ctx.config.gatewayMaxAnswerBytes);
      }

      const { record, answer } = recordCapture(observation, forwarded !== null);
      await acceptCaptures(sink, [record], (error) =>
        request.log.error({ err: error }, 'capture sink write failed'),
      );
      onRecorded?.([record]);
      if (tooLarge) throw tooLarge;

      if (forwarded && forwardedBody) {
        for (const [name, value] of proxiedAnswerHeaders(forwarded.headers, domain, ctx.config)) {
          void reply.header(name, value);
        }
        void reply.header('x-argus-observation', record.id);
        return reply.code(forwarded.status).send(forwardedBody);
      }
      return reply.code(202).send(answer);
    },
  );
}
