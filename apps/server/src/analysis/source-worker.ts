// The worker thread of source-reader.ts: reads one discovery source (download,
// parse, build its endpoints) and posts the result back, or the error's name
// and message.
import { parentPort, workerData } from 'node:worker_threads';
import { fetchWithTimeout, syncSource } from '@argus/connectors';
import {
  MAX_SOURCE_OPERATIONS,
  operationsOf,
  tooManyOperations,
  type SourceReadTask,
  type SourceReadAnswer,
} from './source-reader.js';

const task = workerData as SourceReadTask;
const send = (answer: SourceReadAnswer) => parentPort!.postMessage(answer);

syncSource(task.config, {
  domain: task.domain,
  allowPrivate: task.allowPrivate,
  fetch: fetchWithTimeout(task.timeoutMs, { allowPrivate: task.allowPrivate }),
}).then(
  (result) => {
    // Checked here: posting 100k operations back only to refuse them held the event loop 1.8 s.
    const operations = operationsOf(task.config.type, result);
    if (operations > MAX_SOURCE_OPERATIONS)
      send({ ok: false, name: 'SourceLimitError', message: tooManyOperations(operations) });
    else send({ ok: true, result });
  },
  (error: unknown) =>
    send({
      ok: false,
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error),
    }),
);
