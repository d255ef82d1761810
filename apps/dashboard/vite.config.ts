import { rm } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const server = process.env.ARGUS_SERVER_URL ?? 'http://127.0.0.1:8080';

/**
 * MSW's worker (public/, for `npm run dev:mock` and Storybook) stays out of a
 * production build: registered on the Argus origin it would answer the app's calls from mocks.
 */
function withoutMockWorker(): Plugin {
  let outDir = '';
  return {
    name: 'argus:without-mock-worker',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle: async () => {
      if (process.env.VITE_MOCK_API !== '1')
        await rm(path.join(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

// Workspace packages resolve to their TypeScript sources ("@argus/source"), so
// `vite` needs no prior build of @argus/ui or @argus/api.
export default defineConfig({
  plugins: [react(), withoutMockWorker()],
  resolve: { conditions: ['@argus/source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/gateway': { target: server, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server },
      '/gateway': { target: server },
    },
  },
  build: {
    manifest: true,
    // No source maps: the production server would hand the app's sources to anyone.
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
