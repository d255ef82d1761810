// The JetStream layout shared by the NATS sink (API servers publish) and the
// analysis workers (they consume): one stream whose subjects are
// `<stream>.p.<partition>`, a domain hashed to one partition so its
// observations keep their order in the stream; work-queue retention (a message
// is gone once a worker acknowledged it); a two-minute window in which a
// message id (the observation id, `Nats-Msg-Id`) is stored only once; one
// durable pull consumer per partition, consumed by the worker that holds the
// partition's lease (analysis/partitions.ts).
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

/** The durable consumer of one partition's subject. */
export const partitionConsumer = (partition: number) => `argus-p-${partition}`;
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
  for (let partition = 0; partition < config.partitions; partition++) {
    await jsm.consumers.add(config.stream, {
      durable_name: partitionConsumer(partition),
      filter_subject: `${config.stream}.p.${partition}`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ACK_WAIT_MS),
      max_ack_pending: 20_000,
    });
  }
}

/** Captures in the stream not yet acknowledged by a worker (waiting or delivered), over every partition. */
export async function pendingCaptures(jsm: JetStreamManager, config: NatsConfig): Promise<number> {
  const infos = await Promise.all(
    Array.from({ length: config.partitions }, (_, p) =>
      jsm.consumers.info(config.stream, partitionConsumer(p)),
    ),
  );
  return infos.reduce((n, info) => n + info.num_pending + info.num_ack_pending, 0);
}
