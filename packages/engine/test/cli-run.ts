// Runs the engine CLI in-process with captured output, for CLI tests.
import { Readable } from 'node:stream';
import { main } from '../src/cli/main.js';

export async function runCli(argv: string[], stdin = '') {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdin: Readable.from([stdin]),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    isTTY: false,
  });
  return { code, stdout, stderr };
}
