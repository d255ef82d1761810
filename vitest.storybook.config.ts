// Every story is a test: renders, runs its play function, runs axe (a11y.test = 'error')
// and compares light and dark screenshots with committed references
// (.storybook/vitest.setup.ts). Run: npm run test:stories
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import { chromiumLaunchArgs, chromiumPath, sourceConditions } from './vitest.shared.js';

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default mergeConfig(
  sourceConditions,
  defineConfig({
    plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
    test: {
      name: 'storybook',
      setupFiles: [path.join(dirname, '.storybook/vitest.setup.ts')],
      // The afterEach hook runs axe again and compares two whole-page screenshots,
      // retrying until stable: on a loaded machine that can take well over 30 s.
      hookTimeout: 120_000,
      // A page story's play function waits on lazy chunks and mocked round trips: on a busy
      // machine one took 17 s against the default 15 s.
      testTimeout: 90_000,
      // References belong to one Chromium major: a different one fails at once with a message.
      globalSetup: [path.join(dirname, '.storybook/reference-browser.ts')],
      // One browser page for all story files: a fresh iframe per file costs ~3 s each.
      isolate: false,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: { executablePath: chromiumPath, args: chromiumLaunchArgs },
          // Animations off: CSS reads prefers-reduced-motion, charts check it in JS.
          // The page is bigger than Storybook's 1200x900 test viewport so stories are not scaled down.
          contextOptions: { reducedMotion: 'reduce', viewport: { width: 1280, height: 960 } },
        }),
        instances: [{ browser: 'chromium' }],
        screenshotFailures: false,
        expect: {
          toMatchScreenshot: {
            comparatorName: 'pixelmatch',
            comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.001 },
          },
        },
      },
    },
  }),
);
