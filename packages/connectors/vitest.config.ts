import { defineProject } from 'vitest/config';

// Node only: workspace packages resolve to their sources ("@argus/source"), the
// rest with Node conditions (the AWS SDK's "module"/browser builds use
// extensionless imports that Node cannot load).
const nodeConditions = ['@argus/source', 'node', 'import', 'default'];

export default defineProject({
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: ['node', 'import', 'default'] } },
  test: {
    name: 'connectors',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
