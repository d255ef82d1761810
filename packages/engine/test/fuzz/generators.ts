// Input generators shared by the reader fuzz suites: garbage, mutations of a
// valid text (real corpus files or generated documents), and fields of the wrong type.
import fc from 'fast-check';
import { fuzzSettings } from './settings.js';

const { scale } = fuzzSettings;

/** Characters and tokens that break parsers: NUL, quotes, brackets, YAML indicators, lone surrogates, BOM. */
export const hostileToken = fc.constantFrom(
  '\u0000',
  '"',
  "'",
  '\\',
  '\n',
  '\r',
  '\t',
  ' ',
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  '#',
  '&a ',
  '*a',
  '!!binary ',
  '<<: ',
  '|',
  '>',
  '- ',
  '%',
  '%00',
  '%2F',
  '%zz',
  '?',
  '/',
  '//',
  '/../',
  '~',
  '\ud800',
  '\udfff',
  '\u2028',
  '\ufeff',
  'é',
  '😀',
  '$ref',
  '#/',
  '{id}',
  '{',
  'null',
  '-1',
  '1e999',
  'İ',
);

/** Text made of hostile tokens and arbitrary characters. */
export function garbageText(maxLength = 64): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: maxLength * scale }),
    fc.string({ unit: 'grapheme', maxLength: maxLength * scale }),
    fc
      .array(fc.oneof(hostileToken, fc.string({ maxLength: 4 })), { maxLength: maxLength / 2 })
      .map((a) => a.join('')),
  );
}

/** A value of any JSON type, for a field that should have one particular type. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, '', 'x', [], {}),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null)), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), {
    maxKeys: 3,
  }),
);

/** Mostly `valid`, sometimes a value of the wrong type (1 in `odds + 1`). */
export function maybeWrong<T>(valid: fc.Arbitrary<T>, odds = 8): fc.Arbitrary<T | unknown> {
  return fc.oneof({ arbitrary: valid, weight: odds }, { arbitrary: wrongType, weight: 1 });
}

type Edit =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'duplicate'; at: number; length: number }
  | { kind: 'truncate'; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 16 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(hostileToken, garbageText(8)),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 64 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function applyEdit(text: string, e: Edit): string {
  const at = text.length === 0 ? 0 : e.at % (text.length + 1);
  switch (e.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + e.length);
    case 'insert':
      return text.slice(0, at) + e.text + text.slice(at);
    case 'duplicate':
      return text.slice(0, at + e.length) + text.slice(at, at + e.length) + text.slice(at + e.length);
    case 'truncate':
      return text.slice(0, at);
  }
}

/** `text` with one to `maxEdits` deletions, insertions of hostile text, duplications or a truncation. */
export function mutated(text: fc.Arbitrary<string>, maxEdits = 4): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.array(edit, { minLength: 1, maxLength: maxEdits }))
    .map(([t, edits]) => edits.reduce(applyEdit, t));
}

/** Bytes of `text` as UTF-8, with invalid sequences (stray continuation, overlong, surrogate, 0xFF) spliced in. */
export function withInvalidUtf8(text: string, at: number[]): Uint8Array {
  const bad = [
    [0xff],
    [0x80],
    [0xc3],
    [0xe2, 0x82],
    [0xed, 0xa0, 0x80],
    [0xc0, 0xaf],
    [0xf4, 0x90, 0x80, 0x80],
  ];
  const bytes = [...Buffer.from(text, 'utf8')];
  for (const [i, n] of at.entries()) bytes.splice(n % (bytes.length + 1), 0, ...bad[i % bad.length]!);
  return Uint8Array.from(bytes);
}

/** `text` cut into pieces at the given offsets (a chunk boundary may fall inside a character). */
export function cutAt<T extends string | Uint8Array>(text: T, offsets: number[]): T[] {
  const cuts = [...new Set(offsets.map((o) => o % (text.length + 1)))].sort((a, b) => a - b);
  const out: T[] = [];
  let prev = 0;
  for (const c of [...cuts, text.length]) {
    if (c > prev) out.push(text.slice(prev, c) as T);
    prev = c;
  }
  return out;
}

/** A few lines picked from a corpus file (kept short, so each input stays small). */
export function someLines(lines: string[], max = 8): fc.Arbitrary<string[]> {
  return fc.array(fc.constantFrom(...lines), { minLength: 1, maxLength: max * scale });
}

/** A path of a few segments, some of them templated, encoded or hostile. */
export const urlPath: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { arbitrary: fc.constantFrom('users', 'v1', 'api', 'orders', 'items', 'me', 'health'), weight: 6 },
      {
        arbitrary: fc.constantFrom('{id}', '{userId}', ':id', '123', '550e8400-e29b-41d4-a716-446655440000'),
        weight: 3,
      },
      { arbitrary: hostileToken, weight: 1 },
      { arbitrary: fc.string({ maxLength: 6 }), weight: 1 },
    ),
    { maxLength: 5 },
  )
  .map((segs) => `/${segs.join('/')}`);

export const httpMethod = fc.oneof(
  { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'), weight: 8 },
  {
    arbitrary: fc.constantFrom('get', 'PROPFIND', 'ANY', 'M-SEARCH', '', ' ', 'GET /x', 'G\u0000T', 'ß'),
    weight: 1,
  },
);

type TreeEdit = { at: number[]; kind: 'replace' | 'delete' | 'share'; value: unknown };

const treeEdit: fc.Arbitrary<TreeEdit> = fc.record({
  at: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  kind: fc.constantFrom('replace', 'replace', 'delete', 'share'),
  value: fc.oneof(wrongType, garbageText(16)),
});

/** Walks `at` (child indices, taken modulo the number of children) down from `root`. */
function applyTreeEdit(root: unknown, e: TreeEdit): void {
  let parent: Record<string, unknown> | null = null;
  let key = '';
  let node = root;
  for (const i of e.at) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    parent = node as Record<string, unknown>;
    key = keys[i % keys.length]!;
    node = parent[key];
  }
  if (!parent) return;
  if (e.kind === 'delete') delete parent[key];
  else parent[key] = e.kind === 'share' ? root : e.value;
}

/** A copy of a parsed document with subtrees replaced by wrong types, deleted, or (with `cycles`) pointed back at the root. */
export function mutatedTree(doc: fc.Arbitrary<unknown>, maxEdits = 4, cycles = true): fc.Arbitrary<unknown> {
  return fc.tuple(doc, fc.array(treeEdit, { minLength: 1, maxLength: maxEdits })).map(([d, edits]) => {
    const copy = structuredClone(d);
    for (const e of edits) applyTreeEdit(copy, cycles || e.kind !== 'share' ? e : { ...e, kind: 'replace' });
    return copy;
  });
}
