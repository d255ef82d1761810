#!/usr/bin/env node
// argus-engine: runs the built CLI when dist/ exists, else the TypeScript sources
// through tsx (so a fresh clone works without a build).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const built = join(here, '..', 'dist', 'cli', 'main.js');
const cli = existsSync(built)
  ? await import(pathToFileURL(built).href)
  : await (await import('tsx/esm/api')).tsImport('../src/cli/main.ts', import.meta.url);

process.exitCode = await cli.main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: Boolean(process.stderr.isTTY),
});
