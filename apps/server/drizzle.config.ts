// `flock /tmp/argus-migrate.lock npx drizzle-kit generate` (run in apps/server)
// writes one migration set that both drivers (PGlite, node-postgres) apply at start-up.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
