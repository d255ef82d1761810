// Shared Vitest settings: resolve workspace packages to their TypeScript
// sources (the "@argus/source" export condition) so tests never need a build.
import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

export const sourceConditions: UserConfig = {
  resolve: { conditions: ['@argus/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@argus/source', ...defaultServerConditions] } },
};

/** Debian's Chromium (browser downloads are impossible here); CHROMIUM_PATH overrides it. */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const chromiumLaunchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
