// The learning tree: per domain, a trie of the paths seen so far. Typed tokens are
// parameters at once; literal siblings that share a shape and outnumber a threshold merge
// into `{param}`. `learnPath` is the hot path of log ingestion: one pass over the raw
// path's code units, known literal children compared in place, no intermediate arrays.
import { pathMayHoldPii } from '../pii/scan.js';
import { safeDecode } from '../url-text.js';
import {
  DASH,
  DIGIT_0,
  DIGIT_9,
  HASH,
  LOWER_A,
  LOWER_F,
  OPEN_BRACE,
  PERCENT,
  QUESTION,
  SLASH,
  UPPER_A,
  UPPER_F,
} from './chars.js';
import { METHOD_BITS, OTHER_METHOD, childKeys, ownSegment } from './features/position.js';
import { scoredValues } from './features/scored-merge.js';
import type { Contribution } from './features/scorer.js';
import { guessOf, resourceName } from './names.js';
import { segmentWords, vocabularyShare } from './vocabulary.js';
import {
  PARAM_NAME,
  classifySegment,
  escapeLiteral,
  isNamedOperation,
  isStaticName,
  isStoredParameter,
  isVersionSegment,
  isStructural,
  isVersionDigit,
  isDecimal,
  dependsOnPlace,
  afterServiceName,
  splitPath,
  isWordLike,
  templateSegments,
} from './segments.js';

interface TrieNode<T> {
  /** The normalised path of this node (`/api/v1/users/{id}`); '' for the root. */
  template: string;
  /** literal child segment → node */
  children: Map<string, TrieNode<T>>;
  /** How often this node was reached as a literal child (keeps frequent static siblings when merging). */
  hits: number;
  /** typed-token children (`{id}`, `{uuid}`, …) */
  typed: Map<string, TrieNode<T>> | null;
  /** the child that merged literals go to (`{param}`) */
  param: TrieNode<T> | null;
  merged: boolean;
  /** children count at which the next merge attempt happens */
  nextCheck: number;
  /** hits at or above which a literal child counts as a dominant static route (set at merge) */
  dominance: number;
  /** The caller's data for this leaf (see `PathTemplater.payloadOf`), valid for `payloadEpoch`. */
  payload: T | undefined;
  payloadEpoch: number;
  /** This node's own segment is a reserved word or version (`api`, `v1`). */
  reserved: boolean;
  /** This node's own literal segment may hold PII by value (see pathMayHoldPii). */
  pii: boolean;
  /**
   * The plain literal children while there are few (learnPath compares them with the raw
   * path in place, no per-segment string); null when stale: every change of `children` resets it.
   */
  small: SmallChildren<T> | null;
  /** Length of this node's own literal key (set with its parent's `small` list). */
  segmentLength: number;
  /**
   * A typed child keyed `{id}` only because a stored template named it (`{userId}` may have
   * been any resource id): the first other guess arriving at its parent (`{uuid}`, `{objectId}`,
   * a merged `{param}`) takes it over; traffic with an `{id}` confirms it.
   */
  fromName: boolean;
  /** Plain words below this node are values (a structural merge showed it: tenants, owners). */
  wordValues: boolean;
  /**
   * Below how many literal values of the position above merged into one this route was seen
   * (1 until merged): an API's routes recur below many values, a value's own values do not.
   */
  spread: number;
  /** Whether this node's own segment is a plural noun (`users`); null until asked. */
  plural: boolean | null;
  /** Why this `{param}` node's position became a parameter (set by the first merge into it). */
  reason: MergeReason | null;
  /**
   * The literals merged into this `{param}` without marking its position merged (leaf values,
   * known values): they template to it again; other new literals there stay literal.
   */
  taken: Set<string> | null;
  /** The typed kinds (`{id}`, `{hash}`) this `{param}` took over from its position (absorbTyped). */
  absorbed: Set<string> | null;
  /** The overrides of this node's domain (one object per domain, shared by its nodes). */
  rules: DomainRules;
  /** The methods this route answered (see `METHOD_BITS`; noted before `finalize`, not per line). */
  methods: number;
}

/**
 * A domain's split overrides (the shapes, `/link` or `/users/{}/links`, whose children stay
 * literal) and the literal values its merges took (`alice`, `acme-prod`): the same value seen
 * elsewhere in the domain is a value there too (`/users/alice` and `/teams/{}/members/alice`).
 * Each value says whether a merge took it on the evidence of structure (see `rememberValue`).
 */
interface DomainRules {
  splits: Set<string>;
  values: Map<string, boolean>;
  /** The literals the domain's parameters took as instances (`same-methods`; see `mergeInto`). */
  instances?: Set<string>;
}

/** Merged values remembered per domain (see `DomainRules.values`); past it, no more are kept. */
const MAX_KNOWN_VALUES = 20_000;

/**
 * Remember `seg` as a value of the domain (a merge took it). `structural`: the merge had more
 * evidence than a count of values (sub-routes shared below them: `/users/alice/repos` and
 * `/users/rupert/repos`; marks of data in the set); a count alone also takes an API's many
 * actions (`/calls/{}/actions/speak`, `…/hangup`), which must not spread to other routes.
 */
function rememberValue(rules: DomainRules, seg: string, structural: boolean): void {
  if (rules.values.size < MAX_KNOWN_VALUES || rules.values.has(seg))
    rules.values.set(seg, structural || rules.values.get(seg) === true);
}

/**
 * Whether `seg` is a value a merge took elsewhere in the domain that may be a value anywhere: a
 * name with a mark of data (`alice.moore`, `acme-prod`), or a plain word that a merge took on
 * structural evidence and that real APIs do not route by (`rupert`, `liamclark`, not `count`).
 */
function isKnownName(rules: DomainRules, seg: string): boolean {
  const structural = rules.values.get(seg);
  if (structural === undefined) return false;
  return markedValue(seg) || (structural && vocabularyShare(seg) === 0);
}

const joinPrefix = (segments: readonly string[]): string => segments.map((s) => `/${s}`).join('');

/** The shape of a template for split overrides: every parameter as `{}`. */
const shapeOf = (template: string): string => template.replace(/\{[^{}/]*\}/g, '{}');

/** Whether a user split the position below this node: its values stay literal, never merge. */
function isSplit<T>(node: TrieNode<T>): boolean {
  return node.rules.splits.size > 0 && node.rules.splits.has(shapeOf(node.template));
}

function newNode<T>(
  rules: DomainRules,
  threshold: number,
  template: string,
  reserved = false,
  pii = false,
): TrieNode<T> {
  return {
    rules,
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
    payload: undefined,
    payloadEpoch: -1,
    small: null,
    segmentLength: 0,
    fromName: false,
    wordValues: false,
    spread: 1,
    plural: null,
    reason: null,
    taken: null,
    absorbed: null,
    methods: 0,
  };
}

/** Literal children compared in place by learnPath up to this many (a Map lookup beyond). */
const SMALL_CHILDREN = 16;

/** The plain literal children of a node, as parallel arrays for `literalAt`. */
interface SmallChildren<T> {
  nodes: TrieNode<T>[];
  /** The code units of each key (compared with the path's without string access). */
  codes: Uint16Array[];
  /** First code unit and length of each key (compared first). */
  firsts: number[];
  lengths: number[];
}

/**
 * The literal child of `node` whose key is the whole segment at `path[start…]` (followed by
 * '/', '?', '#' or the end), compared in place: no scan for the segment's end, no string.
 * Keys holding '%', '/', '?' or '#' (decoded or escaped text) are left to the scan.
 */
function literalAt<T>(
  node: TrieNode<T>,
  path: string,
  start: number,
  length: number,
): TrieNode<T> | undefined {
  const small = node.small ?? smallChildrenOf(node);
  const first = path.charCodeAt(start);
  const { firsts, lengths } = small;
  for (let i = 0; i < firsts.length; i++) {
    if (firsts[i] !== first) continue;
    const len = lengths[i] as number;
    const end = start + len;
    if (end > length) continue;
    if (end < length) {
      const t = path.charCodeAt(end);
      if (t !== SLASH && t !== QUESTION && t !== HASH) continue;
    }
    const key = small.codes[i] as Uint16Array;
    let j = 1;
    while (j < len && key[j] === path.charCodeAt(start + j)) j++;
    if (j === len) return small.nodes[i];
  }
  return undefined;
}

