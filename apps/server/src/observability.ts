// /healthz (the process answers), /readyz (the database answers) and the
// Prometheus /metrics exposition.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context.js';

export interface Telemetry {
  registry: Registry;
  captured: Counter<'pii'>;
  analysed: Counter;
  /** Captures answered on the fast path (the rest of argus_captured_observations_total took the route). */
  fastPath: Counter;
  /** Request durations by route: every Fastify route (app.ts hook) and the capture fast path. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** What the capture-backlog gauge reads when /metrics is scraped. */
  captureBacklogSource: { bytes: () => number };
}

export function createTelemetry(): Telemetry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'argus_' });
  const captureBacklogSource = { bytes: () => 0 };
  new Gauge({
    name: 'argus_capture_backlog_bytes',
    help: 'Captured traffic acknowledged (in the capture journal) but not yet in the database',
    registers: [registry],
    collect() {
      this.set(captureBacklogSource.bytes());
    },
  });
  return {
    captureBacklogSource,
    registry,
    captured: new Counter({
      name: 'argus_captured_observations_total',
      help: 'Observations recorded by the capture path',
      labelNames: ['pii'],
      registers: [registry],
    }),
    analysed: new Counter({
      name: 'argus_analysed_observations_total',
      help: 'Captured observations analysed into endpoints',
      registers: [registry],
    }),
    fastPath: new Counter({
      name: 'argus_capture_fast_path_total',
      help: 'Capture requests answered before Fastify (ingest token, no upstream, Content-Length body)',
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'argus_http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
  };
}

/** Times every route of `app` (call on the root instance: a registered plugin's hooks stay inside it). */
export function observeRequests(app: FastifyInstance, telemetry: Telemetry): void {
  app.addHook('onResponse', async (request, reply) => {
    telemetry.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

export async function observabilityPlugin(
  app: FastifyInstance,
  { ctx, telemetry }: { ctx: AppContext; telemetry: Telemetry },
): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ready', database: ctx.database.driver };
    } catch (error) {
      return reply.code(503).send({ message: `Database unavailable: ${(error as Error).message}` });
    }
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(telemetry.registry.contentType).send(await telemetry.registry.metrics()),
  );
}
