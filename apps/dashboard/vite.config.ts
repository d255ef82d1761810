import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const server = process.env.ARGUS_SERVER_URL ?? 'http://127.0.0.1:8080';

// Workspace packages resolve to their TypeScript sources ("@argus/source"), so
// `vite` needs no prior build of @argus/ui or @argus/api.
export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
