// Who sent the traffic, judged over the whole window: per client (address and user agent),
// how many of its requests matched a probe signature and how many were a path it asked for
// once and never again. A client whose requests are mostly either is a scanner, whatever the
// server answered (a front end answering 200 to every path included). A route only scanners
// asked for is reconnaissance; one a client that is not a scanner used is the API's. A failure
// that shows a handler (400, 405, 409, 422: it read the request and refused it) keeps a route
// when a client that is not a scanner got it.
import type { Observation } from './types.js';

/** One client over the window. */
export interface ClientProfile {
  address: string;
  agent: string;
  requests: number;
  /** Requests a probe signature matched (see `classifyRequest`). */
  signatures: number;
  /** Routes it was the first to ask for (a scanner asks for each path once). */
  firstAsks: number;
  /** Requests that found nothing (404, 410, other 4xx but those that show a handler). */
  misses: number;
  /** Requests answered (2xx, 3xx, 401, 403): a client of the API has some. */
  answered: number;
}

/** The clients of one route, at most `KEEP` of them (a route with more is used widely). */
interface RouteUse {
  clients: ClientProfile[];
  /** Clients whose request the route refused as a handler does (400, 405, 409, 422). */
  refusedTo: ClientProfile[];
  crowded: boolean;
}

const KEEP = 8;
/** Fewer requests than this say too little about a client. */
const MIN_REQUESTS = 2;
/** Fewer requests than this say too little of a client's paths. */
const MIN_WANDER = 8;
/** A scanner: this share of its requests matched a signature… */
const SIGNATURE_SHARE = 0.2;
/** …or asked for a route no one had asked for, most of which found nothing. */
const FIRST_ASK_SHARE = 0.7;
const MISS_SHARE = 0.5;
/** Statuses a handler answers when it read the request and refused it. */
const REFUSALS = new Set([400, 409, 422]);

/** Requests a source does not name a client for: one anonymous client, never a scanner. */
const ANONYMOUS: ClientProfile = {
  address: '',
  agent: '',
  requests: 0,
  signatures: 0,
  firstAsks: 0,
  misses: 0,
  answered: 1,
};

/** Clients past `MAX_PROFILES`: never judged a scanner. */
const UNJUDGED: ClientProfile = { ...ANONYMOUS, address: 'unknown' };
/** Distinct clients judged (each costs its profile and its place in the routes' lists). */
const MAX_PROFILES = 20_000;

/** Clients and the routes (`R`: an endpoint's aggregate) each asked for. */
export class ClientBook<R extends object> {
  private readonly byAddress = new Map<string, ClientProfile[]>();
  private readonly routes = new Map<R, RouteUse>();
  private profiles = 0;

  /** The profile of a request's client (counted once per request). */
  profileOf(obs: Observation): ClientProfile {
    const address = obs.client;
    if (address === undefined) return ANONYMOUS;
    const agent = obs.userAgent ?? obs.requestHeaders['user-agent'] ?? '';
    let list = this.byAddress.get(address);
    if (!list) {
      // Past the cap (a log of many one-off clients), new clients go unjudged.
      if (this.profiles >= MAX_PROFILES) return UNJUDGED;
      this.byAddress.set(copy(address), (list = []));
    }
    let profile: ClientProfile | undefined;
    for (let i = 0; i < list.length; i++) if ((list[i] as ClientProfile).agent === agent) profile = list[i];
    if (!profile) {
      if (this.profiles >= MAX_PROFILES) return UNJUDGED;
      this.profiles++;
      profile = {
        address: list.length > 0 ? (list[0] as ClientProfile).address : copy(address),
        agent: copy(agent),
        requests: 0,
        signatures: 0,
        firstAsks: 0,
        misses: 0,
        answered: 0,
      };
      list.push(profile);
    }
    profile.requests++;
    return profile;
  }

  /** A request of `profile` a probe signature matched. */
  noteSignature(profile: ClientProfile): void {
    profile.signatures++;
  }

  /** A request of `profile` on a route, with its status. */
  use(agg: R, profile: ClientProfile, status: number | null): void {
    let route = this.routes.get(agg);
    if (!route) {
      this.routes.set(agg, (route = { clients: [], refusedTo: [], crowded: false }));
      profile.firstAsks++;
    }
    if (status === null || status < 400 || status === 401 || status === 403) profile.answered++;
    else if (status < 500) {
      if (REFUSALS.has(status)) {
        if (!route.refusedTo.includes(profile) && route.refusedTo.length < KEEP)
          route.refusedTo.push(profile);
      } else profile.misses++;
    }
    if (route.crowded || route.clients.includes(profile)) return;
    if (route.clients.length < KEEP) route.clients.push(profile);
    else route.crowded = true;
  }

  /** `from` became part of `to` (a template merged them). */
  move(from: R, to: R): void {
    const a = this.routes.get(from);
    if (!a) return;
    this.routes.delete(from);
    const b = this.routes.get(to);
    if (!b) {
      this.routes.set(to, a);
      return;
    }
    for (const p of a.refusedTo)
      if (!b.refusedTo.includes(p) && b.refusedTo.length < KEEP) b.refusedTo.push(p);
    b.crowded ||= a.crowded;
    for (const p of a.clients) {
      if (b.crowded || b.clients.includes(p)) continue;
      if (b.clients.length < KEEP) b.clients.push(p);
      else b.crowded = true;
    }
  }

  /** Whether a client's requests are mostly probe signatures or first asks that found nothing. */
  isScanner(p: ClientProfile): boolean {
    if (p === ANONYMOUS || p === UNJUDGED || p.requests < MIN_REQUESTS) return false;
    if (p.signatures >= p.requests * SIGNATURE_SHARE) return true;
    return (
      p.requests >= MIN_WANDER &&
      p.firstAsks >= p.requests * FIRST_ASK_SHARE &&
      p.misses >= p.requests * MISS_SHARE
    );
  }

  /** Whether only scanners asked for a route (null: nothing is known of its clients). */
  scannersOnly(agg: R): boolean {
    const route = this.routes.get(agg);
    return (
      !!route && !route.crowded && route.clients.length > 0 && route.clients.every((p) => this.isScanner(p))
    );
  }

  /**
   * Whether a client of the API (not a scanner, some of its requests answered) got a refusal
   * that shows the route's handler.
   */
  refusedAsARoute(agg: R): boolean {
    return this.routes.get(agg)?.refusedTo.some((p) => p.answered > 0 && !this.isScanner(p)) ?? false;
  }

  /** The addresses of a route's clients, its `requests` shared among them. */
  addresses(agg: R, requests: number): Map<string, number> {
    const out = new Map<string, number>();
    const clients = this.routes.get(agg)?.clients ?? [];
    const each = clients.length > 0 ? Math.floor(requests / clients.length) : 0;
    clients.forEach((p, i) => {
      const n = i === 0 ? requests - each * (clients.length - 1) : each;
      out.set(p.address, (out.get(p.address) ?? 0) + n);
    });
    return out;
  }
}

/** A copy: a reader's text may be a slice of its whole read buffer, kept alive otherwise. */
const copy = (s: string) => Buffer.from(s).toString();
