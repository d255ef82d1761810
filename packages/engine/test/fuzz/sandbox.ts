// Runs reader calls in a worker thread with a deadline per input. A reader that
// loops forever blocks its own thread, so the deadline can only be kept from
// outside it: past the deadline the worker is terminated (and a fresh one started)
// and the call reports a hang, which the property turns into a failure that
// prints the input.
import { Worker } from 'node:worker_threads';
import type { TargetName, TargetInput, TargetOutput } from './targets.js';

export type Outcome<T extends TargetName> =
  | { kind: 'ok'; value: TargetOutput<T> }
  | { kind: 'error'; name: string; message: string; stack: string }
  | { kind: 'hang'; ms: number };

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string; stack: string };
}

export class ReaderSandbox {
  private worker: Worker | null = null;
  private nextId = 0;

  constructor(private readonly deadlineMs: number) {}

  private start(): Worker {
    const worker = new Worker(new URL('./sandbox-worker.mjs', import.meta.url));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** The worker's first start compiles the readers (a second or two): not counted against inputs. */
  async warmUp(): Promise<void> {
    await this.call('ping', null, 60_000);
  }

  run<T extends TargetName>(target: T, input: TargetInput<T>): Promise<Outcome<T>> {
    return this.call(target, input, this.deadlineMs) as Promise<Outcome<T>>;
  }

  private call(target: string, input: unknown, deadlineMs: number): Promise<Outcome<TargetName>> {
    const worker = this.worker ?? this.start();
    const id = ++this.nextId;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        done();
        resolve(
          reply.ok
            ? { kind: 'ok', value: reply.value as TargetOutput<TargetName> }
            : { kind: 'error', ...reply.error! },
        );
      };
      const onError = (err: Error) => {
        done();
        this.worker = null;
        reject(err);
      };
      const onExit = (code: number) => {
        done();
        this.worker = null;
        reject(new Error(`fuzz worker exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        this.worker = null;
        void worker.terminate();
        resolve({ kind: 'hang', ms: Math.round(performance.now() - started) });
      }, deadlineMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, target, input });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
