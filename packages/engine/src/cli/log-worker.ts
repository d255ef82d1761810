// Worker thread entry for discoverLogFile: reads one byte range, posts the result.
import { parentPort, workerData } from 'node:worker_threads';
import { readLogRange, type LogRangeTask } from './parallel-log.js';

parentPort?.postMessage(await readLogRange(workerData as LogRangeTask));
