// Traffic that is not the API, told apart before it reaches the inventory: scanner probes
// (`/.env`, `/.git/config`, `wp-login.php`, phpunit's `eval-stdin.php`, path traversal,
// binary garbage, `/cgi-bin/`), static assets, browser noise (`/favicon.ico`,
// `/robots.txt`) and CORS preflights. Paths that only ever fail are found later, over the
// whole window (see `Inventory.traffic`). None of these becomes an endpoint; a per-domain
// summary says what was seen, for a security team (attack traffic) and for the counts.
import type { Observation } from './types.js';

/** Why a request is reconnaissance. */
export type AttackKind =
  | 'dotfile' // /.env, /.git/config, /.aws/credentials
  | 'wordpress' // wp-login.php, xmlrpc.php, /wp-admin/
  | 'php-probe' // phpunit eval-stdin.php, phpMyAdmin, shell.php
  | 'traversal' // ../, %2e%2e
  | 'binary' // TLS or other binary bytes sent to an HTTP port
  | 'not-http' // a request line that is not HTTP: `HELP`, `CONNECT host:443`, a bare word
  | 'cgi' // /cgi-bin/
  | 'admin-probe' // /server-status, /actuator/env, /console, /HNAP1, /boaform
  | 'injection' // ${jndi:…}, shell commands in the path
  | 'unanswered' // a path that only ever answered 4xx (not 401/403) in the window
  | 'scanner'; // a route only scanners asked for (clients whose requests are mostly probes)

export type TrafficKind = 'attack' | 'static' | 'browser' | 'preflight' | 'page';

export interface RequestClass {
  kind: TrafficKind;
  attack?: AttackKind;
}

// Any segment that starts with a dot (`/.env`, `/web/.flaskenv`, `/.mysql_history`, `/.git/`):
// APIs do not name resources that way, except `.well-known` at any depth
// (`/v1/.well-known/openid-configuration` is an API's own, 6 of 125,202 directory operations).
const DOTFILE = /\/\.(?!well-known(?:\/|$))[\w-]/;
const WORDPRESS = /\/(?:wp-(?:login|admin|content|includes|config|json\/wp)|xmlrpc\.php|wlwmanifest\.xml)/i;
const PHP_PROBE =
  /(?:phpunit|eval-stdin\.php|php-?my-?admin|\/pma\/|\/myadmin|\/(?:shell|cmd|info|phpinfo|test|adminer|c99|r57|wso|alfa)\.php|\/vendor\/.*\.php|\/(?:config|backup|db|dump|database)\.(?:sql|bak|old|zip|tar\.gz)|\/id_rsa)/i;
const TRAVERSAL = /(?:\.\.[/\\;]|\/\.;\/|%2e%2e|\.%2e|%2e\.|\.\.%2f|\.\.%5c|%252e|%c0%ae)/i;
const CGI = /\/cgi-bin\//i;
const ADMIN_PROBE =
  /^\/(?:server-status|server-info|actuator(?:\/|$)|console(?:\/|$)|hnap1|boaform|manager\/html|solr\/admin|owa\/|autodiscover\/autodiscover\.(?:xml|json)|remote\/(?:login|fgt_lang)|sdk$|evox\/|geoserver|_ignition|telescope|debug\/default\/view|\.well-known\/acme|gponform\/|goform\/|dana-na\/|global-protect\/|ssl-vpn\/|ecp\/|developmentserver\/|mgmt\/tm\/|jmx-console|invoker\/|cfide\/|axis2\/|struts2-showcase|mifs\/|stalker_portal|hudson(?:\/|$)|nice%20ports)/i;
