// The capture path: every method under /gateway/* is recorded as an Observation
// for the host in X-Forwarded-Host (else Host), with PII detection; answered
// 202 with what was recorded, or forwarded to the domain's upstream (whose
// answer is recorded too). Replies only after the observation is durable in
// the capture journal (journal.ts); ingest.ts copies it into the database.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  assertPublicUrl,
  authFromHeaders,
  BODY_SAMPLE_LIMIT,
  detectPiiInObservation,
  type Observation,
  type PiiFinding,
} from '@argus/engine';
import { isValidHostname, type CaptureResult } from '@argus/api';
import type { AppContext } from '../context.js';
import { domains } from '../db/schema/index.js';
import { HttpError } from '../errors.js';
import { SESSION_COOKIE } from '../auth.js';
import type { CaptureIngest } from './ingest.js';

const PREFIX = '/gateway';
/** Headers that describe the hop to Argus, not the captured request. */
const HOP_HEADERS = new Set([
  'host',
  'x-forwarded-host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-port',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'te',
  'upgrade',
  'proxy-connection',
  'origin',
  'referer',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
]);
const MAX_HEADERS = 60;
const UPSTREAM_CACHE_MS = 5000;
const SHUTTING_DOWN = 'The server is shutting down; send the request again';

/** What the capture path stores: the engine Observation plus its PII findings. */
export interface CapturedObservation extends Observation {
  piiFindings: PiiFinding[];
}

export interface CaptureOptions {
  ctx: AppContext;
  ingest: CaptureIngest;
  onRecorded?: (piiTypes: string[]) => void;
}

/** X-Forwarded-Host (first value) else Host, lower-case, without port. */
export function captureHost(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-host'];
  const raw =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() ||
    request.headers.host ||
    '';
  const host = raw
    .toLowerCase()
    .replace(/^\[([^\]]*)\](:\d+)?$/, '$1')
    .replace(/:\d+$/, '');
  if (!isValidHostname(host)) {
    throw new HttpError(400, 'The captured request needs a valid host name in X-Forwarded-Host or Host');
  }
  return host;
}

function capturedHeaders(request: FastifyRequest, ingestToken: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || ++n > MAX_HEADERS) continue;
    let text = Array.isArray(value) ? value.join(', ') : value;
    if (name === 'cookie') {
      // Argus's own session cookie is not part of the captured traffic.
      text = text
        .split(';')
        .filter((c) => c.split('=')[0]?.trim() !== SESSION_COOKIE)
        .join(';')
        .trim();
      if (!text) continue;
    }
    if (name === 'authorization' && ingestToken && text === `Bearer ${ingestToken}`) continue;
    out[name] = text.length > 4096 ? text.slice(0, 4096) : text;
  }
  return out;
}

function bodyText(body: unknown): string | undefined {
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  return body
    .subarray(0, BODY_SAMPLE_LIMIT * 4)
    .toString('utf8')
    .slice(0, BODY_SAMPLE_LIMIT);
}

