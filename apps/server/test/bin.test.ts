// bin/argus.js picks the build only when it is not older than its sources
// (this server's and, in the monorepo, the engine's and the API's); else tsx.
// Runs the real script in a scratch copy of the layout with stand-in builds.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.join(serverRoot, '..', '..');
const OLD = new Date(Date.now() - 3_600_000);
const NEW = new Date();

describe('bin/argus.js', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'argus-bin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const at = (...parts: string[]) => path.join(dir, ...parts);

  function write(file: string, text: string, time = OLD) {
    mkdirSync(path.dirname(at(file)), { recursive: true });
    writeFileSync(at(file), text);
    utimesSync(at(file), time, time);
  }
  const touch = (file: string, time: Date) => utimesSync(at(file), time, time);
  const run = () =>
    execFileSync(process.execPath, [at('apps/server/bin/argus.js')], { encoding: 'utf8' }).trim();

  function layout() {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(at('apps/server/bin'), { recursive: true });
    copyFileSync(path.join(serverRoot, 'bin', 'argus.js'), at('apps/server/bin/argus.js'));
    symlinkSync(path.join(repoRoot, 'node_modules'), at('node_modules'), 'dir');
    write('apps/server/bin/run-source.ts', "process.stdout.write('source\\n');\n");
    write('apps/server/src/cli.ts', 'export {};\n');
    write('apps/server/src/capture/routes.ts', 'export {};\n');
    write('packages/engine/src/index.ts', 'export {};\n');
    write('packages/engine/src/templating/split.ts', 'export {};\n');
    write('packages/api/src/index.ts', 'export {};\n');
    const cli = "export async function main() { process.stdout.write('built\\n'); return 0; }\n";
    write('apps/server/dist/cli.js', cli, NEW);
    write('packages/engine/dist/index.js', 'export {};\n', NEW);
    write('packages/engine/dist/cli/main.js', 'export {};\n', NEW);
    write('packages/api/dist/index.js', 'export {};\n', NEW);
  }

  it('runs the build when every build is newer than its sources', () => {
    layout();
    expect(run()).toBe('built');
  });

  it('runs the sources when a server source file changed after the build', () => {
    layout();
    touch('apps/server/src/capture/routes.ts', new Date(NEW.getTime() + 5000));
    expect(run()).toBe('source');
  });

  it('runs the sources when an engine source file (nested) changed after its build', () => {
    layout();
    touch('packages/engine/src/templating/split.ts', new Date(NEW.getTime() + 5000));
    expect(run()).toBe('source');
  });

  it('runs the sources when the engine or server build is missing', () => {
    layout();
    rmSync(at('packages/engine/dist'), { recursive: true });
    expect(run()).toBe('source');
    layout();
    rmSync(at('apps/server/dist'), { recursive: true });
    expect(run()).toBe('source');
  });
});
