#!/usr/bin/env node
// argus: runs the built CLI when dist/ exists, else the TypeScript sources
// through tsx with the "@argus/source" condition (a fresh clone needs no build).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const built = join(here, '..', 'dist', 'cli.js');
const engineBuilt = join(here, '..', '..', '..', 'packages', 'engine', 'dist', 'cli', 'main.js');
const io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: Boolean(process.stderr.isTTY),
};

if (existsSync(built) && (existsSync(engineBuilt) || !existsSync(join(here, '..', 'src')))) {
  const cli = await import(pathToFileURL(built).href);
  process.exitCode = await cli.main(process.argv.slice(2), io);
} else {
  const tsx = import.meta.resolve('tsx');
  const result = spawnSync(
    process.execPath,
    ['--conditions=@argus/source', '--import', tsx, join(here, 'run-source.ts'), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
}
