// The fuzz sandbox keeps its deadline: a reader that never returns is reported as
// a hang (it cannot be interrupted in its own thread), and the next input runs in
// a fresh worker.
import { afterAll, describe, expect, it } from 'vitest';
import { ReaderSandbox } from './sandbox.js';

describe('fuzz sandbox', () => {
  const sandbox = new ReaderSandbox(300);
  afterAll(() => sandbox.close());

  it('reports an input that spins as a hang, then answers the next one', async () => {
    await sandbox.warmUp();
    const hang = await sandbox.run('spin', null);
    expect(hang).toMatchObject({ kind: 'hang' });
    await sandbox.warmUp();
    const next = await sandbox.run('har', { text: '{"log":{"entries":[]}}' });
    expect(next).toEqual({
      kind: 'ok',
      value: { observations: [], entriesRejected: 0, entriesSkipped: 0, warnings: [] },
    });
    const error = await sandbox.run('har', { text: 'nope' });
    expect(error).toMatchObject({ kind: 'error', name: 'HarError' });
  }, 120_000);
});
