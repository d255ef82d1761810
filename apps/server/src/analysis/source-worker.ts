// The worker thread of source-reader.ts: reads one discovery source (download,
// parse, build its endpoints) and posts the result back, or the error's name
// and message.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { createGunzip, gunzipSync } from 'node:zlib';
import { fetchWithTimeout, syncSource, type SourceConfig } from '@argus/connectors';
import {
  looksLikeHar,
  MAX_SOURCE_OPERATIONS,
  operationsOf,
  tooManyOperations,
  type SourceFile,
  type SourceReadTask,
  type SourceReadAnswer,
} from './source-reader.js';

const task = workerData as SourceReadTask;
const send = (answer: SourceReadAnswer) => parentPort!.postMessage(answer);

/** A log is read as a stream (line by line); a spec or HAR document is parsed whole. */
async function withFile(config: SourceConfig, file: SourceFile | undefined): Promise<SourceConfig> {
  if (!file) return config;
  if (config.type === 'access_log') {
    const fileContent =
      'path' in file ? createReadStream(file.path) : Readable.from([file.gzip]).pipe(createGunzip());
    return { ...config, fileContent };
  }
  const text = 'path' in file ? await readFile(file.path, 'utf8') : gunzipSync(file.gzip).toString('utf8');
  const har = config.type !== 'api_gateway' && looksLikeHar(text);
  return { ...config, type: har ? 'har' : config.type, fileContent: text };
}

withFile(task.config, task.file)
  .then((config) =>
    syncSource(config, {
      domain: task.domain,
      allowPrivate: task.allowPrivate,
      fetch: fetchWithTimeout(task.timeoutMs, { allowPrivate: task.allowPrivate }),
    }).then((result) => ({ result, readAs: config.type })),
  )
  .then(
    ({ result, readAs }) => {
      // Checked here: posting 100k operations back only to refuse them held the event loop 1.8 s.
      const operations = operationsOf(readAs, result);
      if (operations > MAX_SOURCE_OPERATIONS)
        send({ ok: false, name: 'SourceLimitError', message: tooManyOperations(operations) });
      else send({ ok: true, result, readAs });
    },
    (error: unknown) =>
      send({
        ok: false,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
