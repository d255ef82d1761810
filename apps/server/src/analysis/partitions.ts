// Which partitions of the capture stream an analysis worker consumes. Workers
// hold leases in a JetStream key-value bucket (`<stream>_partitions`; an entry
// not renewed within the lease expires): `w.<worker>` says a worker is alive,
// `p.<n>` which worker owns partition n. At every renewal a worker keeps at
// most its fair share, ceil(partitions / live workers), gives back the rest
// and takes free partitions up to that share. So any number of workers split
// the partitions between them, a new worker gets its share within two
// renewals, and a dead worker's partitions pass to the others once its leases
// expire (its unacknowledged messages are delivered again after ACK_WAIT_MS).
import { randomBytes } from 'node:crypto';
import type { KV, NatsConnection } from 'nats';
import type { NatsConfig } from '../config.js';

/** A lease not renewed within this long expires. */
export const LEASE_MS = 15_000;

export class PartitionLeases {
  /** Owned partition → revision of its lease entry. */
  private readonly owned = new Map<number, number>();
  private kv: KV | null = null;
  readonly workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly nc: NatsConnection,
    private readonly config: NatsConfig,
    private readonly leaseMs = LEASE_MS,
  ) {}

  /** The partitions this worker owns, in order. */
  get partitions(): number[] {
    return [...this.owned.keys()].sort((a, b) => a - b);
  }

  /** Renews this worker's leases, gives back what exceeds its share, takes free partitions up to it. */
  async renew(): Promise<number[]> {
    this.kv ??= await this.nc.jetstream().views.kv(`${this.config.stream}_partitions`, {
      ttl: this.leaseMs,
      history: 1,
    });
    const kv = this.kv;
    await kv.put(`w.${this.workerId}`, String(Date.now()));
    let live = 0;
    for await (const _key of await kv.keys('w.*')) live++;
    const share = Math.ceil(this.config.partitions / Math.max(1, live));
    for (const [partition, revision] of [...this.owned]) {
      try {
        this.owned.set(partition, await kv.update(`p.${partition}`, this.workerId, revision));
      } catch {
        // Expired and taken by another worker meanwhile.
        this.owned.delete(partition);
      }
    }
    for (const partition of this.partitions.slice(share)) await this.giveBack(partition);
    // Start looking at a place of this worker's own, so new workers do not all race for partition 0.
    const start = Number.parseInt(this.workerId.slice(-4), 16) % this.config.partitions;
    for (let i = 0; i < this.config.partitions && this.owned.size < share; i++) {
      const partition = (start + i) % this.config.partitions;
      if (this.owned.has(partition)) continue;
      try {
        this.owned.set(partition, await kv.create(`p.${partition}`, this.workerId));
      } catch {
        // Owned by another worker.
      }
    }
    return this.partitions;
  }

  private async giveBack(partition: number): Promise<void> {
    const revision = this.owned.get(partition);
    this.owned.delete(partition);
    await this.kv?.delete(`p.${partition}`, { previousSeq: revision }).catch(() => undefined);
  }

  /** Gives every lease back (a clean stop: the others take the partitions at their next renewal). */
  async release(): Promise<void> {
    for (const partition of this.partitions) await this.giveBack(partition);
    await this.kv?.delete(`w.${this.workerId}`).catch(() => undefined);
  }
}
