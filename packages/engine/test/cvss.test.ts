// CVSS 3.1 base scores agree with FIRST's calculator on known vectors, and every
// template's classification is complete.
import { expect, it } from 'vitest';
import { cvssBaseScore, classify, CATEGORY_CLASSIFICATION } from '../src/active/cvss.js';
import { loadBuiltinTemplates } from '../src/index.js';

it('scores vectors as the specification does', () => {
  // figures from FIRST's CVSS 3.1 calculator and its specification examples
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(9.8);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H')).toBe(10);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:L/A:N')).toBe(7.1);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N')).toBe(5.3);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:N')).toBe(5.8);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N')).toBe(6.4);
  // 6.42 × 0.22 + 8.22 × 0.55 × 0.44 × 0.27 × 0.62 = 1.745…, rounded up
  expect(cvssBaseScore('CVSS:3.1/AV:L/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N')).toBe(1.8);
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N')).toBe(0);
  expect(cvssBaseScore('CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBeNull();
  expect(cvssBaseScore('CVSS:3.1/AV:N/AC:L')).toBeNull();
});

it('classifies every template with a CWE and a scorable vector', () => {
  expect(Object.keys(CATEGORY_CLASSIFICATION)).toHaveLength(10);
  for (const t of loadBuiltinTemplates()) {
    const c = classify(t);
    expect(c.cwe, t.id).toMatch(/^CWE-\d+$/);
    expect(cvssBaseScore(c.cvss), t.id).not.toBeNull();
  }
  expect(classify({ owasp: 'API8', cwe: 'CWE-89' })).toMatchObject({ cwe: 'CWE-89', score: 5.3 });
});
