import { defineProject } from 'vitest/config';

// The engine runs on Node only and imports no workspace package, so it resolves
// with Node conditions (the AWS SDK's "module"/browser builds use extensionless
// imports that Node cannot load).
const nodeConditions = ['@argus/source', 'node', 'import', 'default'];

export default defineProject({
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: ['node', 'import', 'default'] } },
  test: {
    name: 'engine',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // CLI tests start tsx processes; on a busy 2-core machine one took over Vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
