// CVSS 3.1 base scores from vector strings (FIRST's specification, section 7.1
// formulas and Appendix A rounding), and each OWASP API 2023 category's usual
// weakness (CWE) and vector, the classification a finding carries unless its
// template names its own.
const WEIGHTS = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  UI: { N: 0.85, R: 0.62 },
  CIA: { H: 0.56, L: 0.22, N: 0 },
} as const;
const VECTOR =
  /^CVSS:3\.1\/AV:([NALP])\/AC:([LH])\/PR:([NLH])\/UI:([NR])\/S:([UC])\/C:([HLN])\/I:([HLN])\/A:([HLN])$/;

/** The specification's Roundup: the smallest one-decimal number not below `x` (float-safe). */
function roundUp(x: number): number {
  const int = Math.round(x * 100_000);
  return int % 10_000 === 0 ? int / 100_000 : (Math.floor(int / 10_000) + 1) / 10;
}

/** The base score (0–10) of a CVSS 3.1 vector, or null when it is not a complete base vector. */
export function cvssBaseScore(vector: string): number | null {
  const m = VECTOR.exec(vector);
  if (!m) return null;
  const [, av, ac, pr, ui, s, c, i, a] = m as unknown as [
    string,
    'N',
    'L',
    'N',
    'N',
    'U' | 'C',
    'H',
    'H',
    'H',
  ];
  const changed = s === 'C';
  const prWeight = { N: 0.85, L: changed ? 0.68 : 0.62, H: changed ? 0.5 : 0.27 }[pr as 'N' | 'L' | 'H'];
  const iss = 1 - (1 - WEIGHTS.CIA[c]) * (1 - WEIGHTS.CIA[i]) * (1 - WEIGHTS.CIA[a]);
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  const exploitability =
    8.22 * WEIGHTS.AV[av as 'N'] * WEIGHTS.AC[ac as 'L'] * prWeight * WEIGHTS.UI[ui as 'N'];
  if (impact <= 0) return 0;
  return roundUp(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10));
}

export interface Classification {
  /** `CWE-639`. */
  cwe: string;
  /** CVSS 3.1 base vector. */
  cvss: string;
}

/** Per OWASP API 2023 category: its most typical CWE and a vector for an unauthenticated-to-low-privilege network flaw. */
export const CATEGORY_CLASSIFICATION: Record<string, Classification> = {
  API1: { cwe: 'CWE-639', cvss: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:L/A:N' },
  API2: { cwe: 'CWE-287', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N' },
  API3: { cwe: 'CWE-213', cvss: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:N' },
  API4: { cwe: 'CWE-770', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L' },
  API5: { cwe: 'CWE-285', cvss: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:N' },
  API6: { cwe: 'CWE-799', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N' },
  API7: { cwe: 'CWE-918', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:N' },
  API8: { cwe: 'CWE-16', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N' },
  API9: { cwe: 'CWE-1059', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N' },
  API10: { cwe: 'CWE-20', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N' },
};

/** A template's own CWE and vector, else its category's. */
export function classify(template: { owasp: string; cwe?: string; cvss?: string }): Classification & {
  score: number;
} {
  const base = CATEGORY_CLASSIFICATION[template.owasp] ?? CATEGORY_CLASSIFICATION['API8']!;
  const cvss = template.cvss ?? base.cvss;
  return { cwe: template.cwe ?? base.cwe, cvss, score: cvssBaseScore(cvss) ?? 0 };
}
