// Keeps a long analysis from holding the event loop. PGlite runs its queries in
// this thread and answers them without waiting on I/O, so an analysis is one
// unbroken chain of microtasks unless it yields: a 10k-path spec held the loop
// for up to 850 ms at a time here (19 s on a loaded machine), and /healthz and
// captures waited. A pacer yields (setImmediate, so pending I/O is served) once
// a slice of work has run for `sliceMs`.
import type { EndpointAggregate, Inventory } from '@argus/engine';

export type Pacer = () => Promise<void>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A function to await between steps of work: it yields when the current slice has run `sliceMs`. */
export function eventLoopPacer(sliceMs = 8): Pacer {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await yieldToEventLoop();
    sliceStart = performance.now();
  };
}

/** Items in slices of `size`, awaiting the pacer between slices. */
export async function* paced<T>(items: readonly T[], size: number, pace: Pacer): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    await pace();
    yield items.slice(i, i + size);
  }
}

/** Inventory.addAggregates in slices: declared aggregates first over all slices, as it expects. */
export async function addAggregatesPaced(
  inventory: Inventory,
  aggregates: readonly EndpointAggregate[],
  pace: Pacer,
): Promise<void> {
  const ordered = [...aggregates.filter((a) => a.spec), ...aggregates.filter((a) => !a.spec)];
  for await (const slice of paced(ordered, 200, pace)) inventory.addAggregates(slice);
}
