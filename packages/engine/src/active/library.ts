// Templates from YAML text (a user's file or upload) and the built-in library
// (`active-tests/*.yaml` in this package, read when asked).
import { readdirSync, readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { templateSchema, type ActiveTestTemplate } from './schema.js';

export class TemplateError extends Error {}

const MAX_TEXT = 1024 * 1024;

/**
 * Templates in a YAML text: one template per document, or a list of them. Throws a
 * `TemplateError` naming the source, the template and the field for anything invalid.
 */
export function parseTemplates(text: string, source = 'templates'): ActiveTestTemplate[] {
  if (text.length > MAX_TEXT) throw new TemplateError(`${source}: larger than 1 MB`);
  const out: ActiveTestTemplate[] = [];
  const docs = parseAllDocuments(text, { prettyErrors: false });
  if (!Array.isArray(docs)) throw new TemplateError(`${source}: not YAML`);
  for (const doc of docs) {
    if (doc.errors.length) throw new TemplateError(`${source}: ${doc.errors[0]!.message.split('\n')[0]}`);
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (err) {
      throw new TemplateError(`${source}: ${(err as Error).message.split('\n')[0]}`);
    }
    if (value === null || value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const [i, item] of items.entries()) {
      const parsed = templateSchema.safeParse(item);
      if (!parsed.success) {
        const id =
          item && typeof item === 'object' && 'id' in item
            ? String((item as { id: unknown }).id)
            : `#${i + 1}`;
        const issue = parsed.error.issues[0]!;
        throw new TemplateError(
          `${source}: template ${id}: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
        );
      }
      out.push(parsed.data);
    }
  }
  const seen = new Set<string>();
  for (const t of out) {
    if (seen.has(t.id)) throw new TemplateError(`${source}: template ${t.id} defined twice`);
    seen.add(t.id);
  }
  return out;
}

const LIBRARY_DIR = new URL('../../active-tests/', import.meta.url);

/** The built-in library, in file then document order. */
export function loadBuiltinTemplates(): ActiveTestTemplate[] {
  const files = readdirSync(LIBRARY_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  const all = files.flatMap((f) => parseTemplates(readFileSync(new URL(f, LIBRARY_DIR), 'utf8'), f));
  const seen = new Set<string>();
  for (const t of all) {
    if (seen.has(t.id)) throw new TemplateError(`built-in library: template ${t.id} defined twice`);
    seen.add(t.id);
  }
  return all;
}

/**
 * The built-in library plus the user's templates (a user template with a built-in's id replaces it),
 * without the ids switched off.
 */
export function selectTemplates(
  builtIn: ActiveTestTemplate[],
  user: ActiveTestTemplate[] = [],
  options: { only?: string[]; disabled?: string[] } = {},
): ActiveTestTemplate[] {
  const byId = new Map(builtIn.map((t) => [t.id, t]));
  for (const t of user) byId.set(t.id, t);
  const only = options.only && options.only.length ? new Set(options.only) : null;
  const off = new Set(options.disabled ?? []);
  return [...byId.values()].filter((t) => (!only || only.has(t.id)) && !off.has(t.id));
}
