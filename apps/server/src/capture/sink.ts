// Where an accepted capture goes: the CaptureSink. Every entry point
// (handle.ts) builds CaptureRecords and answers 2xx only once the sink has
// taken them durably. Two sinks: the embedded journal (ingest.ts, the
// single-process default) and NATS JetStream (nats-sink.ts, ARGUS_NATS_URL).
import type { Observation } from '@argus/engine';

/** One captured observation as the sinks carry it and the database stores it. */
export interface CaptureRecord {
  /** Random UUID: the observation's id, the key deduplication uses end to end. */
  id: string;
  domain: string;
  method: string;
  path: string;
  piiTypes: string[];
  /** Capture time, ms since the epoch. */
  receivedAt: number;
  observation: Observation;
}

export interface CaptureSink {
  /** False once the sink is closing: the capture path answers 503. */
  readonly accepting: boolean;
  /** True while the sink holds more than it may (backlog): the capture path answers 503. */
  readonly full: boolean;
  /** Bytes accepted but not yet in the database, when the sink knows (for /metrics). */
  readonly backlogBytes: number;
  /** Resolves once every record is durable in the sink; rejects when it is not. */
  publish(records: readonly CaptureRecord[]): Promise<void>;
  /** Where captures go, for /readyz: `journal` or `nats`. */
  readonly kind: 'journal' | 'nats';
  /** Resolves when the sink can take captures now; rejects with the reason otherwise (/readyz). */
  ready(): Promise<void>;
  start(): void;
  /**
   * Read-your-writes: resolves once what was accepted before the call is in the
   * database (or handed to workers that will store it); false if `deadline` passed first.
   */
  catchUp(deadline?: number): Promise<boolean>;
  close(): Promise<void>;
}
