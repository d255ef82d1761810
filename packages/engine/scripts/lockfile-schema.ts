// Writes lockfile.schema.json (the JSON Schema of the inventory lockfile) from its zod
// schema: `npx tsx scripts/lockfile-schema.ts`. test/lockfile.test.ts checks it is current.
import { writeFileSync } from 'node:fs';
import { lockfileJsonSchema } from '../src/lockfile/json-schema.js';

writeFileSync(new URL('../lockfile.schema.json', import.meta.url), lockfileJsonSchema());
