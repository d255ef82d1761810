// Which tests a domain can run: the engine's built-in library plus the
// templates uploaded for the domain (validated by the engine's schema), each
// switched on unless the domain's settings switch it off.
import { loadBuiltinTemplates, OWASP, parseTemplates, type ActiveTestTemplate } from '@argus/engine';
import type { SecurityTest } from '@argus/api';
import { ValidationError } from '../errors.js';

interface StoredTemplate {
  id: string;
  fileName: string;
  content: string;
}

export const owaspCategory = (id: string): string => (OWASP as Record<string, string>)[id] ?? id;

/** A step that sends DELETE: only with "allow destructive operations". */
const deletes = (t: ActiveTestTemplate) =>
  t.steps.some((s) => s.mutate?.method === 'DELETE' || s.request?.method === 'DELETE') ||
  t.match.methods?.every((m) => m === 'DELETE') === true;

function describe(t: ActiveTestTemplate, templateId: string | null, disabled: Set<string>): SecurityTest {
  return {
    id: t.id,
    title: t.title,
    severity: t.severity,
    owaspCategory: owaspCategory(t.owasp),
    description: t.description,
    intrusive: t.intrusive,
    destructive: deletes(t),
    templateId,
    enabled: !disabled.has(t.id),
  };
}

/** Parse an uploaded template file; a clear error naming the file and the problem otherwise. */
export function parseCustomTemplates(content: string, fileName: string): ActiveTestTemplate[] {
  let templates: ActiveTestTemplate[];
  try {
    templates = parseTemplates(content, fileName);
  } catch (error) {
    throw new ValidationError([{ path: 'content', message: (error as Error).message }]);
  }
  if (templates.length === 0)
    throw new ValidationError([{ path: 'content', message: `${fileName} holds no test template` }]);
  const builtIn = new Set(loadBuiltinTemplates().map((t) => t.id));
  const clash = templates.find((t) => builtIn.has(t.id));
  if (clash)
    throw new ValidationError([
      { path: 'content', message: `${fileName}: ${clash.id} is a built-in test id; choose another id` },
    ]);
  return templates;
}

function parseOrNothing(file: StoredTemplate): ActiveTestTemplate[] {
  try {
    return parseTemplates(file.content, file.fileName);
  } catch {
    return [];
  }
}

/** Templates of a domain: the library, then uploaded ones (a stored file that no longer parses is skipped). */
export function domainTemplates(stored: readonly StoredTemplate[]): {
  template: ActiveTestTemplate;
  templateId: string | null;
}[] {
  const out = loadBuiltinTemplates().map((template) => ({ template, templateId: null as string | null }));
  for (const file of stored)
    for (const template of parseOrNothing(file)) out.push({ template, templateId: file.id });
  return out;
}

export function catalogue(
  stored: readonly StoredTemplate[],
  disabledTests: readonly string[],
): SecurityTest[] {
  const disabled = new Set(disabledTests);
  return domainTemplates(stored).map(({ template, templateId }) => describe(template, templateId, disabled));
}
