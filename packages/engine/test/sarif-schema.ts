// The OASIS SARIF 2.1.0 schema (fixtures/sarif, source in its SOURCE.md) with a JSON
// Schema validator: the errors of a document, [] when it is valid SARIF 2.1.0.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import draft04 from 'ajv/lib/refs/json-schema-draft-04.json' with { type: 'json' };

const schema = JSON.parse(
  readFileSync(new URL('fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'),
) as object;

export function sarifErrors(document: unknown): unknown[] {
  const ajv = new Ajv({ schemaId: 'id', allErrors: true });
  ajv.addMetaSchema(draft04);
  return ajv.validate(schema, document) ? [] : (ajv.errors ?? ['invalid']);
}
