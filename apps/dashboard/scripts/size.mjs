// Prints the gzipped size of the JavaScript the dashboard route loads first:
// the entry chunk, the Dashboard page chunk and every chunk they import
// statically (read from Vite's build manifest). Target: ≤ 200 KB gzipped.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KB = 200;

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const page = Object.keys(manifest).find((key) => key.endsWith('pages/dashboard/DashboardPage.tsx'));
if (!entry || !page)
  throw new Error('manifest has no entry or no Dashboard page chunk; run vite build first');

const keys = new Set();
collect(entry, keys);
collect(page, keys);

let raw = 0;
let gzip = 0;
for (const key of keys) {
  const bytes = readFileSync(join(dist, manifest[key].file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(
  `dashboard route initial JS: ${keys.size} chunks, ${kb(raw)} KB raw, ${kb(gzip)} KB gzipped (budget ${BUDGET_KB} KB)`,
);
if (gzip / 1024 > BUDGET_KB) console.log('WARNING: over the budget');
