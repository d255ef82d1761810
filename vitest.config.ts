import { defineConfig } from 'vitest/config';

// Every workspace is a Vitest project; `npx vitest --project NAME` runs one.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'vitest.storybook.config.ts'],
  },
});
