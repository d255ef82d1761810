// Another team's view of the kit: release @argus/ui and @argus/api with the
// documented command (`npm run release`) to a local registry (Verdaccio on a
// loopback port), install them from it into the fixture app (outside the
// workspace, so nothing resolves to sources), typecheck it strictly, build it
// with Vite, render it in Chromium in both themes, hold the size budget of one
// badge, and lint both packages as published (publint --strict, attw).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { runServer } from 'verdaccio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;
const fixture = join(root, 'fixtures/consumer-app');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const BADGE_BUDGET_BYTES = 2 * 1024;

let work: string;
let app: string;
let registry: Server | undefined;
const tarballs: Record<'ui' | 'api', string> = { ui: '', api: '' };

/** Verdaccio with no uplinks: it holds only what is published to it. */
async function startRegistry(dir: string): Promise<{ server: Server; url: string; token: string }> {
  const config = join(dir, 'verdaccio.yaml');
  await writeFile(
    config,
    [
      `storage: ${join(dir, 'storage')}`,
      `auth: { htpasswd: { file: ${join(dir, 'htpasswd')}, max_users: 10 } }`,
      'uplinks: {}',
      "packages: { '@argus/*': { access: $all, publish: $authenticated }, '**': { access: $all } }",
      'logs: { type: stdout, format: json, level: fatal }',
    ].join('\n'),
  );
  const registryApp = (await runServer(config)) as {
    listen(port: number, host: string, done: () => void): Server;
  };
  const server = await new Promise<Server>((resolve) => {
    const s = registryApp.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const response = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'release-password-1' }),
  });
  const { token } = (await response.json()) as { token: string };
  return { server, url, token };
}

async function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  try {
    return await run(command, args, {
      cwd,
      env: { ...process.env, ...env, NODE_OPTIONS: '' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`,
      { cause: error },
    );
  }
}

async function gzippedJs(dir: string): Promise<number> {
  const assets = join(dir, 'assets');
  let total = 0;
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js')) total += gzipSync(await readFile(join(assets, name)), { level: 9 }).length;
  }
  return total;
}

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? 'app.html' : path.slice(1);
    readFile(join(dir, file)).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('the packed packages, installed by another app', () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'argus-consumer-'));
    const started = await startRegistry(work);
    registry = started.server;
    const host = started.url.replace(/^http:/, '');
    // The release command as the README gives it; its npm reads this user config.
    const npmrc = join(work, '.npmrc');
    await writeFile(npmrc, `@argus:registry=${started.url}\n${host}:_authToken=${started.token}\n`);
    const env = { NPM_CONFIG_USERCONFIG: npmrc };
    await sh('npm', ['run', 'release', '--', '--no-git-tag'], root, {
      ...env,
      npm_config_registry: started.url,
    });
    // What the registry now serves, as tarballs (for the content checks) …
    const { stdout } = await sh(
      'npm',
      ['pack', '@argus/ui', '@argus/api', '--json', '--pack-destination', work],
      work,
      env,
    );
    for (const entry of JSON.parse(stdout) as { name: string; filename: string }[]) {
      tarballs[entry.name === '@argus/ui' ? 'ui' : 'api'] = join(work, entry.filename);
    }
    // … and installed by name into an app outside the workspace.
    app = join(work, 'app');
    await cp(fixture, app, {
      recursive: true,
      filter: (p) => !p.includes('node_modules') && !p.includes('/dist'),
    });
    await sh(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '@argus/ui',
        '@argus/api',
      ],
      app,
      env,
    );
  }, 600_000);

  afterAll(async () => {
    registry?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('ships built code, types, resolving source maps and its licence, not stories', async () => {
    const { stdout } = await sh('tar', ['-tzf', tarballs.ui], work);
    const files = stdout.split('\n');
    expect(files).toContain('package/dist/index.js');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/LICENSE');
    expect(files).toContain('package/src/Table/Table.tsx');
    expect(files.some((f) => f.includes('.stories.') || f.includes('__screenshots__'))).toBe(false);
    const map = JSON.parse(
      await readFile(join(app, 'node_modules/@argus/ui/dist/Table/Table.js.map'), 'utf8'),
    ) as { sources: string[] };
    for (const source of map.sources) {
      await expect(
        readFile(join(app, 'node_modules/@argus/ui/dist/Table', source), 'utf8'),
      ).resolves.toBeTruthy();
    }
    const button = await readFile(join(app, 'node_modules/@argus/ui/dist/Button/Button.js'), 'utf8');
    expect(button.startsWith("'use client';")).toBe(true);
  });

  it('loads with require() as well as import', async () => {
    const script =
      "const ui = require('@argus/ui'); const api = require('@argus/api'); console.log(typeof ui.MethodBadge, typeof api.paths.endpoints)";
    const { stdout } = await sh(process.execPath, ['-e', script], app);
    expect(stdout.trim()).toBe('function function');
  }, 60_000);

  it('typechecks strictly against the published types', async () => {
    await sh(join(app, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], app);
  }, 300_000);

  it('builds with Vite, and one badge costs at most 2 kB gzipped over react + styled-components', async () => {
    for (const entry of ['app', 'badge', 'baseline']) {
      await sh(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], app, { ENTRY: entry });
    }
    const baseline = await gzippedJs(join(app, 'dist/baseline'));
    const badge = await gzippedJs(join(app, 'dist/badge'));
    expect(badge - baseline, `badge ${badge} B − baseline ${baseline} B`).toBeLessThanOrEqual(
      BADGE_BUDGET_BYTES,
    );
    const appJs = await readdir(join(app, 'dist/app/assets'));
    const bundle = (
      await Promise.all(appJs.map((f) => readFile(join(app, 'dist/app/assets', f), 'utf8')))
    ).join('');
    expect(bundle).not.toContain('recharts'); // charts are not pulled in by the badge, bar and tooltip
  }, 300_000);

  it('renders in Chromium in the light and the dark theme', async () => {
    const server = await serve(join(app, 'dist/app'));
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs });
    try {
      const { port } = server.address() as AddressInfo;
      const backgrounds: Record<string, string> = {};
      for (const theme of ['light', 'dark']) {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`http://127.0.0.1:${port}/?theme=${theme}`);
        await page.getByRole('heading', { name: 'Consumer app' }).waitFor();
        expect(await page.getByTestId('path').textContent()).toBe('GET /v1/orders/{orderId}');
        expect(await page.getByRole('button', { name: 'Scan' }).isVisible()).toBe(true);
        backgrounds[theme] = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(errors).toEqual([]);
        await page.close();
      }
      expect(backgrounds).toEqual({ light: 'rgb(248, 250, 252)', dark: 'rgb(2, 6, 23)' });
    } finally {
      await browser.close();
      server.close();
    }
  }, 120_000);

  it('passes publint --strict and are-the-types-wrong (ESM-only profile)', async () => {
    for (const dir of ['packages/ui', 'packages/api']) {
      await sh(bin('publint'), ['--strict', dir], root);
    }
    for (const tarball of [tarballs.ui, tarballs.api]) {
      await sh(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], root);
    }
  }, 300_000);
});
