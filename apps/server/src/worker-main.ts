// `argus worker`: an analysis worker process (ARGUS_NATS_URL and DATABASE_URL
// required): consumes captured observations from JetStream, stores and
// analyses them (analysis/worker.ts), raises alerts. Any number may run; they
// split the stream's partitions (analysis/partitions.ts) and share the
// database's analysis queue.
import pino from 'pino';
import { processFindings } from './alerts/index.js';
import { Analyzer } from './analysis/analysis-queue.js';
import { CaptureWorker } from './analysis/worker.js';
import { connectNats } from './capture/nats-stream.js';
import { configFromEnv } from './config.js';
import { createContext } from './context.js';
import { openDatabase } from './db/client.js';
import { errorForLog } from './errors.js';
import { createTelemetry } from './observability.js';
import { createSecretBox, loadSecretKey } from './secrets.js';

/** Runs until SIGTERM or SIGINT; resolves with the exit code. */
export async function runWorker(): Promise<number> {
  const config = configFromEnv();
  if (!config.nats) throw new Error('argus worker needs ARGUS_NATS_URL (the NATS server with JetStream)');
  if (!config.databaseUrl)
    throw new Error('argus worker needs DATABASE_URL (the PostgreSQL the API servers use)');
  const logger = pino({ level: config.logLevel, serializers: { err: errorForLog } });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const nats = await connectNats(config.nats, `argus-worker-${process.pid}`);
  const ctx = createContext({
    database,
    config,
    logger,
    secrets: createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
  });
  const analyzer = new Analyzer({ ctx, telemetry: createTelemetry(), onFindings: processFindings });
  const worker = new CaptureWorker({
    ctx,
    nats: nats,
    config: config.nats,
    analyse: () => analyzer.processPending(),
  });
  await worker.start();
  logger.info({ stream: config.nats.stream, pid: process.pid }, 'argus worker started');
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  logger.info({ signal, stored: worker.stored }, 'argus worker stopping');
  await worker.stop();
  await analyzer.stop();
  await nats.drain();
  await database.close();
  return 0;
}
