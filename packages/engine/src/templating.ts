// Path templating: raw request paths → normalizedPath (`/users/123` → `/users/{userId}`).
// Three layers, strongest first:
//   1. a spec/gateway template that matches the path always wins (SpecTemplateIndex);
//   2. typed tokens become parameters (integers, UUIDs, ObjectIds, hex, prefixed ids,
//      e-mails, dates, high-entropy tokens), reserved segments stay (classifySegment);
//   3. a position whose distinct literal values under the same parent exceed a
//      threshold is merged into a parameter (PathTemplater).
import { CodeUnits } from './code-units.js';
import { pathMayHoldPii, safeDecode } from './pii/detect.js';

export type SegmentKind =
  'literal' | 'reserved' | 'id' | 'uuid' | 'objectId' | 'hash' | 'email' | 'date' | 'token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^-?\d+$/;
const HEX = /^[0-9a-f]+$/i;
const OBJECT_ID = /^[0-9a-f]{24}$/i;
const VERSION = /^v\d{1,3}([._]\d{1,3}){0,2}(-?(alpha|beta|rc)\d*)?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const EMAIL = /^[^@\s/]+@[^@\s/]+\.[a-z]{2,}$/i;
const PREFIXED_ID = /^[a-z]{2,10}_[A-Za-z0-9]{6,}$/;
/** Business keys: an upper-case prefix and dash-separated numbers (`INV-2024-0042`, `PROJ-123`, `ORD-884512`). */
const BUSINESS_KEY = /^[A-Z][A-Z0-9]{1,9}(-\d+)+$/;
const TOKEN_CHARS = /^[A-Za-z0-9_\-=.~+]+$/;
const FILE_LIKE =
  /^[A-Za-z0-9_-]+\.(json|xml|csv|html?|txt|png|jpe?g|gif|svg|ico|css|js|map|pdf|zip|gz|yaml|yml|woff2?|ttf|php|aspx?|jsp|cgi)$/i;

/** Segments that are structure, never parameters. */
const RESERVED = new Set([
  'api',
  'apis',
  'rest',
  'graphql',
  'rpc',
  'v',
  'latest',
  'stable',
  'beta',
  'alpha',
  'internal',
  'public',
  'private',
  'admin',
  'me',
  'self',
  'current',
  'search',
  'health',
  'healthz',
  'status',
  'metrics',
  'login',
  'logout',
  'auth',
  'oauth',
  'oauth2',
  'token',
  'tokens',
  'callback',
  'webhooks',
]);

function isDictionaryLike(seg: string): boolean {
  // Words, camelCase, snake/kebab case without digits runs: looks like a name a developer wrote.
  return /^[A-Za-z][a-z]*(?:[A-Z][a-z]*|[_-][A-Za-z][a-z]*)*$/.test(seg) && seg.length <= 40;
}

/** Hyphen/underscore-joined words (`logstash-monitorama-2013`, `getting_started`): mostly alphabetic parts. */
function isSlug(seg: string): boolean {
  if (!/^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+$/.test(seg)) return false;
  const parts = seg.split(/[-_]/);
  const words = parts.filter((p) => /^[A-Za-z]{2,}$/.test(p)).length;
  return (
    words * 2 >= parts.length &&
    words >= 1 &&
    !parts.some((p) => p.length >= 8 && /\d/.test(p) && /[A-Za-z]/.test(p))
  );
}

function entropyPerChar(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1000) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/**
 * Classify one decoded path segment. `position` tells whether the segment sits
 * where an API version usually sits (first segment, or right after a reserved one);
 * a date there is a version (`/2024-01-01/charges`), elsewhere a parameter.
 */
