// The app factory: one Fastify instance with the database, sign-in, every
// /api/v1 call, the capture path, observability and the dashboard.
import { createServer } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
} from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import { alertingPlugin, processFindings } from './alerts/index.js';
import { authPlugin } from './auth.js';
import { Analyzer } from './analysis/analysis-queue.js';
import { CaptureIngest } from './capture/ingest.js';
import { NatsSink } from './capture/nats-sink.js';
import { capturePlugin } from './capture/routes.js';
import { captureBatchPlugin } from './capture/batch.js';
import { otlpPlugin } from './capture/otlp.js';
import { captureFastPath, type FastPath } from './capture/fast-path.js';
import type { OnRecorded } from './capture/handle.js';
import { UpstreamCache } from './capture/record.js';
import type { CaptureSink } from './capture/sink.js';
import type { Config } from './config.js';
import { limitConnectionsPerAddress } from './connection-limits.js';
import { createContext, type AppContext } from './context.js';
import { dashboardPlugin } from './dashboard.js';
import { DeliveryWorker, deliveryOptions } from './notifications/queue.js';
import { openDatabase, type Database } from './db/client.js';
import { databaseErrorCode, errorForLog, HttpError, userMessageOf, ValidationError } from './errors.js';
import { createTelemetry, observabilityPlugin, observeRequests } from './observability.js';
import { apiRoutes } from './routes/index.js';
import { Scheduler } from './scheduler.js';
import { createSecretBox, loadSecretKey } from './secrets.js';
import { TestRunner } from './testing/runs.js';
import { TokenThrottle } from './token-throttle.js';
import { removeStaleUploads } from './upload-spool.js';
import { serializerCompiler, validatorCompiler } from './zod-provider.js';
import { ensureAdmin, type AdminBootstrap } from './users.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database to use (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Start the automatic-scan scheduler (default true). */
  scheduler?: boolean;
}

export interface ArgusRuntime {
  ctx: AppContext;
  /** Set when this start created the admin user. */
  bootstrap: AdminBootstrap | null;
  analyzer: Analyzer;
  /** Where captures go: the embedded journal, or JetStream with ARGUS_NATS_URL. */
  sink: CaptureSink;
  scheduler: Scheduler;
  /** Security test runs (active testing) started on this instance. */
  testRunner: TestRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    argus: ArgusRuntime;
  }
}

/** General JSON bodies; source uploads and capture have their own limits. */
const BODY_LIMIT = 1024 * 1024;

