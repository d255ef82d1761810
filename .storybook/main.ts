// One Storybook for the UI kit and the dashboard's page stories.
import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, mergeConfig } from 'vite';

const config: StorybookConfig = {
  stories: [
    '../packages/ui/src/Introduction.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../apps/dashboard/src/**/*.stories.@(ts|tsx)',
  ],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // Serves mockServiceWorker.js: the dashboard's copy (`msw.workerDirectory` in its package.json), one file for both.
  staticDirs: ['../apps/dashboard/public'],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      // Workspace packages (@argus/ui, @argus/api) resolve to their TypeScript sources.
      resolve: { conditions: ['@argus/source', ...defaultClientConditions] },
      // Pre-bundle the page stories' dependencies up front: discovering them mid-run
      // makes Vite re-optimise and fail the first story run on a fresh cache.
      optimizeDeps: {
        include: [
          'react-router-dom',
          'swr',
          'swr/mutation',
          'react-hook-form',
          '@hookform/resolvers/zod',
          'zod',
          'lucide-react',
        ],
      },
    }),
};

export default config;
