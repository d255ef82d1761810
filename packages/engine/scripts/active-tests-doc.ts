// docs/active-tests.md: the built-in active-test library as a table, generated
// from the YAML templates (`npm run docs:active-tests -w @argus/engine`);
// test/active-tests-doc.test.ts fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OWASP, loadBuiltinTemplates, type ActiveTestTemplate } from '../src/index.js';

export const DOC_FILE = fileURLToPath(new URL('../../../docs/active-tests.md', import.meta.url));

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function flags(t: ActiveTestTemplate): string {
  const out: string[] = [];
  if (t.intrusive) out.push('intrusive');
  if (t.needs.includes('B')) out.push('2 identities');
  if (t.needs.includes('admin')) out.push('admin identity');
  if (t.needs.includes('canary')) out.push('canary');
  if (t.once) out.push('once per run');
  return out.join(', ');
}

export function activeTestsMarkdown(templates = loadBuiltinTemplates()): string {
  const lines = [
    '# Built-in active tests',
    '',
    `Generated from \`packages/engine/active-tests/*.yaml\` by \`npm run docs:active-tests -w @argus/engine\`; do not edit by hand. ${templates.length} tests. The template language is described in [active-test-templates.md](active-test-templates.md).`,
    '',
    'Intrusive tests run only when the target is confirmed to be a test environment; requests that look destructive (DELETE, reset, drop, purge, createdb, …) only where destructive operations are allowed.',
  ];
  for (const [key, category] of Object.entries(OWASP)) {
    const inCategory = templates.filter((t) => t.owasp === key);
    if (inCategory.length === 0) continue;
    lines.push(
      '',
      `## ${category}`,
      '',
      '| id | severity | title | needs | what proves it |',
      '|---|---|---|---|---|',
    );
    for (const t of inCategory)
      lines.push(`| \`${t.id}\` | ${t.severity} | ${cell(t.title)} | ${flags(t)} | ${cell(t.description)} |`);
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(DOC_FILE, activeTestsMarkdown());