const INJECTION =
  /(?:\$\{jndi:|\$%7bjndi|;\s*(?:wget|curl|chmod|sh)\b|%3b(?:wget|curl)|\/bin\/(?:sh|bash)|<script|call_user_func|invokefunction|allow_url_include|auto_prepend_file|php:\/\/input)/i;

// Assets, and documents a web server hands out as files (pages, PDFs, media, office files),
// downloads (`/files/logstash-1.3.2-monolithic.jar`, `xdotool-2.20101014.tar.gz`) and source or
// configuration files (`/scripts/python/wrap/main.py`, `dhcpd.conf`). None of these extensions
// ends an operation of the directory's 125,202, where `.zip`, `.gz` (`/frames/{frame}/raw.gz`),
// `.log` (`microsoft.graph.log`) and `.yaml` (`swagger.yaml`) do: those stay API candidates.
const STATIC_EXT =
  /\.(?:css|js|mjs|map|png|jpe?g|gif|svg|ico|webp|avif|bmp|tiff?|psd|eps|woff2?|ttf|eot|otf|mp4|webm|mp3|wav|ogg|m4a|aac|flac|avi|mov|mkv|flv|swf|html?|xhtml|shtml|pdf|txt|rtf|epub|docx?|xlsx?|pptx?|odt|xslt?|jar|war|exe|msi|dmg|iso|apk|deb|rpm|gem|whl|tgz|tar(?:\.(?:gz|bz2|xz))?|bz2|7z|rar|py|pyc|c|cpp|h|java|rb|pl|sh|lua|vim|tex|patch|diff|spec|conf|markdown)$/i;
const STATIC_DIR = /^\/(?:static|assets|_next\/static|build|dist|public|images|img|css|js|fonts)\//i;
const BROWSER =
  /^\/(?:favicon\.ico|robots\.txt|sitemap(?:_index)?\.xml|ads\.txt|humans\.txt|security\.txt|browserconfig\.xml|crossdomain\.xml|manifest\.json|site\.webmanifest|apple-touch-icon[\w-]*\.png|\.well-known\/(?:security\.txt|change-password|assetlinks\.json|apple-app-site-association))$/i;

/** Whether a string holds control characters or escaped bytes as logs write them (`\x16\x03`). */
function isBinary(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0xfffd) return true;
  }
  return path.includes('\\x');
}

/** The attack signature a request path matches, if any. */
export function attackKindOf(path: string, query = ''): AttackKind | null {
  if (isBinary(path)) return 'binary';
  if (path.length > 0 && path.charCodeAt(0) !== 0x2f) return 'not-http'; // what the reader kept of a non-HTTP line
  if (TRAVERSAL.test(path)) return 'traversal';
  if (DOTFILE.test(path) && !path.startsWith('/.well-known/')) return 'dotfile';
  if (WORDPRESS.test(path)) return 'wordpress';
  if (PHP_PROBE.test(path)) return 'php-probe';
  if (CGI.test(path)) return 'cgi';
  if (ADMIN_PROBE.test(path)) return 'admin-probe';
  if (INJECTION.test(path) || (query !== '' && INJECTION.test(query))) return 'injection';
  return null;
}

/**
 * What a request is when it is not an API call, or null for an API candidate. Cheap for
 * the common case: one scan of the path for the characters every signature needs.
 */
export function classifyRequest(method: string, path: string, query = ''): RequestClass | null {
  // What the reader kept of a request line that was not HTTP (also `OPTIONS *`, `OPTIONS \x00`).
  if (method === '-' || (path.length > 0 && path.charCodeAt(0) !== 0x2f))
    return { kind: 'attack', attack: isBinary(path) ? 'binary' : 'not-http' };
  if (method === 'OPTIONS') return { kind: 'preflight' };
  const pathSpecial = mayBeSpecial(path);
  if (!pathSpecial && (query === '' || !mayHoldInjection(query))) return null;
  const attack = attackKindOf(path, query);
  if (attack) return { kind: 'attack', attack };
  if (!pathSpecial) return null;
  if (BROWSER.test(path)) return { kind: 'browser' };
  if (STATIC_EXT.test(path) || (STATIC_DIR.test(path) && /\.[a-z0-9]{1,5}$/i.test(path)))
    return { kind: 'static' };
  return null;
}

const PAGE_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml)\b/i;
/** Code and styles a page loads (media stays: an API may answer an avatar or a chart). */
const ASSET_TYPE =
  /^\s*(?:(?:text|application)\/(?:x-)?(?:javascript|ecmascript|typescript)|text\/css|font\/|application\/(?:font-|wasm))/i;

/**
 * What an answer's content type says a request was, when the source records it (a HAR, the
 * capture path): a page (`text/html` to a GET) or a page's script, style or font; else null.
 */
