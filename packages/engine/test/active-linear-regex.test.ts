// Template patterns are user input run against answers a target chose: they run on RE2 (linear
// time), every shipped template compiles there, and a pattern that needs backtracking is refused
// when the template is read, naming the pattern and the feature.
import { expect, it } from 'vitest';
import { evaluate, type Sent } from '../src/active/proof.js';
import { applyMutation } from '../src/active/requests.js';
import { linearRegex } from '../src/active/linear-regex.js';
import { loadBuiltinTemplates, parseTemplates, TemplateError } from '../src/index.js';
import type { ActiveTestTemplate } from '../src/index.js';

const template = (proofBody: string) => `
id: mine-regex
title: A user's proof pattern
owasp: API8
severity: low
description: A proof pattern supplied by a user.
remediation: Nothing to remediate here.
references: ['https://owasp.org/API-Security/']
steps: [{ name: probe }]
proof: [{ status: 2xx, body: ${JSON.stringify(proofBody)} }]
`;

/** Every regex field of a template, as the schema declares them. */
function patternsOf(t: ActiveTestTemplate): string[] {
  const out = [t.match.path, t.match.notPath, t.match.param?.name];
  for (const s of t.steps) out.push(s.inject?.name, s.mutate?.pathRewrite?.from);
  for (const c of t.proof) out.push(c.body, c.notBody, ...Object.values(c.header ?? {}));
  return out.filter((p): p is string => p !== undefined);
}

it('compiles every pattern of the shipped templates under RE2', () => {
  const patterns = loadBuiltinTemplates().flatMap(patternsOf);
  expect(patterns.length).toBeGreaterThan(50);
  for (const p of patterns) expect(() => linearRegex(p, { ignoreCase: true }), p).not.toThrow();
});

it('refuses a backreference at upload, naming the pattern and the feature', () => {
  expect(() => parseTemplates(template('(a)\\1'), 'mine.yaml')).toThrow(TemplateError);
  expect(() => parseTemplates(template('(a)\\1'), 'mine.yaml')).toThrow(
    'mine.yaml: template mine-regex: proof.0.body: pattern "(a)\\\\1" uses a backreference (\\1), which the linear-time regex engine (RE2) does not support',
  );
});

it('refuses lookaround and says which kind', () => {
  for (const [pattern, feature] of [
    ['x(?!null)', 'a negative lookahead'],
    ['x(?=y)', 'a lookahead'],
    ['(?<=a)b', 'a lookbehind'],
    ['(?<!a)b', 'a negative lookbehind'],
    ['(?<n>a)\\k<n>', 'a named backreference'],
  ])
    expect(() => parseTemplates(template(pattern!), 'mine.yaml')).toThrow(feature);
  // the same characters escaped or inside a class are literals, which RE2 runs
  for (const literal of ['\\(?!x', '[(?=]', '\\\\1'])
    expect(parseTemplates(template(literal), 'mine.yaml')).toHaveLength(1);
});

it('accepts (a+)+b and judges a long hostile answer without backtracking', async () => {
  const [t] = parseTemplates(template('(a+)+b'), 'mine.yaml');
  const judge = (body: string) => {
    const sent: Sent = { status: 200, headers: {}, body, ms: 1, exchange: 0 };
    const steps = new Map([['probe', { name: 'probe', sends: [sent], complete: true }]]);
    return evaluate(t!.proof, sent, { steps, main: 'probe' });
  };
  expect(await judge(`${'a'.repeat(29)}!`)).toBeNull();
  expect(await judge(`${'a'.repeat(200_000)}!`)).toBeNull();
  expect(await judge(`${'a'.repeat(29)}B`)).toMatch(/contains "a{29}B"/);
});

it('rewrites paths with RE2 as JavaScript did ($1 groups, first match only)', () => {
  const draft = { method: 'GET', pathTemplate: '/api/v2/users/v3/x', pathParams: {}, query: {}, headers: {} };
  const rewrite = (from: string, to: string) =>
    applyMutation(draft, { pathRewrite: { from, to } }, {}).pathTemplate;
  expect(rewrite('/v(\\d+)/', '/v$1-old/')).toBe('/api/v2-old/users/v3/x');
  expect(rewrite('[^/]*$', 'graphiql')).toBe('/api/v2/users/v3/graphiql');
});