export function classifySegment(seg: string, versionPosition = false): SegmentKind {
  if (seg === '') return 'literal';
  // Fast path for the common cases (hot in log ingestion): all digits, all lower-case letters.
  let digits = true;
  let lowerWord = seg.length <= 40;
  for (let i = 0; i < seg.length && (digits || lowerWord); i++) {
    const c = seg.charCodeAt(i);
    if (c < 48 || c > 57) digits = false;
    if (c < 97 || c > 122) lowerWord = false;
  }
  if (digits) return 'id';
  if (lowerWord) return RESERVED.has(seg) ? 'reserved' : 'literal';
  const lower = seg.toLowerCase();
  if (RESERVED.has(lower) || VERSION.test(seg)) return 'reserved';
  if (INTEGER.test(seg)) return 'id';
  if (UUID.test(seg)) return 'uuid';
  const date = DATE.exec(seg);
  if (date) {
    if (!isRealDate(Number(date[1]), Number(date[2]), Number(date[3]))) return 'literal';
    return versionPosition ? 'reserved' : 'date';
  }
  if (DATETIME.test(seg)) return 'date';
  if (OBJECT_ID.test(seg)) return 'objectId';
  if (seg.length >= 16 && HEX.test(seg) && /\d/.test(seg)) return 'hash';
  if (seg.includes('@') && EMAIL.test(seg)) return 'email';
  if (FILE_LIKE.test(seg)) return 'literal';
  if (PREFIXED_ID.test(seg)) {
    const tail = seg.slice(seg.indexOf('_') + 1);
    if (/\d/.test(tail) || (/[A-Z]/.test(tail) && /[a-z]/.test(tail))) return 'id';
  }
  // At least two digits in a group, so `HTTP-2` or `IPV-6` stay literal.
  if (BUSINESS_KEY.test(seg) && /\d{2}/.test(seg)) return 'id';
  if (isDictionaryLike(seg) || isSlug(seg)) return 'literal';
  if (
    seg.length >= 16 &&
    TOKEN_CHARS.test(seg) &&
    entropyPerChar(seg) >= 3.2 &&
    /\d/.test(seg) &&
    /[A-Za-z]/.test(seg)
  ) {
    return 'token';
  }
  // Short mixed letters+digits without separators (`a1b2c3d4`, `9s6XKz`) are ids;
  // words with a digit suffix (`page2`, `oauth2`) are not.
  if (seg.length >= 6 && /^[A-Za-z0-9]+$/.test(seg) && /\d/.test(seg) && /[A-Za-z]/.test(seg)) {
    if (!/^[A-Za-z]+\d{1,2}$/.test(seg) && (seg.match(/\d/g)?.length ?? 0) >= 2) return 'id';
  }
  // Numbers with a unit or extension (`123.json`) keep the extension.
  return 'literal';
}

const PARAM_NAME: Record<Exclude<SegmentKind, 'literal' | 'reserved'>, string> = {
  id: '{id}',
  uuid: '{uuid}',
  objectId: '{objectId}',
  hash: '{hash}',
  email: '{email}',
  date: '{date}',
  token: '{token}',
};

/** Parameters the templater guesses (typed tokens and cardinality merges), before naming. */
const GUESSED = new Set([...Object.values(PARAM_NAME), '{param}']);
/** Guessed parameters that identify a resource: named after the segment before them (`{userId}`). */
const RESOURCE_IDS = new Set(['{id}', '{uuid}', '{objectId}', '{param}']);
/** Words that name a value rather than a resource (`/id/{id}`, `/uuid/{uuid}` keep the typed name). */
const VALUE_WORDS = new Set([
  'id',
  'uuid',
  'guid',
  'objectid',
  'hash',
  'email',
  'date',
  'token',
  'key',
  'param',
]);
const IRREGULAR_PLURALS = new Map([
  ['people', 'person'],
  ['children', 'child'],
]);
const NUMBERED_GUESS = /^\{(id|uuid|objectId|hash|email|date|token|param)\d+\}$/;

/**
 * The singular camelCase name of a resource segment (`users` → `user`, `payment-methods` →
 * `paymentMethod`, `categories` → `category`, `line_items` → `lineItem`), or null when the
 * segment is not a plain word (reserved words, versions, numbers, file names, encoded text).
 */
export function resourceName(seg: string): string | null {
  if (seg.length > 40 || !/^[A-Za-z]+(?:[-_][A-Za-z]+)*$/.test(seg)) return null;
  if (classifySegment(seg) !== 'literal') return null;
  const words = seg.split(/[-_]/).map((w) => (w === w.toUpperCase() ? w.toLowerCase() : w));
  let last = words[words.length - 1] as string;
  const irregular = IRREGULAR_PLURALS.get(last.toLowerCase());
  if (irregular) last = irregular;
  else if (/ies$/i.test(last) && last.length > 4) last = `${last.slice(0, -3)}y`;
  else if (/[^siu]s$/i.test(last) && last.length > 3) last = last.slice(0, -1);
  words[words.length - 1] = last;
  const name = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() : w.charAt(0).toUpperCase()) + w.slice(1))
    .join('');
  return name.length >= 2 && !VALUE_WORDS.has(name.toLowerCase()) ? name : null;
}

/** A parameter segment as the templater guesses it, before naming (`{id}`, `{uuid}`, `{param}`, …). */
export function isGuessedParameter(seg: string): boolean {
  return GUESSED.has(seg);
}

function isParamSegment(seg: string): boolean {
  return seg.charCodeAt(0) === 123 && seg.charCodeAt(seg.length - 1) === 125;
}

/**
 * Give the guessed parameters of a template readable names, unique within the path:
 * `{id}`, `{uuid}`, `{objectId}` and `{param}` after a resource word take its singular name
 * (`/users/{id}/payment-methods/{id}` → `/users/{userId}/payment-methods/{paymentMethodId}`);
 * otherwise, or when that name is taken, the typed name (`{uuid}`, `{date}`, `{token}`),
 * then the typed name with a number (`{id2}`). Other parameters (declared names, names
 * given earlier, and those at `fixed` positions) are kept and reserve their names.
 * Naming a named template changes nothing.
 */