export function classifyAnswer(method: string, contentType: string | undefined): RequestClass | null {
  if (contentType === undefined || contentType === '') return null;
  if (method === 'GET' && PAGE_TYPE.test(contentType)) return { kind: 'page' };
  if ((method === 'GET' || method === 'HEAD') && ASSET_TYPE.test(contentType)) return { kind: 'static' };
  return null;
}

/** Whether a query may hold an injection: `$`, `;`, `<` or their encodings (`%24`, `%3b`, `%3c`). */
function mayHoldInjection(query: string): boolean {
  if (query.length > 4096) return false;
  if (query.includes('_url_include')) return true; // PHP-CGI argument injection (`-d allow_url_include`)
  for (let i = 0; i < query.length; i++) {
    const c = query.charCodeAt(i);
    if (c === 0x24 || c === 0x3b || c === 0x3c) return true;
    if (c === 0x25 && i + 2 < query.length) {
      const a = query.charCodeAt(i + 1);
      const b = query.charCodeAt(i + 2) | 0x20;
      if ((a === 0x32 && b === 0x34) || (a === 0x33 && (b === 0x62 || b === 0x63))) return true;
    }
  }
  return false;
}

/** First path segments that only probes ask for (deeper probes hold a dot: `…/eval-stdin.php`). */
const PROBE_ROOTS = [
  'cgi-bin',
  'wp-admin',
  'wp-json',
  'wp-content',
  'wp-includes',
  'phpunit',
  'phpmyadmin',
  'phpMyAdmin',
  'pma',
  'myadmin',
  'server-status',
  'server-info',
  'actuator',
  'console',
  'hnap1',
  'HNAP1',
  'boaform',
  'manager',
  'geoserver',
  '_ignition',
  'telescope',
  'evox',
  'solr',
  'owa',
  'remote',
  'sdk',
  'debug',
  // Appliance and middleware exploit targets (routers, VPNs, Exchange, SAP, F5, JBoss, ColdFusion).
  'GponForm',
  'goform',
  'dana-na',
  'global-protect',
  'ssl-vpn',
  'ecp',
  'developmentserver',
  'mgmt',
  'jmx-console',
  'invoker',
  'CFIDE',
  'axis2',
  'struts2-showcase',
  'mifs',
  'stalker_portal',
  'hudson',
];
/** The roots by length, so that a path's first segment is compared with a few at most. */
const ROOTS_BY_LENGTH: string[][] = [];
for (const root of PROBE_ROOTS) (ROOTS_BY_LENGTH[root.length] ??= []).push(root);

/**
 * Whether a path may match a signature: it holds a dot, a backslash, `$`, `;`, `<`, `%`,
 * a control or non-ASCII character, a probe's name below any prefix, or starts with a
 * probe's first segment. Paths of plain segments (`/api/v1/users/42`) skip every pattern:
 * this runs on every request, so it is one regexp scan and a few compared code units.
 */
function mayBeSpecial(s: string): boolean {
  if (s.charCodeAt(0) !== 0x2f || SPECIAL.test(s)) return true;
  let firstEnd = s.indexOf('/', 1);
  if (firstEnd < 0) firstEnd = s.length;
  const roots = ROOTS_BY_LENGTH[firstEnd - 1];
  if (roots) {
    // Most first segments share no first letter with a root of their length: no call then.
    const first = s.charCodeAt(1);
    for (const root of roots) if (root.charCodeAt(0) === first && s.startsWith(root, 1)) return true;
  }
  return false;
}

// The characters every signature needs, and probes below any prefix (`/wordpress/wp-admin/`,
// `/admin/phpmyadmin/`, `/vendor/phpunit/`), in one pattern: one scan of the path (five
// `includes` after a character-class test cost twice as much). Control characters are exactly
// what this looks for (binary bytes sent to an HTTP port).
// eslint-disable-next-line no-control-regex
const SPECIAL = /[.\\$;<%\u0000-\u001f\u007f-\uffff]|\/(?:wp-|cgi-bin\/)|phpunit|y[aA]dmin/;

/** A path whose requests all failed (no 2xx/3xx, 401 or 403) in the window. */
export interface UnansweredPath {
  domain: string;
  path: string;
  requests: number;
  /** Why it is not the API's: it only ever failed (default), or only scanners asked for it. */
  kind?: 'unanswered' | 'scanner';
  firstSeen: number | null;
  lastSeen: number | null;
  /** Who sent them, by client address (requests not listed here count as `unknown`). */
  clients?: ReadonlyMap<string, number>;
}

