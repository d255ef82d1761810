// The engine is pure: no network package among its dependencies (the lint rule
// keeps network imports out of src/; this keeps them out of package.json), and
// every package its sources import is declared.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const NETWORK = /^(@aws-sdk\/|@smithy\/|undici$|node-fetch$|axios$|got$|ws$)/;
const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const declared = Object.keys(pkg.dependencies ?? {});

/** Packages named by import/export statements in src/ (not node: builtins, not relative paths). */
function importedPackages(): Set<string> {
  const found = new Set<string>();
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  for (const file of files) {
    const text = readFileSync(join(root, 'src', file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
      if (!spec || spec.startsWith('node:')) continue;
      const parts = spec.split('/');
      found.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return found;
}

describe('@argus/engine', () => {
  it('depends on no network package', () => {
    expect(declared.filter((name) => NETWORK.test(name))).toEqual([]);
  });

  it('declares every package its sources import', () => {
    const imported = importedPackages();
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !declared.includes(name))).toEqual([]);
  });
});
