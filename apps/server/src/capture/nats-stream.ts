// The JetStream layout shared by the NATS sink (API servers publish) and the
// analysis workers (they consume): one stream whose subjects are
// `<stream>.p.<partition>`, a domain hashed to one partition so its
// observations keep their order in the stream; work-queue retention (a message
// is gone once a worker acknowledged it); a two-minute window in which a
// message id (the observation id, `Nats-Msg-Id`) is stored only once; one
// durable pull consumer the workers share.
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import type { NatsConfig } from '../config.js';

export const WORKERS_CONSUMER = 'argus-workers';
/** A message not acknowledged within this long is delivered again (its worker died or hung). */
export const ACK_WAIT_MS = 15_000;
const DUPLICATE_WINDOW_MS = 120_000;

/** FNV-1a over the domain's UTF-16 units: stable across processes and releases. */
export function partitionOf(domain: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < domain.length; i++) {
    hash ^= domain.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

export const subjectOf = (config: NatsConfig, domain: string) =>
  `${config.stream}.p.${partitionOf(domain, config.partitions)}`;

export async function connectNats(config: NatsConfig, name: string): Promise<NatsConnection> {
  try {
    return await connect({ servers: config.url, name, maxReconnectAttempts: -1 });
  } catch (error) {
    throw new Error(`Could not reach NATS at ${config.url} (ARGUS_NATS_URL): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Creates the stream and the workers' consumer when missing (every server and worker may; it is idempotent). */
export async function ensureStream(jsm: JetStreamManager, config: NatsConfig): Promise<void> {
  const subjects = [`${config.stream}.p.*`];
  try {
    await jsm.streams.info(config.stream);
  } catch {
    try {
      await jsm.streams.add({
        name: config.stream,
        subjects,
        retention: RetentionPolicy.Workqueue,
        storage: StorageType.File,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        num_replicas: 1,
      });
    } catch (error) {
      // Another process created it meanwhile.
      await jsm.streams.info(config.stream).catch(() => {
        throw error;
      });
    }
  }
  await jsm.consumers.add(config.stream, {
    durable_name: WORKERS_CONSUMER,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ACK_WAIT_MS),
    max_ack_pending: 20_000,
  });
}