export interface CountedPath {
  path: string;
  count: number;
}

export interface ClientCount {
  client: string;
  count: number;
}

/** Reconnaissance seen on one domain. */
export interface AttackSummary {
  requests: number;
  byKind: Partial<Record<AttackKind, number>>;
  /** Busiest client addresses first (at most 20; `unknown` when the source does not say). */
  byClient: ClientCount[];
  /** Epoch milliseconds, null when no request had a time. */
  firstSeen: number | null;
  lastSeen: number | null;
  /** Most probed paths first (at most 20). */
  topPaths: CountedPath[];
}

/** What a domain's traffic held besides its API. */
export interface DomainTraffic {
  domain: string;
  attack: AttackSummary;
  staticRequests: number;
  browserRequests: number;
  /**
   * Requests of the site's pages (HTML documents, the front end's fallback): the domain's, not
   * endpoints. Absent from summaries stored before pages were counted.
   */
  pageRequests?: number;
  /** CORS preflights, on the template of the endpoint they precede (`OPTIONS` is not an endpoint). */
  preflights: number;
  preflightsByPath: CountedPath[];
}

const TOP = 20;
/** Distinct paths and clients kept per domain (the rest are counted, not listed). */
const KEEP = 2000;

/** Accumulates the non-API traffic of every domain. */
export class TrafficSummary {
  private readonly domains = new Map<string, Tally>();

  private tally(domain: string): Tally {
    let t = this.domains.get(domain);
    if (!t) this.domains.set(domain, (t = new Tally()));
    return t;
  }

  /** Count one request that `classifyRequest` set apart (preflights: `template` is the endpoint's). */
  add(obs: Observation, what: RequestClass, template?: string): void {
    const t = this.tally(obs.domain);
    if (what.kind === 'attack') t.attack(obs, what.attack ?? 'unanswered', 1);
    else if (what.kind === 'static') t.staticRequests++;
    else if (what.kind === 'browser') t.browserRequests++;
    else if (what.kind === 'page') t.pageRequests++;
    else {
      t.preflights++;
      bump(t.preflightPaths, template ?? obs.path, 1);
    }
  }

  /** The summaries, with the paths that only ever failed in the window (counted as attack traffic). */
  summaries(unanswered: readonly UnansweredPath[] = []): DomainTraffic[] {
    const byDomain = new Map<string, UnansweredPath[]>();
    for (const u of unanswered) byDomain.set(u.domain, [...(byDomain.get(u.domain) ?? []), u]);
    const domains = new Set([...this.domains.keys(), ...byDomain.keys()]);
    return [...domains].map((domain) =>
      (this.domains.get(domain) ?? new Tally()).summary(domain, byDomain.get(domain) ?? []),
    );
  }
}

class Tally {
  attackRequests = 0;
  byKind = new Map<AttackKind, number>();
  clients = new Map<string, number>();
  paths = new Map<string, number>();
  first: number | null = null;
  last: number | null = null;
  staticRequests = 0;
  browserRequests = 0;
  pageRequests = 0;
  preflights = 0;
  preflightPaths = new Map<string, number>();

  attack(obs: Observation, kind: AttackKind, n: number): void {
    this.attackRequests += n;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + n);
    bump(this.clients, obs.client ?? 'unknown', n);
    bump(this.paths, obs.path.length > 200 ? `${obs.path.slice(0, 200)}…` : obs.path, n);
    this.seen(obs.timestamp);
  }

  seen(t: number | null): void {
    if (t === null) return;
    if (this.first === null || t < this.first) this.first = t;
    if (this.last === null || t > this.last) this.last = t;
  }

  summary(domain: string, unanswered: readonly UnansweredPath[]): DomainTraffic {
    const byKind = new Map(this.byKind);
    const paths = new Map(this.paths);
    const clients = new Map(this.clients);
    let requests = this.attackRequests;
    let first = this.first;
    let last = this.last;
    for (const u of unanswered) {
      requests += u.requests;
      const kind = u.kind ?? 'unanswered';
      byKind.set(kind, (byKind.get(kind) ?? 0) + u.requests);
      bump(paths, u.path, u.requests);
      let named = 0;
      for (const [client, n] of u.clients ?? []) {
        bump(clients, client, n);
        named += n;
      }
      if (named < u.requests) bump(clients, 'unknown', u.requests - named);
      if (u.firstSeen !== null && (first === null || u.firstSeen < first)) first = u.firstSeen;
      if (u.lastSeen !== null && (last === null || u.lastSeen > last)) last = u.lastSeen;
    }
    return {
      domain,
      attack: {
        requests,
        byKind: Object.fromEntries(byKind),
        byClient: top(clients).map(([client, count]) => ({ client, count })),
        firstSeen: first,
        lastSeen: last,
        topPaths: top(paths).map(([path, count]) => ({ path, count })),
      },
      staticRequests: this.staticRequests,
      browserRequests: this.browserRequests,
      pageRequests: this.pageRequests,
      preflights: this.preflights,
      preflightsByPath: top(this.preflightPaths).map(([path, count]) => ({ path, count })),
    };
  }
}

