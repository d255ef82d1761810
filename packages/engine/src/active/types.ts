// The shapes the active-test runner takes and returns. Plain JSON data: the
// server stores results and exchanges as they are.
import type { Severity } from '../types.js';
import type { ActiveTestTemplate } from './schema.js';
import type { TransportRequest, TransportResponse } from '../transport.js';

/** One parameter of an endpoint the runner may fill or inject into. */
export interface ActiveParam {
  name: string;
  in: 'path' | 'query' | 'body';
  /** `id` (integers, uuids, object ids), `url`, `email`, `string`. */
  type?: 'id' | 'string' | 'url' | 'email';
  /** A value known to work (spec example, observed value). */
  example?: string;
}

/** A concrete request for an endpoint: observed in traffic or generated from the spec. */
export interface BaselineRequest {
  /** Identity whose credentials the observed request carried, when known. */
  identity?: string;
  /** Concrete values of the path template's parameters. */
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  /** Headers other than credentials (content type, accept, …). */
  headers?: Record<string, string>;
  /** JSON body (object) or raw text. */
  body?: unknown;
}

/** An endpoint tests may run on. */
export interface ActiveEndpoint {
  method: string;
  /** Path template, `/users/{id}`. */
  path: string;
  /** Credentials expected (spec security or observed auth). */
  authRequired?: boolean;
  params?: ActiveParam[];
  baseline?: BaselineRequest;
  /** Its answers carry object ids / personal data (spec fields, observed bodies). */
  responseHas?: ('ids' | 'pii')[];
  /** A GraphQL endpoint itself, or one operation sent to it (its arguments are the body parameters). */
  graphql?: GraphqlShape;
}

export interface GraphqlShape {
  kind: 'endpoint' | 'operation';
  type: 'query' | 'mutation' | 'subscription';
  operationName: string | null;
  /** Root fields: the operation's, or every query root field seen at the endpoint. */
  fields: string[];
}

/** How an identity proves who it is. */
export type IdentityAuth =
  | { kind: 'bearer'; token: string }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'cookie'; name: string; value: string }
  | {
      kind: 'login';
      /** The login request, path relative to the base URL; its JSON body as given. */
      request: { method: string; path: string; headers?: Record<string, string>; body?: unknown };
      /** Where the token is in the answer: a JSON path (`data.token`), a header or a cookie name. */
      token: { from: 'json' | 'header' | 'cookie'; path: string };
      /** How the token is sent: as a bearer token (default), in a named header, or as a cookie. */
      use?: { as: 'bearer' } | { as: 'header'; name: string } | { as: 'cookie'; name: string };
      /** Log in again after this many seconds, or when the JWT's `exp` passes (default: on `exp`, or 401). */
      refreshAfterSeconds?: number;
    };

export interface Identity {
  name: string;
  /** `admin` identities are the privileged side of function-level tests. */
  role?: 'admin' | 'user';
  auth: IdentityAuth;
  /** Values that belong to this identity (`id`, `bookId`, `username`): they fill path/query/body parameters of its requests. */
  values?: Record<string, string>;
  /** Values the run learned this identity owns, per endpoint (`GET /orders/{order_id}` → `{ order_id: '7' }`). */
  endpointValues?: Record<string, Record<string, string>>;
}

/** Where a canary listener the caller started waits for SSRF callbacks. */
export interface Canary {
  /** Base URL the target can reach (`http://203.0.113.5:40123`). */
  url: string;
  /** Whether a request whose path contains `token` arrived (waits briefly). */
  received(token: string): Promise<boolean>;
}

export interface RunBudget {
  /** Requests per run at most (login requests count). Default 2,000. */
  maxRequests?: number;
  /** Requests per second at most. Default 20. */
  ratePerSec?: number;
}

export type RunEvent =
  | { type: 'start'; tests: number; pairs: number }
  | { type: 'request'; exchange: RecordedExchange }
  | { type: 'result'; result: ActiveTestResult; done: number; total: number }
  | { type: 'end'; result: ActiveRunResult };

export interface RunOptions {
  endpoints: ActiveEndpoint[];
  /** Where tests send requests (`http://127.0.0.1:4010`). */
  baseUrl: string;
  identities: Identity[];
  /** Templates to run (the built-in library, the user's, filtered). */
  tests: ActiveTestTemplate[];
  /** How requests are sent (@argus/connectors' createTransport). */
  transport: (request: TransportRequest) => Promise<TransportResponse>;
  budget?: RunBudget;
  /** Destructive-looking operations (DELETE, reset/drop/purge…) may be called. Default false. */
  allowDestructive?: boolean;
  /** The target is a test environment: intrusive tests may run. Default false. */
  intrusiveConfirmed?: boolean;
  canary?: Canary;
  /** JWT cracking also tries every numeric secret of up to this many digits (6: 10^6 HMACs). Default 0. */
  jwtDigits?: number;
  signal?: AbortSignal;
  /** Learn what each identity owns before the tests (token claims, reads, creates when intrusive). Default true. */
  learn?: boolean;
  onEvent?: (event: RunEvent) => void;
  /** Clock in milliseconds (tests); performance.now() otherwise. */
  now?: () => number;
  /** Waits (rate limit); setTimeout otherwise. */
  sleep?: (ms: number) => Promise<void>;
}

/** A request/response as sent and received, credentials replaced by `$ARGUS_<NAME>_TOKEN`-style placeholders. */
export interface RecordedExchange {
  testId: string;
  step: string;
  identity: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response: { status: number; headers: Record<string, string>; body: string; truncated: boolean } | null;
  /** Transport error when nothing came back. */
  error?: string;
  durationMs: number;
  /** One line that sends the same request again. */
  curl: string;
}

export type Outcome = 'confirmed' | 'not-vulnerable' | 'could-not-run';

export interface ActiveTestResult {
  testId: string;
  title: string;
  severity: Severity;
  owaspCategory: string;
  /** `operation`: the GraphQL operation tested (its name, else its root fields). */
  endpoint: { method: string; path: string; operation?: string };
  outcome: Outcome;
  /** Why it could not run, or what was proved, in one sentence. */
  detail: string;
  /** For confirmed results: the exchanges that prove it (the deciding one last). */
  evidence: RecordedExchange[];
  requests: number;
}

export interface ActiveRunResult {
  results: ActiveTestResult[];
  /** Every exchange of the run, redacted, in order. */
  exchanges: RecordedExchange[];
  requestsSent: number;
  /** Why the run stopped early. */
  stopped?: 'budget' | 'cancelled';
  /** What the run learned before the tests: parameters found to be object keys, values per identity, objects created. */
  learned?: { objectKeys: number; facts: Record<string, number>; created: number };
  /** Objects the run created: removed, or left (with why). */
  cleanup?: { removed: string[]; left: string[] };
  durationMs: number;
}
