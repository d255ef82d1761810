// Segment classification: what one decoded path segment is (a literal, a structural word,
// or a typed value such as an integer, a UUID or an e-mail), and the typed-token pass over a
// whole path (`/users/42` → `/users/{id}`) that needs nothing learned.
import { isRealDate } from '../calendar.js';
import { safeDecode } from '../url-text.js';
import { isApiWord, segmentWords, vocabularyShare } from './vocabulary.js';
import { GENERATED_BELOW, letterPairScore } from './letter-pairs-model.js';
import { DIGIT_0, DIGIT_9, LOWER_A, LOWER_V, LOWER_Z, OPEN_BRACE, QUOTE } from './chars.js';

export type SegmentKind =
  'literal' | 'reserved' | 'id' | 'uuid' | 'objectId' | 'hash' | 'email' | 'date' | 'token' | 'boolean';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^-?\d+$/;
const HEX = /^[0-9a-f]+$/i;
const OBJECT_ID = /^[0-9a-f]{24}$/i;
/** `v1`, `v2.1`, `v1beta2`, and a point release written with `p` (`v1p1beta1`, `v3p1beta1`). */
const VERSION = /^v\d{1,3}(?:p\d{1,3})?([._]\d{1,3}){0,2}(-?(alpha|beta|rc)\d*)?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A version named by its release date (AWS's `/v20190125/meshes`). */
const DATED_VERSION = /^v(\d{4})(\d{2})(\d{2})$/i;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const EMAIL = /^[^@\s/]+@[^@\s/]+\.[a-z]{2,}$/i;
const PREFIXED_ID = /^[a-z]{2,10}_[A-Za-z0-9]{6,}$/;
/** Business keys: an upper-case prefix and dash-separated numbers (`INV-2024-0042`, `PROJ-123`, `ORD-884512`). */
const BUSINESS_KEY = /^[A-Z][A-Z0-9]{1,9}(-\d+)+$/;
/**
 * Numbers in dash-separated groups (`123-456`, `555-123-4567`, `978-3-16-148410-0`): order and
 * phone numbers, ISBNs. Dates are told apart first; no route of the directory is written so.
 */
const DIGIT_GROUPS = /^\d+(?:-\d+)+$/;
/**
 * A boolean written as a whole segment (`/flags/{id}/true`, `/path/bool/True`): an argument's
 * value, as OpenAPI's boolean path parameters are; no route of the directory is named so.
 */
const BOOLEAN = /^(?:true|false)$/i;
/** Decimal numbers (`/books/2.3`, `/budgea/2.0`). */
const DECIMAL = /^\d+\.\d+$/;
/** A decimal number (`2.3`, `2.0`): a version or a value, see `decimalMayBeVersion`. */
export function isDecimal(seg: string): boolean {
  return DECIMAL.test(seg);
}
/** A decimal written as a release (`2.0`, `1.00`): a version as often as an id. */
const ROUND_DECIMAL = /^\d+\.0+$/;
/**
 * A value with an `@` after its first character (`ann@example.com`, `user@example`, `ann@`,
 * `lodash@4.17.21`): an e-mail, possibly cut short, a handle or a package at a version; no route
 * word holds one. A leading `@` is an API's own word (`@me`, `@connections`), and an `@` inside a
 * function call's arguments an alias (`doesUserHaveAccess(userId='@userId')`): they stay.
 */
const AT_VALUE = /^[\w.%+~-]+@[^\s/()'=,]*$/;

/**
 * A uniform resource name (`urn:isbn:9780141036144`, `urn:li:person:ovge7iwAzu`; RFC 8141: a
 * namespace of 2 to 32 letters, digits or dashes, then its own string) or an Amazon resource name
 * (`arn:aws:sqs:us-east-1:123456789012:orders`): a name of one thing, a value wherever it sits.
 * No route of the directory starts so.
 */
const RESOURCE_NAME =
  /^(?:urn:[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]:[^\s/]+|arn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:\d{0,12}:[^\s/]+)$/i;

/**
 * A letter beyond ASCII: no literal route segment of the directory's ~2,600 APIs (463,575
 * positions) holds one, while names users choose do (`/users/józef-wiśniewski`); APIs written in
 * other languages may name collections so (`/api/größe`).
 */
const NON_ASCII_LETTER = /(?!\p{ASCII})\p{L}/u;
/** A digit, a separator, or a lower-case letter before a capital (`kallioMäkinen`). */
const MARKED_NAME = /[\d._-]|\p{Ll}\p{Lu}/u;
/** Whitespace, decoded (`hello%20world`): free text a user typed, never a route word. */
const WHITESPACE = /\s/;
/**
 * A month's name, capitalised or in capitals (`/blog/2007/Jan/14`, `/archive/2024/MARCH`): a part
 * of a date, as a year and day beside it are. No segment of the directory's 125,202 operations is
 * one; a lower-case `may` or `march` is a word and stays to the templater.
 */
const MONTH =
  /^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC|JANUARY|FEBRUARY|MARCH|APRIL|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER)$/;
const SHORT_CODE = /^(?=[A-Z0-9]*\d)[A-Z0-9]{6,16}$/;
const TOKEN_CHARS = /^[A-Za-z0-9_\-=.~+]+$/;
/**
 * A dotted lower-case name of word-like labels ending in letters, as a host or an API group is
 * written (`flowcontrol.apiserver.k8s.io`, `api.example.com`): a name, never a random token,
 * however long. Decimals (`1.2.3`) and addresses (`10.0.0.1`) start with a digit.
 */
const DOMAIN_NAME = /^(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.)+[a-z]{2,}$/;
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

/**
 * A name numbered as sign-up forms and slug generators number taken names: two or more words
 * joined by `-` or `_`, then a number of two digits or more after the same separator
 * (`russel_group_2003`, `intelligente-wollen-schoenen-1379`, `logstash-puppetconf-2012`), or one
 * word of four letters or more and a number of three digits or more (`bilbao-124`). No route of
 * the directory's ~2,600 APIs has this shape; the nearest, `load_15` (one word, two digits) and
 * `quantmetrics-tier-1` (one digit), stay literal, as would `sha-256` or `iso-8601` (three letters).
 */
const NUMBERED_NAME = /^(?:\p{Ll}+(?:([-_])\p{Ll}+)(?:\1\p{Ll}+)*\1\d{2,}|\p{Ll}{4,}[-_]\d{3,})$/u;

/**
 * Lower-case parts joined by dashes, one of them letters and three digits or more that alone is
 * an id (`abc123-def`: Datadog's `/items/abc123-def`). No route of the directory is written so.
 */
const DASHED_CODE = /^(?=[^-]*-)(?:[a-z0-9]+-)*[a-z]+\d{3,}(?:-[a-z0-9]+)*$/;

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

/**
 * Letters a machine made, not a developer (`zeSbxRdEQDwAS`, `KQRCAQTH`, `fvvnqgvqGdLte0`): six
 * letters or more with at most one digit, in capitals or in mixed case that turns from lower to
 * upper, whose letter pairs real route words rarely make, and not mostly API words
 * (`listKeyVaultKeys`, `CSVtoJSON` stay). Lower-case runs (`aiimspatna`, `vnfpkgm`) are left to
 * the templater: codes a provider wrote look like them.
 */
function looksGenerated(seg: string): boolean {
  if (seg.length < 6 || seg.length > 64 || !GENERATED_SHAPE.test(seg)) return false;
  const lower = /[a-z]/.test(seg);
  if (lower ? !/[a-z][A-Z]/.test(seg) : seg.replace(/\d/, '').length < 6) return false;
  if (letterPairScore(seg) >= GENERATED_BELOW || isVerbLedName(seg)) return false;
  // Acronyms joined to words (`XMLtoJSON`) split at every change of case as well.
  return Math.max(vocabularyShare(seg), vocabularyShare(seg.replace(/([A-Z]+|[a-z]+)/g, '$1-'))) < 0.5;
}

/**
 * A url-safe random token (nanoid, base64url) whose `-` or `_` split it into parts that read as
 * words to the slug test (`PMPtWcwYB_EWtAppFWpYh`, `2G-bippowfimrTqZPtzHs`): sixteen characters
 * or more, its parts of six or more letters a machine made (see `looksGenerated`). Names a
 * developer joined (`getting_started`, `ListOutposts_WithS3`) have no such part.
 */
function isJoinedToken(seg: string): boolean {
  if (seg.length < 16 || seg.length > 64 || !JOINED_TOKEN.test(seg)) return false;
  const parts = seg.split(/[-_]/);
  // Every long part machine-made, letters or letters and digits (`F5uo5II`): a word beside one
  // (`securityClassification-6VMVochwUWo`) names it.
  return (
    parts.some(looksGenerated) && parts.every((p) => p.length < 6 || looksGenerated(p) || isRandomPart(p))
  );
}

const JOINED_TOKEN = /^[A-Za-z0-9_-]*[A-Za-z0-9][-_][A-Za-z0-9_-]*$/;

/**
 * A short lower-case hex id, a git commit's abbreviated SHA among them (`ccc9fcf`, `ecfcf81`,
 * `3f9a2c1e`): seven to fifteen hex digits with a digit and a letter; longer ones are hashes.
 * Only the letters a-f spell it, so words with a number (`page12`, `oauth2`, `cafe24`) stay.
 */
const SHORT_HEX = /^(?=[a-f]*\d)(?=\d*[a-f])[0-9a-f]{7,15}$/;

/** Letters with at most one digit, and at least one capital. */
const GENERATED_SHAPE = /^(?=[^A-Z]*[A-Z])[A-Za-z]*\d?[A-Za-z]*$/;

/** See DOMAIN_NAME; each label is letters with at most two digits (`k8s`, `ec2`), not a random run. */
function isDomainName(seg: string): boolean {
  return DOMAIN_NAME.test(seg) && seg.split('.').every((label) => (label.match(/\d/g)?.length ?? 0) <= 2);
}

/**
 * Whether API words spell at least half of a segment's letters (`oauth2PermissionGrants`,
 * `p2sVpnServerConfigurations`, `dfr_rest_services.get_d80d90s_details`): a long name a developer
 * wrote around short numbers, not a random token. Random tokens of 16 characters or more almost
 * never are (1 in 44,774 generated base62 tokens); shorter ids are, more often (shortCode
 * `PP9HAS`), so only the token test asks. An id after a word prefix has a random part of its own
 * (`real_time_payments_transfer_iyuhl5kdn7ssmup83mvq`, `external-id=189371`).
 */
function spelledInApiWords(seg: string): boolean {
  return !seg.split(/[^A-Za-z0-9]+/).some(isRandomPart) && spelledShare(seg) >= 0.5;
}

/**
 * A PascalCase name a developer wrote, led by an API word (`ListOutpostsWithS3`,
 * `GetBucketPolicyV2`, `WebHdfsExt`): every hump a capital and two or more lower-case letters, a
 * short code with a digit at the end at most. Random tokens and letters a machine made seldom are
 * (62 of 200,000 random mixed-case letter runs of 6 to 22, an upper bound).
 */
function isVerbLedName(seg: string): boolean {
  const lead = /^[A-Z][a-z]{2,}/.exec(seg);
  return PASCAL_WORDS.test(seg) && lead !== null && isApiWord(lead[0].toLowerCase());
}

/**
 * Words a developer wrote after a short code with a digit (`v2LoggingOptions`,
 * `ec2deepinspectionstatus`, `s3BucketPolicies`), or a plural of words and a number
 * (`OrganizationalLevel1s`): their letter pairs score as route words do (1 in 10,000 random
 * base62 tokens of 16 to 31 characters scores this high, see letter-pairs-model.ts). A number
 * after the words, no plural, is a user's (`katarinabjorklund14`).
 */
function readsAsWords(seg: string): boolean {
  return (CODE_LED.test(seg) || NUMBERED_PLURAL.test(seg)) && letterPairScore(seg) >= WRITTEN_ABOVE;
}

const CODE_LED = /^[A-Za-z]{1,3}\d[A-Za-z]+$/;
const NUMBERED_PLURAL = /^[A-Za-z]+\d{1,2}s$/;

const WRITTEN_ABOVE = -2.99;

const PASCAL_WORDS = /^(?:[A-Z][a-z]{2,}){2,}(?:[A-Z]{0,3}\d{1,2})?$/;

/** Six characters or more with two digits, not spelled by API words (`iyuhl5kdn7ssmup83mvq`, `189371`). */
function isRandomPart(part: string): boolean {
  return part.length >= 6 && (part.match(/\d/g)?.length ?? 0) >= 2 && spelledShare(part) < 0.5;
}

/** The share of a segment's letters that API words spell (0 without letters). */
function spelledShare(seg: string): number {
  const letters = seg.match(/[A-Za-z]/g)?.length ?? 0;
  let spelled = 0;
  for (const word of segmentWords(seg)) if (isApiWord(word)) spelled += word.length;
  return letters === 0 ? 0 : spelled / letters;
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

/**
 * Classify one decoded path segment. `position` tells whether the segment sits
 * where an API version usually sits (first segment, or right after a reserved one);
 * a date there is a version (`/2024-01-01/charges`), elsewhere a parameter.
 */
export function classifySegment(seg: string, versionPosition = false, below?: SegmentPlace): SegmentKind {
  if (seg === '') return 'literal';
  // Fast path for the common cases (hot in log ingestion): all digits, all lower-case letters.
  let digits = true;
  let lowerWord = seg.length <= 40;
  for (let i = 0; i < seg.length && (digits || lowerWord); i++) {
    const c = seg.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) digits = false;
    if (c < LOWER_A || c > LOWER_Z) lowerWord = false;
  }
  if (digits) return 'id';
  if (lowerWord) return RESERVED.has(seg) ? 'reserved' : BOOLEAN.test(seg) ? 'boolean' : 'literal';
  const lower = seg.toLowerCase();
  // A version below a collection of versions, releases or tags is one of its values
  // (`/versions/v12.3.50`, `/releases/v2.1`): no literal of the directory sits there so.
  if (below?.parent !== undefined && VERSION.test(seg) && VERSION_VALUES.test(below.parent)) return 'id';
  // So is a release's number below a build or release (`/build/9.5.11`, `/tags/12.23.2`); an API's
  // own version right after its name stays (`/groundhog-day-api/1.2.1`).
  if (below?.parent !== undefined && SEMVER.test(seg) && RELEASE_VALUES.test(below.parent)) return 'id';
  // A phone number in E.164 form (`/numbers/buy/+12282060576`).
  if (PHONE.test(seg)) return 'id';
  if (RESERVED.has(lower) || VERSION.test(seg)) return 'reserved';
  if (BOOLEAN.test(seg)) return 'boolean';
  if (versionPosition && isDatedVersion(seg)) return 'reserved';
  if (INTEGER.test(seg)) return 'id';
  // `2.0` is a version as often as `2.3` is an id: see `decimalMayBeVersion`.
  if (DECIMAL.test(seg))
    return versionPosition ? 'reserved' : below && !decimalMayBeVersion(seg, below) ? 'id' : 'literal';
  if (UUID.test(seg)) return 'uuid';
  const date = DATE.exec(seg);
  if (date) {
    const year = Number(date[1]);
    if (year < 1000 || !isRealDate(year, Number(date[2]), Number(date[3]))) return 'literal';
    return versionPosition ? 'reserved' : 'date';
  }
  if (DATETIME.test(seg)) return 'date';
  // At least two digits in a group, as for business keys, so `0-9` or `1-2` stay literal.
  if (DIGIT_GROUPS.test(seg) && /\d{2}/.test(seg)) return 'id';
  if (OBJECT_ID.test(seg)) return 'objectId';
  if (seg.length >= 16 && HEX.test(seg) && /\d/.test(seg)) return 'hash';
  if (seg.includes('@') && (EMAIL.test(seg) || AT_VALUE.test(seg))) return 'email';
  if (RESOURCE_NAME.test(seg)) return 'id';
  // A letter beyond ASCII, once decoded, in a name marked as data (`kallioMäkinenAndToivonen`,
  // `józef-wiśniewski`, `çelik_2021`): a name a user wrote. A plain word stays (`größe`: a
  // collection of an API written in German), for the tree to decide.
  if (NON_ASCII_LETTER.test(seg) && MARKED_NAME.test(seg)) return 'id';
  // Free text at the root or after `api`, or below free text, is a spec's placeholder path
  // (`/Your API URL/Your Pull URI Request API Path`): a value sits below a route.
  if (
    !versionPosition &&
    WHITESPACE.test(seg) &&
    !(below?.parent !== undefined && WHITESPACE.test(below.parent))
  )
    return 'id';
  // A quoted value (`"example-artifact"`, a JSON string a client put in the path as it was): no
  // API names a route in quotes (no literal of the directory is quoted).
  if (seg.length > 2 && seg.charCodeAt(0) === QUOTE && seg.charCodeAt(seg.length - 1) === QUOTE) return 'id';
  if (FILE_LIKE.test(seg)) return 'literal';
  if (PREFIXED_ID.test(seg)) {
    const tail = seg.slice(seg.indexOf('_') + 1);
    if (/\d/.test(tail) || (/[A-Z]/.test(tail) && /[a-z]/.test(tail))) return 'id';
  }
  // At least two digits in a group, so `HTTP-2` or `IPV-6` stay literal.
  if (BUSINESS_KEY.test(seg) && /\d{2}/.test(seg)) return 'id';
  if (looksGenerated(seg)) return 'id';
  if (NUMBERED_NAME.test(seg) || DASHED_CODE.test(seg)) return 'id';
  if (isJoinedToken(seg)) return 'token';
  if (SHORT_HEX.test(seg)) return 'id';
  if (MONTH.test(seg)) return 'date';
  if (isDictionaryLike(seg) || isSlug(seg) || isDomainName(seg)) return 'literal';
  if (
    seg.length >= 16 &&
    TOKEN_CHARS.test(seg) &&
    entropyPerChar(seg) >= 3.2 &&
    /\d/.test(seg) &&
    /[A-Za-z]/.test(seg) &&
    !spelledInApiWords(seg) &&
    !isVerbLedName(seg) &&
    !readsAsWords(seg)
  ) {
    return 'token';
  }
  // Short mixed letters+digits without separators (`a1b2c3d4`, `9s6XKz`) are ids;
  // words with a digit suffix (`page2`, `oauth2`) are not.
  if (seg.length >= 6 && /^[A-Za-z0-9]+$/.test(seg) && /\d/.test(seg) && /[A-Za-z]/.test(seg)) {
    // A plural of such a word stays too (`int32s`, `int64s`: a device's tables of each type).
    if (!/^[A-Za-z]+\d{1,2}s?$/.test(seg) && (seg.match(/\d/g)?.length ?? 0) >= 2) return 'id';
    // Upper-case codes with a digit inside (`OSHE2CNS`, `LPECF2PUMV`): generated, not written.
    if (SHORT_CODE.test(seg) && !/^[A-Z]{1,6}\d{1,3}$/.test(seg)) return 'id';
  }
  // Numbers with a unit or extension (`123.json`) keep the extension.
  return 'literal';
}

/** The parameter a typed segment becomes, before naming (`{id}`, `{uuid}`, …). */
export const PARAM_NAME: Readonly<Record<Exclude<SegmentKind, 'literal' | 'reserved'>, string>> = {
  id: '{id}',
  uuid: '{uuid}',
  objectId: '{objectId}',
  hash: '{hash}',
  email: '{email}',
  date: '{date}',
  token: '{token}',
  boolean: '{boolean}',
};

/** A segment that is already a parameter (re-templating a stored normalizedPath). */
export function isStoredParameter(seg: string): boolean {
  return seg.charCodeAt(0) === OPEN_BRACE && /^\{[^{}/]+\}$/.test(seg);
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

/** Reserved words after which a single digit may be the API's version (`/rest/api/2`, `/api/v/3`). */
const VERSION_PARENT = /^(apis?|rest|v)$/i;

/**
 * A lower-case word, or words joined by dashes, not ending in s as a collection's plural does
 * (`oauth2`, `atlassian-connect`, `account`): a single digit after it holding routes, two levels
 * below the root or `api`/`rest`, is the API's version (`/public/oauth2/1/file/upload`), as
 * after `api`; after `users`, or deeper (`/channelGroup/{name}/channel/7/policy`), it is an id.
 */
const SINGULAR_WORD = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Where a single digit after a singular word sits (see `SINGULAR_WORD`): whether routes follow
 * it, and the segment before that word (`public` in `/public/oauth2/1/…`), which must be the
 * path's first segment or `api`/`rest` (`/rest/atlassian-connect/1/…`, `/jira/rest/auth/1/…`).
 */
export interface VersionBelow {
  routes: boolean;
  above: string | undefined;
  aboveIsFirst: boolean;
}

/**
 * Whether a single digit after `parent` (undefined at the root) may be the API's version.
 * Without learning (`learned` false) only after `api` (Jira's `/rest/api/2`); a templater also
 * keeps a digit at the root (`/1/boards`) literal and decides by the set of values seen there:
 * a few are versions, `/api/0` … `/api/9` are ids (see `PathTemplater`'s foldDigits). A
 * templater also keeps a digit after a singular word (`SINGULAR_WORD`) where `below` allows.
 */
export function isVersionDigit(
  code: number,
  parent: string | undefined,
  learned: boolean,
  below?: VersionBelow,
): boolean {
  if (code < DIGIT_0 || code > DIGIT_9) return false;
  if (parent === undefined) return learned;
  if (
    learned &&
    below?.routes === true &&
    below.above !== undefined &&
    (below.aboveIsFirst || VERSION_PARENT.test(below.above)) &&
    SINGULAR_WORD.test(parent) &&
    !parent.endsWith('s')
  )
    return true;
  return learned ? VERSION_PARENT.test(parent) : code !== DIGIT_0 && /^apis?$/i.test(parent);
}

/**
 * Where a segment sits: the raw segment before it and, as for a version digit, what is around
 * that one (the segments as the path wrote them, so the one-pass walk and `templateSegments` agree).
 */
export interface SegmentPlace extends VersionBelow {
  parent: string | undefined;
}

/** Whether `classifySegment` asks where the segment sits (a decimal, text with whitespace, a version). */
export function dependsOnPlace(seg: string): boolean {
  // A version starts with `v`: one code unit compared before the regexp (this runs per new segment).
  return (
    DECIMAL.test(seg) ||
    SEMVER.test(seg) ||
    WHITESPACE.test(seg) ||
    ((seg.charCodeAt(0) | 0x20) === LOWER_V && VERSION.test(seg))
  );
}

/** Collections whose values are versions (see `classifySegment`). */
const VERSION_VALUES = /^(?:versions|releases|tags)$/i;
const RELEASE_VALUES = /^(?:versions?|releases?|tags?|builds?)$/i;
const SEMVER = /^\d{1,4}\.\d{1,4}\.\d{1,6}(?:-[0-9A-Za-z.]+)?$/;
const PHONE = /^\+\d{7,15}$/;

/** A plural's ending, as resource names are made singular (`users`; not `ws`, `status`, `access`). */
const PLURAL_ENDING = /^.{2,}[^siu]s$/;

/**
 * Whether a decimal outside a version's usual place (the root, after `api`/`rest`/`v`) may still
 * be the API's version: a round one (`/marketing/segments/2.0/{id}`, `/v2/scim/2.0/Users`), or
 * one holding routes after a singular word that is the first segment or follows it or
 * `api`/`rest`, where a version digit may sit (`/ws/1.1/track.get`, `/radiodns/spi/3.1/GI.xml`).
 * Any other (`/category/1.2`, `/api/books/2.3/cars/4.3`) is a value: a leaf, after a plural, or deeper.
 */
export function decimalMayBeVersion(seg: string, place: SegmentPlace): boolean {
  if (ROUND_DECIMAL.test(seg)) return true;
  const { parent, above } = place;
  return (
    place.routes &&
    parent !== undefined &&
    SINGULAR_WORD.test(parent) &&
    !PLURAL_ENDING.test(parent) &&
    (above === undefined || place.aboveIsFirst || VERSION_PARENT.test(above))
  );
}

/**
 * Whether the second segment sits where a version sits after a service's name: the first segment
 * is one singular lower-case word and routes follow (`/amazonclouddirectory/2017-01-11/tags`, a
 * date there being the API's version); below a plural (`/games/2024-01-01/scores`) or as a leaf
 * it is a value.
 */
export function afterServiceName(index: number, first: string | undefined, routes: boolean): boolean {
  return index === 1 && routes && first !== undefined && /^[a-z]{3,}$/.test(first) && !first.endsWith('s');
}

/**
 * Template one path with typed tokens only (no learned cardinality, no spec). `learned`: for a
 * templater, which keeps single digits where versions sit literal (see `isVersionDigit`).
 */
export function templateSegments(segments: readonly string[], learned = false): string[] {
  const out = new Array<string>(segments.length);
  let prevReserved = true;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as string;
    if (isStoredParameter(seg)) {
      out[i] = seg; // already a parameter (re-templating a stored normalizedPath)
      prevReserved = false;
      continue;
    }
    if (
      seg.length === 1 &&
      isVersionDigit(seg.charCodeAt(0), segments[i - 1], learned, {
        routes: i < segments.length - 1,
        above: segments[i - 2],
        aboveIsFirst: i === 2,
      })
    ) {
      out[i] = seg;
      prevReserved = false;
      continue;
    }
    const kind = classifySegment(
      seg,
      (prevReserved && i < 3) || afterServiceName(i, segments[0], i < segments.length - 1),
      dependsOnPlace(seg)
        ? {
            parent: segments[i - 1],
            routes: i < segments.length - 1,
            above: segments[i - 2],
            aboveIsFirst: i === 2,
          }
        : undefined,
    );
    prevReserved = kind === 'reserved';
    out[i] = kind === 'literal' || kind === 'reserved' ? escapeLiteral(seg) : PARAM_NAME[kind];
  }
  return out;
}

export function escapeLiteral(seg: string): string {
  // A literal that looks like a template parameter is encoded so it cannot be confused, and a
  // slash decoded from `%2F` stays inside its segment when the template is split again.
  return seg.includes('{') || seg.includes('}') || seg.includes('/')
    ? seg.replace(/\{/g, '%7B').replace(/\}/g, '%7D').replace(/\//g, '%2F')
    : seg;
}

export function joinSegments(segs: readonly string[]): string {
  return segs.length === 0 ? '/' : '/' + segs.join('/');
}

/**
 * Reserved words, file names and camelCase operation names (`findByStatus`,
 * `createWithList`) never become parameters by cardinality.
 */
export function isStaticName(seg: string): boolean {
  return (
    FILE_LIKE.test(seg) ||
    DOTTED_OPERATION.test(seg) ||
    RESERVED.has(seg.toLowerCase()) ||
    VERSION.test(seg) ||
    /^[a-z]+(?:[A-Z][a-z]+)+$/.test(seg) ||
    SYSTEM_WORD.test(seg)
  );
}

/**
 * PascalCase names of two or more words, at least half of them API vocabulary, acronyms included
 * (`ConvertEnergy`, `URLEncode`, `GenerateQRCode`): operation names a developer wrote, which
 * count alone does not merge. Values are named so too (Azure's `GroupForEdgeAutomation`): shared
 * sub-routes still merge them.
 */
export function isPascalOperation(seg: string): boolean {
  return (
    seg.length <= 40 &&
    /^[A-Z][A-Za-z]*[a-z][A-Za-z]*$/.test(seg) &&
    /[a-z][A-Z]|[A-Z]{2}[a-z]/.test(seg) &&
    vocabularyShare(seg) >= 0.5
  );
}

/**
 * An operation name in a set of them (see the templater's `isOperationName`): a PascalCase name
 * of API words (`ConvertEnergy`), or two or more dotted words, half of them API words, not a host
 * name (Slack's `conversations.create`, `reactions.list`, `bots.info`; not `alice.smith`,
 * `example.com`).
 */
export function isNamedOperation(seg: string): boolean {
  if (isPascalOperation(seg)) return true;
  return seg.length <= 60 && DOTTED_WORDS.test(seg) && !HOST_ENDING.test(seg) && vocabularyShare(seg) >= 0.5;
}

const DOTTED_WORDS = /^[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)+$/;
/** Top-level domains that end host names (`info` is an API's read action as often: `bots.info`). */
const HOST_ENDING = /\.(?:com|net|org|io|dev|app|co|uk|de|fr|jp|cn|ru|nl|eu|us|gov|edu|biz)$/;

/**
 * OData and framework system segments (`$count`, `$ref`, `$metadata`, `_search`, `@me`, `$`) and
 * function calls (`microsoft.graph.delta()`).
 */
const SYSTEM_WORD = /^(?:[$_@][A-Za-z]+|[$_@~-]|[A-Za-z][\w.]*\(\))$/;

/**
 * Dotted operation names (`chat.postMessage`, `admin.users.session.reset`,
 * `microsoft.graph.delta`): three or more words, or a camelCase word after a dot; not host
 * names (`api.example.com`).
 */
const DOTTED_OPERATION =
  /^(?!.*\.(?:com|net|org|io|dev|app|co|uk|de|fr|jp|cn|ru|nl|eu|us|gov|edu|info|biz)$)(?:(?:[a-z][A-Za-z0-9]*\.){2,}[a-z][A-Za-z0-9_]*|[a-z][A-Za-z0-9]*\.[a-z]+[A-Z][A-Za-z0-9]*)$/;

/** A structural segment (a reserved word, a version, a date-version): marked on its trie node. */
export function isStructural(seg: string): boolean {
  return RESERVED.has(seg.toLowerCase()) || VERSION.test(seg) || DATE.test(seg) || isDatedVersion(seg);
}

/** An API's version (`v1`, `v1beta2`, `2024-01-01`, `v20190125`): its collections begin below. */
export function isVersionSegment(seg: string): boolean {
  return VERSION.test(seg) || DATE.test(seg) || isDatedVersion(seg);
}

/** `v` and a real calendar date (`v20190125`): a version where versions sit, an id elsewhere. */
function isDatedVersion(seg: string): boolean {
  const m = DATED_VERSION.exec(seg);
  if (!m) return false;
  const year = Number(m[1]);
  return year >= 1990 && year < 2100 && isRealDate(year, Number(m[2]), Number(m[3]));
}

/** A word or words a developer wrote (`apple`, `payment_methods`, `getUser`, `wayne-prod`), no digits. */
export function isWordLike(seg: string): boolean {
  return seg.length <= 40 && (/^[A-Za-z]+(?:[-_][A-Za-z]+)*$/.test(seg) || isDictionaryLike(seg));
}
