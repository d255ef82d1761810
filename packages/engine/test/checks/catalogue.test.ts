// Every passive check is data: an id, an OWASP API 2023 category, a CWE, the evidence it
// needs, and tests of its own in this folder.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS, PASSIVE_CHECKS } from '../../src/index.js';

const tests = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.test.ts') && f !== 'catalogue.test.ts')
  .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
  .join('\n');

describe('the passive-check catalogue', () => {
  it('gives every check a category, a CWE, what it needs, texts and a unique id', () => {
    const ids = PASSIVE_CHECKS.map((c) => c.vulnId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of PASSIVE_CHECKS) {
      expect(c.vulnId).toMatch(/^ARGUS-API([1-9]|10)-\d{3}$/);
      expect(c.owaspCategory.startsWith(`${c.vulnId.split('-')[1]}:2023 `), c.vulnId).toBe(true);
      expect(c.cwe, c.vulnId).toMatch(/^CWE-\d+$/);
      expect(c.needs.length, c.vulnId).toBeGreaterThan(20);
      expect(c.title && c.description && c.remediation, c.vulnId).toBeTruthy();
      expect(CHECKS[c.vulnId]).not.toHaveProperty('run');
    }
  });
  it('tests every check by its id in this folder', () => {
    for (const c of PASSIVE_CHECKS) expect(tests, c.vulnId).toContain(`'${c.vulnId}'`);
  });
});
