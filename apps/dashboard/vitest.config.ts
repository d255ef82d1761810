import { defineProject } from 'vitest/config';

// End-to-end tests: the real server (fresh embedded database, ephemeral port)
// driven through the built dashboard by playwright-core on /usr/bin/chromium.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 150_000,
  },
});
