// A target's documented flaws (FLAWS.md's table) and whether a description's findings flag
// each one with its OWASP API 2023 category.
import type { EndpointAnalysis } from '../../src/index.js';

export interface Flaw {
  id: string;
  title: string;
  /** `METHOD /path` pairs the row names (query strings dropped). */
  operations: { method: string; path: string }[];
  /** The categories the row gives, as `API1:2023`. */
  categories: string[];
}

const METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS';

/** The rows of a FLAWS.md table whose endpoint cell names at least one operation. */
export function parseFlaws(markdown: string): Flaw[] {
  const flaws: Flaw[] = [];
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !/API\d/.test(cells[4] ?? '')) continue;
    const operations = [...(cells[3] ?? '').matchAll(new RegExp(`\\b(${METHODS}) (/[^\\s\`?]*)`, 'g'))].map(
      (m) => ({ method: m[1]!, path: m[2]! }),
    );
    const categories = [
      ...new Set([...(cells[4] ?? '').matchAll(/API(\d+)/g)].map((m) => `API${m[1]}:2023`)),
    ];
    if (operations.length > 0) flaws.push({ id: cells[1]!, title: cells[2]!, operations, categories });
  }
  return flaws;
}

/** `/users/{id}/` and `/users/{user_id}` are one operation. */
export const pathShape = (path: string): string =>
  path
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\/+$/, '')
    .toLowerCase() || '/';

export interface FlawResult {
  flaw: Flaw;
  /** The description declares one of the flaw's operations. */
  shown: boolean;
  /** Categories the findings on those operations carry. */
  found: string[];
  flagged: boolean;
}

export function matchFlaws(
  flaws: readonly Flaw[],
  analyses: readonly { method: string; path: string; analysis: EndpointAnalysis }[],
): FlawResult[] {
  return flaws.map((flaw) => {
    const keys = new Set(flaw.operations.map((o) => `${o.method} ${pathShape(o.path)}`));
    const hits = analyses.filter((a) => keys.has(`${a.method} ${pathShape(a.path)}`));
    const found = [
      ...new Set(hits.flatMap((h) => h.analysis.vulnerabilities.map((v) => v.owaspCategory.split(' ')[0]!))),
    ].sort();
    const flagged = found.some((f) => flaw.categories.some((c) => f.startsWith(c)));
    return { flaw, shown: hits.length > 0, found, flagged };
  });
}