export function nameParameters(
  segments: readonly string[],
  fixed: (index: number) => boolean = () => false,
): string[] {
  const used = new Set<string>();
  let guessed = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (!isParamSegment(s)) continue;
    if (GUESSED.has(s) && !fixed(i)) guessed++;
    else used.add(s.slice(1, -1));
  }
  if (guessed === 0) return [...segments];
  const out = [...segments];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    if (!GUESSED.has(s) || fixed(i)) continue;
    let name: string | undefined;
    if (RESOURCE_IDS.has(s) && i > 0) {
      const resource = resourceName(segments[i - 1] as string);
      if (resource && !used.has(`${resource}Id`)) name = `${resource}Id`;
    }
    if (name === undefined) {
      const typed = s.slice(1, -1);
      name = typed;
      for (let n = 2; used.has(name); n++) name = `${typed}${n}`;
    }
    used.add(name);
    out[i] = `{${name}}`;
  }
  return out;
}

/** `nameParameters` for a joined template (`/users/{id}` → `/users/{userId}`). */
export function nameTemplate(template: string): string {
  if (!template.includes('{')) return template;
  return joinSegments(nameParameters(template === '/' ? [] : template.slice(1).split('/')));
}

/**
 * The trie key of a parameter segment of a stored (named) template: a name `nameParameters`
 * gave maps back to the guess it came from (`{userId}` after `users` → `{id}`, `{id2}` →
 * `{id}`); `resource` tells that the name came from the resource word (an `{id}`, `{uuid}`,
 * `{objectId}` or `{param}` before naming). Other names are declared ones and stay.
 */
function guessOf(key: string, prev: string | undefined): { key: string; resource: boolean } {
  if (GUESSED.has(key)) return { key, resource: false };
  const numbered = NUMBERED_GUESS.exec(key);
  if (numbered) return { key: `{${numbered[1]}}`, resource: false };
  if (prev !== undefined && !isParamSegment(prev)) {
    const resource = resourceName(prev);
    if (resource && key === `{${resource}Id}`) return { key: '{id}', resource: true };
  }
  return { key, resource: false };
}

/** Split a raw path into decoded segments: drops the query/fragment, collapses `//`, keeps `/` root. */
export function splitPath(rawPath: string): string[] {
  let end = rawPath.length;
  const q = rawPath.indexOf('?');
  if (q >= 0) end = q;
  const h = rawPath.indexOf('#');
  if (h >= 0 && h < end) end = h;
  const out: string[] = [];
  let start = 0;
  while (start < end) {
    let slash = rawPath.indexOf('/', start);
    if (slash < 0 || slash > end) slash = end;
    if (slash > start) {
      const seg = rawPath.slice(start, slash);
      out.push(seg.includes('%') ? safeDecode(seg) : seg);
    }
    start = slash + 1;
  }
  return out;
}

export interface TemplateResult {
  normalizedPath: string;
  /** Parameter name → raw value for every segment that became a parameter. */
  params: { name: string; value: string }[];
  /** True when a spec/gateway template decided the result. */
  fromSpec: boolean;
}

const API_PARENT = /(^|\/)apis?$/i;

/**
 * One digit (1-9) right after `api` or `apis` is the API's version, kept as a
 * literal: `/rest/api/2/issue/{id}` (Jira), `/api/3/users`. `parent` is the
 * path (or segment) before it.
 */
function isApiVersionDigit(code: number, parent: string): boolean {
  return code >= 49 && code <= 57 && API_PARENT.test(parent);
}

/** Template one path with typed tokens only (no learned cardinality, no spec). */
export function templateSegments(segments: readonly string[]): string[] {
  const out = new Array<string>(segments.length);
  let prevReserved = true;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as string;
    if (seg.charCodeAt(0) === 123 && /^\{[^{}/]+\}$/.test(seg)) {
      out[i] = seg; // already a parameter (re-templating a stored normalizedPath)
      prevReserved = false;
      continue;
    }
    if (seg.length === 1 && i > 0 && isApiVersionDigit(seg.charCodeAt(0), segments[i - 1] as string)) {
      out[i] = seg;
      prevReserved = false;
      continue;
    }
    const kind = classifySegment(seg, prevReserved && i < 3);
    prevReserved = kind === 'reserved';
    out[i] = kind === 'literal' || kind === 'reserved' ? escapeLiteral(seg) : PARAM_NAME[kind];
  }
  return out;
}

function escapeLiteral(seg: string): string {
  // A literal that looks like a template parameter is encoded so it cannot be confused.
  return seg.includes('{') || seg.includes('}') ? seg.replace(/\{/g, '%7B').replace(/\}/g, '%7D') : seg;
}

export function joinSegments(segs: readonly string[]): string {
  return segs.length === 0 ? '/' : '/' + segs.join('/');
}

