// The engine is pure: no network package among its dependencies (the lint rule
// keeps network imports out of src/; this keeps them out of package.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const NETWORK = /^(@aws-sdk\/|@smithy\/|undici$|node-fetch$|axios$|got$|ipaddr\.js$|ws$)/;

describe('@argus/engine', () => {
  it('depends on no network package', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies ?? {}).filter((name) => NETWORK.test(name))).toEqual([]);
  });
});
