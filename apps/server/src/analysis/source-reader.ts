// Reads a discovery source off the event loop: parsing a large spec or log and
// building its endpoints took seconds of CPU (a 10k-path spec: 3 s here), during
// which /healthz and captures went unanswered. One worker thread per read; an
// uploaded file is read (and decompressed) there too, a log as a stream.
import { Worker } from 'node:worker_threads';
import type { SourceConfig } from '@argus/connectors';
import type { SyncResult } from '@argus/engine';

/**
 * Operations (or access-log endpoints) one source may bring. Analysis time and
 * memory grow with them: the review's spec with 100k operations hung the
 * server for more than 25 minutes, and its stored copy would again at the
 * next automatic scan.
 */
export const MAX_SOURCE_OPERATIONS = 20_000;

export const tooManyOperations = (count: number) =>
  `The source has ${count.toLocaleString('en-US')} operations; Argus reads at most ${MAX_SOURCE_OPERATIONS.toLocaleString('en-US')} per source. Split the API description (one per API or tag) and add each part as its own source`;

/** What a source brings to the inventory: declared operations, or the endpoints its traffic shows. */
export const operationsOf = (type: SourceConfig['type'], result: SyncResult) =>
  type === 'access_log' || type === 'har' ? result.endpoints.length : (result.specEndpoints?.length ?? 0);

/** A HAR capture ({"log": {"entries": …}}) uploaded in the API description form is read as HAR. */
export const looksLikeHar = (text: string) => /^\s*\{\s*"log"\s*:\s*\{/.test(text.slice(0, 200));

/** An uploaded file: just uploaded (a temporary file), or as stored (gzip-compressed). */
export type SourceFile = { path: string } | { gzip: Uint8Array };

export interface SourceReadTask {
  config: SourceConfig;
  /** the source's file, read by the worker: the event loop never holds its text */
  file?: SourceFile;
  domain: string;
  allowPrivate: boolean;
  timeoutMs: number;
}

export type SourceReadAnswer =
  | { ok: true; result: SyncResult; readAs: SourceConfig['type'] }
  | { ok: false; name: string; message: string };

export interface SourceRead {
  result: SyncResult;
  /** the type the source was read as: an uploaded HAR capture is read as 'har' */
  readAs: SourceConfig['type'];
}

/** An error the worker raised, with its name (SourceError, SpecError…) and message kept. */
export class SourceReadError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

function startWorker(task: SourceReadTask): Worker {
  // From TypeScript sources (tests, no build) the worker loads its entry through tsx,
  // resolving workspace packages to their sources as the tests do.
  const fromSource = new URL(import.meta.url).pathname.endsWith('.ts');
  const url = new URL(fromSource ? './source-worker.ts' : './source-worker.js', import.meta.url);
  if (!fromSource) return new Worker(url, { workerData: task });
  return new Worker(
    `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => m.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true, workerData: task, execArgv: [...process.execArgv, '--conditions=@argus/source'] },
  );
}

/** syncSource in a worker thread: the same result, or its error as a SourceReadError. */
export function readSourceOffThread(task: SourceReadTask): Promise<SourceRead> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(task);
    let answered = false;
    worker.once('message', (answer: SourceReadAnswer) => {
      answered = true;
      if (answer.ok) resolve({ result: answer.result, readAs: answer.readAs });
      else reject(new SourceReadError(answer.name, answer.message));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The source reader stopped (exit code ${code})`));
    });
  });
}
