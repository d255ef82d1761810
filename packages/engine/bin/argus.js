#!/usr/bin/env node
// argus-engine: runs the built CLI when dist/ is there and not older than the
// sources, else the TypeScript sources through tsx (a fresh clone needs no build,
// and a stale build never hides a source change).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'cli', 'main.js');
const sources = join(root, 'src');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const useBuilt =
  existsSync(built) && (!existsSync(sources) || statSync(built).mtimeMs >= newestSource(sources));
const cli = useBuilt
  ? await import(pathToFileURL(built).href)
  : await (await import('tsx/esm/api')).tsImport('../src/cli/main.ts', import.meta.url);

process.exitCode = await cli.main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: Boolean(process.stderr.isTTY),
});
