// The fuzz sandbox's worker: loads the TypeScript targets through tsx and answers
// each { id, target, input } with { id, ok, value | error }.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { targets } = await tsImport('./targets.ts', import.meta.url);

parentPort.on('message', async ({ id, target, input }) => {
  try {
    const value = target === 'ping' ? null : await targets[target](input);
    parentPort.postMessage({ id, ok: true, value });
  } catch (err) {
    const error =
      err instanceof Error
        ? { name: err.name, message: err.message, stack: err.stack ?? '' }
        : { name: typeof err, message: String(err), stack: '' };
    parentPort.postMessage({ id, ok: false, error });
  }
});
