// Workers split the stream's partitions through leases in a JetStream
// key-value bucket: each at most its fair share, none shared, a dead
// worker's partitions taken over once its leases expire, a stopped worker's
// given back at once. Runs against the local NATS.
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartitionLeases } from '../src/analysis/partitions.js';
import { natsReachable, testNatsConfig } from './nats.js';

const reachable = await natsReachable();
const LEASE_MS = 3000;

describe.skipIf(!reachable)('partition leases', () => {
  const config = testNatsConfig(8);
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: config.url });
  });
  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(`KV_${config.stream}_partitions`).catch(() => false);
    await nc.close();
  });

  /** Renews every worker in turn, `rounds` times; what each owns after. */
  async function rounds(workers: PartitionLeases[], n = 2): Promise<number[][]> {
    for (let i = 0; i < n; i++) for (const w of workers) await w.renew();
    return workers.map((w) => w.partitions);
  }

  /** Every partition owned by exactly one of them. */
  function expectSplit(owned: number[][]): void {
    const all = owned.flat().sort((a, b) => a - b);
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  }

  it('splits the partitions fairly, takes a dead worker’s over, gets a stopped one’s back', async () => {
    const a = new PartitionLeases(nc, config, LEASE_MS);
    const b = new PartitionLeases(nc, config, LEASE_MS);
    const c = new PartitionLeases(nc, config, LEASE_MS);

    expect(await a.renew()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // B joins: A gives back down to its share, B takes what is free.
    const two = await rounds([a, b]);
    expectSplit(two);
    expect(two.map((o) => o.length)).toEqual([4, 4]);

    // C joins: ceil(8 / 3) = 3 at most each.
    const three = await rounds([a, b, c], 3);
    expectSplit(three);
    expect(Math.max(...three.map((o) => o.length))).toBe(3);
    expect(c.partitions.length).toBeGreaterThan(0);

    // C dies (renews no more): once its leases expire, A and B own everything again.
    const cOwned = c.partitions;
    await expect
      .poll(
        async () => {
          const owned = await rounds([a, b], 1);
          return owned.flat().length;
        },
        { timeout: LEASE_MS * 10, interval: 500 },
      )
      .toBe(8);
    expectSplit([a.partitions, b.partitions]);
    expect([...a.partitions, ...b.partitions]).toEqual(expect.arrayContaining(cOwned));

    // B stops cleanly: its partitions are free at once, A takes them at its next renewal.
    await b.release();
    expect(await a.renew()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await a.release();
  }, 60_000);
});
