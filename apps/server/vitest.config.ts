import { defineProject } from 'vitest/config';

// The server runs on Node only: resolve workspace packages to their sources
// ("@argus/source") and everything else with Node conditions (the AWS SDK's
// "module"/browser builds, pulled in by the engine, use extensionless imports
// that Node cannot load).
const nodeConditions = ['@argus/source', 'node', 'default'];

export default defineProject({
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