/** Build `node.small` (kept apart from `literalAt`, so that the hot function stays small enough to inline). */
function smallChildrenOf<T>(node: TrieNode<T>): SmallChildren<T> {
  const small: SmallChildren<T> = { nodes: [], codes: [], firsts: [], lengths: [] };
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

/**
 * A node reached by `learnPath`: its template (unnamed parameters, '' for the root). The
 * caller keeps its own data per leaf with `PathTemplater.payloadOf` / `setPayload`.
 */
export interface PathLeaf {
  readonly template: string;
}

/** Why a learned position is a parameter. */
export interface MergeReason {
  /**
   * `cardinality`: many values of one shape under one parent; `many-words`: very many plain
   * words (twice the threshold); `shared-structure`: a collection's values sharing a sub-route;
   * `prefix`: prefixes above an API root holding the same API (tenants); `locale`: locale codes
   * sharing sub-routes, or two or more country or locale codes side by side (`/channels/US`);
   * `capacity`: the node's literal children reached the memory cap;
   * `known-value`: the values were merged elsewhere in the same domain (the same user or
   * resource name under another route, or the values of a position of the same name); `nested-values`: words outside the API vocabulary
   * under a collection nested below a parameter, each below one parent value only; `vocabulary`:
   * literals beside a parameter with words real APIs do not route by (see vocabulary.ts);
   * `mixed-conventions`: names where a version's collections sit, not API words, written in
   * more than one convention (`liam-miller`, `prod_tyrell`, `stark97`), or joined names of no API
   * word holding one route (`/koza-filipowicz/invoices`, `/dupuis-et-arnaud/invoices`); `sibling-structure`:
   * names under a singular parent holding the same routes, marked as data in more than one way
   * or beside a parameter holding their route (`/service/blue93/loggers`, `…/sales_hooli/loggers`);
   * `inside-parameter`: a literal all of whose routes sit below the parameter beside it, an
   * example value (`/resourceGroups/myResourceGroup/…` beside `/resourceGroups/{param}/…`);
   * `named-example`: a literal naming its collection's resource, most of whose routes sit below
   * the parameter beside it (`/hubs/sdkTestHub/…` beside `/hubs/{param}/…`), or a documentation
   * sample name beside the values it stands for (`/certificates/testCert`, see `mergeSampleNames`);
   * `many-routes`: a busy literal holding many of the parameter's routes beside it, whatever its
   * words (`/serverfarms/marketing/sites`, `…/skus`, `…/metrics` beside `/serverfarms/{param}/…`);
   * `joined-name`: the children of a collection, names of words joined by a dash or underscore,
   * none an API word (with as few other names mostly not of API words holding their routes) (`/domainnames/umbrella-north`), with a camelCase example
   * value holding their routes (`/clusters/kustoProd/…` beside `/clusters/mateo-walker/…`);
   * `placeholder`: a literal spelling an identifier's name where the parameter beside it sits
   * (`/resourceUri/providers/…` beside `/{id}/providers/…`, `/recommendations/recommendationId`):
   * a documentation example copied with its placeholder;
   * `same-methods`: a literal beside a parameter answering DELETE as it does, every route below
   * it one of the parameter's answering no other methods (`DELETE /policydefinitions/sales` beside
   * `DELETE /policydefinitions/{param}`): an instance, not a collection's own route;
   * `contained-names`: three names or more, mostly of no API word, each holding only routes of
   * the typed parameter beside them (`/v1beta1/erfahrenGebaude/notes` beside `/v1beta1/{id}/notes`).
   */
  rule:
    | 'cardinality'
    | 'many-words'
    | 'shared-structure'
    | 'prefix'
    | 'locale'
    | 'capacity'
    | 'known-value'
    | 'nested-values'
    | 'vocabulary'
    | 'mixed-conventions'
    | 'sibling-structure'
    | 'inside-parameter'
    | 'named-example'
    | 'many-routes'
    | 'joined-name'
    | 'placeholder'
    | 'same-methods'
    | 'lone-value'
    | 'example-leaf'
    | 'contained-names'
    | 'scored';
  /** A sample of the literal values merged (first five). */
  values: string[];
  /** How many distinct literal values the merge took. */
  distinct: number;
  /** The sub-route (or shape of sub-routes) they shared, when that was the evidence. */
  shared: string | null;
  /** `scored`: the mean P(value) of the position's literals. */
  score?: number;
  /** `scored`: the features that moved the most value-like literal's score most, with their values. */
  contributions?: Contribution[];
}

/** What `learnPath` returns. */
export interface LearnedPath {
  leaf: PathLeaf;
  /** Whether a literal segment of the path may hold PII by value (see `pathMayHoldPii`). */
  mayHoldPii: boolean;
}

export interface TemplaterOptions {
  /** Distinct literal values of one shape under one parent beyond which they become `{param}`. Default 20. */
  cardinalityThreshold?: number;
}

/** Hard cap of literal children per node: past it every non-dominant child is merged. */
const MAX_CHILDREN = 2000;

/** The shape of a subtree's first level: its literal children and its parameter children. */
function signature<T>(node: TrieNode<T>): string {
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
export class PathTemplater<T = never> {
  private readonly roots = new Map<string, TrieNode<T>>();
  private readonly threshold: number;
  /** Leaf payloads set before the last merge (or `invalidatePayloads`) are stale. */
  private payloadEpoch = 0;

  constructor(options: TemplaterOptions = {}) {
    this.threshold = Math.max(2, options.cardinalityThreshold ?? 20);
  }

  /** The caller's data for a leaf `learnPath` returned; undefined after a merge moved leaves. */
  payloadOf(leaf: PathLeaf): T | undefined {
    const node = leaf as TrieNode<T>;
    return node.payloadEpoch === this.payloadEpoch ? node.payload : undefined;
  }

  setPayload(leaf: PathLeaf, payload: T): void {
    const node = leaf as TrieNode<T>;
    node.payload = payload;
    node.payloadEpoch = this.payloadEpoch;
  }

  /** Forget every leaf's payload (the caller re-keyed what they point to). */
  invalidatePayloads(): void {
    this.payloadEpoch++;
  }

  private root(domain: string): TrieNode<T> {
    let node = this.roots.get(domain);
    if (!node)
      this.roots.set(domain, (node = newNode({ splits: new Set(), values: new Map() }, this.threshold, '')));
    return node;
  }

  /** One learning step from `node` along `key` (a literal or a `{…}` parameter). */
  private step(node: TrieNode<T>, key: string, weight: number, named = false): TrieNode<T> {
    if (key.charCodeAt(0) === OPEN_BRACE) {
      if (key === '{param}') return this.paramChild(node);
      node.typed ??= new Map();
      let child = node.typed.get(key) ?? joinedKind(node, key);
      if (!child && node.param?.absorbed?.has(key)) return node.param;
      if (!child) {
        const stray = key === '{uuid}' || key === '{objectId}' ? this.takeNamed(node) : null;
        child = stray ?? newNode(node.rules, this.threshold, `${node.template}/${key}`);
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
    if (node.merged && mayBeValue(node, key)) return this.paramChild(node);
    const child = newNode<T>(node.rules, this.threshold, `${node.template}/${key}`, isStructural(key));
    node.children.set(key, child);
    node.small = null;
    child.hits = weight;
    if (node.children.size >= node.nextCheck) {
      node.nextCheck = Math.min(node.children.size + Math.ceil(this.threshold / 4), MAX_CHILDREN);
      if (this.merge(node, node.children.size >= MAX_CHILDREN))
        return node.children.get(key) ?? (node.param as TrieNode<T>);
    }
    return child;
  }

  /** The `{param}` child of a node (created, or taken over from a stored name's `{id}`). */
  private paramChild(node: TrieNode<T>): TrieNode<T> {
    if (node.param) return node.param;
    const stray = this.takeNamed(node);
    node.param = stray ?? newNode(node.rules, this.threshold, `${node.template}/{param}`);
    if (stray) retemplate(stray, `${node.template}/{param}`);
    return node.param;
  }

  /** Detach and return the `{id}` child that only a stored name created (see `fromName`). */
  private takeNamed(node: TrieNode<T>): TrieNode<T> | null {
    const child = node.typed?.get('{id}');
    if (!child?.fromName) return null;
    node.typed?.delete('{id}');
    child.fromName = false;
    this.payloadEpoch++;
    return child;
  }

  /**
   * A user's split override: the values at `position` of paths shaped like `template`
   * (`/link/{linkId}`, position 1) stay literal, whatever their count, shape or sub-routes.
   * Set before learning the domain's paths.
   */
  split(domain: string, template: string, position: number): void {
    const segments = splitPath(template).slice(0, position);
    this.root(domain).rules.splits.add(
      shapeOf(joinPrefix(segments.map((s) => (isStoredParameter(s) ? s : escapeLiteral(s))))),
    );
  }

  /** Record a path (segments already split) so later calls can merge high-cardinality positions. */
  learn(
    domain: string,
    segments: readonly string[],
    weight = 1,
    stored?: ReadonlyMap<number, MergeReason>,
  ): void {
    this.learnTyped(domain, templateSegments(segments, true), weight, segments, stored);
  }

  /**
   * Whether a stored merge reason marks its position merged, as the merge that made it did: a
   * later value there joins the parameter (`/teams/billing` after `/teams/{teamId}`), one batch
   * of traffic at a time as in one. Values taken one by one (known values, vocabulary, a few leaf
   * values) leave the position's other literals alone.
   */
  private marksMerged(reason: MergeReason): boolean {
    switch (reason.rule) {
      case 'many-words':
      case 'shared-structure':
      case 'prefix':
      case 'locale':
      case 'capacity':
        return true;
      case 'cardinality':
        return reason.distinct >= this.threshold;
      default:
        return false;
    }
  }

  /**
   * Like `learn`, for segments already passed through `templateSegments`; returns
   * the current template as segments (merged positions become `{param}`).
   */
  learnTyped(
    domain: string,
    typed: readonly string[],
    weight = 1,
    raw?: readonly string[],
    stored?: ReadonlyMap<number, MergeReason>,
  ): string[] {
    let node = this.root(domain);
    for (let i = 0; i < typed.length; i++) {
      const t = splitValue(node, typed[i] as string, raw?.[i]);
      if (t.charCodeAt(0) !== OPEN_BRACE) {
        node = this.step(node, t, weight);
        continue;
      }
      const reason = stored?.get(i);
      if (reason && !isSplit(node)) {
        // A position an earlier analysis merged (a stored endpoint's reason): its `{param}` again.
        if (this.marksMerged(reason)) {
          node.merged = true;
          node.wordValues = true;
        }
        const param = this.paramChild(node);
        param.reason ??= reason;
        // The values it names were this position's: met again as literals (a stored endpoint's raw
        // samples, learned beside it), they join it (see `retakeValues`).
        for (const value of reason.values) (param.taken ??= new Set()).add(value);
        node = param;
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
  private paramKey(node: TrieNode<T>, key: string, prev: string | undefined): string {
    const guess = guessOf(key, prev);
    if (!guess.resource) return guess.key;
    for (const k of ['{id}', '{uuid}', '{objectId}']) if (node.typed?.has(k)) return k;
    return node.param ? '{param}' : '{id}';
  }

  /**
   * Learn a raw path and return its leaf: one pass over the string, no
   * intermediate arrays (the hot path of log ingestion).
   */
  learnPath(domain: string, rawPath: string): LearnedPath {
    let node = this.root(domain);
    const length = rawPath.length;
    let index = 0;
    let prevReserved = true;
    let pii = false;
    // One pass over the code units: segments end at '/', the path at '?' or '#' (native
    // indexOf calls cost more than this loop). Read with charCodeAt, each about once: a copy
    // into a typed array first cost a charCodeAt per unit too, and a tenth of learnPath.
    let start = 0;
    let done = false;
    // Where the two segments before this one lie in rawPath, for `classifySegment`'s place.
    let prevStart = -1;
    let prevEnd = -1;
    let aboveStart = -1;
    let aboveEnd = -1;
    while (!done) {
      // A literal child already known here is matched in place, before any scan of the segment.
      const size = node.children.size;
      let known =
        size > 0 && size <= SMALL_CHILDREN && start < length
          ? literalAt(node, rawPath, start, length)
          : undefined;
      let slash = start;
      let digits = true;
      let encoded = false;
      // Whether every character is a hex digit or '-', and where the dashes are (UUID layout).
      let hexDash = true;
      let dashes = 0;
      let seg: string | null = null;
      if (known !== undefined) {
        slash = start + known.segmentLength;
        if (slash >= length || rawPath.charCodeAt(slash) !== SLASH) done = true; // end, '?' or '#'
      } else {
        for (; slash < length; slash++) {
          const c = rawPath.charCodeAt(slash);
          if (c === SLASH) break;
          if (c === QUESTION || c === HASH) {
            done = true;
            break;
          }
          if (c < DIGIT_0 || c > DIGIT_9) {
            digits = false;
            if (c === DASH) {
              // A UUID's dashes sit at 8, 13, 18 and 23: any other dash spoils the count.
              const at = slash - start;
              dashes += at === 8 || at === 13 || at === 18 || at === 23 ? 1 : 5;
            } else if (!((c >= LOWER_A && c <= LOWER_F) || (c >= UPPER_A && c <= UPPER_F))) {
              hexDash = false;
              if (c === PERCENT) encoded = true;
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
          aboveStart = prevStart;
          aboveEnd = prevEnd;
          prevStart = start;
          prevEnd = slash;
          start = slash + 1;
          continue;
        }
        let key: string;
        let literalPii = false;
        if (node.rules.splits.size > 0 && isSplit(node)) {
          // A position the user split: every value is its own literal.
          seg ??= encoded ? safeDecode(rawPath.slice(start, slash)) : rawPath.slice(start, slash);
          key = escapeLiteral(seg);
          literalPii = pathMayHoldPii(seg);
          pii ||= literalPii;
          prevReserved = false;
        } else if (
          digits &&
          !(
            slash - start === 1 &&
            isVersionDigit(rawPath.charCodeAt(start), parentSegment(node), true, {
              routes: slash + 1 < length && rawPath.charCodeAt(slash) === 47,
              ...segmentBefore(node),
            })
          )
        ) {
          key = PARAM_NAME.id; // what classifySegment says of any all-digit segment
          prevReserved = false;
        } else if (digits) {
          key = rawPath[start] as string; // maybe the API's version (`/rest/api/2`)
          prevReserved = false;
        } else if (hexDash && dashes === 4 && slash - start === 36) {
          key = PARAM_NAME.uuid; // never reserved, a version or an integer: classifySegment's 'uuid'
          prevReserved = false;
        } else {
          if (seg === null) {
            seg = rawPath.slice(start, slash);
            if (encoded) seg = safeDecode(seg);
          }
          if (isStoredParameter(seg)) {
            key = seg;
            prevReserved = false;
          } else {
            const routes = slash + 1 < length && rawPath.charCodeAt(slash) === 47;
            const kind = classifySegment(
              seg,
              (prevReserved && index < 3) ||
                (index === 1 && afterServiceName(index, parentSegment(node), routes)),
              dependsOnPlace(seg)
                ? {
                    parent: rawSegment(rawPath, prevStart, prevEnd),
                    routes,
                    above: rawSegment(rawPath, aboveStart, aboveEnd),
                    aboveIsFirst: index === 2,
                  }
                : undefined,
            );
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
        aboveStart = prevStart;
        aboveEnd = prevEnd;
        prevStart = start;
        prevEnd = slash;
      }
      start = slash + 1;
    }
    return { leaf: node, mayHoldPii: pii };
  }

  /** Merge the largest same-shape group of value-like children; returns whether anything merged. */
  private merge(node: TrieNode<T>, force: boolean): boolean {
    if (!force && isSplit(node)) return false;
    const groups = new Map<string, string[]>();
    let total = 0;
    // Plain words where values are not expected (under `/link`, not under `/v1`) need twice
    // the evidence: 33 dictionary words under one parent are more likely routes than values.
    const wordsNeedMore = !holdsValues(node);
    const wordsStay = wordsNeedMore && (node.reserved || node.template === '');
    for (const [seg, child] of node.children) {
      total += child.hits;
      let sig: string;
      if (force) sig = '*';
      else if (isStaticName(seg) || isOperationName(node, seg) || isSubCollection(node, seg, child)) continue;
      else if (wordsNeedMore && isWordLike(seg)) {
        if (wordsStay) continue;
        sig = `words:${signature(child)}`;
      } else sig = signature(child);
      const g = groups.get(sig);
      if (g) g.push(seg);
      else groups.set(sig, [seg]);
    }
    let best: string[] = [];
    let bestWords = false;
    for (const [sig, g] of groups) {
      const words = sig.startsWith('words:');
      if ((words ? g.length / 2 : g.length) > (bestWords ? best.length / 2 : best.length)) {
        best = g;
        bestWords = words;
      }
    }
    if ((bestWords ? best.length / 2 : best.length) < this.threshold && !force) return false;
    if (!force && largeAffixFamily(best)) return false;
    if (!force && apiActionNames(best)) return false;
    if (bestWords) node.wordValues = true;
    const mean = total / Math.max(1, node.children.size);
    node.dominance = Math.min(node.dominance, Math.max(4, mean * 4));
    const param = this.paramChild(node);
    param.reason ??= {
      rule: force ? 'capacity' : bestWords ? 'many-words' : 'cardinality',
      values: best.slice(0, 5),
      distinct: best.length,
      shared: force ? null : signature(node.children.get(best[0] as string) as TrieNode<T>),
    };
    for (const seg of best) {
      const child = node.children.get(seg) as TrieNode<T>;
      // A dominant static route (`/users/login`), unless the group's shared sub-routes say it is a value.
      if (child.hits >= node.dominance && (force || child.children.size + (child.typed?.size ?? 0) === 0))
        continue;
      mergeInto(param, node.children.get(seg) as TrieNode<T>);
      node.children.delete(seg);
      rememberValue(node.rules, seg, false);
      node.small = null;
    }
    node.merged = true;
    retemplate(param, `${node.template}/{param}`);
    this.payloadEpoch++;
    return true;
  }

  /**
   * After a position merged, literals that arrived before the merge with another
   * shape (a value seen only with some sub-routes) are still values: fold every
   * non-static, non-dominant literal of merged nodes into the parameter.
   */
  finalize(): void {
    const visit = (node: TrieNode<T>, depth: number, parent: TrieNode<T> | null = null): void => {
      if (depth > 64) return;
      // Deeper positions first: a merge below can reveal shared structure here.
      for (const child of node.children.values()) visit(child, depth + 1, node);
      if (node.typed) for (const child of node.typed.values()) visit(child, depth + 1, node);
      if (node.param) visit(node.param, depth + 1, node);
      this.foldDigits(node);
      this.foldIntoTyped(node, false);
      const codes = this.mergeRegionCodes(node);
      if (codes) visit(codes, depth + 1, node);
      let changed = this.mergeByStructure(node, parent);
      const lone = changed ? null : this.mergeLoneParent(node);
      if (lone) visit(lone, depth + 1, node); // the values' sub-trees meet for the first time
      if (!node.merged && !this.mergeLeafValues(node, parent) && !this.mergeItemLeaves(node, parent))
        this.mergeNestedValues(node);
      const values = this.mergeRootValues(node);
      if (values) visit(values, depth + 1); // the values' sub-trees meet for the first time
      // The values' sub-trees meet the parameter's for the first time (`/subscriptions/subid/resourceGroups/…`
      // beside `/subscriptions/{id}/resourceGroups/{param}`): merged positions below take them.
      if (!node.merged) for (const beside of this.mergeBesideParameter(node)) visit(beside, depth + 1, node);
      const siblings = node.merged ? null : this.mergeSiblingValues(node, parent);
      if (siblings) visit(siblings, depth + 1, node);
      const inside = this.mergeInsideParameter(node);
      if (inside) visit(inside, depth + 1, node);
      const placed = this.mergePlaceholders(node);
      if (placed) visit(placed, depth + 1, node);
      const again = this.retakeValues(node);
      if (again) visit(again, depth + 1, node);
      if (node.merged && !isSplit(node)) {
        const param = this.paramChild(node);
        const actions = routeWordLeaves(node, param);
        for (const [seg, child] of [...node.children]) {
          const sharing = sharesSubRoutes(child, param);
          // One deleted as the values are (`DELETE /privateLinkServices/testPls`), whatever its words.
          const instance =
            !child.reserved && !ALIASES.has(seg.toLowerCase()) && answersAsInstance(seg, child, param);
          // A value the parameter took where this position was another copy of it (`myApp`, taken below one
          // cluster and met again below another one) is one here too.
          if (param.taken?.has(seg) !== true && !instance) {
            if (!(
              mayBeValue(node, seg) ||
              (sharing &&
                (mayBeValue(node, seg, true) || (isCamelExample(seg, child) && holdsMostly(child, param))) &&
                !isPluralNoun(seg))
            ))
              continue;
            if ((child.hits >= node.dominance && !sharing) || isSiblingCollection(seg, child, param))
              continue;
            // A leaf named in API words beside values holding routes: a sub-resource (`secrets/public-key`).
            if (!sharing && childKeys(child).length === 0 && childKeys(param).length > 0 && isApiName(seg))
              continue;
            // Several leaves each one plain API word there are the collection's own routes
            // (`/domains/suggest`, `…/available`, `…/agreements` beside `/domains/{domain}/records`).
            if (actions.has(seg)) continue;
          }
          if (isStaticName(seg) || instance) (param.taken ??= new Set()).add(seg);
          if (instance) (node.rules.instances ??= new Set()).add(seg);
          mergeInto(param, child);
          node.children.delete(seg);
          node.small = null;
          rememberValue(node.rules, seg, sharing && STRUCTURAL.has(param.reason?.rule));
          changed = true;
        }
        if (changed) {
          retemplate(param, `${node.template}/{param}`);
          this.payloadEpoch++;
          visit(param, depth + 1); // the merged sub-trees meet for the first time
        }
      }
      if (this.absorbTyped(node)) visit(node.param as TrieNode<T>, depth + 1);
      // Last, once no merge by structure joined the kinds into one parameter.
      this.foldIntoTyped(node, true);
      const kinds = this.joinTypedKinds(node);
      if (kinds) {
        visit(kinds, depth + 1, node); // the kinds' sub-trees meet for the first time
        // Literals beside the one parameter they make now, below a merged position where the kinds
        // may have met only in that merge (`/projects/{param}/global/backendBuckets/iron-soylent`
        // beside `{uuid}` from one project and `{id}` from another, joined).
        if (!node.merged && node.template.includes('{'))
          for (const beside of this.mergeBesideParameter(node, true)) visit(beside, depth + 1, node);
      }
    };
    for (const root of this.roots.values()) visit(root, 0);
    // Then collections still showing only one or two joined names (see `mergeJoinedNames`): once
    // every other rule had its say, so that a value's sub-tree has met its siblings' first.
    const joined = (node: TrieNode<T>, depth: number): void => {
      if (depth > 64) return;
      for (const child of [...node.children.values()]) joined(child, depth + 1);
      if (node.typed) for (const child of node.typed.values()) joined(child, depth + 1);
      if (node.param) joined(node.param, depth + 1);
      const param =
        this.mergeJoinedNames(node) ??
        this.mergeLoneValue(node) ??
        this.mergeExampleLeaves(node) ??
        this.mergeLoneParent(node, true) ??
        this.mergeScored(node);
      if (param) visit(param, depth + 1); // two values' sub-trees meet for the first time
    };
    for (const root of this.roots.values()) joined(root, 0);
    // Then values the merges took, met again elsewhere in the domain (a second walk: the first
    // one learned them deepest first, and they may sit above where they were learned).
    const known = (node: TrieNode<T>, depth: number): boolean => {
      if (depth > 64) return false;
      let below = false;
      for (const child of [...node.children.values()]) below = known(child, depth + 1) || below;
      if (node.typed) for (const child of node.typed.values()) below = known(child, depth + 1) || below;
      if (node.param) below = known(node.param, depth + 1) || below;
      // Literals whose values merged below may now share sub-routes (`/registry/stark-south/{}/tags`).
      if (below) visit(node, depth);
      if (!this.mergeKnownValues(node)) return false;
      visit(node.param as TrieNode<T>, depth + 1);
      return true;
    };
    for (const root of this.roots.values()) if (root.rules.values.size > 0) known(root, 0);
    // Last, positions of one name holding the very values a parameter of that name took elsewhere.
    for (const root of this.roots.values())
      for (const param of this.mergeSameNamedValues(root)) visit(param, param.template.split('/').length);
    // Then a lone name below a position whose namesake holds a parameter with its routes.
    for (const root of this.roots.values())
      for (const param of this.mergeLoneNamesakeValues(root)) visit(param, param.template.split('/').length);
    // Last, the documentation's sample names left beside the values they stand for.
    const samples = (node: TrieNode<T>, depth: number): void => {
      if (depth > 64) return;
      for (const child of node.children.values()) samples(child, depth + 1);
      if (node.typed) for (const child of node.typed.values()) samples(child, depth + 1);
      if (node.param) samples(node.param, depth + 1);
      this.mergeSampleNames(node);
    };
    for (const root of this.roots.values()) samples(root, 0);
  }

  /**
   * Sample names beside the values they stand for (`/certificates/testCert`, `/connections/myConnection`,
   * `/packages/test_package_name`, `/contentKeyPolicies/PolicyWithMultipleOptions` beside
   * `/certificates/{param}`): a leaf written as a compound name, two words or more led by a sample
   * marker (SAMPLE_MARKERS), or naming the collection's resource and then what sets this one apart
   * (VARIANT_WORDS: `PolicyWithMultipleOptions`), with no word of an operation (`GetUserById`,
   * `checkNameAvailability` stay; `errorCountsPerDay` is a report), is one more value (reason
   * `named-example`) where the parameter's values end paths too and the leaf is read, replaced,
   * changed or deleted as they are (see `answersLikeValues`): an action named so (`POST
   * /connections/testConnection`) is only posted to. Documentation, SDK samples and tests call
   * these names, so real traffic holds them beside the values users chose.
   */
  private mergeSampleNames(node: TrieNode<T>): void {
    if (isSplit(node) || node.template === '' || node.children.size === 0) return;
    const typed = node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    const [key, target] = node.param ? ['{param}', node.param] : (typed ?? [null, null]);
    if (!key || !target) return;
    if (target === node.param && valuesOf(target) < CONTAINING_VALUES) return;
    const found = [...node.children].filter(
      ([seg, child]) =>
        !child.reserved &&
        childKeys(child).every((sub) => hasChildKey(target, sub)) &&
        isSampleName(seg, node) &&
        answersLikeValues(child, target),
    );
    if (found.length === 0 || found.length > CONTAINED_LITERALS) return;
    this.takeValues(node, target, key, found, 'named-example', true);
  }

  /**
   * Positions of the same name in one domain hold the same kind of value: literal children of a
   * position, two or more, all of them values a parameter below another position of that name
   * took, one of them at least marked as data (`/get-full-pricing/outbound/noah-moore`, `…/gold`
   * where `/get-pricing/outbound/{param}` took `noah-moore`, `gold`, `blue_oak`…), are values there
   * too (reason `known-value`): an API names a position's routes the same wherever it sits, and
   * traffic showed these ones beside more values. Any other child keeps them all literal; an
   * API's actions taken by a count (`speak`, `hangup`) carry no mark and stay. Returns the
   * parameters that took them.
   */
  private mergeSameNamedValues(root: TrieNode<T>): TrieNode<T>[] {
    const taken = new Map<string, Set<string>>();
    const nodes = nodesBelow(root);
    for (const node of nodes) {
      const name = node.template === '' ? '' : ownSegment(node);
      if (node.param?.taken && name.charCodeAt(0) !== OPEN_BRACE) {
        const set = taken.get(name) ?? new Set<string>();
        for (const seg of node.param.taken) set.add(seg);
        taken.set(name, set);
      }
    }
    const params: TrieNode<T>[] = [];
    if (taken.size === 0) return params;
    for (const node of nodes) {
      if (node.template === '' || node.param !== null || node.typed || isSplit(node)) continue;
      const values = taken.get(ownSegment(node));
      const found = [...node.children];
      if (
        !values ||
        found.length < FEW_LEAF_VALUES ||
        !found.every(([seg, child]) => values.has(seg) && !child.reserved) ||
        !found.some(([seg]) => marksData(seg))
      )
        continue;
      const param = this.paramChild(node);
      this.takeValues(node, param, '{param}', found, 'known-value');
      params.push(param);
    }
    return params;
  }

  /**
   * A position's only child, a name of no API word holding two routes or more, is a value when a
   * position of the same name elsewhere in the domain holds a parameter with all of them
   * (`/termStore/sets/{id}/terms`, `…/children`, `…/relations` and `/parentGroup/sets/gijon/terms`,
   * `…/children`: one set seen below its parent group): an API names a position's routes the same
   * wherever it sits (reason `known-value`). A name in API words there (`/sets/default/terms`) is
   * an alias and stays, and so do two such names side by side: the merges above had their say.
   * Siblings in API words are the collection's own routes (`/parentGroup/sets/$count`); a plural
   * noun is a collection (`/v2/geofences/…` beside another `/v2/{param}/…`), and a version no
   * collection's namesake. Returns the parameters that took them.
   */
  private mergeLoneNamesakeValues(root: TrieNode<T>): TrieNode<T>[] {
    const holders = new Map<string, TrieNode<T>[]>();
    const lone: TrieNode<T>[] = [];
    for (const node of nodesBelow(root)) {
      const name = node.template === '' ? '' : ownSegment(node);
      if (name === '' || name.charCodeAt(0) === OPEN_BRACE) continue;
      const params = [...(node.typed?.values() ?? []), ...(node.param ? [node.param] : [])];
      if (params.length > 0) {
        const known = holders.get(name);
        if (known) known.push(...params);
        else holders.set(name, params);
      } else if (
        !node.reserved &&
        node.children.size > 0 &&
        node.children.size <= LONE_NAMESAKE_SIBLINGS &&
        !isSplit(node)
      )
        lone.push(node);
    }
    const params: TrieNode<T>[] = [];
    for (const node of lone) {
      // The one name of no API word; its siblings are the collection's own routes (`$count`, `delta`).
      const names = [...node.children].filter(
        ([seg, child]) =>
          !child.reserved &&
          !isStaticName(seg) &&
          !ALIASES.has(seg.toLowerCase()) &&
          vocabularyShare(seg, true) <= VALUE_VOCABULARY_SHARE,
      );
      if (names.length !== 1) continue;
      const found = names[0] as [string, TrieNode<T>];
      const [seg, child] = found;
      const keys = childKeys(child);
      if (
        keys.length < 2 ||
        vocabularyShare(seg, true) > 0 ||
        isPluralNoun(seg) ||
        !(holders.get(ownSegment(node)) ?? []).some((param) => keys.every((key) => hasChildKey(param, key)))
      )
        continue;
      const param = this.paramChild(node);
      this.takeValues(node, param, '{param}', [found], 'known-value');
      params.push(param);
    }
    return params;
  }

  /**
   * Leaf values under a collection (`/peerings/south`, `/peerings/acme-prod`, `/peerings/oak7`):
   * nothing below them to compare, so the shape of the whole set decides. Several leaves, most
   * of them marked as data (a digit, a dot, a dash or underscore joining words) and in more
   * than one way, are values; a collection's actions (`/users/search`, `/obstacles/route-query`,
   * `/venues/route-query`) are plain words or keep one convention, and stay. Two leaves are too
   * few to show conventions: they are values when neither holds an API word and one is a name
   * (`isMarkedName`), or a dotted name beside a plain one (`trent.moore`, `trent`). Under a singular
   * parent (`/cluster-snapshot/dave-wright`, `…/piper7`), three or more leaves of no API word mixing
   * marks are values too, unless the parent may be a value itself (its leaves are then its own
   * routes); they are not remembered as the domain's values. Where marks do not mix, the leaves of
   * no API word written as people's handles are values (`ava`, `heidiwalker`, `chloe.davis`,
   * `erin85`: see `writtenAsHandles`), the API's words beside them (`/users/me`) staying.
   */
  private mergeLeafValues(node: TrieNode<T>, parent: TrieNode<T> | null): boolean {
    const singular = !holdsValues(node);
    // Under a singular parent, only where that parent is no value itself (`/attachments/{name}/compress`,
    // `/attachments/iron_west/verify-md5`: a value's own routes, before its siblings merge).
    const mayBeValueItself =
      singular &&
      (node.reserved ||
        parent === null ||
        isParameterNode(node) ||
        holdsValues(parent) ||
        parent.param !== null ||
        (parent.typed?.size ?? 0) > 0);
    // There, handles only (see below), below a parameter or a name in API words, not a value
    // (`/stats/{platform}/mia52`, `/user/id_for/zoe68` beside `/user/{id}`).
    const handlesOnly =
      mayBeValueItself &&
      !node.reserved &&
      (isParameterNode(node) || (parent !== null && vocabularyShare(ownSegment(node)) === 1));
    if (isSplit(node) || (mayBeValueItself && !handlesOnly)) return false;
    const leaves: [string, TrieNode<T>][] = [];
    const routes = [...node.children.values()].some((child) => childKeys(child).length > 0);
    for (const entry of node.children)
      if (
        childKeys(entry[1]).length === 0 &&
        !entry[1].reserved &&
        (singular
          ? mayBeValue(node, entry[0], true) &&
            !isOperationName(node, entry[0]) &&
            vocabularyShare(entry[0]) === 0
          : mayBeValue(node, entry[0])) &&
        !isPluralNoun(entry[0]) &&
        !(routes && isApiName(entry[0]))
      )
        leaves.push(entry);
    // camelCase names of no API word (`petronioGirardi`, `mariaCeciliaSantos`) as most of a
    // collection's leaves: values written in that convention, which `mayBeValue` keeps out as
    // route names (`findByStatus`).
    if (!singular) {
      const camel = [...node.children].filter(
        ([seg, child]) =>
          childKeys(child).length === 0 &&
          !child.reserved &&
          CAMEL_CASE.test(seg) &&
          vocabularyShare(seg) === 0,
      );
      const literalLeaves = [...node.children.values()].filter(
        (child) => childKeys(child).length === 0,
      ).length;
      if (camel.length >= LEAF_VALUES && camel.length * 2 > literalLeaves) {
        const names = [...leaves.filter(([seg]) => vocabularyShare(seg) === 0), ...camel];
        this.takeValues(node, this.paramChild(node), '{param}', names, 'cardinality', true);
        return true;
      }
    }
    // Two leaves or more answering as a collection's items do (see `itemLeaves`): its values,
    // whatever their words, unless a family of the API's own names (`apns`, `apns_sandbox`,
    // `apns_voip`: Pinpoint's channels).
    if (!singular) {
      const items = itemLeaves(node);
      if (items.length >= FEW_LEAF_VALUES && !largeAffixFamily(items.map(([seg]) => seg))) {
        this.takeValues(node, this.paramChild(node), '{param}', items, 'same-methods', true);
        return true;
      }
    }
    // One of two a name marked as data and neither an API word (`/tags/tyrell_soylent` beside
    // `/tags/green`); most of more, and none mostly API words (`/instancePools/victor-davis`,
    // `…/oak-initech`, `…/wonka`; not `/dealers/heavy-equipment` beside `car`, `rv`,
    // `motorcycle`): values under a collection.
    const marked = leaves.filter(([seg]) => isMarkedName(seg)).length;
    const namedAsData =
      !singular &&
      leaves.length >= FEW_LEAF_VALUES &&
      ((leaves.length < LEAF_VALUES ? marked > 0 : marked * 2 > leaves.length) ||
        (writtenAsHandles(leaves, FEW_LEAF_VALUES) && leaves.some(([seg]) => seg.includes('.')))) &&
      leaves.every(
        ([seg]) => vocabularyShare(seg) <= (leaves.length < LEAF_VALUES ? 0 : VALUE_VOCABULARY_SHARE),
      );
    if (leaves.length < LEAF_VALUES) {
      // Too few to show a mix of conventions.
      if (!namedAsData) return false;
      this.takeValues(node, this.paramChild(node), '{param}', leaves, 'cardinality', true);
      return true;
    }
    // Names mixing marks of data are values, unless most are API words joined by dashes or
    // underscores: routes of the API (`link-search`, `link-search-v2`, `title-search` beside
    // `search`), where host names of API words (`shop1.example.com`) are values still.
    if (
      !handlesOnly &&
      mixesMarks(leaves) &&
      (leaves.some(([seg]) => seg.includes('.')) || !mostlyApiWords(leaves.map(([seg]) => seg)))
    ) {
      this.takeValues(node, this.paramChild(node), '{param}', leaves, 'cardinality', !singular);
      return true;
    }
    // Handles under a collection (`/users/ava`, `…/heidiwalker`, `…/chloe.davis`, `…/erin85`):
    // names of no API word, written in more than one convention.
    const handles = leaves.filter(([seg]) => vocabularyShare(seg) === 0);
    if (!writtenAsHandles(handles)) {
      // Beside no leaf left out as a route (`/recommendations/reset` beside `…/trent-wright`), below a
      // settled position (a parameter or an API word: not one value of many, whose siblings come later).
      if (
        !namedAsData ||
        parent === null ||
        !(isParameterNode(parent) || parent.reserved || vocabularyShare(ownSegment(parent)) === 1) ||
        [...node.children].some(
          ([seg, c]) =>
            childKeys(c).length === 0 &&
            !c.reserved &&
            !leaves.some(([, l]) => l === c) &&
            // An operation named in camelCase API words is the collection's own
            // (`/sslPolicies/listAvailableFeatures`), not a value left out.
            !(CAMEL_CASE.test(seg) && vocabularyShare(seg) === 1),
        )
      )
        return false;
      // Names beside them that end paths and hold routes too (`grace-garcia` and `grace-garcia/status`).
      const named = [...node.children].filter(
        ([seg, child]) =>
          !leaves.some(([s]) => s === seg) && !child.reserved && isMarkedName(seg) && endsPaths(child),
      );
      this.takeValues(node, this.paramChild(node), '{param}', [...leaves, ...named], 'cardinality', true);
      return true;
    }
    // Handles beside them that merely end in s (`lucas`), or that end paths and hold routes of
    // their own too (`sybil` and `sybil/permission`), are more of them.
    const more = [...node.children].filter(
      ([seg, child]) =>
        !leaves.some(([s]) => s === seg) &&
        !child.reserved &&
        HANDLE.test(seg) &&
        vocabularyShare(seg) === 0 &&
        (childKeys(child).length === 0 || endsPaths(child)),
    );
    this.takeValues(node, this.paramChild(node), '{param}', [...handles, ...more], 'cardinality', !singular);
    return true;
  }

  /**
   * One leaf of a collection answering as its items do (see `itemLeaves`), where no other rule
   * took its leaves, below a settled path (see `settledPath`): below one value of many, whose
   * siblings come later, one alone is a slice of the traffic. Returns whether it merged.
   */
  private mergeItemLeaves(node: TrieNode<T>, parent: TrieNode<T> | null): boolean {
    if (isSplit(node) || parent === null || !holdsValues(node)) return false;
    const items = itemLeaves(node);
    if (items.length !== 1 || !settledPath(node)) return false;
    this.takeValues(node, this.paramChild(node), '{param}', items, 'same-methods', true);
    return true;
  }

  /**
   * Country and locale codes (`/channels/US`, `/channels/GB`; `/strings/pt-br`, `/strings/de-de`)
   * are values wherever two or more of them sit side by side, leaves or holding the same routes
   * (`/api/JP/{region}`, `/api/US/{region}/…`): an API names its routes in words, not in ISO codes,
   * and a country or a language is the one thing every API's users choose from the same list.
   * Taken one by one: the position's other literals stay. Returns the parameter that took them.
   */
  private mergeRegionCodes(node: TrieNode<T>): TrieNode<T> | null {
    if (isSplit(node)) return null;
    const all = [...node.children].filter(([seg, child]) => REGION_CODE.test(seg) && !child.reserved);
    // Two leaves, or two holding one route, show the position holds codes; then all of them join.
    const best = mostSharedKey(all.map(([, child]) => child));
    const leaves = all.filter(([, child]) => childKeys(child).length === 0).length;
    if (leaves < 2 && best === null) return null;
    const typed = node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    const target = node.param ?? typed?.[1] ?? this.paramChild(node);
    const key = target === node.param ? '{param}' : (typed?.[0] as string);
    this.takeValues(node, target, key, all, 'locale', true);
    return target;
  }

  /**
   * Values under a singular parent (`/service/blue93/loggers`, `/service/sales_hooli/loggers`,
   * `/customer/green-globex/roles`): siblings holding the same routes below them (most routes
   * below any of them below another one too: traffic shows each value with a few of its routes,
   * `/Redis/gold_stark/linkedServers` and `/Redis/cache1/firewallRules`) are values when they carry
   * marks of data in more than one way, as values typed by many hands do, when all are names of no
   * API word joined by a dash or underscore (`/channelGroup/hooli-north/channel`) or written as
   * people's handles (`/mealplanner/carolking/items`, `…/erin85/items`, `…/emma.garcia/items`; a
   * handle that merely ends in s holding their routes, `lucas`, joins them), when the
   * position's parameter holds the route they share, or when they hold one deep sub-tree, one of
   * them marked as data (`/service/wonka6/…` beside `/service/red/…`, see `sameDeepRoutes`); and when most of them are not API words. Sections share sub-routes too
   * (`/my/radio/follows`, `/mimic/protocol/msg/coap/…`, `/kpi/mau/…`), but keep one convention and
   * their API's words. Not where the parent holds collections (`/api/ipam/l2vpns`,
   * `…/l2vpn-terminations` beside `vlan-groups`), nor below a literal that may itself be a value
   * (`/repos/carol/{hello,world}`: its siblings merge first, then their sub-trees meet). Taken one
   * by one: the position's other literals stay. Returns the parameter that took them, or null.
   */
  private mergeSiblingValues(node: TrieNode<T>, parent: TrieNode<T> | null): TrieNode<T> | null {
    // Collections, versions and the root have rules of their own (mergeByStructure, mergeRootValues).
    if (isSplit(node) || holdsValues(node) || node.reserved || node.template === '') return null;
    if (parent && !isParameterNode(node) && (holdsValues(parent) || mayBeValueBeside(node, parent)))
      return null;
    const named: [string, TrieNode<T>][] = [];
    const plurals: [string, TrieNode<T>][] = [];
    let collections = 0;
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (childKeys(child).length === 0) continue;
      if (isPluralNoun(seg)) {
        collections++;
        if (!child.reserved) plurals.push(entry);
      } else if (!child.reserved && mayBeValue(node, seg, true)) named.push(entry);
    }
    if (named.length < 2 || collections * 2 >= node.children.size) return null;
    const best = mostSharedKey(named.map(([, child]) => child));
    if (best === null) return null;
    const sharing = named.filter(([, child]) => hasChildKey(child, best));
    if (
      sharing.length < 2 ||
      !similarSubtrees(
        sharing.map(([, child]) => child),
        true,
      )
    )
      return null;
    const beside = [...(node.typed?.values() ?? []), ...(node.param ? [node.param] : [])].some((p) =>
      hasChildKey(p, best),
    );
    const words = sharing.filter(([seg]) => vocabularyShare(seg) > VALUE_VOCABULARY_SHARE).length;
    // Names of no API words joined by a dash or underscore (`erin-clark`, `hooli-north`) are values
    // in one convention too: an API's sections are named in its words (`sales-summary`).
    const names =
      sharing.every(([seg]) => isMarkedName(seg)) ||
      (sharing.every(([seg]) => vocabularyShare(seg) === 0) &&
        (writtenAsHandles(sharing) || plainHandles(sharing))) ||
      namesPartlyJoined(node, sharing);
    if (!(beside || names || mixesMarks(sharing) || sameDeepRoutes(sharing)) || words * 2 >= sharing.length)
      return null;
    // Into the position's parameter when it has one (`{id}` from ids beside them).
    const typed = node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    const target = node.param ?? typed?.[1] ?? this.paramChild(node);
    const key = target === node.param ? '{param}' : (typed?.[0] as string);
    // A name that merely ends in s holding their routes is one of them (`lucas` beside `trent`,
    // `erin85`); beside handles, a handle holding only routes they hold (`rupertjones/policies`).
    const alike = plurals.filter(
      ([seg, child]) =>
        HANDLE.test(seg) &&
        (endsInS(seg, child, sharing) ||
          (names &&
            vocabularyShare(seg) === 0 &&
            hasChildKey(child, best) &&
            [...child.children.keys()].every((k) => sharing.some(([, c]) => c.children.has(k))))),
    );
    this.takeValues(node, target, key, [...sharing, ...alike], 'sibling-structure', true, best);
    return target;
  }

  /**
   * Values of a collection that traffic shows only a few of (`/domainnames/umbrella-north`,
   * `/clusters/mateo-walker/databases/{id}`): a pool's first value is drawn most, so a position
   * below a collection often holds a single value, which no count nor shared structure can merge.
   * A plural collection (not merged, no parameter or typed id beside) whose literal children are
   * names of words joined by a dash or underscore, none an API word (see `isMarkedName`), holds
   * values: an API names its routes in its words (`payment-methods`, `public-key`,
   * `default_template`), and a name of no API word where values are listed is a name someone gave.
   * Beside them, a camelCase child most of whose routes a joined name holds too is the spec's
   * example value (`/clusters/kustoProd/databases/…`), and so is a name mostly not of API words
   * (`iron`, `south-sales`, `test-ipprefix`) holding a joined name's routes, or a leaf beside leaf
   * names, while they are no more than the joined names; any other child (a plural
   * `/circuits/providers` beside `…/circuit-terminations`, a word of the API) shows the position
   * lists the API's own routes, and all stay. Returns the parameter that took them, or null.
   */
  private mergeJoinedNames(node: TrieNode<T>): TrieNode<T> | null {
    if (!listsLiteralsOnly(node) || !holdsValues(node)) return null;
    const found: [string, TrieNode<T>][] = [];
    const examples: [string, TrieNode<T>][] = [];
    const others: [string, TrieNode<T>][] = [];
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (child.reserved) return null;
      if (CAMEL_CASE.test(seg) && childKeys(child).length > 0) examples.push(entry);
      else if (isMarkedName(seg)) found.push(entry);
      else if (!isStaticName(seg) && !isPluralNoun(seg) && vocabularyShare(seg) <= VALUE_VOCABULARY_SHARE)
        others.push(entry);
      else return null;
    }
    // No more other names than joined ones, each holding a joined name's routes, or a leaf beside leaves.
    if (found.length === 0 || others.length > found.length) return null;
    for (const [, example] of examples)
      if (!found.some(([, child]) => sharesSubRoutes(example, child))) return null;
    for (const [, other] of others) {
      const leaf = childKeys(other).length === 0;
      if (!found.some(([, child]) => (leaf ? childKeys(child).length === 0 : sharesSubRoutes(other, child))))
        return null;
    }
    examples.push(...others);
    const param = this.paramChild(node);
    this.takeValues(node, param, '{param}', [...found, ...examples], 'joined-name', true);
    return param;
  }

  /**
   * A collection showing a single value (`/resourceGroups/rg/providers/…`,
   * `/servers/north/operations`, `/instancePools/prod_sales/usages`): thin traffic draws a pool's
   * first value most, so no count nor comparison with siblings can show it. Structure can: a
   * plural collection (below a parameter, the `collection/{id}/collection` rhythm of the API, or
   * answering requests itself as a collection does: `/v1/accounts` beside
   * `/v1/accounts/ridgewoodfarm/persons`, one account's log; a namespace such as
   * `/Tools/crossbar/assays` answers none), no parameter nor other literal beside, whose one
   * child holds a sub-collection (a plural noun) and is a name of no API word, or marked as data (a digit, a dash or underscore) and
   * mostly not of API words, or an example naming the collection's resource with a number
   * (`/resourceGroups/group1`). An API's own routes there are its words (`/users/me/repos`,
   * `/accounts/settings/notifications`, `/repos/search/code`) and stay. Returns the parameter
   * that took it, or null.
   */
  private mergeLoneValue(node: TrieNode<T>): TrieNode<T> | null {
    if (
      !listsLiteralsOnly(node) ||
      node.children.size !== 1 ||
      !isPluralNoun(ownSegment(node)) ||
      !(node.template.slice(0, node.template.lastIndexOf('/')).includes('{') || endsPaths(node))
    )
      return null;
    const [seg, child] = [...node.children][0] as [string, TrieNode<T>];
    const share = vocabularyShare(seg);
    // A joined name that merely ends in a plural, a word of it no API word (`prod_sales`), is a name.
    const plural = isPluralNoun(seg) && !(/[-_]/.test(seg) && share < 1);
    if (child.reserved || isStaticName(seg) || plural || seg.includes('.') || !mayBeValue(node, seg, true))
      return null;
    // A name in lower case (an API's constants there are capitalised: `/artifactTypes/VMExtension`),
    // of no API word, or joined, or a word and a number (a code, `nf203`, `ec2`, is the API's own).
    const named =
      (/^[a-z]+$/.test(seg) && share === 0) ||
      (/^[a-z0-9]+(?:[-_][a-z0-9]+)+$/i.test(seg) && share <= VALUE_VOCABULARY_SHARE) ||
      (/^[a-z]{3,}\d{1,3}$/.test(seg) && (share === 0 || namesItsResource(seg, node)));
    if (!named) return null;
    if (collectionsBelow(child) === 0) return null;
    const param = this.paramChild(node);
    this.takeValues(node, param, '{param}', [[seg, child]], 'lone-value', true);
    return param;
  }

  /**
   * Literals the scorer (features/scorer.ts) reads as values, once every rule had its say: two or
   * more, most of the position's, below a named position listing literals only (never the root,
   * a split position, reserved or static names, an operation's names). Returns the parameter.
   */
  private mergeScored(node: TrieNode<T>): TrieNode<T> | null {
    if (!listsLiteralsOnly(node) || node.template === '') return null;
    const { values, mean } = scoredValues(
      node.children,
      node,
      (seg, child) => !child.reserved && !isStaticName(seg) && !isOperationName(node, seg),
    );
    if (values.length === 0) return null;
    const param = this.paramChild(node);
    const best = values.reduce((a, b) => (b[2].p > a[2].p ? b : a));
    param.reason ??= {
      rule: 'scored',
      values: values.slice(0, 5).map(([seg]) => seg),
      distinct: values.length,
      shared: null,
      score: Math.round(mean * 1000) / 1000,
      contributions: best[2].top,
    };
    this.takeValues(
      node,
      param,
      '{param}',
      values.map(([seg, child]) => [seg, child]),
      'scored',
      true,
    );
    return param;
  }

  /**
   * Values below a value the traffic shows alone (`/repos/nynke/sammie/hooks`,
   * `/repos/nynke/wellington/hooks`: one account's logs show one owner, many of its repositories).
   * Below a plural collection, a name (not reserved, static, plural, an operation nor mostly API
   * words) whose children share sub-trees as values below a parameter do (see `mergeByStructure`:
   * two sub-routes or more in common, most routes three levels deep shared, plural nouns among
   * them a third or fewer, not mostly API words nor plain API kinds) holds values: they merge, and
   * the name holding their parameter is one of the collection's values. So is (`late`, once every
   * other rule had its say: its siblings' sub-trees met first) a name marked as
   * data whose values below merged already (`/repos/anselme_256/{id}/…`), every literal beside it
   * such a name too, of no API word. An API's sections there are its words (`/users/me/repos`,
   * `/search/repos/code`, `/apis/apps/v1`) and stay. Returns the collection's parameter, or null.
   */
  private mergeLoneParent(node: TrieNode<T>, late = false): TrieNode<T> | null {
    if (
      isSplit(node) ||
      node.merged ||
      node.reserved ||
      node.template === '' ||
      !isPluralNoun(ownSegment(node))
    )
      return null;
    const found: [string, TrieNode<T>][] = [];
    for (const entry of node.children) if (this.holdsSiblingValues(node, ...entry, late)) found.push(entry);
    if (found.length === 0) return null;
    // Into the position's parameter when it has one (`{id}` from ids beside them).
    const typed = node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    const target = node.param ?? typed?.[1] ?? this.paramChild(node);
    const key = target === node.param ? '{param}' : (typed?.[0] as string);
    this.takeValues(node, target, key, found, 'lone-value', true);
    return target;
  }

  /**
   * Whether `child` (at `seg` below the collection `node`) is a name whose children share
   * sub-trees as values below a parameter do (see `mergeLoneParent`); merges them when so.
   */
  private holdsSiblingValues(node: TrieNode<T>, seg: string, child: TrieNode<T>, late: boolean): boolean {
    if (
      child.reserved ||
      isSplit(child) ||
      isStaticName(seg) ||
      isPluralNoun(seg) ||
      isOperationName(node, seg) ||
      vocabularyShare(seg) > VALUE_VOCABULARY_SHARE ||
      !mayBeValue(node, seg, true)
    )
      return false;
    // A name marked as data whose values below merged already (`/repos/anselme_256/{id}/git/commits`)
    // holds their parameter, while every literal beside it is such a name too (not beside the
    // API's own routes: `/circuits/circuit-terminations/{id}` beside `…/providers`).
    if (child.children.size === 0 && (child.param !== null || child.typed?.size === 1))
      return (
        late &&
        /[a-z]{2}/i.test(seg) &&
        vocabularyShare(seg) === 0 &&
        [...node.children.keys()].every(
          (name) => marksData(name) && !isPluralNoun(name) && vocabularyShare(name) <= VALUE_VOCABULARY_SHARE,
        )
      );
    if (!listsLiteralsOnly(child)) return false;
    const candidates = [...child.children].filter(
      ([name, below]) => !below.reserved && childKeys(below).length > 0 && mayBeValue(child, name, true),
    );
    if (candidates.length < 2) return false;
    const best = mostSharedKey(candidates.map(([, below]) => below));
    if (best === null || isStructural(best)) return false;
    const all = candidates.filter(([, below]) => hasChildKey(below, best));
    const sharing = all.filter(([name]) => !isPluralNoun(name));
    if (
      sharing.length < 2 ||
      (all.length - sharing.length) * 3 >= all.length ||
      sharedKeys(sharing.map(([, below]) => below)) < 2 ||
      !similarSubtrees(sharing.map(([, below]) => below)) ||
      plainApiKinds(sharing) ||
      sharing.filter(([name]) => vocabularyShare(name) > VALUE_VOCABULARY_SHARE).length * 2 >= sharing.length
    )
      return false;
    const values = this.paramChild(child);
    this.takeValues(child, values, '{param}', sharing, 'shared-structure', true, best);
    child.merged = true;
    child.wordValues = true;
    return true;
  }

  /**
   * A documentation example among a nested collection's leaves (`/credentials/test_credential_name`,
   * `/networks/sampleNetwork`, `/webhooks/TestWebhook`): a placeholder word (`test`, `sample`,
   * `example`) beside the collection's own resource name is how a spec's author writes a value,
   * and a collection (below a parameter, nothing else beside) whose leaves are such examples and
   * names of no API word, or joined names mostly not of API words (`south_sales`), holds values.
   * Returns the parameter that took them, or null.
   */
  private mergeExampleLeaves(node: TrieNode<T>): TrieNode<T> | null {
    if (
      !listsLiteralsOnly(node) ||
      !isPluralNoun(ownSegment(node)) ||
      !node.template.slice(0, node.template.lastIndexOf('/')).includes('{')
    )
      return null;
    let examples = 0;
    for (const [seg, child] of node.children) {
      if (child.reserved || childKeys(child).length > 0 || seg.includes('.')) return null;
      const words = segmentWords(seg).map((word) => word.toLowerCase());
      const resource = words.filter((word) => !PLACEHOLDERS.has(word));
      if (resource.length < words.length && namesItsResource(resource.join('_'), node)) {
        examples++;
        continue;
      }
      const share = vocabularyShare(seg);
      const named =
        (/^[a-z]+$/.test(seg) && share === 0) ||
        (/^[a-z0-9]+(?:[-_][a-z0-9]+)+$/i.test(seg) && share <= VALUE_VOCABULARY_SHARE);
      if (!named) return null;
    }
    if (examples === 0) return null;
    const param = this.paramChild(node);
    this.takeValues(node, param, '{param}', [...node.children], 'example-leaf', true);
    return param;
  }

  /**
   * Values right after a version or at the root (`/v1/wayne_blue/locations`, `/v1/pied-piper`,
   * `/{scope}/providers/…` as `/east_stark/providers/…`), beside the API's own collections
   * (`/v1/projects/…`, `/v1/operations`). Collections are API words, each holding a sub-tree of
   * its own; values are names outside the API vocabulary that are leaves, or hold a literal route
   * another name (or the position's parameter) holds too, and among them names with marks of data
   * written in more than one convention (`stark97`, `liam-miller`, `prod_tyrell`), as values
   * typed by many hands are. Each set (leaves, names holding routes) decides alone; when neither
   * can, the names of no API word at all in both decide together; right after a version, two or
   * more of them deleted as one resource is and never posted to do too (`same-methods`). Taken
   * one by one: the position's other literals stay. Returns the parameter that took them, or null.
   */
  private mergeRootValues(node: TrieNode<T>): TrieNode<T> | null {
    if (isSplit(node) || !(node.reserved || node.template === '') || holdsValues(node)) return null;
    // The position's parameter, when it has one already (`{id}` from numeric values).
    const typed = node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    const target = node.param ?? typed?.[1] ?? null;
    const named: [string, TrieNode<T>][] = [];
    const below = new Map<string, number>();
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (!isOwnName(node, seg, child)) continue;
      named.push(entry);
      for (const key of child.children.keys()) below.set(key, (below.get(key) ?? 0) + 1);
    }
    if (target) for (const key of target.children.keys()) below.set(key, (below.get(key) ?? 0) + 1);
    const besideVersion = target !== null && isVersionSegment(ownSegment(node));
    // Ids of several kinds right after a version (`/v2/01FZQYCRAT8W0ZD5KDGFNRS6BH`, `/v2/ekim-arda-410`)
    // show values there too; with no one parameter to join, the names of no API word are values.
    const severalKinds =
      target === null &&
      [...(node.typed?.keys() ?? [])].filter((key) => TYPED_KINDS.has(key)).length > 1 &&
      isVersionSegment(ownSegment(node));
    // Leaves, and names holding a literal route another name holds too: each set decides alone.
    const leaves = named.filter(([, child]) => childKeys(child).length === 0);
    const holding = named.filter(([, child]) =>
      [...child.children.keys()].some((key) => (below.get(key) ?? 0) >= 2),
    );
    const found = [leaves, holding].flatMap((set) => {
      if (besideVersion) return set.length >= 2 ? set : [];
      const plain = severalKinds
        ? set.filter(([seg]) => WRITTEN_NAME.test(seg) && vocabularyShare(seg, true) === 0)
        : [];
      if (plain.length >= 2) return plain;
      return mixesConventions(set.filter(([seg]) => conventionOf(seg))) ? set : [];
    });
    let rule: MergeReason['rule'] = besideVersion ? 'vocabulary' : 'mixed-conventions';
    if (found.length === 0) {
      // Too few in each set alone (`/v1/stark97` beside `/v1/liam-miller/approvalRequests`,
      // `/v1/prod_tyrell/approvalRequests`): names of no API word at all, taken together.
      const plain = [...leaves, ...holding].filter(([seg]) => vocabularyShare(seg) === 0);
      if (mixesConventions(plain.filter(([seg]) => conventionOf(seg)))) found.push(...plain);
      else {
        // Names of several words joined, none an API word, holding one route (`/koza-filipowicz/invoices`,
        // `/dupuis-et-arnaud/invoices`): an organisation's names, as many hands write them.
        const joined = holding.filter(([seg]) => /[-_]/.test(seg) && vocabularyShare(seg) === 0);
        const route = mostSharedKey(joined.map(([, child]) => child));
        if (joined.length >= LEAF_VALUES && route !== null)
          found.push(...joined.filter(([, child]) => child.children.has(route)));
        else if (isVersionSegment(ownSegment(node))) {
          // Names of no API word, two or more, each deleted as one resource and never posted to
          // (`DELETE /v1/patrik`, `PATCH /v1/kevin`, `/v1/kevin/operations`): instances of the
          // version's one resource (Google's `/v1/{name}`). A version's collections take POST,
          // its singletons (`DELETE /v1/cache`) are API words.
          const instances = named.filter(
            ([seg, child]) =>
              vocabularyShare(seg, true) === 0 &&
              (child.methods & INSTANCE_WRITES) !== 0 &&
              (child.methods & POSTED) === 0,
          );
          if (instances.length >= FEW_LEAF_VALUES) {
            found.push(...instances);
            rule = 'same-methods';
          } else {
            // One handle, letters and a user's number of no API word (`/api/v2/tapio51/feeds`,
            // `…/dashboards`: one user's log), holding two collections or more: the user, as
            // `/users/erin85` is. An API's codes there have one digit (`oauth2`, `ec2`, `s3`).
            const handles = named.filter(
              ([seg, child]) =>
                USER_HANDLE.test(seg) && vocabularyShare(seg, true) === 0 && collectionsBelow(child) >= 2,
            );
            if (handles.length === 1) found.push(...handles);
          }
        }
      }
    }
    // Once names show that a version's position holds values, its other values join as beside
    // a parameter (`/v1beta1/west-oak/locations` after `/v1beta1/blue-stark`, `…/east_north`).
    if (besideVersion || severalKinds || (found.length > 0 && isVersionSegment(ownSegment(node))))
      found.push(...this.valuesBesideVersion(node, target, named, found));
    if (found.length === 0) return null;
    const key = target === null || target === node.param ? '{param}' : (typed?.[0] as string);
    const into = target ?? this.paramChild(node);
    this.takeValues(node, into, key, found, rule, true);
    return into;
  }

  /**
   * Right after a version, beside a parameter (`/v1/{id}/backups`) or once names there showed
   * values (`/v1beta1/blue-stark`, `/v1beta1/east_north`, `/v1beta1/stark97`), the position
   * holds values: two names of one kind (`/v1/east-umbrella/locations`, `/v1/judy-wright/…`) are
   * values (see `mergeRootValues`), and so are a lone name with a mark and no API word
   * (`yara-wright`) and any literal, API words and plurals included (`/v1/marketing/locations`,
   * `/v1/east-sales/…`), whose routes below are all routes the values hold. A collection there
   * holds a sub-tree of its own, ids below it (`/v1/projects/{id}`) or routes of its own. The
   * literals to add to `found`.
   */
  private valuesBesideVersion(
    node: TrieNode<T>,
    target: TrieNode<T> | null,
    named: readonly [string, TrieNode<T>][],
    found: readonly [string, TrieNode<T>][],
  ): [string, TrieNode<T>][] {
    const taken = new Set(found.map(([seg]) => seg));
    const own = new Set(named.map(([seg]) => seg));
    const routes = new Set(target ? target.children.keys() : []);
    for (const [, child] of found) for (const key of child.children.keys()) routes.add(key);
    const more: [string, TrieNode<T>][] = [];
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (taken.has(seg)) continue;
      if (own.has(seg) && conventionOf(seg) !== null && vocabularyShare(seg) === 0) more.push(entry);
      else if (
        !child.reserved &&
        !isStaticName(seg) &&
        !isOperationName(node, seg) &&
        child.children.size > 0 &&
        child.children.size === childKeys(child).length &&
        [...child.children.keys()].every((key) => routes.has(key))
      )
        more.push(entry);
    }
    return more;
  }

  /**
   * Leaves under a collection nested below a merged parameter (`/organizations/{org}/repositories/fun`):
   * words no API's routes use, each seen below one value of the parameter only, while the
   * collection was seen below several, are values. An API's actions there use its vocabulary
   * and recur below many parent values: a route word met below two parent values keeps the set
   * literal. A name of no API word met below two (`love` below `acme-fun` and `Rosa`) is left
   * aside, neither a veto nor evidence; it joins the parameter beside it later (`mergeBesideParameter`).
   */
  private mergeNestedValues(node: TrieNode<T>): boolean {
    if (isSplit(node) || node.spread < 2 || !holdsValues(node)) return false;
    const above = node.template.slice(0, node.template.lastIndexOf('/'));
    if (above.charCodeAt(above.lastIndexOf('/') + 1) !== OPEN_BRACE) return false;
    const leaves: [string, TrieNode<T>][] = [];
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (childKeys(child).length > 0 || child.reserved || !mayBeValue(node, seg) || isPluralNoun(seg))
        continue;
      const share = vocabularyShare(seg);
      if (share >= 0.5 || (child.spread > 1 && share > 0)) return false;
      if (child.spread === 1) leaves.push(entry);
    }
    if (leaves.length < LEAF_VALUES) return false;
    this.takeValues(node, this.paramChild(node), '{param}', leaves, 'nested-values', true);
    return true;
  }

  /**
   * Literals beside a parameter that are its values too (`/notifications/JACNKY` beside
   * `/notifications/{id}`, `/v1/noah-jones` beside `/v1/{param}`): the position is a parameter
   * already, and a literal mostly of words real APIs do not route by (see vocabulary.ts), whose
   * sub-routes are mostly the parameter's, is one more value. API words, plural nouns (sub-collections),
   * reserved and operation names stay, and so do plain one-word leaves beside typed ids with
   * sub-routes when nothing marked as data joins with them (`isNamedLeaf`); API words and plural
   * nouns holding many of the parameter's routes join it (see `holdsManyRoutesOf`; reason
   * `many-routes`), and so do one or two literals deleted as its values are (see
   * `answersAsInstance`; reason `same-methods`). With `wordsOnly`, only literals by their words
   * (reason `vocabulary`). Returns the parameters that took them.
   */
  private mergeBesideParameter(node: TrieNode<T>, wordsOnly = false): TrieNode<T>[] {
    if (isSplit(node)) return [];
    const typed = node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    // The parameter, or with a leaf parameter first a lone typed id beside it holding the
    // sub-routes the parameter lacks (`/secrets/{id}/repositories` beside `/secrets/{param}`).
    const targets: [string, TrieNode<T>][] = node.param ? [['{param}', node.param]] : [];
    if (typed && (!node.param || childKeys(node.param).length === 0)) targets.unshift(typed);
    const took: TrieNode<T>[] = [];
    for (const [key, target] of targets) {
      const keys = childKeys(target);
      const found: [string, TrieNode<T>][] = [];
      for (const entry of node.children)
        if (isValueBeside(entry[0], entry[1], target, keys, node.template === '')) found.push(entry);
      // Beside typed ids with sub-routes (not right after a version, where names are values),
      // plain one-word leaves alone are the collection's own routes (`/gists/starred`); below a
      // parameter, beside a typed leaf too: a value's children are its actions (`/gists/{id}/star`
      // beside `/gists/{id}/{sha}`), while a collection's are example values (`/keys/north`).
      const routeLeaves =
        key !== '{param}' &&
        (keys.length > 0 || isParameterNode(node)) &&
        !node.reserved &&
        found.every(isNamedLeaf);
      // A family of names is the API's own, taken one by one or not (`storage.k8s.io`, `events.k8s.io`).
      if (!routeLeaves && found.length > 0 && !largeAffixFamily(found.map(([seg]) => seg))) {
        this.takeValues(node, target, key, found, 'vocabulary');
        took.push(target);
      }
      if (wordsOnly) continue;
      // Busy values whatever their words (`/serverfarms/marketing/…`), but not at the root, and not
      // when more than CONTAINED_LITERALS literals are so alike: the API's collections of one shape
      // (`/entity/contact/count`, `…/bulk`, `/entity/case/count`, `…/bulk`).
      if (node.template === '') continue;
      // Literals answering as its instances do (`DELETE /policydefinitions/sales`), aliases kept.
      const instances = [...node.children].filter(
        ([seg, child]) =>
          !child.reserved &&
          !ALIASES.has(seg.toLowerCase()) &&
          (key !== '{param}' || valuesOf(target) >= CONTAINING_VALUES) &&
          answersAsInstance(seg, child, target),
      );
      if (instances.length > 0 && instances.length <= CONTAINED_LITERALS) {
        this.takeValues(node, target, key, instances, 'same-methods', true);
        for (const [seg] of instances) (node.rules.instances ??= new Set()).add(seg);
        if (!took.includes(target)) took.push(target);
      }
      const lone = this.loneLeaves(node, target);
      if (lone.length > 0) {
        this.takeValues(node, target, key, lone, 'cardinality');
        if (!took.includes(target)) took.push(target);
      }
      const busy = [...node.children].filter(
        ([seg, child]) => !child.reserved && !isStaticName(seg) && holdsManyRoutesOf(child, target),
      );
      if (busy.length === 0 || busy.length > CONTAINED_LITERALS) continue;
      this.takeValues(node, target, key, busy, 'many-routes');
      if (!took.includes(target)) took.push(target);
    }
    return took;
  }

  /**
   * The last leaves beside a collection's leaf parameter that took LONE_LEAF_VALUES or more values
   * (`/billingRoleAssignments/marketing` and `…/south-sales` beside `/billingRoleAssignments/{param}`;
   * beside typed ids, names that joined them count, not the ids: `/tags/oak-sales` beside `/tags/{id}`
   * once three names joined it, while `/jobs/list` beside ids alone stays):
   * whatever their words, one or two leaves left beside many leaf values are values too, the
   * popular ones a rule about words kept apart (a spec's camelCase example beside them stays, and
   * does not keep them). A collection's own leaves come several at a time
   * (`/certificates/{name}/policy`, `…/backup`, `…/create`) or are named as a sub-resource
   * (`/secrets/public-key`); reserved, static and operation names stay. Under a singular name, a
   * leaf parameter of MANY_LEAF_VALUES or more values shows a collection too, and its one lone leaf
   * joins it (`/channel/{id}/program/sales`); two there are its routes (`/bulk/md5`, `/bulk/sha1`).
   */
  private loneLeaves(node: TrieNode<T>, param: TrieNode<T>): [string, TrieNode<T>][] {
    // Under a singular name (`/channel/{id}/program/sales`), a leaf parameter of many values shows the collection.
    const plural = holdsValues(node);
    if (
      (!plural && valuesOf(param) < MANY_LEAF_VALUES) ||
      node.reserved ||
      node.children.size > CONTAINED_LITERALS ||
      childKeys(param).length > 0 ||
      valuesOf(param) < LONE_LEAF_VALUES
    )
      return [];
    const found: [string, TrieNode<T>][] = [];
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (childKeys(child).length > 0) return [];
      if (!child.reserved && !isApiName(seg) && !isOperationName(node, seg) && mayBeValue(node, seg, !plural))
        found.push(entry);
    }
    // There, two leaves beside it are the collection's own routes (`/bulk/md5`, `/bulk/sha1`).
    return plural || found.length === 1 ? found : [];
  }

  /**
   * Example values beside a parameter (`/resourceGroups/myResourceGroup/providers/…` beside
   * `/resourceGroups/{param}/providers/…`, `/service/apimService1/tenant` beside `/service/{param}/tenant`):
   * a literal all of whose routes, three levels deep, sit below the parameter beside it (its own
   * sub-resources' names may be values where the parameter merged them: see `placesBelow`) is one
   * more of its values, whatever its words (camelCase examples too), when that parameter took
   * several values and at most CONTAINED_LITERALS literals beside it are so contained; more are the
   * API's collections sharing one shape (`/V1.0/BillingCodes/query`, `/V1.0/TaxRegions/query`
   * beside `/V1.0/{param}/query`). Leaves, reserved words, plural nouns and other static names
   * stay. Beside a typed parameter, whose count of values is not kept, only names mostly not of
   * API words, or below the root names of API words holding ALIAS_ROUTES or more routes, all of
   * them the ids' (`/fabricLocations/local/scaleUnitNodes`, `…/nodes/{id}` beside
   * `/fabricLocations/{id}/…`: the spec's example), at the root such names holding a route three
   * levels deep (`/scope/providers/Microsoft.CustomProviders/associations` beside
   * `/{uuid}/providers/…`: the documentation's placeholder), unless one of the ALIASES; beside several kinds of ids (`/subscriptions/subid/…` beside `/subscriptions/{id}/…`
   * and `/subscriptions/{token}/…`), the kind holding most routes takes them. A literal naming its
   * collection's resource (`sdkTestHub` under `hubs`, see `namesItsResource`) is an example value
   * too when most of its routes sit below the parameter (EXAMPLE_UNPLACED_SHARE: it was used in
   * every example, so it holds routes the other values were not seen with), and beside a typed
   * parameter whatever its words (`ResourceGroupForSDKTest`). Returns the parameter that took
   * them, or null.
   */
  private mergeInsideParameter(node: TrieNode<T>): TrieNode<T> | null {
    if (isSplit(node)) return null;
    const param = node.param;
    // Beside several kinds of ids (`/subscriptions/{id}/…`, `/subscriptions/{token}/…`), the one holding most routes.
    let typed: [string, TrieNode<T>] | null = null;
    let routes = 0;
    if (!param)
      for (const entry of node.typed ?? []) {
        const keys = deepKeys(entry[1], '', 3, new Set()).size;
        if (keys > routes) [typed, routes] = [entry, keys];
      }
    const target = param ?? typed?.[1];
    if (!target || (param && valuesOf(param) < CONTAINING_VALUES)) return null;
    const inside: [string, TrieNode<T>][] = [];
    // Example values named after their resource (`sdkTestHub` under `hubs`), most of whose routes are the parameter's.
    const named: [string, TrieNode<T>][] = [];
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (childKeys(child).length === 0) {
        // A camelCase leaf naming the resource beside leaf values (`/schedules/mySchedule` beside
        // `/schedules/{param}`, `/jobschedules/jobScheduleId`): the spec's example, or its placeholder.
        if (
          target === param &&
          CAMEL_CASE.test(seg) &&
          namesItsResource(seg, node) &&
          (childKeys(param).length === 0 || endsPaths(param))
        )
          named.push(entry);
        continue;
      }
      const unplaced = unplacedRoutes(child, target, 3, true);
      if (unplaced === 0) inside.push(entry);
      else if (
        namesItsResource(seg, node) &&
        unplaced <= EXAMPLE_UNPLACED_SHARE * deepKeys(child, '', 3, new Set()).size
      )
        named.push(entry);
    }
    // A plural noun holding ids is a sub-collection (`/entities/hosts/{id}`, `/errors/errorGroups/{id}/…`);
    // one holding only the parameter's literal routes is a value that looks plural (`/service/iron_sales/backends`).
    const value = ([seg, child]: [string, TrieNode<T>]) =>
      !child.reserved &&
      (!isStaticName(seg) || CAMEL_CASE.test(seg)) &&
      (!isPluralNoun(seg) || (child.children.size > 0 && child.typed === null && child.param === null));
    if (inside.length + named.length > CONTAINED_LITERALS) {
      // Many names, each holding only the parameter's routes, are values too when each is mostly no API
      // word (`/v1beta1/erfahrenGebaude/notes`, `…/hochanstandigAluminium/notes` beside
      // `/v1beta1/{id}/notes`): users named them, as they named the typed ones beside them. A
      // family of names (`node.k8s.io`, `storage.k8s.io`) is the API's own.
      const names = inside.filter(
        (entry) => value(entry) && vocabularyShare(entry[0]) <= VALUE_VOCABULARY_SHARE,
      );
      if (
        target === param ||
        names.length < inside.length ||
        names.length < MANY_INSIDE_NAMES ||
        largeAffixFamily(names.map(([seg]) => seg))
      )
        return null;
      this.takeValues(node, target, typed?.[0] as string, names, 'contained-names', true);
      return target;
    }
    const found = inside.filter(
      (entry) =>
        value(entry) &&
        (target === param ||
          vocabularyShare(entry[0]) <= VALUE_VOCABULARY_SHARE ||
          (!ALIASES.has(entry[0].toLowerCase()) &&
            !namesItsResource(entry[0], node) &&
            (node.template === ''
              ? holdsLongRoute(entry[1])
              : deepKeys(entry[1], '', 3, new Set()).size >= ALIAS_ROUTES))),
    );
    // Beside a typed parameter, a name of API words is a value when it names its resource (`ResourceGroupForSDKTest`).
    for (const entry of inside)
      if (!found.includes(entry) && namesItsResource(entry[0], node)) named.push(entry);
    const examples = named.filter(value);
    if (found.length + examples.length === 0) return null;
    const key = target === param ? '{param}' : (typed?.[0] as string);
    if (found.length > 0) this.takeValues(node, target, key, found, 'inside-parameter', true);
    if (examples.length > 0) this.takeValues(node, target, key, examples, 'named-example', true);
    return target;
  }

  /**
   * Placeholders beside a parameter: a literal that spells an identifier's name (`resourceUri`,
   * `parentResourcePath`; see `spellsIdentifier`) where the position already holds a parameter,
   * all of whose routes (two levels deep) the parameter holds, is that parameter: documentation
   * writes the parameter's name where the value goes, and users copy it (`/resourceUri/providers/…`
   * beside `/{id}/providers/…`). At the root, where names of API words otherwise stay: a collection
   * is named by a noun, not by an identifier's name; below it, when it names the collection's
   * resource. A leaf is one when it is that resource's name and the identifier word alone
   * (`/recommendations/recommendationId`, see `placeholderOf`). Beside several kinds of ids, the
   * kind holding most routes takes it (a leaf: the kind of leaf values). Returns the parameter
   * that took them, or null.
   */
  private mergePlaceholders(node: TrieNode<T>): TrieNode<T> | null {
    if (isSplit(node)) return null;
    const targets: [string, TrieNode<T>][] = [...(node.typed ?? [])];
    if (node.param) targets.push(['{param}', node.param]);
    if (targets.length === 0) return null;
    const routes = new Map<TrieNode<T>, number>();
    for (const [, target] of targets) routes.set(target, deepKeys(target, '', 3, new Set()).size);
    targets.sort((a, b) => (routes.get(b[1]) ?? 0) - (routes.get(a[1]) ?? 0));
    const found = new Map<string, [string, TrieNode<T>][]>();
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (child.reserved || !spellsIdentifier(seg)) continue;
      const leaf = childKeys(child).length === 0;
      // A leaf only when it is the collection's resource and the identifier word alone
      // (`/recommendations/recommendationId`): an API's own leaves name which id they give
      // (`/snapshots/liveSnapshotId`, `/enterprises/signupUrl`). Below the root, a route holding
      // routes names the collection's resource (`/annotations/rgdId/{id}` is a kind of lookup).
      if (leaf ? !placeholderOf(seg, node) : node.template !== '' && !namesItsResource(seg, node)) continue;
      // A leaf stands for the id itself: the leaf values' parameter, else the busiest one.
      const place = leaf
        ? (targets.find(([, target]) => childKeys(target).length === 0) ?? targets[0])
        : targets.find(([, target]) => unplacedRoutes(child, target, 2, true) === 0);
      if (!place) continue;
      const list = found.get(place[0]) ?? [];
      list.push(entry);
      found.set(place[0], list);
    }
    let took: TrieNode<T> | null = null;
    for (const [key, target] of targets) {
      const list = found.get(key);
      if (!list) continue;
      this.takeValues(node, target, key, list, 'placeholder', true);
      took ??= target;
    }
    return took;
  }

  /**
   * Literals named as values the parameter beside them took one by one (see `takeValues`): the
   * same value met again where two sub-trees joined (`/functions/crazy-edge/listsecrets` from
   * one resource group beside `/functions/{param}`, which took `crazy-edge` in another one). With
   * no parameter, ids of one kind alone take theirs back the same way (`/analyses/{user}/{id}`,
   * which took `acme_oak` below one user, beside `acme_oak` below another). Returns the
   * parameter that took them.
   */
  private retakeValues(node: TrieNode<T>): TrieNode<T> | null {
    if (node.merged || isSplit(node)) return null;
    // The parameter, else ids of one kind alone (`{id}`, which took names beside it one by one).
    const typed =
      !node.param && node.typed?.size === 1 ? ([...node.typed][0] as [string, TrieNode<T>]) : null;
    const target = node.param ?? typed?.[1];
    if (!target?.taken) return null;
    const again = [...node.children].filter(([seg, child]) => !child.reserved && target.taken?.has(seg));
    if (again.length === 0) return null;
    this.takeValues(node, target, typed?.[0] ?? '{param}', again, 'cardinality');
    return target;
  }

  /**
   * Merge the literal children `found` of `node` into its parameter `target` (keyed `key`) as
   * values taken one by one (see `TrieNode.taken`): the position is not marked merged. With
   * `remember`, the domain keeps them as known values (see `DomainRules.values`); `shared`: the
   * sub-route they share, when that was the evidence.
   */
  private takeValues(
    node: TrieNode<T>,
    target: TrieNode<T>,
    key: string,
    found: readonly [string, TrieNode<T>][],
    rule: MergeReason['rule'],
    remember = false,
    shared: string | null = null,
  ): void {
    target.reason ??= {
      rule,
      values: found.slice(0, 5).map(([seg]) => seg),
      distinct: found.length,
      shared,
    };
    target.taken ??= new Set();
    for (const [seg, child] of found) {
      mergeInto(target, child);
      node.children.delete(seg);
      if (remember) rememberValue(node.rules, seg, true);
      target.taken.add(seg);
    }
    node.small = null;
    retemplate(target, `${node.template}/${key}`);
    this.payloadEpoch++;
  }

  /**
   * Literal children that are values a merge took elsewhere in the domain (`/user/following/alice`
   * where `/users/alice` merged): merged into the position's parameter when nothing is below them,
   * when they hold the parameter's sub-routes, or, with no parameter there, when two or more of
   * them share a sub-route and are not mostly API words. The position itself is not marked
   * merged, so its other literals (`/users/search`) stay. Returns whether it merged.
   */
  private mergeKnownValues(node: TrieNode<T>): boolean {
    if (isSplit(node)) return false;
    const found: [string, TrieNode<T>][] = [];
    // Known names with sub-routes and no parameter here to compare them with.
    const alone: [string, TrieNode<T>][] = [];
    for (const entry of node.children) {
      const [seg, child] = entry;
      if (!isKnownName(node.rules, seg) || !mayBeKnownValue(node, seg, child)) continue;
      if (childKeys(child).length === 0 || (node.param !== null && sharesSubRoutes(child, node.param)))
        found.push(entry);
      else if (!node.param && !node.typed && vocabularyShare(seg) <= VALUE_VOCABULARY_SHARE)
        alone.push(entry);
    }
    // Two or more of them holding one sub-route are values of one position (`…/NamePinyin/piper/{id}`,
    // `…/NamePinyin/prod_tyrell/{id}`): the sections of an API sharing a sub-route are not known values.
    const counts = new Map<string, number>();
    for (const [, child] of alone)
      for (const key of childKeys(child)) counts.set(key, (counts.get(key) ?? 0) + 1);
    const shared = [...counts].find(([, n]) => n >= 2)?.[0];
    if (shared !== undefined) found.push(...alone.filter(([, child]) => hasChildKey(child, shared)));
    if (found.length === 0) return false;
    this.takeValues(node, this.paramChild(node), '{param}', found, 'known-value');
    return true;
  }

  /**
   * Single digits kept literal where a version sits (`/1/boards`) are versions while there are
   * few of them; many (`/api/0/books` … `/api/9/books`), beside longer integers or one seen as
   * a leaf (`/api/1`: a version holds routes), are ids.
   * Decimals kept literal (`2.0`; see `decimalMayBeVersion`) below the root and a reserved word
   * likewise, and two or more of them as leaves (`/books/1.0`, `/books/2.0`): a version holds routes.
   */
  private foldDigits(node: TrieNode<T>): void {
    if (isSplit(node)) return;
    const digits = this.versionValues(
      [...node.children].filter(([seg]) => seg.length === 1 && isDigit(seg.charCodeAt(0))),
      node,
      false,
    );
    const decimals =
      node.template === '' || node.reserved
        ? []
        : this.versionValues(
            [...node.children].filter(([seg]) => isDecimal(seg)),
            node,
            true,
          );
    if (digits.length + decimals.length === 0) return;
    node.typed ??= new Map();
    let id = node.typed.get(PARAM_NAME.id);
    if (!id)
      node.typed.set(
        PARAM_NAME.id,
        (id = newNode(node.rules, this.threshold, `${node.template}/${PARAM_NAME.id}`)),
      );
    for (const [seg, child] of [...digits, ...decimals]) {
      mergeInto(id, child);
      node.children.delete(seg);
    }
    node.small = null;
    retemplate(id, `${node.template}/${PARAM_NAME.id}`);
    this.payloadEpoch++;
  }

  /** The possible versions of `foldDigits` that are ids by their value set, or none. */
  private versionValues(
    found: [string, TrieNode<T>][],
    node: TrieNode<T>,
    decimals: boolean,
  ): [string, TrieNode<T>][] {
    if (found.length === 0 || node.typed?.has(PARAM_NAME.id)) return found;
    // A version holds routes: a digit seen only as a leaf (`/api/1`, `/api/2`) is an id, and
    // two decimals as leaves (`/books/1.0`, `/books/2.0`) are ids (`2.0` alone may be a version).
    const leafValues = found.filter(([, child]) => childKeys(child).length === 0).length;
    if (leafValues >= (decimals ? 2 : 1)) return found;
    // Versions hold different APIs below them; ids the same sub-routes (`/api/0/books` … `/api/9/books`).
    return found.length >= VERSION_VALUES && similarSubtrees(found.map(([, child]) => child)) ? found : [];
  }

  /**
   * Typed ids of several kinds at one position are one parameter (`/videos/{id}` for
   * `vi4blUQJFrYWbWUBvUUxY4`, `/videos/{token}` for `vi6T2TaKTnCTDx1GtDIJ8…`, a longer one):
   * a route names one value there, whatever shape each value has, and an API description
   * cannot declare two parameters at one place. The kinds join the first of `KIND_ORDER`,
   * those naming their resource first (`/videos/{videoId}`), which keeps their names as
   * aliases so that later values of any of them meet it. Returns it.
   */
  private joinTypedKinds(node: TrieNode<T>): TrieNode<T> | null {
    if (!node.typed || node.typed.size < 2 || isSplit(node)) return null;
    // Guessed kinds only: a stored template's own name (`{username}`) is the user's or the spec's.
    // A stored `{videoId}` (an `{id}` only its name made, `fromName`) joins too: an earlier analysis
    // stored the position's values under it.
    const kinds = [...node.typed].filter(([key]) => TYPED_KINDS.has(key));
    if (kinds.length < 2 || kinds.every(([, child]) => child.fromName)) return null;
    const rank = (k: string) => KIND_ORDER.indexOf(k);
    const [key, target] = kinds.reduce((a, b) => (rank(b[0]) < rank(a[0]) ? b : a));
    for (const [other, child] of kinds) {
      if (other === key) continue;
      if (!child.fromName) target.fromName = false;
      mergeInto(target, child);
      node.typed.delete(other);
      (target.absorbed ??= new Set()).add(other);
    }
    retemplate(target, `${node.template}/${key}`);
    this.payloadEpoch++;
    return target;
  }

  /**
   * One position, two parameters: generated ids (`{id}`: `zeSbxRdEQDwAS`) beside names merged
   * into `{param}` (`gold-wonka`, `GroupForEdgeAutomation`) holding the same sub-routes, or both
   * leaves. They are one parameter: the typed child joins `{param}`, and its kind is remembered
   * so later ids of that kind go there too. Returns whether it joined anything.
   */
  private absorbTyped(node: TrieNode<T>): boolean {
    const param = node.param;
    if (!param || !node.typed || isSplit(node)) return false;
    let changed = false;
    const leaf = childKeys(param).length === 0;
    for (const [key, child] of [...node.typed]) {
      if (child.fromName) continue;
      // Or both are routes answering one method (`GET /v1/{id}` for `soylent665` beside `GET /v1/{param}`
      // for `victor-miller`): a router tells them apart no more than an API description can.
      if (
        !(leaf ? childKeys(child).length === 0 : sharesSubRoutes(child, param, true)) &&
        (child.methods & param.methods) === 0
      )
        continue;
      mergeInto(param, child);
      node.typed.delete(key);
      (param.absorbed ??= new Set()).add(key);
      changed = true;
    }
    if (!changed) return false;
    if (node.typed.size === 0) node.typed = null;
    retemplate(param, `${node.template}/{param}`);
    this.payloadEpoch++;
    return true;
  }

  /**
   * Literal codes next to a typed parameter with the same shape below are more of its values
   * (`/orders/AEXVHK4` beside `/orders/{id}`): generated-looking, not words, not reserved. With
   * `several`, where one parameter's ids took several kinds (`/devices/{token}/batchCreate` for
   * `6T2TaKTnCTDx1GtDIJ8`, `/devices/{id}/batchCreate` for `qtTct1M8Fj`), the code joins the
   * first kind with its shape, as a value taken one by one (see `TrieNode.taken`).
   */
  private foldIntoTyped(node: TrieNode<T>, several: boolean): void {
    if (!node.typed || several !== node.typed.size > 1 || isSplit(node)) return;
    const kinds = [...node.typed].map(([key, typed]) => ({ key, typed, shape: signature(typed) }));
    const moved = new Set<(typeof kinds)[number]>();
    for (const [seg, child] of [...node.children]) {
      if (!isCode(seg)) continue;
      const shape = signature(child);
      const kind = kinds.find((k) => k.shape === shape);
      if (!kind) continue;
      mergeInto(kind.typed, child);
      node.children.delete(seg);
      if (kinds.length > 1) (kind.typed.taken ??= new Set()).add(seg);
      moved.add(kind);
    }
    if (moved.size === 0) return;
    node.small = null;
    for (const { key, typed } of moved) retemplate(typed, `${node.template}/${key}`);
    this.payloadEpoch++;
  }

  /**
   * Merge literal siblings that share structure below them, however few they are:
   * `/repos/alice/issues` and `/repos/bob/issues` (values under a collection sharing a
   * sub-route), `/acme/api/orders` and `/globex/api/orders` (prefixes above an API root:
   * tenants, locales). Collection names under a version or the root stay literal unless
   * their sub-trees say otherwise. Returns whether it merged.
   */
  private mergeByStructure(node: TrieNode<T>, parent: TrieNode<T> | null): boolean {
    if (isSplit(node)) return false;
    const candidates: [string, TrieNode<T>][] = [];
    for (const entry of node.children)
      if (
        mayBeValue(node, entry[0], true) ||
        (isCamelExample(entry[0], entry[1]) && !variesSibling(node, entry[0]))
      )
        candidates.push(entry);
    if (candidates.length < 2) return false;
    const best = mostSharedKey(candidates.map(([, child]) => child));
    if (best === null) return false;
    const collection = holdsValues(node) && !(parent !== null && endsInSBeside(node, parent));
    const prefix = isStructural(best); // a prefix above the API's root: tenants, locales
    let sharing = candidates.filter(([, child]) => hasChildKey(child, best));
    const sharers = sharing.length;
    if (!prefix) {
      // Sub-collections share sub-routes too (`/contacts/lists/{id}`, `/contacts/dncs/{id}`):
      // plural nouns are names, not values. Sections (`/my/radio/follows`, `/my/music/follows`)
      // share them as well: only a collection's values, or locale codes, merge here.
      const all = sharing.length;
      const names = sharing.filter(([seg]) => !isPluralNoun(seg));
      // Names that merely end in s (`lucas` beside `noahwilson`), where plural nouns are the fewer.
      if ((all - names.length) * 2 <= all)
        sharing = [...names, ...sharing.filter(([seg, child]) => endsInS(seg, child, names))];
      else sharing = names;
      // Below a parameter, values share several sub-routes (`/repos/{owner}/hello/issues`, `…/pulls`
      // and `/repos/{owner}/world/issues`, `…/pulls`); sections share them too, but beside
      // sub-collections (`/projects/{project}/global/disks` beside `…/zones/{zone}/disks`).
      if (
        !collection &&
        !sharing.every(([seg]) => LOCALE.test(seg)) &&
        !(
          isParameterNode(node) &&
          (all - sharing.length) * 3 < all &&
          sharedKeys(sharing.map(([, child]) => child)) >= 2 &&
          (similarSubtrees(sharing.map(([, child]) => child)) || manyNamesSharing(sharing))
        )
      )
        return false;
    }
    if (sharing.length < 2) return false;
    // A camelCase name (`kustoProd`, `myResourceGroup`) joins values sharing its routes, never makes
    // them: beside a name of no API word or marked as data (`mateo-walker`), not beside a route word
    // (`directoryProvisioning` beside `provisioning`). Names written in camelCase mostly of no API
    // word (`borysKubica`, `tuominenHirvonenAndSalminen`) are values in that convention, as
    // `erin-clark` and `erin_clark` are in theirs.
    if (
      sharing.some(([seg, child]) => isCamelExample(seg, child)) &&
      !sharing.every(([seg]) => CAMEL_CASE.test(seg) && vocabularyShare(seg) < VALUE_VOCABULARY_SHARE) &&
      !sharing.some(
        ([seg, child]) =>
          !isCamelExample(seg, child) &&
          (MARKS.some(([, re]) => re.test(seg)) || vocabularyShare(seg) <= VALUE_VOCABULARY_SHARE),
      ) &&
      // Typed values beside them holding that route are values too (`/resourceGroups/{id}/providers`
      // for `kallioMäkinenAndToivonen`, beside `teresaFurman`, `anttilaInc`).
      ![...(node.typed?.values() ?? [])].some((typed) => hasChildKey(typed, best))
    )
      return false;
    // Plain words sharing a sub-route, half or more of them API words, are the collection's kinds
    // (`/automations/sms/receipts`, `…/fax/receipts`, `…/voice/receipts`; `/insights/trending/{id}`,
    // `…/used/{id}`, `…/shared/{id}`): values typed by many hands are seldom all plain words, and
    // seldom API words.
    if (!prefix && plainApiKinds(sharing)) return false;
    // Kinds of a collection the parent also lists whole (`/databases/instances` beside
    // `/databases/mysql/instances`, `…/postgresql/instances`) are the API's partition of it:
    // plain words sharing that literal route stay, while values typed by many hands mix in
    // marks of data (`/products/tyrell_tyrell/reviews` beside `/products/reviews`).
    if (
      !prefix &&
      !isTypedKey(best) &&
      best !== '{param}' &&
      node.children.has(best) &&
      !sharing.some(([seg]) => marksData(seg))
    )
      return false;
    // A collection whose values are typed ids (`/Documents/{id}`) holds sub-resources beside
    // them, each with its own ids (`/Documents/ChildObjects/{id}`, `/Documents/DocumentType/{id}`):
    // plain words sharing only an id below them are route names there, not more values; values
    // written by many hands mix in marks of data (`carol-smith`, `south_tyrell`). Without typed
    // ids beside them, names in the API's own convention say the same (`/Jobs/Batch/{id}`,
    // `/messages/inbound/{id}`), and so do names mostly of API words, as thin traffic shows a
    // repository's sub-collections (`/commit/{sha}`, `/merge-base/{spec}` beside `/diffstat/{spec}`),
    // while owners do not (`/projects/ivan/{id}`).
    if (
      !prefix &&
      ((node.typed !== null && node.typed.size > 0) ||
        namedByTheApi(sharing.map(([seg]) => seg)) ||
        mostlyApiWords(sharing.map(([seg]) => seg))) &&
      isTypedKey(best) &&
      sharedKeys(sharing.map(([, c]) => c)) === 1 &&
      !sharing.some(([seg]) => marksData(seg))
    )
      return false;
    // Two names in the API's own words sharing a literal route (`/calendars/all/movies`,
    // `/calendars/my/movies`; `/integrations/jira-cloud/projects`, `…/jira-server/projects`) are a
    // pair of its sections, as the parent's kinds above: values typed by many hands seldom are all
    // API words, while three or more may be (teams named `sales`, `marketing`, `support`). Beside
    // the collection's typed ids, names mostly of API words sharing a literal route none of the ids
    // holds are its sections however many (`/movies/watched/weekly`, `/movies/collected/weekly`
    // beside `/movies/{id}/people`).
    if (
      !prefix &&
      !isTypedKey(best) &&
      best !== '{param}' &&
      !sharing.some(([seg]) => marksData(seg) || /^[A-Z]+$/.test(seg)) &&
      ((sharers <= 2 && sharing.every(([seg]) => vocabularyShare(seg) > VALUE_VOCABULARY_SHARE)) ||
        (node.typed !== null &&
          [...node.typed.values()].every((typedChild) => !hasChildKey(typedChild, best)) &&
          mostlyApiWords(sharing.map(([seg]) => seg))))
    )
      return false;
    // Tenants and locales hold the same API below the shared root; services
    // (`/sol/nslcm/v1/…`, `/sol/vnfpkgm/v1/…`) hold different ones. Names in the API's own
    // convention sharing an action are its collections (`/Movie/Search/…`, `/Crew/Search/…`),
    // and so are names sharing a reserved word other than a version whose sub-trees differ
    // (`/v2/images/search`, `/v2/audio/search`, `/v2/audio/licenses`): tenants
    // (`/acme/api/orders`, `/globex/api/orders`) hold the same routes beside it too.
    // Below a plural collection (`/security/advisories/cvrf/latest/…`, `…/oval/latest/…`) names
    // sharing a reserved word other than a version are the collection's kinds, each with the same
    // routes: a tenant or locale sits above an API's root, not inside one of its collections.
    if (prefix && !isVersionSegment(best) && node.template !== '' && isPluralNoun(ownSegment(node)))
      return false;
    if (
      prefix &&
      (!sameBelow(
        sharing.map(([, child]) => child),
        best,
      ) ||
        (!isVersionSegment(best) && !similarSubtrees(sharing.map(([, child]) => child))) ||
        (namedByTheApi(sharing.map(([seg]) => seg)) && !sharing.every(([seg]) => LOCALE.test(seg))))
    )
      return false;
    // A few short codes of letters and digits (`/stats/h5/…`, `/stats/hw2/…`, `/stats/h5pc/…`) whose
    // sub-trees differ are the API's editions, as versions are: each holds its own routes.
    if (
      !prefix &&
      sharing.length < VERSION_VALUES &&
      sharing.every(([seg]) => EDITION_CODE.test(seg)) &&
      !similarSubtrees(sharing.map(([, child]) => child))
    )
      return false;
    const param = this.paramChild(node);
    param.reason ??= {
      rule: prefix
        ? 'prefix'
        : collection || !sharing.every(([seg]) => LOCALE.test(seg))
          ? 'shared-structure'
          : 'locale',
      values: sharing.slice(0, 5).map(([seg]) => seg),
      distinct: sharing.length,
      shared: best,
    };
    for (const [seg, child] of sharing) {
      // A name the lookup would keep static is found among the values taken one by one.
      if (isStaticName(seg)) (param.taken ??= new Set()).add(seg);
      mergeInto(param, child);
      node.children.delete(seg);
      if (!prefix) rememberValue(node.rules, seg, true);
    }
    node.small = null;
    node.merged = true;
    node.wordValues = true;
    const mean = sharing.reduce((n, [, c]) => n + c.hits, 0) / sharing.length;
    node.dominance = Math.min(node.dominance, Math.max(4, mean * 4));
    return true;
  }

  /**
   * Why each position of a path (as `template` would template it) is a parameter: the merge
   * reason for a learned `{param}` (or a typed parameter that literals beside it joined), null for
   * literals and for other typed tokens (their kind says why).
   */
  explain(domain: string, segments: readonly string[]): (MergeReason | null)[] {
    const typed = this.template(domain, segments);
    const out: (MergeReason | null)[] = [];
    let node = this.roots.get(domain) ?? null;
    for (const key of typed) {
      if (!node) {
        out.push(null);
        continue;
      }
      if (key === '{param}') {
        out.push(node.param?.reason ?? null);
        node = node.param;
      } else {
        node =
          key.charCodeAt(0) === OPEN_BRACE
            ? (node.typed?.get(key) ?? null)
            : (node.children.get(key) ?? null);
        // A typed parameter has a reason only when literals beside it joined it (mergeBesideParameter).
        out.push(key.charCodeAt(0) === OPEN_BRACE ? (node?.reason ?? null) : null);
      }
    }
    return out;
  }

  /**
   * Note that the route of a learned path (`segments`, as `template` takes them) answered
   * `method`: called per endpoint before `finalize`, which compares the methods a literal and the
   * parameter beside it answer (see `answersAsInstance`).
   */
  noteMethod(domain: string, segments: readonly string[], method: string): void {
    const typed = this.template(domain, segments);
    let node = this.roots.get(domain) ?? null;
    for (const key of typed) {
      if (!node) return;
      if (key === '{param}') node = node.param;
      else if (key.charCodeAt(0) === OPEN_BRACE) node = node.typed?.get(key) ?? null;
      else node = node.children.get(key) ?? null;
    }
    if (node) node.methods |= METHOD_BITS[method] ?? OTHER_METHOD;
  }

  /** Template a path with what has been learned so far (does not learn). */
  template(domain: string, segments: readonly string[]): string[] {
    return this.templateTyped(domain, templateSegments(segments, true), segments);
  }

  /**
   * Like `template`, for segments already passed through `templateSegments`. Returns the
   * trie's own (unnamed) parameters: names a stored template carries map back to their
   * guesses (`{userId}` → `{id}`); `nameParameters` names the result.
   */
  templateTyped(domain: string, typedIn: readonly string[], raw?: readonly string[]): string[] {
    const typed = [...typedIn];
    let node = this.roots.get(domain) ?? null;
    for (let i = 0; i < typed.length; i++) {
      if (node) typed[i] = splitValue(node, typed[i] as string, raw?.[i]);
      const t = typed[i] as string;
      if (!node) {
        if (t.charCodeAt(0) === OPEN_BRACE) typed[i] = guessOf(t, typedIn[i - 1]).key;
        continue;
      }
      if (t.charCodeAt(0) === OPEN_BRACE) {
        let key = this.paramKey(node, t, typedIn[i - 1]);
        if (key !== '{param}' && !node.typed?.has(key)) {
          const joined = joinedKind(node, key);
          if (joined) key = joined.template.slice(joined.template.lastIndexOf('/') + 1);
          else if (node.param?.absorbed?.has(key)) key = '{param}';
        }
        typed[i] = key;
        node = key === '{param}' ? node.param : (node.typed?.get(key) ?? null);
        continue;
      }
      const child = node.children.get(t);
      if (child) node = child;
      else if (
        ((t.length === 1 && isDigit(t.charCodeAt(0))) ||
          (isDecimal(t) && node.template !== '' && !node.reserved)) &&
        node.typed?.has(PARAM_NAME.id)
      ) {
        typed[i] = PARAM_NAME.id; // a digit or decimal where versions sit, folded into the ids (foldDigits)
        node = node.typed.get(PARAM_NAME.id) as TrieNode<T>;
      } else if (
        (node.merged && mayBeValue(node, t)) ||
        (node.param &&
          (node.param.taken?.has(t) === true ||
            // Codes folded into a typed parameter that `{param}` took over (foldIntoTyped, absorbTyped).
            (node.param.absorbed !== null && isCode(t)) ||
            (isKnownName(node.rules, t) && mayBeValue(node, t, true))))
      ) {
        typed[i] = '{param}';
        node = node.param;
      } else if (
        node.typed?.size === 1 &&
        (isCode(t) || ([...node.typed.values()][0] as TrieNode<T>).taken?.has(t) === true)
      ) {
        // One more value of the position's typed parameter (see foldIntoTyped, mergeBesideParameter).
        const [key, next] = [...node.typed][0] as [string, TrieNode<T>];
        typed[i] = key;
        node = next;
      } else {
        // A value one of several typed kinds took (see foldIntoTyped).
        const kind =
          node.typed && node.typed.size > 1 ? [...node.typed].find(([, n]) => n.taken?.has(t)) : undefined;
        typed[i] = kind ? kind[0] : t;
        node = kind ? kind[1] : null;
      }
    }
    return typed;
  }
}

/** The typed child that took the kind `key` over from its position (see `joinTypedKinds`). */
function joinedKind<T>(node: TrieNode<T>, key: string): TrieNode<T> | undefined {
  if (!node.typed || node.typed.size === 0) return undefined;
  for (const child of node.typed.values()) if (child.absorbed?.has(key)) return child;
  return undefined;
}

function mergeInto<T>(target: TrieNode<T>, source: TrieNode<T>): void {
  for (const [seg, child] of source.children) {
    const existing = target.children.get(seg);
    if (existing) {
      existing.hits += child.hits;
      existing.spread += child.spread;
      mergeInto(existing, child);
    } else {
      target.children.set(seg, child);
      target.small = null;
    }
  }
  if (source.typed) {
    target.typed ??= new Map();
    for (const [key, child] of source.typed) {
      // A kind the target's ids joined (`{hash}` into `{id}`, see `joinTypedKinds`) goes there.
      const existing = target.typed.get(key) ?? joinedKind(target, key);
      if (existing) mergeInto(existing, child);
      else target.typed.set(key, child);
    }
  }
  if (source.param) {
    if (target.param) mergeInto(target.param, source.param);
    else target.param = source.param;
  }
  target.merged ||= source.merged;
  target.methods |= source.methods;
  target.wordValues ||= source.wordValues;
  target.reason ??= source.reason;
  if (source.taken) for (const seg of source.taken) (target.taken ??= new Set()).add(seg);
  if (source.absorbed) for (const key of source.absorbed) (target.absorbed ??= new Set()).add(key);
  target.dominance = Math.min(target.dominance, source.dominance);
  // A literal one copy's parameter took as a value (`test` beside `{hash}` below `/Nodes/stark/…`)
  // meets a copy where it stayed (below `/Nodes/node1/…`, seen with no other value): a value here too.
  // So does one taken as an instance (`testCert`, deleted as the values are below one account).
  const kinds = [...(target.typed?.values() ?? []), ...(target.param ? [target.param] : [])];
  if (kinds.length > 0)
    for (const [seg, child] of target.children) {
      const into = kinds.find(
        (kind) =>
          kind.taken?.has(seg) === true &&
          (kind.reason?.rule === 'many-routes' || target.rules.instances?.has(seg) === true),
      );
      if (!into) continue;
      target.children.delete(seg);
      target.small = null;
      mergeInto(into, child);
      retemplate(into, into.template);
    }
}

/** Recompute the stored templates of a subtree moved by a merge (and drop its stale payloads). */
function retemplate<T>(node: TrieNode<T>, template: string): void {
  node.template = template;
  node.payload = undefined;
  node.payloadEpoch = -1;
  node.plural = null;
  for (const [seg, child] of node.children) retemplate(child, `${template}/${seg}`);
  if (node.typed) for (const [key, child] of node.typed) retemplate(child, `${template}/${key}`);
  if (node.param) retemplate(node.param, `${template}/{param}`);
}

/** At a position the user split, the raw value instead of its typed parameter. */
function splitValue<T>(node: TrieNode<T>, typed: string, raw: string | undefined): string {
  if (raw === undefined || typed.charCodeAt(0) !== OPEN_BRACE || isStoredParameter(raw) || !isSplit(node))
    return typed;
  return escapeLiteral(raw);
}

/** The node's own segment, undefined for the root. */
/** The segment before `node`'s own, and whether it is the path's first (see `VersionBelow`). */
function segmentBefore<T>(node: TrieNode<T>): { above: string | undefined; aboveIsFirst: boolean } {
  const end = node.template.lastIndexOf('/');
  if (end <= 0) return { above: undefined, aboveIsFirst: false };
  const start = node.template.lastIndexOf('/', end - 1);
  return { above: node.template.slice(start + 1, end), aboveIsFirst: start === 0 };
}

/** The decoded segment of rawPath between start and end, as `splitPath` gives it (none before the first). */
function rawSegment(rawPath: string, start: number, end: number): string | undefined {
  if (start < 0) return undefined;
  const seg = rawPath.slice(start, end);
  return seg.includes('%') ? safeDecode(seg) : seg;
}

function parentSegment<T>(node: TrieNode<T>): string | undefined {
  return node.template === '' ? undefined : ownSegment(node);
}

/**
 * Whether three or more siblings sharing routes under a singular parent are names of no API word,
 * more than a third of them joined by a dash or underscore (`heidi-miller`, `globex-umbrella`,
 * `cyberdyne` holding `api-version-sets`; `/Road/stark-red/Status`, `…/acme/Status`, `…/piper/…`):
 * an organisation's names as many hands write them, plain ones among them; an API's sections are
 * named in its words (`/my/radio`, `/kpi/mau`) or keep one convention (`/msg/coap`, `…/telnet`,
 * `…/ipmi`, `…/snmp-tcp`).
 * Not when the parent is itself a name of no API word under a collection
 * (`/databaseAccounts/dave-garcia/targetRegion/…`): that parent is a value, whose siblings merge
 * first and whose sub-trees then meet.
 */
function namesPartlyJoined<T>(node: TrieNode<T>, sharing: readonly [string, TrieNode<T>][]): boolean {
  if (sharing.length < LEAF_VALUES || !sharing.every(([seg]) => vocabularyShare(seg) === 0)) return false;
  if (sharing.filter(([seg]) => isMarkedName(seg)).length * 3 <= sharing.length) return false;
  const segments = node.template.split('/');
  const parent = segments[segments.length - 2];
  const above = segments[segments.length - 3];
  return !(
    parent !== undefined &&
    above !== undefined &&
    parent.charCodeAt(0) !== OPEN_BRACE &&
    vocabularyShare(parent) === 0 &&
    isPluralNoun(above)
  );
}

/**
 * Whether a position holds literal children only and may still take values: not split, merged
 * or reserved, with no parameter nor typed id beside them.
 */
function listsLiteralsOnly<T>(node: TrieNode<T>): boolean {
  return (
    !isSplit(node) && !node.merged && node.param === null && (node.typed?.size ?? 0) === 0 && !node.reserved
  );
}

/** The words documentation writes example values with (`test_credential_name`, `sampleNetwork`). */
const PLACEHOLDERS: ReadonlySet<string> = new Set(['test', 'sample', 'example', 'demo', 'dummy']);

/** The marks of data in a segment (see `mergeLeafValues`). */
const MARKS: [string, RegExp][] = [
  ['dash', /-/],
  ['underscore', /_/],
  ['dot', /\./],
  ['digit', /\d/],
];

/**
 * Whether a segment carries a mark of data (see MARKS) as a value does: a digit, or a separator
 * joining mostly words real APIs do not route by (`carol-smith`, `south_tyrell`); an API's own
 * names joined the same way (`top-by-net-bytes-difference`, `jira-cloud`) are route names.
 */
const marksData = (seg: string): boolean =>
  /\d/.test(seg) || (MARKS.some(([, re]) => re.test(seg)) && vocabularyShare(seg) <= VALUE_VOCABULARY_SHARE);

/** The merges whose values shared sub-routes: the values they take are names (see `rememberValue`). */
const STRUCTURAL: ReadonlySet<MergeReason['rule'] | undefined> = new Set([
  'shared-structure',
  'nested-values',
]);

/**
 * Characters names must share at their start or end to be one family (`type_|point_text`,
 * `storage|.k8s.io`): one short word and its separator. Chosen on the development half (6 missed
 * `type_…` families; the corpus petstores' usernames still merge at 5).
 */
const LONG_AFFIX = 5;

/**
 * The share of a set one family must hold for the set to be the API's own names: the smallest on
 * the development half at which generated usernames (`alicejones`, `grace.jones`: families of a
 * first or family name, up to 15 % of a set) still merge; lower shares gained more there.
 */
const FAMILY_SHARE = 0.2;

/**
 * Whether one family of names sharing a long prefix or suffix, and differing in words, holds a
 * large part of the set (`change_type`, `change_algorithm`, `change_protection`…;
 * `scheduling.k8s.io`, `networking.k8s.io`…): an API names its own routes in families. Values
 * written by many hands share a first or family name a few at a time (`alicejones`, `gracejones`),
 * and codes differ in digits (`order-2024-001`, `order-2024-002`).
 */
function largeAffixFamily(names: readonly string[]): boolean {
  const word = /[a-z]{3}/;
  const lower = names.map((n) => n.toLowerCase());
  for (const keys of [lower, lower.map((n) => [...n].reverse().join(''))]) {
    keys.sort();
    // Sorted, a family stands together: the longest run sharing the first one's long prefix.
    for (let start = 0; start < keys.length;) {
      const first = keys[start] as string;
      let end = start + 1;
      let members = 1;
      for (; end < keys.length; end++) {
        const next = keys[end] as string;
        let n = 0;
        while (n < first.length && first[n] === next[n]) n++;
        if (n < LONG_AFFIX) break;
        // A member whose rest is no word (`type_mb` among `type_daymet`, `type_gtfs_stop`) is not
        // counted, and does not end the family either.
        if (word.test(next.slice(n))) members++;
      }
      if (members >= Math.max(3, names.length * FAMILY_SHARE)) return true;
      start = end;
    }
  }
  return false;
}

/** Leaf literals under a collection from which the shape of the set may make them values. */
const LEAF_VALUES = 3;

/**
 * Fewer leaves than LEAF_VALUES are values when one is a name (`isMarkedName`): two, as
 * `/schemas/mia-davis` and `/schemas/hooli-piper`. A lone leaf is no set to judge; on the
 * development half it gained a few operations at the cost of as many over-merges.
 */
const FEW_LEAF_VALUES = 2;

/**
 * Words joined by a dash or underscore none of which real APIs route by (`mia-davis`,
 * `tyrell_soylent`): a name someone gave, not a file (`4od.atom`) nor a code (`trc20`).
 */
const isMarkedName = (seg: string): boolean =>
  /^[A-Za-z]+(?:[-_][A-Za-z0-9]+)+$/.test(seg) && vocabularyShare(seg) === 0;

/**
 * The largest share of API words (see vocabulary.ts) a literal beside a parameter may have and
 * still be one of its values (`noah-jones` 0, `gold_wonka` 0.5; `InventoryStockedItemsAdd` 0.75
 * stays). Chosen on the development half.
 */
const VALUE_VOCABULARY_SHARE = 0.5;

/**
 * At most this many literals beside a parameter holding only its routes are its example values
 * (`myResourceGroup`, `subid`); more are collections of one shape. Chosen on the development half
 * (autotask's collections, several dozen of them, share one shape beside a merged value).
 */
const CONTAINED_LITERALS = 2;

/**
 * Values a collection's leaf parameter must have taken for the last leaves beside it to join it
 * whatever their words (see `loneLeaves`).
 */
const LONE_LEAF_VALUES = 3;
/** Values a leaf parameter under a singular name takes before a lone leaf beside it joins it. */
const MANY_LEAF_VALUES = 5;

/**
 * The largest share of its routes an example value named after its resource (see
 * `namesItsResource`) may hold that its parameter was not seen with: the example was used in
 * every example request, the parameter's other values in some. Chosen on the development half (a
 * quarter took an API's literal route named like the parameter beside it:
 * `/salesorder/orderType/{orderType}/…` beside `/salesorder/{orderType}/…`).
 */
const EXAMPLE_UNPLACED_SHARE = 0.2;

/** Distinct values a merged parameter took before literals holding only its routes join it. */
const CONTAINING_VALUES = 2;

/**
 * Aliases an API serves beside its ids (`/users/mine/…`, `/document/new/…`, `/projects/all/…`;
 * `me`, `self`, `current` and `latest` are reserved words): a name of API words holding the typed
 * parameter's routes is an example value (see `mergeInsideParameter`), never one of these.
 */
const ALIASES: ReadonlySet<string> = new Set(['mine', 'my', 'own', 'default', 'new', 'all']);

/**
 * The last words of an identifier's name (`resourceUri`, `roleassignmentId`, `SomeUserID`,
 * `parentResourcePath`, `resourceProviderNamespace`): a parameter's name, not a route's.
 */
const IDENTIFIER_WORDS: ReadonlySet<string> = new Set('id uri url guid uuid arn path namespace'.split(' '));

/**
 * Words that make an operation's name of an identifier's (`getUserById`, `changeProjectId`,
 * `generateUploadUri`, `listCallbackUrl`): verbs, and the prepositions of a lookup.
 */
const OPERATION_WORDS: ReadonlySet<string> = new Set(
  [
    'by for from to of get list find set create update delete check generate reset validate lookup',
    'search fetch resolve rotate verify revoke encode decode parse shorten expand convert change add',
    'remove assign refresh register request send upload download issue renew copy move enable disable',
    'retrieve query new next my',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Whether `seg` spells an identifier's name as one word of two or more (`resourceUri`,
 * `roleassignmentId`, `resource_id`): its last word names what an identifier is (IDENTIFIER_WORDS)
 * and none of its words makes it an operation (`getUserById`, `shortenUrl`).
 */
function spellsIdentifier(seg: string): boolean {
  if (!/^[A-Za-z]+(?:_[A-Za-z]+)*$/.test(seg)) return false;
  const words = segmentWords(seg);
  if (words.length < 2 || !IDENTIFIER_WORDS.has(words[words.length - 1] as string)) return false;
  return !words.some((word) => OPERATION_WORDS.has(word));
}

/**
 * Whether the identifier's name `seg` is the placeholder of the collection `node`'s resource: its
 * words before the identifier word spell the collection's singular name (`recommendationId` under
 * `recommendations`, `jobScheduleId` under `jobschedules`).
 */
function placeholderOf<T>(seg: string, node: TrieNode<T>): boolean {
  const singular = resourceName(ownSegment(node))?.toLowerCase();
  return singular !== undefined && segmentWords(seg).slice(0, -1).join('') === singular;
}

/** Words documentation leads a sample name with (`myConnection`, `testCert`, `sampleVolume`, `test_package_name`). */
const SAMPLE_MARKERS: ReadonlySet<string> = new Set(['my', 'test', 'sample', 'example', 'demo']);

/** A compound name: camelCase or PascalCase of two words or more, or snake_case of three or more. */
const COMPOUND_NAME = /^(?:[A-Za-z][a-z]+(?:[A-Z][a-z0-9]*)+|[a-z]+(?:_[a-z]+){2,})$/;

/**
 * Whether the leaf `seg` under the collection `node` is a documentation sample name (see
 * `mergeSampleNames`): a compound name led by a sample marker, or of three or more words naming
 * the collection's resource, none of them an operation's and not an identifier's name.
 */
function isSampleName<T>(seg: string, node: TrieNode<T>): boolean {
  if (!COMPOUND_NAME.test(seg) || spellsIdentifier(seg)) return false;
  const words = segmentWords(seg);
  if (words.length < 2) return false;
  if (SAMPLE_MARKERS.has(words[0] as string)) return !seg.includes('_') || words.length >= 3;
  if (words.some((word) => OPERATION_WORDS.has(word))) return false;
  // The resource, then what sets this one apart (`PolicyWithMultipleOptions`, `MetricAlertOnMultipleResources`).
  const singular = resourceName(ownSegment(node))?.toLowerCase();
  return (
    singular !== undefined &&
    words.some(
      (word, i) =>
        i + 2 < words.length &&
        word.length >= 3 &&
        singular.endsWith(word) &&
        VARIANT_WORDS.has(words[i + 1] as string),
    )
  );
}

/** Words after a resource's name that describe a sample of it (`PolicyWithMultipleOptions`, `MetricAlertOnMultipleResources`). */
const VARIANT_WORDS: ReadonlySet<string> = new Set(['with', 'without', 'on', 'using']);

/**
 * Whether `literal` answers as `target`'s values do: read, replaced, changed or deleted, and with
 * no method they do not answer. An action is posted to.
 */
function answersLikeValues<T>(literal: TrieNode<T>, target: TrieNode<T>): boolean {
  if (literal.methods === 0) return true; // not noted: a copy of the route made by a merge
  return (
    (literal.methods & (INSTANCE_READS | INSTANCE_WRITES)) !== 0 &&
    (literal.methods & ~target.methods & POSTED) === 0
  );
}

/** A bit per method a route answers (`TrieNode.methods`); other methods share OTHER_METHOD. */
/** The method that acts on a collection or runs an action. */
const POSTED = METHOD_BITS['POST'] as number;
/** The method that removes the one resource a route names. */
const INSTANCE_WRITES = METHOD_BITS['DELETE'] as number;
/** A plain lower-case word (`trash`): no mark of data. */
const PLAIN_WORD = /^[a-z]+$/;
/** The parameters typed segments become (`{id}`, `{token}`), not a stored template's names (`{x}`). */
const TYPED_KINDS: ReadonlySet<string> = new Set(Object.values(PARAM_NAME));
/** Which kind typed ids of several kinds at one position join (see `joinTypedKinds`). */
const KIND_ORDER: readonly string[] = [
  '{id}',
  '{uuid}',
  '{objectId}',
  '{hash}',
  '{token}',
  '{email}',
  '{date}',
  '{boolean}',
];
/** A name as people write one: letters first, then letters, digits, `.`, `_` or `-`. */
const WRITTEN_NAME = /^\p{L}[\p{L}\p{N}._-]*$/u;
/** The methods that read, replace or change the one resource a route names. */
const INSTANCE_READS =
  (METHOD_BITS['GET'] as number) | (METHOD_BITS['PUT'] as number) | (METHOD_BITS['PATCH'] as number);

/**
 * A literal beside a parameter that is deleted as the parameter's values are (`DELETE
 * /policydefinitions/sales` beside `DELETE /policydefinitions/{param}`), and on every route below it
 * (three levels) answers only methods the parameter answers there: one of its values, whatever its
 * words. A collection's own routes beside its ids are read (`/payment/history`, `/users/search`,
 * `/orders/export`) or acted on (`POST /orders/bulk`), not deleted; a singleton sub-resource
 * (`/users/settings`) is read and updated. Deleted and never read, replaced or changed, a name of
 * API words may delete many (`/users/sign_out`, `/products/bulkDelete`) and stays.
 */
function answersAsInstance<T>(seg: string, literal: TrieNode<T>, target: TrieNode<T>): boolean {
  if ((literal.methods & target.methods & INSTANCE_WRITES) === 0) return false;
  // Below a parameter, a plain API word is its action (`PUT`, `DELETE /snippets/{id}/watch`).
  const position = target.template.slice(0, target.template.lastIndexOf('/'));
  if (position.endsWith('}') && PLAIN_WORD.test(seg) && vocabularyShare(seg) === 1) return false;
  // Deleted only, a name of API words or a plain word may delete many (`/files/trash`,
  // `/users/sign_out`, `/products/bulkDelete`); a name mostly of other words, marked as data, is a value.
  if (
    (literal.methods & INSTANCE_READS) === 0 &&
    (vocabularyShare(seg) > VALUE_VOCABULARY_SHARE || PLAIN_WORD.test(seg))
  )
    return false;
  return methodsWithin(literal, target, 3);
}

/** More than this share of names mostly of API words makes a set of them actions (see `apiActionNames`). */
const ACTION_WORDS = 0.75;

/**
 * Names joined from API words, half of them or more of two words (`attach_to_network`,
 * `change_dns_ptr`, `reset_password`, `poweroff`): a collection's actions however many, where
 * values typed by many hands are seldom mostly API words (`heavy_typewriter`, `caring_deed`).
 */
function apiActionNames(segs: readonly string[]): boolean {
  const joined = segs.filter((seg) => /[a-z][_-][a-z]/i.test(seg)).length;
  if (joined * 2 < segs.length) return false;
  const words = segs.filter((seg) => vocabularyShare(seg) >= VALUE_VOCABULARY_SHARE).length;
  return words > segs.length * ACTION_WORDS;
}

/**
 * Whether every literal above a node (its own segment aside) is a name of the API, not a value
 * whose siblings may come later: reserved, static, or mostly API words
 * (`/subscriptions/{id}/providers/Microsoft.Web/sites`; not `/resourceGroups/alice-davis/…`).
 */
function settledPath<T>(node: TrieNode<T>): boolean {
  const segments = node.template.split('/');
  segments.pop();
  return segments.every(
    (seg) =>
      seg === '' ||
      seg.charCodeAt(0) === OPEN_BRACE ||
      isStaticName(seg) ||
      classifySegment(seg) === 'reserved' ||
      vocabularyShare(seg) > VALUE_VOCABULARY_SHARE,
  );
}

/**
 * Leaves of a collection deleted and replaced or changed, never posted to, as its items are
 * (`DELETE`, `PUT /securityContacts/aperture`, `…/umbrella`; reason `same-methods`). A
 * collection's own routes are read or acted on (`/orders/export`, `POST /orders/bulk`), not
 * deleted. Names mostly of API words, aliases (`/carts/mine`) and static names stay, and so do
 * the parts of a singleton, changed as a whole too (none when the collection answers more than
 * GET and POST: `/settings/synonyms` beside `PATCH /settings`).
 */
function itemLeaves<T>(node: TrieNode<T>): [string, TrieNode<T>][] {
  if ((node.methods & ~(METHOD_BITS['GET'] as number) & ~POSTED) !== 0) return [];
  return [...node.children].filter(
    ([seg, child]) =>
      childKeys(child).length === 0 &&
      !child.reserved &&
      !ALIASES.has(seg.toLowerCase()) &&
      !isStaticName(seg) &&
      vocabularyShare(seg) <= VALUE_VOCABULARY_SHARE &&
      answersAsItem(child),
  );
}

/** Deleted, and replaced or changed, and never posted to: the methods of one item of a collection. */
function answersAsItem<T>(node: TrieNode<T>): boolean {
  return (
    (node.methods & INSTANCE_WRITES) !== 0 &&
    (node.methods & (INSTANCE_READS & ~(METHOD_BITS['GET'] as number))) !== 0 &&
    (node.methods & POSTED) === 0
  );
}

/** Whether every route below `literal` (`depth` levels) is one `target` holds, answering no other methods. */
function methodsWithin<T>(literal: TrieNode<T>, target: TrieNode<T>, depth: number): boolean {
  if ((literal.methods & ~target.methods) !== 0) return false;
  if (depth === 0) return true;
  for (const [key, child] of literal.children) {
    const there = target.children.get(key);
    if (!there || !methodsWithin(child, there, depth - 1)) return false;
  }
  for (const [key, child] of literal.typed ?? []) {
    const there = target.typed?.get(key);
    if (!there || !methodsWithin(child, there, depth - 1)) return false;
  }
  if (literal.param && (!target.param || !methodsWithin(literal.param, target.param, depth - 1)))
    return false;
  return true;
}

/**
 * Whether a route three levels deep runs below `node` (`/scope/providers/Microsoft.Foo/associations`):
 * at the root, a literal holding such a route, all of it the typed ids' beside it, is one of them.
 */
function holdsLongRoute<T>(node: TrieNode<T>): boolean {
  for (const key of deepKeys(node, '', 3, new Set())) if (key.split('/').length === 3) return true;
  return false;
}

/** Routes (three levels deep) a name of API words holds, all below the typed ids beside it, to be one of their values. */
const ALIAS_ROUTES = 2;

/** camelCase words (`myResourceGroup`, `findByStatus`): operation names, or a developer's example values. */
const CAMEL_CASE = /^[a-z]+(?:[A-Z][a-z]+)+$/;

/**
 * A camelCase name with routes below it (`kustoProd`, `myResourceGroup`, `testHub`), that the
 * vocabulary keeps static (`findByStatus`): beside values sharing its routes, a developer's example
 * value; alone or among its kind, a route.
 */
function isCamelExample<T>(seg: string, child: TrieNode<T>): boolean {
  return CAMEL_CASE.test(seg) && !child.reserved && !isPluralNoun(seg) && childKeys(child).length > 0;
}

/** Whether most of `node`'s sub-route keys (more than half) are `param`'s too. */
function holdsMostly<T>(node: TrieNode<T>, param: TrieNode<T>): boolean {
  const keys = childKeys(node);
  return keys.filter((key) => hasChildKey(param, key)).length * 2 > keys.length;
}

/**
 * Whether the camelCase `seg` ends in the name of a sibling (`compareOverlay` beside `overlay`,
 * `directoryProvisioning` beside `provisioning`): a variant of the API's own route, not an example value.
 */
function variesSibling<T>(node: TrieNode<T>, seg: string): boolean {
  const lower = seg.toLowerCase();
  for (const key of node.children.keys())
    if (key !== seg && key.length >= 3 && lower.endsWith(key.toLowerCase())) return true;
  return false;
}

/** Distinct single digits in a version position from which they are ids, not versions. */
const VERSION_VALUES = 4;

/** A product's or edition's short code (`h5`, `hw2`, `h5pc`, `ec2`): letters and a digit, four at most. */
const EDITION_CODE = /^(?=[a-z0-9]{2,4}$)[a-z]+\d+[a-z]*$/;

const isDigit = (code: number): boolean => code >= DIGIT_0 && code <= DIGIT_9;

/** A generated-looking literal (`UMJFYB8`, `sales2024`): digits, not words, not reserved. */
function isCode(seg: string): boolean {
  return /\d/.test(seg) && !isWordLike(seg) && !isStaticName(seg);
}

/**
 * Whether most of `node`'s sub-routes are also below `param`: a busy literal holding the same
 * routes as the parameter's values is one more value (a popular repository), not a static route.
 */
function sharesSubRoutes<T>(node: TrieNode<T>, param: TrieNode<T>, anyParameter = false): boolean {
  const keys = childKeys(node);
  if (keys.length === 0) return false;
  let shared = 0;
  for (const key of keys)
    if (hasChildKey(param, key) || (anyParameter && holdsParameter(param, key))) shared++;
  // Against the smaller side: the parameter may hold only the rare values' few sub-routes.
  return shared > 0 && shared * 2 >= Math.min(keys.length, childKeys(param).length);
}

/**
 * Whether `key` is a parameter and `node` holds one, of whatever kind: values merged into `{param}`
 * below one parameter, into `{id}` below its other kind (`/apps/{param}/{param}/versions` beside
 * `/apps/{id}/{id}/versions`, an earlier batch's merge beside this one's).
 */
function holdsParameter<T>(node: TrieNode<T>, key: string): boolean {
  return key.charCodeAt(0) === OPEN_BRACE && (node.param !== null || (node.typed?.size ?? 0) > 0);
}

/** How many sub-route keys every one of these nodes has. */
function sharedKeys<T>(nodes: readonly TrieNode<T>[]): number {
  const [first, ...rest] = nodes;
  if (!first) return 0;
  // A kind `first` joined others into (see `joinTypedKinds`) meets them in the rest.
  const holds = (node: TrieNode<T>, key: string): boolean =>
    hasChildKey(node, key) ||
    [...(first.typed?.get(key)?.absorbed ?? [])].some((alias) => hasChildKey(node, alias));
  return childKeys(first).filter((key) => rest.every((node) => holds(node, key))).length;
}

/** The routes below a node, three levels deep (`issues`, `issues/{id}`, `issues/{id}/comments`). */
function deepKeys<T>(node: TrieNode<T>, prefix: string, depth: number, out: Set<string>): Set<string> {
  if (depth === 0 || out.size > 500) return out;
  const visit = (key: string, child: TrieNode<T>) => {
    const path = prefix ? `${prefix}/${key}` : key;
    out.add(path);
    deepKeys(child, path, depth - 1, out);
  };
  for (const [key, child] of node.children) visit(key, child);
  if (node.typed) for (const [key, child] of node.typed) visit(key, child);
  if (node.param) visit('{param}', node.param);
  return out;
}

/**
 * How many routes below `literal`, `depth` levels deep, have no place below `param` (one apiece,
 * whatever lies below them). A route's place is the same literal, the same kind of id or `{param}`
 * for an id, any parameter for a `{param}`, and below the first level a literal where the
 * parameter holds merged values (`/hubs/sdkTestHub/kpi/piper-blue` beside `/hubs/{param}/kpi/{param}`:
 * an example value's own sub-resources are example values too). The first level stays literal
 * for literal: a provider's namespace beside a generic `/providers/{param}/{param}/…` holds its
 * own collections, not values.
 */
function unplacedRoutes<T>(literal: TrieNode<T>, param: TrieNode<T>, depth: number, first: boolean): number {
  if (depth === 0) return 0;
  const fit = (child: TrieNode<T>, places: readonly (TrieNode<T> | null | undefined)[]): number => {
    let best = Infinity;
    for (const place of places)
      if (place) best = Math.min(best, unplacedRoutes(child, place, depth - 1, false));
    return best === Infinity ? 1 : best;
  };
  let unplaced = 0;
  for (const [key, child] of literal.children) {
    const same = param.children.get(key);
    unplaced += fit(child, same ? [same] : first ? [] : [param.param]);
  }
  for (const [key, child] of literal.typed ?? []) {
    const same = param.typed?.get(key);
    unplaced += fit(child, same ? [same] : [param.param]);
  }
  if (literal.param) unplaced += fit(literal.param, [...(param.typed?.values() ?? []), param.param]);
  return unplaced;
}

/**
 * Whether a literal names the resource of the collection it sits in, as a developer's example
 * value does (`sdkTestHub` under `hubs`, `ResourceGroupForSDKTest` under `resourceGroups`,
 * `databaseName` under `mongodbDatabases`, `MySetting` under `autoscalesettings`): one of its
 * words, of three letters or more, ends the collection's singular name.
 */
function namesItsResource<T>(seg: string, node: TrieNode<T>): boolean {
  const singular = resourceName(ownSegment(node))?.toLowerCase();
  if (!singular) return false;
  return segmentWords(seg).some((word) => word.length >= 3 && singular.endsWith(word.toLowerCase()));
}

/**
 * Whether these sub-trees hold the same routes (most routes below any of them are below at least
 * half of them): a parameter's values do; sections sharing a few names (`/global/addresses/{id}`
 * beside `/aggregated/addresses`) do not. `sparse`: below at least two of them, for values seen
 * each with a few of their routes (`/Redis/gold_stark/linkedServers/{id}`, `/Redis/cache1/forceReboot`,
 * `/Redis/east92/linkedServers/{id}`), where other evidence (marks of data) must also agree.
 */
function similarSubtrees<T>(nodes: readonly TrieNode<T>[], sparse = false): boolean {
  const counts = new Map<string, number>();
  for (const node of nodes)
    for (const key of deepKeys(node, '', 3, new Set())) counts.set(key, (counts.get(key) ?? 0) + 1);
  const quorum = sparse ? 2 : Math.max(2, nodes.length / 2);
  let shared = 0;
  for (const n of counts.values()) if (n >= quorum) shared++;
  return shared * 2 >= counts.size;
}

/** Children a position may hold beside the lone name `mergeLoneNamesakeValues` looks for. */
const LONE_NAMESAKE_SIBLINGS = 8;

/** Names of no API word beside a typed parameter, each inside it, that are many enough to be its values. */
const MANY_INSIDE_NAMES = 3;

/** Names below a parameter that are many enough to show routes shared however thin the traffic. */
const MANY_SHARING_NAMES = 5;

/**
 * Many names below a parameter, most of no API word, each sharing most of its routes with another
 * (`/repos/{owner}/hattem/issues`, `…/muiswijk/pulls`, `…/hattem/pulls`, `…/grafsluis/issues`, …
 * over eighteen repositories): an API with hundreds of routes below each value shows each value
 * with a few of them, so the routes below half of them (`similarSubtrees`) are few. Sections
 * below a parameter are API words (`/users/{id}/repos`, `…/events`), and seldom five or more that
 * share their sub-routes.
 */
function manyNamesSharing<T>(sharing: readonly [string, TrieNode<T>][]): boolean {
  return (
    sharing.length >= MANY_SHARING_NAMES &&
    sharing.filter(([seg]) => vocabularyShare(seg) <= VALUE_VOCABULARY_SHARE).length * 2 > sharing.length &&
    similarSubtrees(
      sharing.map(([, child]) => child),
      true,
    )
  );
}

/**
 * Whether these sibling names keep the API's own convention: all capitalised (`ThirdParty`, `Dps`,
 * `PayRuns`: PascalCase route names) or all mostly API words (`inbound`, `outbound`). Values written
 * by many hands (`ivan`, `mallorywright`, `Rosa`) are seldom all either.
 */
function namedByTheApi(segs: readonly string[]): boolean {
  return (
    segs.every((seg) => isUpper(seg.charCodeAt(0))) ||
    segs.every((seg) => vocabularyShare(seg) > VALUE_VOCABULARY_SHARE)
  );
}

/** Whether more than half of these names are mostly API words (`commit`, `merge-base` beside `diffstat`). */
function mostlyApiWords(segs: readonly string[]): boolean {
  return segs.filter((seg) => vocabularyShare(seg) > VALUE_VOCABULARY_SHARE).length * 2 > segs.length;
}

/**
 * Whether these names are all one plain lower-case word, half or more of them API words
 * (`sms`, `fax`, `voice`; `trending`, `used`, `shared`), holding two routes or more below them
 * (`receipts`, `receipts/{id}`, `inbound`): an API's kinds of a collection, each with its own
 * operations, not values (`hooli`, `wonka`, `lucas`, `noahwilson`). Teams named for departments
 * sharing one route (`/teams/sales/members`, `/teams/support/members`) are still values; names
 * all API words whose one shared route is a parameter are kinds, each holding its own names
 * (`/stats/query/{name}`, `/stats/session/{name}`).
 */
function plainApiKinds<T>(names: readonly [string, TrieNode<T>][]): boolean {
  if (!names.every(([seg]) => /^[a-z]+$/.test(seg))) return false;
  if (names.filter(([seg]) => vocabularyShare(seg) === 1).length * 2 < names.length) return false;
  const routes = new Set<string>();
  for (const [, child] of names) deepKeys(child, '', 3, routes);
  if (routes.size >= 2) return true;
  const [only] = routes;
  return (
    only !== undefined &&
    only.charCodeAt(0) === OPEN_BRACE &&
    names.every(([seg]) => vocabularyShare(seg) === 1)
  );
}

const isUpper = (code: number): boolean => code >= UPPER_A && code <= UPPER_A + 25;

/**
 * The sub-route key most of these nodes hold (a reserved word or version on a tie: the root of an
 * API below tenants), or null when no two of them share one.
 */
function mostSharedKey<T>(nodes: readonly TrieNode<T>[]): string | null {
  const shared = new Map<string, number>();
  for (const node of nodes) for (const key of childKeys(node)) shared.set(key, (shared.get(key) ?? 0) + 1);
  let best = '';
  let count = 0;
  for (const [key, n] of shared)
    if (n > count || (n === count && isStructural(key))) [best, count] = [key, n];
  return count < 2 ? null : best;
}

/**
 * Whether most of these names carry a mark of data, in more than one way (`rupert-young`,
 * `acme_pied`, `oak7`): values written by many hands do; an API's own names keep one convention
 * (`route-query`, `cost-information`).
 */
function mixesMarks<T>(names: readonly [string, TrieNode<T>][]): boolean {
  const marks = new Set<string>();
  let marked = 0;
  for (const [seg] of names) {
    const own = MARKS.filter(([, re]) => re.test(seg));
    for (const [mark] of own) marks.add(mark);
    if (own.length > 0) marked++;
  }
  return marked * 2 >= names.length && marks.size >= 2;
}

/**
 * Whether names under a singular parent, one of a pair or two of more marked as data (`wonka6`,
 * `sofia-garcia`; a word of four letters or more, not a short code such as `s3`) and not all in one
 * convention,
 * hold one deep sub-tree: two routes or more below each, three quarters of them below another of
 * them too (`/service/wonka6/authorizationServers/{id}/listSecrets` beside `/service/red/…`). Two routes of an API seldom share a whole sub-tree, and when they do
 * are named in plain words (`/api/public/…`, `/api/private/…`; `/v1/live/…`, `/v1/test/…`) or keep
 * one convention (`/optimization/minimum-variance/diversified`, `…/maximum-return/diversified`).
 */
function sameDeepRoutes<T>(names: readonly [string, TrieNode<T>][]): boolean {
  // One mark for a pair; among more, a single joined name may be one of the API's sections (`snmp-tcp`).
  const marked = names.filter(([seg]) => marksData(seg) && /[A-Za-z]{4}/.test(seg)).length;
  if (marked < Math.min(2, names.length - 1) || new Set(names.map(([seg]) => conventionOf(seg))).size < 2)
    return false;
  const routes = names.map(([, child]) => deepKeys(child, '', 3, new Set()));
  return routes.every(
    (own, i) =>
      own.size >= 2 &&
      [...own].filter((key) => routes.some((other, j) => j !== i && other.has(key))).length * 4 >=
        own.size * 3,
  );
}

/** Whether most keys below `key` in these nodes are shared by at least two of them. */
function sameBelow<T>(nodes: readonly TrieNode<T>[], key: string): boolean {
  const seen = new Map<string, number>();
  for (const node of nodes) {
    const below = node.children.get(key);
    if (below) for (const k of childKeys(below)) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  let shared = 0;
  for (const n of seen.values()) if (n >= 2) shared++;
  return seen.size > 0 && shared * 2 >= seen.size;
}

/**
 * Whether `node`, a literal beside its parent's parameter, may be one more value of it (its
 * children are then its own routes): it shares the parameter's sub-routes, or is mostly not
 * API words. A route in the API's words holding routes of its own (`/v1/customer/…` beside
 * `/v1/{id}/chrome/…`) is no value there.
 */
function mayBeValueBeside<T>(node: TrieNode<T>, parent: TrieNode<T>): boolean {
  const params = [...(parent.typed?.values() ?? []), ...(parent.param ? [parent.param] : [])];
  if (params.length === 0) return false;
  return (
    vocabularyShare(ownSegment(node)) <= VALUE_VOCABULARY_SHARE ||
    params.some((p) => sharesSubRoutes(node, p))
  );
}

/**
 * A plural API noun holding routes of its own, none of them the parameter's but ids
 * (`/entities/hosts/{id}` beside `/entities/{param}/{id}`, `/assets/returns/average` beside
 * `/assets/{param}/…`): a sibling collection, which the sweep after a merge leaves alone. A value
 * that happens to be such a word (`sales`) is a leaf or holds the others' literal sub-routes
 * (`/notificationHubs/sales/AuthorizationRules`).
 */
function isSiblingCollection<T>(seg: string, child: TrieNode<T>, param: TrieNode<T>): boolean {
  const own = childKeys(child);
  return (
    own.length > 0 &&
    own.every((key) => isTypedKey(key) || !hasChildKey(param, key)) &&
    isPluralNoun(seg) &&
    vocabularyShare(seg) > VALUE_VOCABULARY_SHARE
  );
}

/**
 * A value that merely ends in s (`lucas` beside `noahwilson`, both holding `events`, `gists`,
 * `followers`): no API word, and several of the routes its non-plural siblings hold, as a
 * parameter's values do; a sub-collection (`/contacts/dncs/{id}` beside `/contacts/lists/{id}`)
 * shares an id at most.
 */
function endsInS<T>(seg: string, child: TrieNode<T>, names: readonly [string, TrieNode<T>][]): boolean {
  // Joined names may end in an API word (`initech_sales`), as long as most of their words are no API's.
  const most = conventionOf(seg) === null ? 0 : VALUE_VOCABULARY_SHARE;
  if (names.length === 0 || !isPluralNoun(seg) || vocabularyShare(seg) > most) return false;
  const others = names.map(([, c]) => c);
  // Routes of its own, not ids: a sub-collection holds ids (`/devices/chromeos/{id}`, `…/mobile/{id}`).
  return [...child.children.keys()].filter((key) => others.every((c) => c.children.has(key))).length >= 2;
}

/** Siblings looked at by `endsInSBeside` (the first ones: a position holds up to MAX_CHILDREN). */
const SIBLINGS_LOOKED_AT = 200;

/**
 * A name that merely ends in s beside values (`/repos/{owner}/wyns/…`, `…/hees/…` beside
 * `…/hattem/…`, `…/muiswijk/…`): no API word, and two siblings or more that are neither plural
 * nouns nor mostly API words hold two of its literal routes or more each, as a parameter's
 * values do, and its own routes are mostly API words: no collection's values then
 * (`/repos/{owner}/wyns/code-scanning`, `…/secret-scanning`). A collection among sections
 * (`/v1/users` beside `/v1/groups`) has plural siblings, or ones of API words.
 */
function endsInSBeside<T>(node: TrieNode<T>, parent: TrieNode<T>): boolean {
  if (node.wordValues || vocabularyShare(ownSegment(node)) > 0) return false;
  const own = [...node.children.keys()];
  // Its routes are API words (`code-scanning`, `branches`); a collection's values are not
  // (`/user/packages/rubygems/prod-sales` beside `…/nuget/…`: packages of one type).
  if (
    own.length < 2 ||
    own.filter((key) => vocabularyShare(key) > VALUE_VOCABULARY_SHARE).length * 2 <= own.length
  )
    return false;
  let sharing = 0;
  let looked = 0;
  for (const [name, sibling] of parent.children) {
    if (++looked > SIBLINGS_LOOKED_AT) break;
    if (sibling === node || isPluralNoun(name) || vocabularyShare(name) > VALUE_VOCABULARY_SHARE) continue;
    if (own.filter((key) => sibling.children.has(key)).length >= 2 && ++sharing >= 2) return true;
  }
  return false;
}

/** A plural noun under a collection, holding routes below it: a sub-collection, not a value. */
function isSubCollection<T>(node: TrieNode<T>, seg: string, child: TrieNode<T>): boolean {
  return holdsValues(node) && childKeys(child).length > 0 && isPluralNoun(seg);
}

/** A typed parameter key (`{id}`, `{uuid}`, …), not a literal nor a merged `{param}`. */
const isTypedKey = (key: string): boolean => key.charCodeAt(0) === OPEN_BRACE && key !== '{param}';

/** Locale codes (`en-us`, `pt_BR`, `fr`). */
const LOCALE = /^[a-z]{2}(?:[-_][A-Za-z]{2})?$/;

/**
 * ISO country codes (`US`, `GB`) and locales with a region (`pt-br`, `en_US`): values, never an
 * API's route names (3 of the development half's literal segments are two capitals, none of them
 * beside another).
 */
const REGION_CODE = /^(?:[A-Z]{2}|[a-z]{2}-[a-z]{2}|[a-z]{2}[-_][A-Z]{2})$/;

function hasChildKey<T>(node: TrieNode<T>, key: string): boolean {
  if (key === '{param}') return node.param !== null;
  if (key.charCodeAt(0) !== OPEN_BRACE) return node.children.has(key);
  // A kind joined into another (see `joinTypedKinds`) is that one's route.
  return (node.typed?.has(key) ?? false) || joinedKind(node, key) !== undefined;
}

/** How many distinct literal values a merged `{param}` took, as far as its reason and takings tell. */
function valuesOf<T>(param: TrieNode<T>): number {
  return Math.max(param.reason?.distinct ?? 0, param.taken?.size ?? 0) + (param.absorbed?.size ?? 0);
}

/** Whether the node is a parameter (`{param}`, `{id}`), not a literal. */
const isParameterNode = <T>(node: TrieNode<T>): boolean => ownSegment(node).charCodeAt(0) === OPEN_BRACE;

/** Every node of a trie, depth first, down to the depth the merges walk (64). */
function nodesBelow<T>(root: TrieNode<T>): TrieNode<T>[] {
  const out: TrieNode<T>[] = [];
  const walk = (node: TrieNode<T>, depth: number): void => {
    if (depth > 64) return;
    out.push(node);
    for (const child of node.children.values()) walk(child, depth + 1);
    if (node.typed) for (const child of node.typed.values()) walk(child, depth + 1);
    if (node.param) walk(node.param, depth + 1);
  };
  walk(root, 0);
  return out;
}

/**
 * A plural resource word (`users`, `payment_methods`, `people`): a collection's name. Words
 * joined by a dash or underscore none of which real APIs route by (`ava-jones`, `hooli-labs`)
 * are a value's name that happens to end in s: kept for one, a popular repository's sub-routes
 * merged below it (`/repos/{}/ava-jones/{}`) instead of beside its siblings.
 */
function isPluralNoun(seg: string): boolean {
  const singular = resourceName(seg);
  if (singular === null || singular.toLowerCase() === seg.toLowerCase().replace(/[-_]/g, '')) return false;
  return !(/[-_]/.test(seg) && vocabularyShare(seg) === 0);
}

/** How many sub-collections (plural nouns, not reserved) a route holds right below it. */
function collectionsBelow<T>(node: TrieNode<T>): number {
  let n = 0;
  for (const [key, below] of node.children) if (!below.reserved && isPluralNoun(key)) n++;
  return n;
}

/**
 * Whether the children of `node` are a collection's values: it is a plural noun (`users`),
 * or a merge showed it. After a parameter come sub-collections (`/apps/{id}/rules`), not values.
 */
function holdsValues<T>(node: TrieNode<T>): boolean {
  if (node.wordValues) return true;
  if (node.plural === null) node.plural = isPluralNoun(ownSegment(node));
  return node.plural;
}

/**
 * A name that may be a value where an API's collections sit: a mark of data (a dash, an
 * underscore, a dot or a digit: `wayne_blue`, `stark97`) and mostly words real APIs do not route
 * by, or no such word at all (`umbrella`); never a reserved, operation or plural name.
 */
function isOwnName<T>(node: TrieNode<T>, seg: string, child: TrieNode<T>): boolean {
  if (child.reserved || isStaticName(seg) || isOperationName(node, seg) || isPluralNoun(seg)) return false;
  const share = vocabularyShare(seg);
  return conventionOf(seg) === null ? share === 0 : share <= VALUE_VOCABULARY_SHARE;
}

/** How a name joins its parts: its separator, else `digit` (`stark97`); null for none. */
function conventionOf(seg: string): string | null {
  if (seg.includes('-')) return 'dash';
  if (seg.includes('_')) return 'underscore';
  if (seg.includes('.')) return 'dot';
  return /\d/.test(seg) ? 'digit' : null;
}

/**
 * Whether names are written in more than one convention (`liam-miller`, `prod_tyrell`, `stark97`),
 * as values typed by many hands are; an API's own routes keep one (`market-indicator`,
 * `quantmetrics-tier-1`). At least LEAF_VALUES names.
 */
function mixesConventions<T>(names: readonly [string, TrieNode<T>][]): boolean {
  if (names.length < LEAF_VALUES) return false;
  return new Set(names.map(([seg]) => conventionOf(seg))).size >= 2;
}

/** A handle: a lower-case name, alone or run together with a surname, dotted or with digits. */
const HANDLE = /^[a-z]{3,}(?:\.[a-z]{2,}|\d{1,2})?$/;
/** A handle numbered as sign-up forms number taken names (`zanybrochure95`). */
const NUMBERED_HANDLE = /^[a-z]{4,}\d{1,2}$/;
/** Letters and a user's number, two or three digits (`tapio51`); an API's codes have one (`oauth2`). */
const USER_HANDLE = /^[a-z]{3,}\d{2,3}$/;

/**
 * Plain lower-case names, as many as `MANY_LEAF_VALUES`, holding the same routes (`/volumes/marjatta/json`,
 * `…/kari/json`, `…/hanna/json`): handles one convention wrote, where `writtenAsHandles` wants
 * two; the caller asks that none is an API word.
 */
function plainHandles<T>(names: readonly [string, TrieNode<T>][]): boolean {
  if (names.length < MANY_LEAF_VALUES || !names.every(([seg]) => /^[a-z]{3,}$/.test(seg))) return false;
  const keysOf = <U>(child: TrieNode<U>) => childKeys(child).sort().join('/');
  const keys = keysOf(names[0]![1]);
  return names.every(([, child]) => keysOf(child) === keys);
}

/**
 * Whether names are people's handles as people write them (`least` or more of them, none of any
 * API word: the caller's filter): a name alone or run together with a surname (`ava`,
 * `heidiwalker`) beside a name and a surname joined by a dot or a name with one or two digits
 * (`chloe.davis`, `erin85`). An API's own names of no API word keep one convention, join words by a
 * dash or underscore (`apns_sandbox`, `heavy-equipment`) or are short codes (`ov2`, `mp3`);
 * three or more numbered handles are names in one convention too (`NUMBERED_HANDLE`).
 */
function writtenAsHandles<T>(names: readonly [string, TrieNode<T>][], least = LEAF_VALUES): boolean {
  if (names.length < least || !names.every(([seg]) => HANDLE.test(seg))) return false;
  // Three or more all numbered, a name of four letters or more and one or two digits
  // (`zanybrochure95`, `rawbirdbath43`, `marta07`): the numbers a sign-up form adds to taken
  // names. Short codes with numbers (`md5`, `ipv4`, `ec2`, `x86`) have shorter stems.
  if (names.length >= LEAF_VALUES && names.every(([seg]) => NUMBERED_HANDLE.test(seg))) return true;
  return (
    names.some(([seg]) => conventionOf(seg) === null) && names.some(([seg]) => conventionOf(seg) !== null)
  );
}

/** A segment with a mark of data: anything but a plain lower-case word or snake_case words. */
const markedValue = (seg: string): boolean => !/^[a-z]+(?:_[a-z]+)*$/.test(seg);

/**
 * Whether a name of words joined by a dash or underscore, one of them no API word, that merely ends
 * in a plural (`soylent_sales`, `iron-sales`) holds only routes the parameter beside it holds, a
 * literal route among them (`/service/soylent_sales/openidConnectProviders` beside
 * `/service/{param}/openidConnectProviders`): a value, not a sibling collection, which holds ids
 * or routes of its own (`/ipam/vlan-groups/{id}`). Leaves say nothing: an API's own leaves are
 * named so too (`/search/type/campaign_donors`, `…/us_places`).
 */
function holdsOnlyItsRoutes<T>(seg: string, child: TrieNode<T>, param: TrieNode<T>): boolean {
  if (!/[-_]/.test(seg) || vocabularyShare(seg) === 1) return false;
  const own = childKeys(child);
  return own.some((key) => key.charCodeAt(0) !== OPEN_BRACE) && own.every((key) => hasChildKey(param, key));
}

/**
 * Whether the literal `seg` beside a parameter (`param`, with sub-route keys `keys`) is one of its
 * values: not a reserved, operation or plural name (but see `holdsOnlyItsRoutes`), mostly words real APIs do not route by, and
 * most of its sub-routes the parameter's too (see `sharesSubRoutes`); a leaf beside a leaf, or
 * beside any parameter when none of its words is an API word (`/v1/noah-jones` beside `/v1/{name}/…`).
 * At the `root`, such a leaf must also carry a mark of data (`/east-umbrella` beside `/{bucket}/…`):
 * a plain word there is one of the API's own pages (`/glossary`, `/styleguide` beside `/{userId}/…`),
 * as plain words at the root never merge by count either.
 */
function isValueBeside<T>(
  seg: string,
  child: TrieNode<T>,
  param: TrieNode<T>,
  keys: string[],
  root = false,
): boolean {
  if (
    child.reserved ||
    isStaticName(seg) ||
    ALIASES.has(seg.toLowerCase()) ||
    (isPluralNoun(seg) && !holdsOnlyItsRoutes(seg, child, param)) ||
    vocabularyShare(seg, true) > VALUE_VOCABULARY_SHARE
  )
    return false;
  const own = childKeys(child);
  // A leaf beside a parameter with sub-routes only when none of its words is an API word (and,
  // at the root, when it has a mark of data).
  if (own.length === 0)
    return keys.length === 0 || ((!root || markedValue(seg)) && vocabularyShare(seg, true) === 0);
  // A value that also ends paths beside a leaf parameter, its sub-routes seen only below it (the
  // rarer ones: `/admin/users/alice.garcia` and `…/alice.garcia/authorizations` beside `/admin/users/{}`).
  // A plain word there is a named sub-resource (`/payments/paypal` and `…/paypal/execute`).
  if (keys.length === 0 && markedValue(seg) && vocabularyShare(seg) === 0 && endsPaths(child)) return true;
  // At the root, a name of no API word joined as LEAF_VALUES or more of the parameter's values are
  // (`/bosch-bv/members` beside `/{param}/invoices` that took `perez-et-colin`, `cronin-stroman`, …):
  // one more organisation, seen with a route the others were not; an API's own root routes are named in its words.
  // Holding only ids, such names are the API's own collections (`/zorblax-quints/42`).
  if (root && child.children.size > 0 && sameConventionAsValues(seg, param)) return true;
  return sharesSubRoutes(child, param);
}

/**
 * Whether `seg`, words joined by a dash or underscore none of which is an API word, is written as
 * LEAF_VALUES or more of the values `param` took are.
 */
function sameConventionAsValues<T>(seg: string, param: TrieNode<T>): boolean {
  const convention = conventionOf(seg);
  if ((convention !== 'dash' && convention !== 'underscore') || vocabularyShare(seg, true) !== 0)
    return false;
  let alike = 0;
  for (const value of param.taken ?? [])
    if (conventionOf(value) === convention && vocabularyShare(value, true) === 0) alike++;
  return alike >= LEAF_VALUES;
}

/**
 * A leaf named by one plain lower-case word (`/gists/starred` beside `/gists/{hash}/comments`,
 * `/volumes/useruploaded`, `…/participants/satisfaction`): beside typed ids holding sub-routes,
 * and with no value marked as data taken with it, a route of its own, not an example value
 * (`/users/smedjan` loses on the development half, the routes gain more).
 */
const isNamedLeaf = <T>([seg, child]: [string, TrieNode<T>]): boolean =>
  childKeys(child).length === 0 && /^[a-z]+$/.test(seg);

/**
 * Literal routes a busy literal must share with the parameter beside it to be one of its values
 * whatever its words (see `holdsManyRoutesOf`). Chosen on the development half: 4 took an API's
 * `new` (`/document/new/verify`, `…/compare`, `…/utility` beside `/document/{id}/…`); 5 and 6
 * measured alike there.
 */
const MANY_ROUTES = 5;

/** The share of a busy literal's routes the parameter must hold too (see `holdsManyRoutesOf`). */
const MANY_SHARE = 0.75;

/**
 * Whether `child`, a literal beside the parameter `param`, holds many of its routes
 * (MANY_ROUTES or more, and MANY_SHARE of its own): a value much of the traffic went to, whose
 * routes were seen before the rarer values' (`/serverfarms/marketing/sites`, `…/skus`, `…/metrics`,
 * `…/capabilities`, `…/usages` beside `/serverfarms/{param}/…`), whatever its words. An API's
 * named sub-resource beside ids holds routes of its own (`/payment/history`, `/databases/engines/{id}`);
 * a few collections of one shape beside a parameter are kept by `mergeBesideParameter`.
 */
function holdsManyRoutesOf<T>(child: TrieNode<T>, param: TrieNode<T>): boolean {
  // Below a sub-route that is the literal's only one and the parameter's too, the routes under it
  // (`/Applications/test/$/GetHealth`, `…/$/Upgrade` beside `/Applications/{id}/$/…`).
  for (let depth = 0; depth < 2 && child.children.size === 1; depth++) {
    const [key, next] = [...child.children][0] as [string, TrieNode<T>];
    const same = param.children.get(key);
    if (!same) break;
    [child, param] = [next, same];
  }
  const own = [...child.children.keys()];
  let shared = 0;
  for (const key of own) if (param.children.has(key)) shared++;
  return shared >= MANY_ROUTES && shared >= own.length * MANY_SHARE;
}

/** Whether some paths end at `node`: it was reached more often than its literal children were. */
function endsPaths<T>(node: TrieNode<T>): boolean {
  let below = 0;
  for (const child of node.children.values()) below += child.hits;
  return node.typed === null && node.param === null && node.hits > below;
}

/**
 * Whether `seg`, a known name (see `isKnownName`), may be a value under `node` too: not reserved,
 * not a collection's name (a name of no API word that looks plural, `lucas`, may be), at a
 * position that may hold values. `mergeKnownValues` then asks its sub-routes: none, the position's parameter's, or one shared with another known name there.
 */
function mayBeKnownValue<T>(node: TrieNode<T>, seg: string, child: TrieNode<T>): boolean {
  return !child.reserved && (!isPluralNoun(seg) || vocabularyShare(seg) === 0) && mayBeValue(node, seg, true);
}

/**
 * Whether `seg` is one of the operation names that make up most of `node`'s literal children
 * (`/utilities/ConvertEnergy`, `…/URLEncode`, `/api/conversations.create`): PascalCase or dotted
 * names of API words where at least half of the siblings are such names keep one convention, as an
 * API's own actions do. A lone one among
 * other values (`/dataManagers/TestAzureSDKOperations` beside `north-west`) is a value.
 */
function isOperationName<T>(node: TrieNode<T>, seg: string): boolean {
  if (!isNamedOperation(seg)) return false;
  let names = 0;
  for (const key of node.children.keys()) if (isNamedOperation(key)) names++;
  return names >= 2 && names * 2 >= node.children.size;
}

/**
 * Two or more lower-case API words joined by a dash or underscore (`public-key`,
 * `awaiting_shipment`): a leaf so named beside values that hold routes (`/secrets/{name}/repositories`)
 * is the collection's own sub-resource, not one more value; among values that are all leaves it
 * may be a spec's example (`/ddosProtectionPlans/test-plan`) and is judged with them.
 */
/**
 * Literals beside a merged parameter holding routes that are each one plain lower-case API word
 * and hold none of its routes, leaves or with routes of their own (`suggest`, `available`,
 * `agreements`, `purchase/schema` beside `/domains/{domain}/records`), when there are
 * ROUTE_WORD_LEAVES or more of them: a collection's own actions. Values typed by many hands are
 * seldom one API word, and seldom several of them beside values whose routes they lack.
 */
function routeWordLeaves<T>(node: TrieNode<T>, param: TrieNode<T>): ReadonlySet<string> {
  if (childKeys(param).length === 0) return new Set();
  const leaves = [...node.children]
    .filter(
      ([seg, child]) =>
        childKeys(child).every((key) => !hasChildKey(param, key)) &&
        /^[a-z]+$/.test(seg) &&
        vocabularyShare(seg) === 1 &&
        param.taken?.has(seg) !== true,
    )
    .map(([seg]) => seg);
  return new Set(leaves.length >= ROUTE_WORD_LEAVES ? leaves : []);
}

/** How many plain API-word leaves make a collection's actions (see `routeWordLeaves`). */
const ROUTE_WORD_LEAVES = 3;

const isApiName = (seg: string): boolean => /^[a-z]+(?:[-_][a-z]+)+$/.test(seg) && vocabularyShare(seg) === 1;

/**
 * Whether the literal `seg` under `node` may be merged into a parameter: never a reserved
 * word, file name or operation name; a plain word (`apple`, `payment_methods`) only where
 * the node holds values (under `users`, under a parameter, after a structural merge), or
 * when `byStructure` (its sub-tree will be the evidence).
 */
function mayBeValue<T>(node: TrieNode<T>, seg: string, byStructure = false): boolean {
  if (isStaticName(seg) || (!byStructure && isOperationName(node, seg))) return false;
  if (!isWordLike(seg)) return true;
  return byStructure || holdsValues(node);
}
