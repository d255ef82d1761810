import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// Pure helpers (formatting, risk bands, navigation) and the packed-package
// consumer test (test/) run in Node; components are
// tested through their stories in the `storybook` project.
export default mergeConfig(
  sourceConditions,
  defineProject({
    test: { name: 'ui', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
  }),
);