export async function capturePlugin(
  app: FastifyInstance,
  { ctx, ingest, onRecorded }: CaptureOptions,
): Promise<void> {
  // Every content type is taken as raw bytes: the capture records, it does not interpret.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ctx.config.captureBodyLimit },
    (_req, body, done) => done(null, body),
  );

  const upstreams = new Map<string, { url: string | null; at: number }>();
  async function upstreamFor(domain: string): Promise<string | null> {
    const hit = upstreams.get(domain);
    if (hit && Date.now() - hit.at < UPSTREAM_CACHE_MS) return hit.url;
    const [row] = await ctx.db
      .select({ upstreamUrl: domains.upstreamUrl })
      .from(domains)
      .where(eq(domains.name, domain));
    const url = row?.upstreamUrl ?? null;
    if (upstreams.size > 10_000) upstreams.clear();
    upstreams.set(domain, { url, at: Date.now() });
    return url;
  }

  // No helmet headers: answers are 202 JSON or the upstream's own response.
  // Logged at warn and above only (app.ts: childLoggerFactory).
  app.all(
    `${PREFIX}/*`,
    { bodyLimit: ctx.config.captureBodyLimit, helmet: false },
    async (request, reply) => {
      if (!ingest.accepting) throw new HttpError(503, SHUTTING_DOWN);
      const domain = captureHost(request);
      const rawUrl = request.raw.url ?? request.url;
      const afterPrefix = rawUrl.slice(PREFIX.length);
      const queryAt = afterPrefix.indexOf('?');
      const path = (queryAt < 0 ? afterPrefix : afterPrefix.slice(0, queryAt)) || '/';
      const query = queryAt < 0 ? '' : afterPrefix.slice(queryAt + 1);
      const requestHeaders = capturedHeaders(request, ctx.config.ingestToken);
      const observation: Observation = {
        source: 'capture',
        domain,
        method: request.method.toUpperCase(),
        path: path.slice(0, 2048),
        query: query.slice(0, 4096),
        status: null,
        scheme: request.headers['x-forwarded-proto'] === 'https' ? 'https' : request.protocol,
        auth: authFromHeaders(requestHeaders, query),
        requestHeaders,
        responseHeaders: {},
        timestamp: Date.now(),
      };
      const requestBody = bodyText(request.body);
      if (requestBody !== undefined) observation.requestBody = requestBody;

      const upstream = await upstreamFor(domain);
      // Refused before anything is forwarded: a refused request must not have reached the upstream.
      if (ingest.backlogBytes > ingest.maxBacklogBytes) {
        void reply.header('retry-after', '30');
        throw new HttpError(
          503,
          'Capture backlog full: analysis is behind by more than the journal may hold; send the request again later',
        );
      }
      let forwarded: Response | null = null;
      let forwardedBody: Buffer | null = null;
      if (upstream) {
        const target = new URL(upstream.replace(/\/+$/, '') + path + (query ? `?${query}` : ''));
        await assertPublicUrl(target.toString(), { allowPrivate: ctx.config.allowPrivateUrls }).catch(
          (error: Error) => {
            throw new HttpError(502, `Upstream refused: ${error.message}`);
          },
        );
        const settings = await ctx.getSettings();
        const headers = new Headers();
        for (const [name, value] of Object.entries(requestHeaders)) headers.set(name, value);
        try {
          forwarded = await fetch(target, {
            method: request.method,
            headers,
            body: Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : null,
            redirect: 'manual',
            signal: AbortSignal.timeout(settings.requestTimeoutSeconds * 1000),
          });
          forwardedBody = Buffer.from(await forwarded.arrayBuffer());
        } catch (error) {
          throw new HttpError(502, `The upstream ${target.host} did not answer: ${(error as Error).message}`);
        }
        observation.status = forwarded.status;
        forwarded.headers.forEach((value, name) => {
          if (!HOP_HEADERS.has(name) && Object.keys(observation.responseHeaders).length < MAX_HEADERS) {
            observation.responseHeaders[name] = value.slice(0, 4096);
          }
        });
        const responseBody = bodyText(forwardedBody);
        if (responseBody !== undefined) observation.responseBody = responseBody;
      }

      const findings = detectPiiInObservation(observation);
      const piiTypes = [...new Set(findings.map((f) => f.type))].sort();
      const id = randomUUID();
      // The findings travel with the row, so analysis does not detect them a second time.
      const stored: CapturedObservation = { ...observation, piiFindings: findings };
      try {
        await ingest.append({
          id,
          domain,
          method: observation.method,
          path: observation.path,
          piiTypes,
          receivedAt: observation.timestamp ?? Date.now(),
          observation: stored,
        });
      } catch (error) {
        if (!ingest.accepting) throw new HttpError(503, SHUTTING_DOWN);
        request.log.error({ err: error }, 'capture journal write failed');
        throw new HttpError(503, `The capture could not be stored: ${(error as Error).message}`);
      }
      onRecorded?.(piiTypes);

      if (forwarded && forwardedBody) {
        for (const [name, value] of forwarded.headers) {
          if (!HOP_HEADERS.has(name) && name !== 'content-encoding') void reply.header(name, value);
        }
        void reply.header('x-argus-observation', id);
        return reply.code(forwarded.status).send(forwardedBody);
      }
      const result: CaptureResult = {
        recorded: { id, domain, method: observation.method, path: observation.path, piiTypes },
        forwarded: false,
      };
      return reply.code(202).send(result);
    },
  );
}