function bump(map: Map<string, number>, key: string, n: number): void {
  const had = map.get(key);
  if (had !== undefined) map.set(key, had + n);
  else if (map.size < KEEP) map.set(key, n);
}

function top(map: ReadonlyMap<string, number>): [string, number][] {
  return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP);
}

/**
 * Whether an endpoint's statuses show that something handles it: a 2xx/3xx, a 401/403 (it
 * exists behind a login) or a 5xx (it exists and fails). Only other 4xx (404, 405, 400…),
 * every time, mean nothing is there.
 */
export function answered(statusCounts: Readonly<Record<string, number>>): boolean {
  let known = false;
  for (const key of Object.keys(statusCounts)) {
    if (key === '-') continue;
    known = true;
    const s = Number(key);
    if (!(s >= 400 && s < 500) || s === 401 || s === 403) return true;
  }
  return !known; // no status at all (a spec, a source that does not say): not evidence of failure
}

/** Adds counts per key and keeps the busiest `TOP`, as one read would have listed them. */
function addCounts(lists: readonly (readonly (readonly [string, number])[])[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const list of lists) for (const [key, n] of list) bump(sums, key, n);
  return top(sums);
}

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * Adds up summaries of the same traffic read in parts (worker threads, one per
 * byte range of a log): counts add; the top lists are re-ranked from what each
 * part listed, so they are exact while a domain has at most 20 distinct paths or
 * clients per part and a close estimate beyond that. One summary per domain.
 */
export function combineTraffic(parts: readonly DomainTraffic[]): DomainTraffic[] {
  const byDomain = new Map<string, DomainTraffic[]>();
  for (const t of parts) byDomain.set(t.domain, [...(byDomain.get(t.domain) ?? []), t]);
  return [...byDomain].map(([domain, list]) => {
    const byKind: Partial<Record<AttackKind, number>> = {};
    for (const t of list)
      for (const [kind, n] of Object.entries(t.attack.byKind) as [AttackKind, number][])
        byKind[kind] = (byKind[kind] ?? 0) + n;
    return {
      domain,
      attack: {
        requests: list.reduce((n, t) => n + t.attack.requests, 0),
        byKind,
        byClient: addCounts(list.map((t) => t.attack.byClient.map((c) => [c.client, c.count] as const))).map(
          ([client, count]) => ({ client, count }),
        ),
        firstSeen: list.reduce<number | null>((f, t) => earliest(f, t.attack.firstSeen), null),
        lastSeen: list.reduce<number | null>((l, t) => latest(l, t.attack.lastSeen), null),
        topPaths: addCounts(list.map((t) => t.attack.topPaths.map((p) => [p.path, p.count] as const))).map(
          ([path, count]) => ({ path, count }),
        ),
      },
      staticRequests: list.reduce((n, t) => n + t.staticRequests, 0),
      browserRequests: list.reduce((n, t) => n + t.browserRequests, 0),
      pageRequests: list.reduce((n, t) => n + (t.pageRequests ?? 0), 0),
      preflights: list.reduce((n, t) => n + t.preflights, 0),
      preflightsByPath: addCounts(
        list.map((t) => t.preflightsByPath.map((p) => [p.path, p.count] as const)),
      ).map(([path, count]) => ({ path, count })),
    };
  });
}