/** Normalise an OpenAPI/gateway template: `/users/{user_id}/` → `/users/{user_id}`; `:id` and `{proxy+}` forms become `{id}`, `{proxy+}`. */
export function normalizeTemplate(template: string): string {
  const segs = template
    .split(/[?#]/)[0]!
    .split('/')
    .filter((s) => s !== '');
  return joinSegments(segs.map((s) => (s.startsWith(':') && s.length > 1 ? `{${s.slice(1)}}` : s)));
}

interface CompiledTemplate {
  template: string;
  segments: (string | RegExp | null)[]; // string literal, RegExp partial param, null full param, greedy handled by `greedy`
  greedy: boolean;
  literalCount: number;
  methods: Set<string> | null;
}

function compileTemplate(template: string, methods: string[] | null): CompiledTemplate {
  const norm = normalizeTemplate(template);
  const parts = norm === '/' ? [] : norm.slice(1).split('/');
  let greedy = false;
  let literalCount = 0;
  const segments = parts.map((p, i): string | RegExp | null => {
    if (/^\{[^}]*\+\}$/.test(p) && i === parts.length - 1) {
      greedy = true;
      return null;
    }
    if (/^\{[^}]*\}$/.test(p)) return null;
    if (p.includes('{')) {
      const re = p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]*\\?\}/g, '[^/]+');
      return new RegExp(`^${re.replace(/\{[^}]*\}/g, '[^/]+')}$`);
    }
    literalCount++;
    return safeDecode(p);
  });
  if (greedy) segments.pop();
  return {
    template: norm,
    segments,
    greedy,
    literalCount,
    methods: methods && new Set(methods.map((m) => m.toUpperCase())),
  };
}

/**
 * Declared templates (from a spec or gateway) for one domain; `match` finds the
 * most specific template for a raw path (more literal segments win).
 */
export class SpecTemplateIndex {
  private readonly byLength = new Map<number, CompiledTemplate[]>();
  private readonly greedy: CompiledTemplate[] = [];

  add(template: string, methods: string[] | null = null): void {
    const c = compileTemplate(template, methods);
    if (c.greedy) this.greedy.push(c);
    else {
      const list = this.byLength.get(c.segments.length) ?? [];
      list.push(c);
      list.sort((a, b) => b.literalCount - a.literalCount);
      this.byLength.set(c.segments.length, list);
    }
  }

  get size(): number {
    let n = this.greedy.length;
    for (const l of this.byLength.values()) n += l.length;
    return n;
  }

  match(segments: readonly string[], method?: string): string | null {
    const candidates = this.byLength.get(segments.length);
    const m = method?.toUpperCase();
    if (candidates) {
      let fallback: string | null = null;
      for (const c of candidates) {
        if (!segmentsMatch(c, segments)) continue;
        if (!c.methods || (m && c.methods.has(m))) return c.template;
        fallback ??= c.template;
      }
      if (fallback) return fallback;
    }
    for (const c of this.greedy) {
      if (segments.length > c.segments.length && segmentsMatch(c, segments)) return c.template;
    }
    return null;
  }
}

function segmentsMatch(c: CompiledTemplate, segments: readonly string[]): boolean {
  for (let i = 0; i < c.segments.length; i++) {
    const want = c.segments[i];
    const got = segments[i] as string;
    if (want === null || want === undefined) continue;
    if (typeof want === 'string') {
      if (want !== got) return false;
    } else if (!want.test(got)) return false;
  }
  return true;
}

interface TrieNode {
  /** The normalised path of this node (`/api/v1/users/{id}`); '' for the root. */
  template: string;
  /** literal child segment → node */
  children: Map<string, TrieNode>;
  /** How often this node was reached as a literal child (keeps frequent static siblings when merging). */
  hits: number;
  /** typed-token children (`{id}`, `{uuid}`, …) */
  typed: Map<string, TrieNode> | null;
  /** the child that merged literals go to (`{param}`) */
  param: TrieNode | null;
  merged: boolean;
  /** children count at which the next merge attempt happens */
  nextCheck: number;
  /** hits at or above which a literal child counts as a dominant static route (set at merge) */
  dominance: number;
  /** Caller data per leaf (the inventory keeps its aggregates per method here), stamped with a generation. */
  slots: Map<string, unknown> | null;
  slotGeneration: number;
  /** The slot used last (key and value), checked before the map; valid with `slots`. */
  lastSlotKey: string | null;
  lastSlot: unknown;
  /** This node's own segment is a reserved word or version (`api`, `v1`). */
  reserved: boolean;
  /** This node's own literal segment may hold PII by value (see pathMayHoldPii). */
  pii: boolean;
  /**
   * The plain literal children while there are few (learnPath compares them with the raw
   * path in place, no per-segment string); null when stale: every change of `children` resets it.
   */
  small: SmallChildren | null;
  /** Length of this node's own literal key (set with its parent's `small` list). */
  segmentLength: number;
  /**
   * A typed child keyed `{id}` only because a stored template named it (`{userId}` may have
   * been any resource id): the first other guess arriving at its parent (`{uuid}`, `{objectId}`,
   * a merged `{param}`) takes it over; traffic with an `{id}` confirms it.
   */
  fromName: boolean;
}

