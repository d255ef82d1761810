// Entry for bin/argus.js when there is no build: runs src/cli.ts under tsx.
import { main } from '../src/cli.js';

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: Boolean(process.stderr.isTTY),
});
