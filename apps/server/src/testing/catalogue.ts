// Which tests a domain can run: the engine's built-in library, the YAML files
// in the server's template folder (<data directory>/active-tests, every domain)
// and the templates uploaded for the domain (all validated by the engine's
// schema), each switched on unless the domain's settings switch it off.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadBuiltinTemplates, OWASP, parseTemplates, type ActiveTestTemplate } from '@argus/engine';
import type { CustomTemplate, SecurityTest } from '@argus/api';
import { ValidationError } from '../errors.js';

interface StoredTemplate {
  id: string;
  fileName: string;
  content: string;
}

/** A file of the template folder, parsed (or why not). */
export interface FolderTemplate {
  fileName: string;
  modifiedAt: Date;
  templates: ActiveTestTemplate[];
  error: string | null;
}

/**
 * The template folder's `.yaml`/`.yml` files, read now (an edit counts from the next run). A
 * missing folder holds none; a file that does not parse offers no test and says why.
 */
export function readTemplateFolder(dir: string | undefined): FolderTemplate[] {
  if (!dir) return [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => /\.ya?ml$/i.test(f));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const builtIn = new Set(loadBuiltinTemplates().map((t) => t.id));
  return names.sort().map((fileName) => {
    const file = path.join(dir, fileName);
    const modifiedAt = statSync(file).mtime;
    try {
      const templates = parseTemplates(readFileSync(file, 'utf8'), fileName);
      const clash = templates.find((t) => builtIn.has(t.id));
      if (clash)
        return {
          fileName,
          modifiedAt,
          templates: [],
          error: `${clash.id} is a built-in test id; choose another id`,
        };
      return { fileName, modifiedAt, templates, error: null };
    } catch (error) {
      return { fileName, modifiedAt, templates: [], error: (error as Error).message };
    }
  });
}

/** The folder's files as the overview lists them beside uploads. */
export const folderListing = (folder: readonly FolderTemplate[]): CustomTemplate[] =>
  folder.map((f) => ({
    id: `folder:${f.fileName}`,
    fileName: f.fileName,
    source: 'folder',
    testIds: f.templates.map((t) => t.id),
    error: f.error,
    uploadedAt: f.modifiedAt.toISOString(),
  }));

export const owaspCategory = (id: string): string => (OWASP as Record<string, string>)[id] ?? id;

/** A step that sends DELETE: only with "allow destructive operations". */
const deletes = (t: ActiveTestTemplate) =>
  t.steps.some((s) => s.mutate?.method === 'DELETE' || s.request?.method === 'DELETE') ||
  t.match.methods?.every((m) => m === 'DELETE') === true;

type Source = SecurityTest['source'];

function describe(
  t: ActiveTestTemplate,
  templateId: string | null,
  source: Source,
  disabled: Set<string>,
): SecurityTest {
  return {
    id: t.id,
    title: t.title,
    severity: t.severity,
    owaspCategory: owaspCategory(t.owasp),
    description: t.description,
    intrusive: t.intrusive,
    destructive: deletes(t),
    templateId,
    source,
    enabled: !disabled.has(t.id),
  };
}

/** Parse an uploaded template file; a clear error naming the file and the problem otherwise. */
export function parseCustomTemplates(
  content: string,
  fileName: string,
  folder: readonly FolderTemplate[] = [],
): ActiveTestTemplate[] {
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
  const inFolder = folder.find((f) => f.templates.some((t) => templates.some((u) => u.id === t.id)));
  if (inFolder)
    throw new ValidationError([
      {
        path: 'content',
        message: `${fileName}: a test of ${inFolder.fileName} in the template folder has the same id; choose another id`,
      },
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

/**
 * Templates of a domain: the library, the template folder's, then uploaded ones (a stored file that no
 * longer parses is skipped; the first template of an id wins).
 */
export function domainTemplates(
  stored: readonly StoredTemplate[],
  folder: readonly FolderTemplate[] = [],
): { template: ActiveTestTemplate; templateId: string | null; source: Source }[] {
  const out = loadBuiltinTemplates().map((template) => ({
    template,
    templateId: null as string | null,
    source: 'built-in' as Source,
  }));
  for (const file of folder)
    for (const template of file.templates) out.push({ template, templateId: null, source: 'folder' });
  for (const file of stored)
    for (const template of parseOrNothing(file))
      out.push({ template, templateId: file.id, source: 'upload' });
  const seen = new Set<string>();
  return out.filter(({ template }) => !seen.has(template.id) && seen.add(template.id));
}

export function catalogue(
  stored: readonly StoredTemplate[],
  disabledTests: readonly string[],
  folder: readonly FolderTemplate[] = [],
): SecurityTest[] {
  const disabled = new Set(disabledTests);
  return domainTemplates(stored, folder).map(({ template, templateId, source }) =>
    describe(template, templateId, source, disabled),
  );
}