function newNode(threshold: number, template: string, reserved = false, pii = false): TrieNode {
  return {
    reserved,
    pii,
    template,
    children: new Map(),
    hits: 0,
    typed: null,
    param: null,
    merged: false,
    nextCheck: threshold,
    dominance: Infinity,
    slots: null,
    slotGeneration: -1,
    lastSlotKey: null,
    lastSlot: undefined,
    small: null,
    segmentLength: 0,
    fromName: false,
  };
}

/** Literal children compared in place by learnPath up to this many (a Map lookup beyond). */
const SMALL_CHILDREN = 16;

/** The plain literal children of a node, as parallel arrays for `literalAt`. */
interface SmallChildren {
  nodes: TrieNode[];
  /** The code units of each key (compared with the path's without string access). */
  codes: Uint16Array[];
  /** First code unit and length of each key (compared first). */
  firsts: number[];
  lengths: number[];
}

/**
 * The literal child of `node` whose key is the whole segment at `units[start…]` (followed by
 * '/', '?', '#' or the end), compared in place: no scan for the segment's end, no string.
 * Keys holding '%', '/', '?' or '#' (decoded or escaped text) are left to the scan.
 */
function literalAt(node: TrieNode, units: Uint16Array, start: number, length: number): TrieNode | undefined {
  const small = node.small ?? smallChildrenOf(node);
  const first = units[start];
  const { firsts, lengths } = small;
  for (let i = 0; i < firsts.length; i++) {
    if (firsts[i] !== first) continue;
    const len = lengths[i] as number;
    const end = start + len;
    if (end > length) continue;
    if (end < length) {
      const t = units[end];
      if (t !== 47 && t !== 63 && t !== 35) continue;
    }
    const key = small.codes[i] as Uint16Array;
    let j = 1;
    while (j < len && key[j] === units[start + j]) j++;
    if (j === len) return small.nodes[i];
  }
  return undefined;
}

