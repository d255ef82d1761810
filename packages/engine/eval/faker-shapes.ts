// Generated with @faker-js/faker in several locales (seeded: the same shapes every run): hard
// positives and hard negatives for the templater's rules about words. Positives are values a
// plain dictionary would take for route names (first names, company names, in their own
// languages); negatives are route names a count of values would take for values (80 plain nouns
// under `/v1`, named sub-resources beside ids, snake_case and kebab-case resource names).
import { allFakers, type Faker } from '@faker-js/faker';
import type { ApiSample, Operation, ParamInfo } from './operations.js';

/** The locales the shapes draw from: names and words in their own languages and scripts. */
const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt_BR', 'nl', 'pl', 'tr', 'sv'] as const;

const fakerFor = (locale: (typeof LOCALES)[number], seed: number): Faker => {
  const f = allFakers[locale];
  f.seed(seed);
  return f;
};

/** Distinct values from `make`, drawn over every locale in turn (at most `n`). */
function drawn(n: number, seed: number, make: (f: Faker) => string): string[] {
  const out = new Set<string>();
  for (let i = 0; out.size < n && i < n * 20; i++) {
    const value = make(fakerFor(LOCALES[i % LOCALES.length]!, seed + i));
    if (value !== '') out.add(value);
  }
  return [...out];
}

/** A name as people write it in a URL: lower-case, accents kept, words joined by a dash. */
const slugOf = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

/** English-style plural of a lower-case noun (`city` → `cities`, `box` → `boxes`). */
const plural = (w: string): string =>
  /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : /(?:s|x|z|ch|sh)$/.test(w) ? `${w}es` : `${w}s`;

const word = (s: string): string => s.toLowerCase().replace(/[^a-z]/g, '');

const op = (method: string, template: string, params: Record<string, ParamInfo> = {}): Operation => ({
  method,
  template,
  params,
});
const sample = (name: string, operations: Operation[]): ApiSample => ({
  name: `shape:${name}`,
  provider: `shape:${name}`,
  operations,
});

/** Letters only, lower-case, in the locale's own alphabet (`rechnung`, `lâmpada`). */
const letters = (s: string): string => s.toLowerCase().replace(/[^\p{L}]/gu, '');

const int: ParamInfo = { type: 'integer' };
const pool = (values: string[]): ParamInfo => ({ type: 'string', pool: values });

/**
 * A collection of values (`/users/{username}`) with routes below each value and a nested
 * collection of values below it (`…/repos/{repo}`): the positives' layout.
 */
function valuesWithNested(
  name: string,
  collection: string,
  values: ParamInfo,
  routes: readonly string[],
  nested: string,
  nestedValues: ParamInfo,
): ApiSample {
  const params = { value: values, nested: nestedValues };
  const item = `${collection}/{value}`;
  return sample(name, [
    op('GET', collection),
    op('GET', item, params),
    ...routes.map((r) => op('GET', `${item}/${r}`, params)),
    op('GET', `${item}/${nested}/{nested}`, params),
    op('DELETE', `${item}/${nested}/{nested}`, params),
  ]);
}

/**
 * Hard positives: first names as people's handles (`/users/aaliyah/repos`, `/users/maría-teresa`)
 * with their repositories, and company names as organisation slugs with teams named after
 * departments (`/api/organizations/lind-doyle/teams/electronics`).
 */
const [firstNames, companyNames] = (
  [
    [
      'faker-first-names',
      '/users',
      (f) => f.person.firstName(),
      ['repos', 'followers'],
      'repos',
      (f) => `${word(f.word.adjective())}-${word(f.word.noun())}`,
    ],
    [
      'faker-company-names',
      '/api/organizations',
      (f) => f.company.name(),
      ['members', 'teams'],
      'teams',
      (f) => f.commerce.department(),
    ],
  ] as const satisfies readonly (readonly [
    string,
    string,
    (f: Faker) => string,
    readonly string[],
    string,
    (f: Faker) => string,
  ])[]
).map(([name, collection, value, routes, nested, nestedValue], i) =>
  valuesWithNested(
    name,
    collection,
    pool(drawn(24, 1000 * (2 * i + 1), (f) => slugOf(value(f)))),
    routes,
    nested,
    pool(drawn(24, 1000 * (2 * i + 2), (f) => slugOf(nestedValue(f)))),
  ),
) as [ApiSample, ApiSample];

