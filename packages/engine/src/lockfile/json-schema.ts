// The lockfile's JSON Schema (draft-07, which most validators and editors read), as text.
import { z } from 'zod';
import { lockfileSchema } from './schema.js';

export function lockfileJsonSchema(): string {
  const schema = z.toJSONSchema(lockfileSchema, { target: 'draft-7' });
  return `${JSON.stringify({ ...schema, title: 'Argus inventory lockfile' }, null, 2)}\n`;
}