/** Build `node.small` (kept apart from `literalAt`, so that the hot function stays small enough to inline). */
function smallChildrenOf(node: TrieNode): SmallChildren {
  const small: SmallChildren = { nodes: [], codes: [], firsts: [], lengths: [] };
  for (const [k, child] of node.children) {
    child.segmentLength = k.length;
    if (/[%/?#]/.test(k)) continue;
    const codes = new Uint16Array(k.length);
    for (let i = 0; i < k.length; i++) codes[i] = k.charCodeAt(i);
    small.nodes.push(child);
    small.codes.push(codes);
    small.firsts.push(codes[0] as number);
    small.lengths.push(k.length);
  }
  return (node.small = small);
}

/** The code units of the path `learnPath` walks. */
const pathUnits = new CodeUnits();

/** A node reached by `learnPath`: its template and a slot map for the caller (valid for one generation). */
export interface PathLeaf {
  readonly template: string;
  slots: Map<string, unknown> | null;
  slotGeneration: number;
  /** The slot used last (key and value), checked before the map; valid with `slots`. */
  lastSlotKey: string | null;
  lastSlot: unknown;
}

export interface TemplaterOptions {
  /** Distinct literal values of one shape under one parent beyond which they become `{param}`. Default 20. */
  cardinalityThreshold?: number;
}

/** Hard cap of literal children per node: past it every non-dominant child is merged. */
const MAX_CHILDREN = 2000;

/** The shape of a subtree's first level: its literal children and its parameter children. */
function signature(node: TrieNode): string {
  const keys = [
    ...node.children.keys(),
    ...(node.typed ? node.typed.keys() : []),
    ...(node.param ? ['{param}'] : []),
  ];
  return keys.sort().join('/');
}

/**
 * Learns from the paths it sees: typed tokens are parameters at once; literal
 * siblings under the same parent (per domain) that share a shape (the same
 * sub-routes below them) and outnumber the threshold are merged into `{param}`.
 * Siblings that carry far more traffic than the average value (`/users/me` next to
 * `/users/{param}`), reserved words, file names and camelCase operation names stay
 * literal. Memory is bounded: a node keeps at most MAX_CHILDREN literal children.
 */
export class PathTemplater {
  private readonly roots = new Map<string, TrieNode>();
  private readonly threshold: number;
  /** Bumped on every merge so callers can invalidate what they cached per template. */
  generation = 0;
  /** Whether the path given to the last `learnPath` call may hold PII by value in a segment. */
  lastPathMayHoldPii = false;

  constructor(options: TemplaterOptions = {}) {
    this.threshold = Math.max(2, options.cardinalityThreshold ?? 20);
  }

  private root(domain: string): TrieNode {
    let node = this.roots.get(domain);
    if (!node) this.roots.set(domain, (node = newNode(this.threshold, '')));
    return node;
  }

  /** One learning step from `node` along `key` (a literal or a `{…}` parameter). */
  private step(node: TrieNode, key: string, weight: number, named = false): TrieNode {
    if (key.charCodeAt(0) === 123) {
      if (key === '{param}') return this.paramChild(node);
      node.typed ??= new Map();
      let child = node.typed.get(key);
      if (!child) {
        const stray = key === '{uuid}' || key === '{objectId}' ? this.takeNamed(node) : null;
        child = stray ?? newNode(this.threshold, `${node.template}/${key}`);
        node.typed.set(key, child);
        if (stray) retemplate(stray, `${node.template}/${key}`);
      } else if (child.fromName && !named) child.fromName = false;
      return child;
    }
    const existing = node.children.get(key);
    if (existing) {
      existing.hits += weight;
      return existing;
    }
    if (node.merged && !isStaticName(key)) return this.paramChild(node);
    const child = newNode(
      this.threshold,
      `${node.template}/${key}`,
      RESERVED.has(key.toLowerCase()) || VERSION.test(key) || DATE.test(key),
    );
    node.children.set(key, child);
    node.small = null;
    child.hits = weight;
    if (node.children.size >= node.nextCheck) {
      node.nextCheck = Math.min(node.children.size + Math.ceil(this.threshold / 4), MAX_CHILDREN);
      if (this.merge(node, node.children.size >= MAX_CHILDREN))
        return node.children.get(key) ?? (node.param as TrieNode);
    }
    return child;
  }

  /** The `{param}` child of a node (created, or taken over from a stored name's `{id}`). */
  private paramChild(node: TrieNode): TrieNode {
    if (node.param) return node.param;
    const stray = this.takeNamed(node);
    node.param = stray ?? newNode(this.threshold, `${node.template}/{param}`);
    if (stray) retemplate(stray, `${node.template}/{param}`);
    return node.param;
  }

  /** Detach and return the `{id}` child that only a stored name created (see `fromName`). */
  private takeNamed(node: TrieNode): TrieNode | null {
    const child = node.typed?.get('{id}');
    if (!child?.fromName) return null;
    node.typed?.delete('{id}');
    child.fromName = false;
    this.generation++;
    return child;
  }

  /** Record a path (segments already split) so later calls can merge high-cardinality positions. */
  learn(domain: string, segments: readonly string[], weight = 1): void {
    this.learnTyped(domain, templateSegments(segments), weight);
  }

  /**
   * Like `learn`, for segments already passed through `templateSegments`; returns
   * the current template as segments (merged positions become `{param}`).
   */
  learnTyped(domain: string, typed: readonly string[], weight = 1): string[] {
    let node = this.root(domain);
    for (let i = 0; i < typed.length; i++) {
      const t = typed[i] as string;
      if (t.charCodeAt(0) !== 123) {
        node = this.step(node, t, weight);
        continue;
      }
      const key = this.paramKey(node, t, typed[i - 1]);
      const named = key !== t;
      const created = key === '{id}' && guessOf(t, typed[i - 1]).resource && !node.typed?.has(key);
      node = this.step(node, key, weight, named);
      if (created) node.fromName = true;
    }
    return node.template === '' ? [] : node.template.slice(1).split('/');
  }

  /**
   * The trie key for a parameter segment, which may be named (a stored template):
   * a guessed name goes back to its guess; a resource name (`{userId}`, from an `{id}`,
   * `{uuid}`, `{objectId}` or `{param}`) goes to whichever of those exists here.
   */
  private paramKey(node: TrieNode, key: string, prev: string | undefined): string {
    const guess = guessOf(key, prev);
    if (!guess.resource) return guess.key;
    for (const k of ['{id}', '{uuid}', '{objectId}']) if (node.typed?.has(k)) return k;
    return node.param ? '{param}' : '{id}';
  }

  /**
   * Learn a raw path and return its leaf: one pass over the string, no
   * intermediate arrays (the hot path of log ingestion).
   */
  learnPath(domain: string, rawPath: string): PathLeaf {
    let node = this.root(domain);
    const length = rawPath.length;
    const u = pathUnits.of(rawPath);
    let index = 0;
    let prevReserved = true;
    let pii = false;
    // One pass over the code units: segments end at '/', the path at '?' or '#' (native
    // indexOf calls cost more than this loop; reading a typed array costs less than charCodeAt).
    let start = 0;
    let done = false;
    while (!done) {
      // A literal child already known here is matched in place, before any scan of the segment.
      const size = node.children.size;
      let known =
        size > 0 && size <= SMALL_CHILDREN && start < length ? literalAt(node, u, start, length) : undefined;
      let slash = start;
      let digits = true;
      let encoded = false;
      // Whether every character is a hex digit or '-', and where the dashes are (UUID layout).
      let hexDash = true;
      let dashes = 0;
      let seg: string | null = null;
      if (known !== undefined) {
        slash = start + known.segmentLength;
        if (slash >= length || u[slash] !== 47) done = true; // end, '?' or '#'
      } else {
        for (; slash < length; slash++) {
          const c = u[slash] as number;
          if (c === 47) break;
          if (c === 63 || c === 35) {
            done = true;
            break;
          }
          if (c < 48 || c > 57) {
            digits = false;
            if (c === 45) {
              const at = slash - start;
              dashes += at === 8 || at === 13 || at === 18 || at === 23 ? 1 : 5;
            } else if (!((c >= 97 && c <= 102) || (c >= 65 && c <= 70))) {
              hexDash = false;
              if (c === 37) encoded = true;
            }
          }
        }
        if (slash >= length) done = true;
        // Many children: a Map lookup (with few, a plain segment was compared in place above).
        if (slash > start && (size > SMALL_CHILDREN || (size > 0 && encoded))) {
          seg = rawPath.slice(start, slash);
          if (encoded) seg = safeDecode(seg);
          known = node.children.get(seg);
        }
      }
      if (slash > start) {
        if (known !== undefined) {
          // A segment already known as a literal child here needs no classification.
          known.hits++;
          pii ||= known.pii;
          node = known;
          prevReserved = known.reserved;
          index++;
          start = slash + 1;
          continue;
        }
        let key: string;
        let literalPii = false;
        if (digits && !(slash - start === 1 && isApiVersionDigit(u[start] as number, node.template))) {
          key = PARAM_NAME.id; // what classifySegment says of any all-digit segment
          prevReserved = false;
        } else if (digits) {
          key = String.fromCharCode(u[start] as number); // the API's version (`/rest/api/2`)
          prevReserved = false;
        } else if (hexDash && dashes === 4 && slash - start === 36) {
          key = PARAM_NAME.uuid; // never reserved, a version or an integer: classifySegment's 'uuid'
          prevReserved = false;
        } else {
          if (seg === null) {
            seg = rawPath.slice(start, slash);
            if (encoded) seg = safeDecode(seg);
          }
          if (seg.charCodeAt(0) === 123 && /^\{[^{}/]+\}$/.test(seg)) {
            key = seg;
            prevReserved = false;
          } else {
            const kind = classifySegment(seg, prevReserved && index < 3);
            prevReserved = kind === 'reserved';
            if (kind === 'literal' || kind === 'reserved') {
              key = escapeLiteral(seg);
              literalPii = pathMayHoldPii(seg);
              pii ||= literalPii;
            } else {
              key = PARAM_NAME[kind];
              pii ||= kind === 'email' || kind === 'token';
            }
          }
        }
        const parent = node;
        node = this.step(node, key, 1);
        // The literal child remembers it, for the lines that reach it in place.
        if (literalPii && parent.children.get(key) === node) node.pii = true;
        index++;
      }
      start = slash + 1;
    }
    this.lastPathMayHoldPii = pii;
    return node;
  }

  /** Merge the largest same-shape group of value-like children; returns whether anything merged. */
  private merge(node: TrieNode, force: boolean): boolean {
    const groups = new Map<string, string[]>();
    let total = 0;
    for (const [seg, child] of node.children) {
      total += child.hits;
      if (isStaticName(seg)) continue;
      const sig = force ? '*' : signature(child);
      const g = groups.get(sig);
      if (g) g.push(seg);
      else groups.set(sig, [seg]);
    }
    let best: string[] = [];
    for (const g of groups.values()) if (g.length > best.length) best = g;
    if (best.length < this.threshold && !force) return false;
    const mean = total / Math.max(1, node.children.size);
    node.dominance = Math.min(node.dominance, Math.max(4, mean * 4));
    const param = this.paramChild(node);
    for (const seg of best) {
      if ((node.children.get(seg) as TrieNode).hits >= node.dominance) continue; // a dominant static route
      mergeInto(param, node.children.get(seg) as TrieNode);
      node.children.delete(seg);
      node.small = null;
    }
    node.merged = true;
    retemplate(param, `${node.template}/{param}`);
    this.generation++;
    return true;
  }

  /**
   * After a position merged, literals that arrived before the merge with another
   * shape (a value seen only with some sub-routes) are still values: fold every
   * non-static, non-dominant literal of merged nodes into the parameter.
   */
  finalize(): void {
    const visit = (node: TrieNode, depth: number): void => {
      if (depth > 64) return;
      if (node.merged) {
        const param = this.paramChild(node);
        let changed = false;
        for (const [seg, child] of [...node.children]) {
          if (isStaticName(seg) || child.hits >= node.dominance) continue;
          mergeInto(param, child);
          node.children.delete(seg);
          node.small = null;
          changed = true;
        }
        if (changed) {
          retemplate(param, `${node.template}/{param}`);
          this.generation++;
        }
      }
      for (const child of node.children.values()) visit(child, depth + 1);
      if (node.typed) for (const child of node.typed.values()) visit(child, depth + 1);
      if (node.param) visit(node.param, depth + 1);
    };
    for (const root of this.roots.values()) visit(root, 0);
  }

  /** Template a path with what has been learned so far (does not learn). */
  template(domain: string, segments: readonly string[]): string[] {
    return this.templateTyped(domain, templateSegments(segments));
  }

  /**
   * Like `template`, for segments already passed through `templateSegments`. Returns the
   * trie's own (unnamed) parameters: names a stored template carries map back to their
   * guesses (`{userId}` → `{id}`); `nameParameters` names the result.
   */
  templateTyped(domain: string, typedIn: readonly string[]): string[] {
    const typed = [...typedIn];
    let node = this.roots.get(domain) ?? null;
    for (let i = 0; i < typed.length; i++) {
      const t = typed[i] as string;
      if (!node) {
        if (t.charCodeAt(0) === 123) typed[i] = guessOf(t, typedIn[i - 1]).key;
        continue;
      }
      if (t.charCodeAt(0) === 123) {
        const key = this.paramKey(node, t, typedIn[i - 1]);
        typed[i] = key;
        node = key === '{param}' ? node.param : (node.typed?.get(key) ?? null);
        continue;
      }
      const child = node.children.get(t);
      if (child) node = child;
      else if (node.merged && !isStaticName(t)) {
        typed[i] = '{param}';
        node = node.param;
      } else node = null;
    }
    return typed;
  }
}

/**
 * Reserved words, file names and camelCase operation names (`findByStatus`,
 * `createWithList`) never become parameters by cardinality.
 */
function isStaticName(seg: string): boolean {
  return (
    FILE_LIKE.test(seg) ||
    RESERVED.has(seg.toLowerCase()) ||
    VERSION.test(seg) ||
    /^[a-z]+(?:[A-Z][a-z]+)+$/.test(seg)
  );
}

function mergeInto(target: TrieNode, source: TrieNode): void {
  for (const [seg, child] of source.children) {
    const existing = target.children.get(seg);
    if (existing) {
      existing.hits += child.hits;
      mergeInto(existing, child);
    } else {
      target.children.set(seg, child);
      target.small = null;
    }
  }
  if (source.typed) {
    target.typed ??= new Map();
    for (const [key, child] of source.typed) {
      const existing = target.typed.get(key);
      if (existing) mergeInto(existing, child);
      else target.typed.set(key, child);
    }
  }
  if (source.param) {
    if (target.param) mergeInto(target.param, source.param);
    else target.param = source.param;
  }
  target.merged ||= source.merged;
  target.dominance = Math.min(target.dominance, source.dominance);
}

/** Recompute the stored templates of a subtree moved by a merge (and drop its stale slots). */
function retemplate(node: TrieNode, template: string): void {
  node.template = template;
  node.slots = null;
  node.slotGeneration = -1;
  node.lastSlotKey = null;
  node.lastSlot = undefined;
  for (const [seg, child] of node.children) retemplate(child, `${template}/${seg}`);
  if (node.typed) for (const [key, child] of node.typed) retemplate(child, `${template}/${key}`);
  if (node.param) retemplate(node.param, `${template}/{param}`);
}

/**
 * Template one raw path. With `templates` (declared spec/gateway templates for the
 * domain) a matching template wins; with a `templater` learned positions are merged.
 */
export function templatePath(
  rawPath: string,
  options: {
    method?: string;
    domain?: string;
    templates?: SpecTemplateIndex;
    templater?: PathTemplater;
  } = {},
): TemplateResult {
  const segments = splitPath(rawPath);
  const spec = options.templates?.match(segments, options.method);
  if (spec) return { normalizedPath: spec, params: paramsOf(spec, segments), fromSpec: true };
  const typed = options.templater
    ? options.templater.template(options.domain ?? '', segments)
    : templateSegments(segments);
  const normalizedPath = joinSegments(nameParameters(typed));
  return { normalizedPath, params: paramsOf(normalizedPath, segments), fromSpec: false };
}

function paramsOf(template: string, segments: readonly string[]): { name: string; value: string }[] {
  const parts = template === '/' ? [] : template.slice(1).split('/');
  const params: { name: string; value: string }[] = [];
  parts.forEach((p, i) => {
    const m = /^\{([^}+]*)\+?\}$/.exec(p);
    if (m && segments[i] !== undefined) params.push({ name: m[1] ?? 'param', value: segments[i] as string });
  });
  return params;
}