const KEEP_ALIVE_MS = 72_000;
const PLUGIN_TIMEOUT_MS = 120_000;
const QUIETER_THAN_WARN = new Set(['error', 'fatal', 'silent']);
const isCapture = (url: string | undefined) => url !== undefined && url.startsWith('/gateway/');

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  let captureLogger: FastifyBaseLogger | undefined;
  // The capture fast path answers the common capture request before Fastify
  // (capture/fast-path.ts); set once the journal is open.
  let fastPath: FastPath = () => false;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
          keepAliveTimeout: KEEP_ALIVE_MS,
          // How often Node looks for connections past those timeouts (its default is 30 s).
          connectionsCheckingInterval: Math.max(100, Math.min(1000, config.headersTimeoutMs / 4)),
        },
        (request, response) => {
          if (!fastPath(request, response)) handler(request, response);
        },
      );
      limitConnectionsPerAddress(server, config.maxConnectionsPerAddress);
      return server;
    },
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
      // Never the SQL parameters drizzle puts in its messages (captured bodies, PII).
      serializers: { err: errorForLog },
    },
    // Captured traffic is data, counted in /metrics: no request log lines and one
    // shared logger (warnings and errors) instead of a child logger per request.
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) => isCapture(request.url),
    }),
    childLoggerFactory(logger, bindings, options, rawRequest) {
      if (isCapture(rawRequest.url)) {
        captureLogger ??= logger.child(
          { component: 'capture' },
          { level: QUIETER_THAN_WARN.has(logger.level) ? logger.level : 'warn' },
        );
        return captureLogger;
      }
      return logger.child(bindings, options);
    },
    bodyLimit: BODY_LIMIT,
    // N trusted hops: the client is the first address not from one of them, so
    // entries a client adds to X-Forwarded-For itself are never taken as its address.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // Ids come from paths; very long ones are refused before routing.
    routerOptions: { maxParamLength: 200 },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    // Avvio applies this to close hooks too: with its 10 s default, a shutdown
    // that copies the capture backlog (up to 10 s) and finishes an analysis pass
    // crashed with "Plugin did not start in time" instead of ending cleanly.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
  });

  const ownsDatabase = options.database === undefined;
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const ctx = createContext({
    database,
    config,
    logger: app.log,
    secrets: createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
  });
  const telemetry = createTelemetry();
  const sink: CaptureSink = config.nats
    ? await NatsSink.open(config.nats, (change) => app.log.warn(`capture stream: ${change}`))
    : await CaptureIngest.open({
        db: ctx.db,
        logger: app.log,
        dataDir: config.dataDir,
        maxBacklogBytes: config.captureBacklogLimit,
        journal: { fsyncIntervalMs: config.captureFsyncIntervalMs },
        // Called once the sink has started (below), after the analyzer exists.
        onStored: () => analyzer.schedule(),
      });
  // Sends the notifications alerting queues; alerting wakes it after each batch it queued.
  const deliveries = new DeliveryWorker(ctx, deliveryOptions(config.delivery));
  const analyzer = new Analyzer({
    ctx,
    telemetry,
    onFindings: (c, findings) => processFindings(c, findings, deliveries),
    sink,
  });
  telemetry.captureBacklogSource.bytes = () => sink.backlogBytes;
  const scheduler = new Scheduler(ctx, analyzer);
  const testRunner = new TestRunner(ctx, analyzer);
  const bootstrap = await ensureAdmin(ctx.db, config.adminPassword);
  app.decorate('argus', { ctx, bootstrap, analyzer, sink, scheduler, testRunner });
  // Route schemas are the zod schemas of @argus/api (zod-provider.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(400).send({ message: error.message, issues: error.issues });
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ message: error.message });
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        message: `Request body too large: the limit is ${formatBytes(reply.request.routeOptions.bodyLimit ?? BODY_LIMIT)}`,
      });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ message: `Invalid JSON body: ${error.message}` });
    }
    if (status === 429)
      return reply.code(429).send({ message: 'Too many attempts: wait a minute and try again' });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    // A value the database cannot store (SQLSTATE class 22) is the caller's to correct.
    if (databaseErrorCode(error)?.startsWith('22'))
      return reply.code(400).send({ message: userMessageOf(error) });
    return reply.code(500).send({ message: 'Internal server error' });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // styled-components injects <style> elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain http on localhost by default; HSTS only makes sense behind HTTPS.
    strictTransportSecurity: false,
  });
  await app.register(cookie);
  const tokenThrottle = new TokenThrottle();
  await app.register(authPlugin, { ctx, tokenThrottle });
  observeRequests(app, telemetry);
  await app.register(observabilityPlugin, { ctx, telemetry, sink });
  const upstreams = new UpstreamCache(ctx);
  const capturedWith = telemetry.captured.labels({ pii: 'yes' });
  const capturedWithout = telemetry.captured.labels({ pii: 'no' });
  const onRecorded: OnRecorded = (recorded) => {
    let withPii = 0;
    for (const r of recorded) if (r.piiTypes.length > 0) withPii++;
    if (withPii > 0) capturedWith.inc(withPii);
    if (withPii < recorded.length) capturedWithout.inc(recorded.length - withPii);
  };
  await app.register(capturePlugin, { ctx, sink, upstreams, onRecorded });
  await app.register(captureBatchPlugin, { ctx, sink, onRecorded });
  await app.register(otlpPlugin, { ctx, sink, onRecorded });
  fastPath = captureFastPath({ ctx, sink, upstreams, telemetry, logger: app.log, onRecorded, tokenThrottle });
  await app.register(apiRoutes, { ctx, analyzer, testRunner, upstreams });
  await app.register(alertingPlugin, { ctx, deliveries });
  await dashboardPlugin(app, { root: config.dashboardDir });

  app.addHook('onReady', async () => {
    // A server stopped mid-upload left its spooled file in the data folder.
    if (config.dataDir) {
      const removed = await removeStaleUploads(config.dataDir);
      if (removed.length > 0) app.log.info({ removed }, 'removed upload files left by a stopped server');
    }
    await upstreams.load();
    sink.start();
    analyzer.start();
    if (options.scheduler !== false) scheduler.start();
  });
  app.addHook('preClose', async () => {
    scheduler.stop();
    await testRunner.stop();
    await sink.close();
    await analyzer.stop();
  });
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  return app;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
