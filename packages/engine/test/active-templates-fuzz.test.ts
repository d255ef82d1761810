// Template files are user input: whatever the text, parseTemplates returns
// valid templates or throws a TemplateError naming the file, never anything else.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseTemplates, TemplateError } from '../src/index.js';

const dir = new URL('../active-tests/', import.meta.url);
const library = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(new URL(f, dir), 'utf8'));

function parsesOrExplains(text: string): void {
  try {
    for (const t of parseTemplates(text, 'mine.yaml')) expect(t.steps.length).toBeGreaterThan(0);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateError);
    expect((err as Error).message).toMatch(/^mine\.yaml: /);
  }
}

it('parses the library files whole', () => {
  for (const text of library) expect(parseTemplates(text).length).toBeGreaterThan(0);
});

it('explains every mutated or random template file with a TemplateError', { timeout: 120_000 }, () => {
  const mutated = fc
    .tuple(fc.constantFrom(...library), fc.nat(), fc.nat(), fc.string({ maxLength: 40 }))
    .map(([text, at, cut, insert]) => {
      const i = at % text.length;
      return text.slice(0, i) + insert + text.slice(i + (cut % 60));
    });
  fc.assert(fc.property(fc.oneof(mutated, fc.string({ maxLength: 400 })), parsesOrExplains), {
    numRuns: Number(process.env['ARGUS_TEMPLATE_FUZZ_RUNS'] ?? 300),
  });
});
