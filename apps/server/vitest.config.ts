import { defineProject, mergeConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default mergeConfig(
  sourceConditions,
  defineProject({
    test: { name: 'server', environment: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
  }),
);
