// The e2e tests serve apps/dashboard/dist: build it once when it is missing
// (turbo's e2e task builds it first; a bare `vitest --project e2e` may not have).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { dashboardDir } from './server.js';

export default async function setup(): Promise<void> {
  if (existsSync(path.join(dashboardDir, 'dist/index.html'))) return;
  await build({
    root: dashboardDir,
    configFile: path.join(dashboardDir, 'vite.config.ts'),
    logLevel: 'warn',
  });
}