/** Hard positives: organisations at the root, their names in one convention (`/dupuis-et-arnaud/invoices`). */
const rootOrganisations = (() => {
  const org = pool(drawn(24, 10_000, (f) => slugOf(f.company.name())));
  return sample('faker-organisations-at-root', [
    op('GET', '/health'),
    op('GET', '/{org}/invoices', { org }),
    op('GET', '/{org}/invoices/{id}', { org, id: int }),
    op('GET', '/{org}/members', { org }),
  ]);
})();

/** Hard negatives: eighty collections of plain English nouns under `/v1`, fifty with ids below. */
const plainCollections = (() => {
  const f = fakerFor('en', 5000);
  const nouns = new Set<string>();
  for (let i = 0; nouns.size < 80 && i < 2000; i++) nouns.add(plural(word(f.word.noun())));
  const names = [...nouns].filter((n) => n.length > 2);
  return sample('faker-plain-collections', [
    ...names.map((n) => op('GET', `/v1/${n}`)),
    ...names.slice(0, 50).map((n) => op('GET', `/v1/${n}/{id}`, { id: int })),
  ]);
})();

/** Hard negatives: collections in other languages, as APIs written there name them (`/api/rechnung/{id}`). */
const localisedCollections = (() => {
  const names = drawn(40, 6000, (f) => letters(f.word.noun())).filter((n) => n.length > 2);
  return sample('faker-localised-collections', [
    ...names.map((n) => op('GET', `/api/${n}`)),
    ...names.slice(0, 25).map((n) => op('GET', `/api/${n}/{id}`, { id: int })),
  ]);
})();

/** Hard negatives: named sub-resources beside a collection's ids (`/v1/lyres/{id}` and `/v1/lyres/archived`). */
const subResources = (() => {
  const f = fakerFor('en', 7000);
  const out: Operation[] = [];
  const seen = new Set<string>();
  for (let i = 0; seen.size < 8 && i < 200; i++) {
    const c = plural(word(f.word.noun()));
    if (seen.has(c) || c.length < 3) continue;
    seen.add(c);
    out.push(op('GET', `/v1/${c}`), op('GET', `/v1/${c}/{id}`, { id: int }));
    const named = new Set<string>();
    while (named.size < 3) named.add(word(named.size === 1 ? f.word.verb() : f.word.adjective()));
    for (const n of named) out.push(op('GET', `/v1/${c}/${n}`));
    out.push(op('POST', `/v1/${c}/{id}/${word(f.word.verb())}`, { id: int }));
  }
  return sample('faker-sub-resources', out);
})();

/** Hard negatives: snake_case and kebab-case resource names, one convention per API. */
const joinedNames = (separator: '_' | '-', seed: number) => {
  const f = fakerFor('en', seed);
  const names = new Set<string>();
  for (let i = 0; names.size < 30 && i < 1000; i++)
    names.add(`${word(f.word.adjective())}${separator}${plural(word(f.word.noun()))}`);
  return [...names].flatMap((n, i) => [
    op('GET', `/api/v3/${n}`),
    ...(i % 2 === 0 ? [op('GET', `/api/v3/${n}/{id}`, { id: int })] : []),
  ]);
};
const snakeNames = sample('faker-snake-resources', joinedNames('_', 8000));
const kebabNames = sample('faker-kebab-resources', joinedNames('-', 9000));

export const FAKER_SHAPES: readonly ApiSample[] = [
  firstNames,
  companyNames,
  rootOrganisations,
  plainCollections,
  localisedCollections,
  subResources,
  snakeNames,
  kebabNames,
];
