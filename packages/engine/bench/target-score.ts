// Scores an `argus test` run against a target's FLAWS.md: which documented
// (verified) flaws a confirmed finding covers. A finding covers a flaw of its
// OWASP category on the same endpoint (method and path template); a run-wide
// finding (a `once` test: headers, JWT) covers the flaw of its category whose
// text shares the most words with the test's id, title and description. Each finding covers
// one flaw at most; findings that cover none are listed for review.
import type { ActiveTestResult } from '../src/index.js';

export interface DocumentedFlaw {
  id: string;
  text: string;
  endpoints: string[];
  categories: string[];
  verified: boolean;
}

export interface Score {
  documented: number;
  confirmed: { flaw: string; testId: string }[];
  missed: string[];
  unmatched: { testId: string; endpoint: string }[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

const normPath = (p: string) =>
  p
    .replace(/[?#].*$/, '')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/(.)\/+$/, '$1');

/** The rows of the first table whose header names an endpoint, an OWASP category and a status. */
export function parseFlaws(markdown: string): DocumentedFlaw[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^\|.*endpoint.*owasp.*status/i.test(l));
  if (start < 0) return [];
  const header = cells(lines[start]!).map((c) => c.toLowerCase());
  const col = (word: string) => header.findIndex((h) => h.includes(word));
  const [endpointCol, owaspCol, statusCol] = [col('endpoint'), col('owasp'), col('status')];
  const flaws: DocumentedFlaw[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    const endpoints = [
      ...(row[endpointCol] ?? '').matchAll(/`(GET|POST|PUT|PATCH|DELETE)\s+(\/[^`\s]*)/g),
    ].map((m) => `${m[1]} ${normPath(m[2]!)}`);
    flaws.push({
      id: row[0] ?? '',
      text: row.join(' '),
      endpoints,
      categories: [...(row[owaspCol] ?? '').matchAll(/API(\d+)/g)].map((m) => `API${m[1]}`),
      verified: /^verified/i.test(row[statusCol] ?? ''),
    });
  }
  return flaws;
}

const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(
        (w) =>
          w.length >= 3 &&
          ![
            'the',
            'and',
            'api',
            'any',
            'not',
            'with',
            'from',
            'get',
            'post',
            'put',
            'http',
            'security',
            'misconfiguration',
            'verified',
            'auth',
          ].includes(w),
      ),
  );

export function scoreRun(
  flaws: DocumentedFlaw[],
  results: ActiveTestResult[],
  /** Whether a test is run-wide (`once`), and its id, title and description. */
  testOf: (testId: string) => { once: boolean; text: string },
): Score {
  const documented = flaws.filter((f) => f.verified);
  const confirmed = results.filter((r) => r.outcome === 'confirmed');
  const covered = new Map<string, string>();
  const used = new Set<ActiveTestResult>();
  const category = (r: ActiveTestResult) => /API\d+/.exec(r.owaspCategory)?.[0] ?? '';
  // GraphQL operations share one path: their operation and the words decide, as for run-wide tests
  const runWide = (r: ActiveTestResult) => testOf(r.testId).once || r.endpoint.operation !== undefined;
  for (const r of confirmed) {
    if (runWide(r)) continue;
    const key = `${r.endpoint.method} ${normPath(r.endpoint.path)}`;
    const flaw = documented.find(
      (f) => !covered.has(f.id) && f.endpoints.includes(key) && f.categories.includes(category(r)),
    );
    if (flaw) covered.set(flaw.id, r.testId);
    if (flaw || documented.some((f) => f.endpoints.includes(key) && f.categories.includes(category(r))))
      used.add(r);
  }
  // run-wide findings: the pairs sharing most words first, each finding and flaw used once
  const pairs: { r: ActiveTestResult; flaw: DocumentedFlaw; shared: number }[] = [];
  for (const r of confirmed.filter(runWide)) {
    const mine = words(`${testOf(r.testId).text} ${r.endpoint.operation ?? ''}`);
    for (const flaw of documented) {
      if (!flaw.categories.includes(category(r))) continue;
      const shared = [...words(flaw.text)].filter((w) => mine.has(w)).length;
      if (shared > 0) pairs.push({ r, flaw, shared });
    }
  }
  for (const { r, flaw } of pairs.sort((a, b) => b.shared - a.shared)) {
    if (covered.has(flaw.id) || used.has(r)) continue;
    covered.set(flaw.id, r.testId);
    used.add(r);
  }
  return {
    documented: documented.length,
    confirmed: [...covered].map(([flaw, testId]) => ({ flaw, testId })),
    missed: documented.filter((f) => !covered.has(f.id)).map((f) => f.id),
    unmatched: confirmed
      .filter((r) => !used.has(r))
      .map((r) => ({ testId: r.testId, endpoint: `${r.endpoint.method} ${r.endpoint.path}` })),
  };
}
