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
    // The scenarios share one server but not each other's data or session: a new order each run shows it.
    sequence: { shuffle: true },
    testTimeout: 60_000,
    hookTimeout: 150_000,
  },
});
