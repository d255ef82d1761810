// The engine's command line: `discover` (inventory from files), `diff` (the change
// between two inventories), `pii` (PII in text) and
// `test` (active security tests, given a transport).
// `main(argv, io)` never exits the process; it returns the exit code
// (0 ok, 1 a finding or change matching --fail-on, 2 bad usage or unreadable input).
// A command's modules load only when it runs, so `--help` starts at once.
import { USAGE, UsageError, type CliIO } from './args.js';
import type { TestDeps } from './test.js';

export type { CliIO } from './args.js';
export type { TestDeps } from './test.js';

/** `deps` carries the network for `test` (the server's `argus` passes @argus/connectors' transport). */
export async function main(argv: readonly string[], io: CliIO, deps?: TestDeps): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'test') return await (await import('./test.js')).testCommand(rest, io, deps);
    if (command === 'discover') return await (await import('./discover.js')).discover(rest, io);
    if (command === 'diff') return await (await import('./diff.js')).diff(rest, io);
    if (command === 'pii') return await (await import('./pii.js')).pii(rest, io);
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`Unknown command "${command}"`);
  } catch (err) {
    const message = (err as Error).message.split('\n')[0];
    io.stderr.write(`argus: ${message}\n`);
    if (err instanceof UsageError && /Unknown (command|option)|needs|must be|takes/.test(message ?? ''))
      io.stderr.write(USAGE);
    return 2;
  }
}
