#!/usr/bin/env node
// argus: runs the built CLI when every build it loads (this server's dist/ and,
// in the monorepo, the engine's and the API contract's) is there and not older
// than any file of its sources; else the TypeScript sources through tsx with
// the "@argus/source" condition (a fresh clone needs no build, and a stale
// build never hides a source change).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(root, '..', '..', 'packages');
const built = join(root, 'dist', 'cli.js');
// Each build the built CLI loads, with the sources it was compiled from.
const builds = [
  { entry: built, sources: join(root, 'src') },
  { entry: join(packages, 'engine', 'dist', 'index.js'), sources: join(packages, 'engine', 'src') },
  { entry: join(packages, 'api', 'dist', 'index.js'), sources: join(packages, 'api', 'src') },
  { entry: join(packages, 'connectors', 'dist', 'index.js'), sources: join(packages, 'connectors', 'src') },
];

function newestFile(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestFile(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Sources absent (an installed package): the build is all there is. */
const upToDate = ({ entry, sources }) =>
  !existsSync(sources) || (existsSync(entry) && statSync(entry).mtimeMs >= newestFile(sources));

const io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: Boolean(process.stderr.isTTY),
};

if (existsSync(built) && builds.every(upToDate)) {
  const cli = await import(pathToFileURL(built).href);
  process.exitCode = await cli.main(process.argv.slice(2), io);
} else {
  const tsx = import.meta.resolve('tsx');
  const result = spawnSync(
    process.execPath,
    [
      '--conditions=@argus/source',
      '--import',
      tsx,
      join(root, 'bin', 'run-source.ts'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
}
