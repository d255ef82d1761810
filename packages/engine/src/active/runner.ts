// The active-test runner: for each template × endpoint it applies to, send the
// template's steps through the injected transport and judge the answers. Pure
// over the transport and the clock: it opens no socket and reads no file.
import { randomBytes } from 'node:crypto';
import { OWASP } from '../checks/index.js';
import type { TransportRequest, TransportResponse } from '../transport.js';
import { graphqlVars } from './graphql-endpoints.js';
import { cookieVars } from './cookies.js';
import { crackJwt, decodeJwt, signJwt, tamperJwt } from './jwt.js';
import { jwtCandidates } from './jwt-secrets.js';
import { applyOwnership, learnFacts, removeCreated } from './learn.js';
import { templateApplies } from './match.js';
import { needsMissing } from './plan.js';
import { evaluate, jsonPath, leafValues, statusMatches, type Sent, type StepRecord } from './proof.js';
import { paired } from './proof.js';
import {
  applyMutation,
  baselineDraft,
  CannotRun,
  cloneDraft,
  curlOf,
  destructiveReason,
  draftBody,
  draftPath,
  draftUrl,
  explicitDraft,
  injectVariants,
  markStrings,
  type DraftRequest,
} from './requests.js';
import type { ActiveTestTemplate, Mutation } from './schema.js';
import { RunSecrets, tagOf } from './secrets.js';
import { identityVars, ownValues, slotsFor, type Slots } from './slots.js';
import type {
  ActiveEndpoint,
  ActiveRunResult,
  ActiveTestResult,
  Identity,
  RecordedExchange,
  RunOptions,
} from './types.js';

class BudgetReached extends Error {}
class Cancelled extends Error {}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const DEFAULT_MAX_REQUESTS = 2000;
const DEFAULT_RATE = 20;

interface Credential {
  place: 'header' | 'cookie';
  name: string;
  /** The whole value sent (`Bearer x`, cookie value). */
  value: string;
  /** The token inside it. */
  token: string;
}

interface LoginToken {
  token: string;
  at: number;
}

/** Mutable state of one run (a run is one call; nothing outlives it). */
class Run {
  readonly exchanges: RecordedExchange[] = [];
  sent = 0;
  private lastStart = -Infinity;
  private readonly secrets = new RunSecrets();
  private readonly logins = new Map<string, LoginToken>();
  /** Each login identity's body as recorded: every value but the identity's names replaced. */
  private readonly loginBodies = new Map<string, unknown>();
  /** When each identity last tried to log in again after a 401 (at most every 10 s). */
  private readonly reloginAt = new Map<string, number>();
  private readonly cracked = new Map<string, string | null>();
  readonly maxRequests: number;
  private readonly interval: number;
  readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(readonly options: RunOptions) {
    this.maxRequests = options.budget?.maxRequests ?? DEFAULT_MAX_REQUESTS;
    this.interval = 1000 / (options.budget?.ratePerSec ?? DEFAULT_RATE);
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    for (const identity of options.identities) {
      const a = identity.auth;
      const token = `$ARGUS_${tagOf(identity.name)}_TOKEN`;
      if (a.kind === 'bearer') this.secrets.add(a.token, token);
      if (a.kind === 'header' || a.kind === 'cookie')
        this.secrets.add(a.value.replace(/^Bearer\s+/i, ''), token);
      if (a.kind === 'login' && a.request.body !== undefined)
        this.loginBodies.set(identity.name, this.secrets.loginBody(identity.name, a.request.body));
    }
  }

  redact(text: string): string {
    return this.secrets.redact(text);
  }

  /** Send one request: budget, cancellation and rate limit first; the exchange is recorded redacted. */
  async send(
    request: TransportRequest,
    label: { testId: string; step: string; identity: string },
    recordedBody?: string,
  ): Promise<{ response: TransportResponse | null; ms: number; exchange: number }> {
    if (this.options.signal?.aborted) throw new Cancelled('cancelled');
    if (this.sent >= this.maxRequests)
      throw new BudgetReached(`request budget of ${this.maxRequests} reached`);
    const wait = this.lastStart + this.interval - this.now();
    if (wait > 0) await this.sleep(wait);
    if (this.options.signal?.aborted) throw new Cancelled('cancelled');
    this.sent++;
    this.lastStart = this.now();
    const t0 = this.now();
    let response: TransportResponse | null = null;
    let error: string | undefined;
    const signal = this.options.signal;
    try {
      response = await this.options.transport(signal ? { ...request, signal } : request);
    } catch (err) {
      // a cancelled run aborts its requests in flight: nothing to record, the run stops
      if (signal?.aborted) throw new Cancelled('cancelled');
      error = (err as Error).message;
    }
    const ms = this.now() - t0;
    const recordedRequest = {
      method: request.method,
      url: this.redact(request.url),
      headers: this.secrets.redactHeaders(request.headers ?? {}),
      ...(request.body !== undefined ? { body: this.redact(recordedBody ?? request.body) } : {}),
    };
    const exchange: RecordedExchange = {
      ...label,
      request: recordedRequest,
      response: response
        ? {
            status: response.status,
            headers: this.secrets.redactHeaders(response.headers),
            body: this.redact(response.body),
            truncated: response.truncated,
          }
        : null,
      ...(error !== undefined ? { error: this.redact(error) } : {}),
      durationMs: Math.round(ms),
      curl: curlOf(recordedRequest),
    };
    this.exchanges.push(exchange);
    this.options.onEvent?.({ type: 'request', exchange });
    return { response, ms, exchange: this.exchanges.length - 1 };
  }

  /** The credential an identity sends now (logging in, or again when the token expired). */
  async credential(identity: Identity, testId: string, fresh = false): Promise<Credential> {
    const a = identity.auth;
    if (a.kind === 'bearer')
      return { place: 'header', name: 'authorization', value: `Bearer ${a.token}`, token: a.token };
    if (a.kind === 'header')
      return {
        place: 'header',
        name: a.name.toLowerCase(),
        value: a.value,
        token: a.value.replace(/^Bearer\s+/i, ''),
      };
    if (a.kind === 'cookie') return { place: 'cookie', name: a.name, value: a.value, token: a.value };
    let cached = this.logins.get(identity.name);
    const age = cached ? (this.now() - cached.at) / 1000 : 0;
    const exp = cached ? decodeJwt(cached.token)?.payload['exp'] : undefined;
    const expired =
      cached !== undefined &&
      ((a.refreshAfterSeconds !== undefined && age >= a.refreshAfterSeconds) ||
        (typeof exp === 'number' && exp * 1000 <= Date.now() + 5000));
    if (!cached || expired || fresh) {
      cached = { token: await this.login(identity, a, testId), at: this.now() };
      this.logins.set(identity.name, cached);
    }
    const use = a.use ?? { as: 'bearer' };
    if (use.as === 'cookie')
      return { place: 'cookie', name: use.name, value: cached.token, token: cached.token };
    if (use.as === 'header')
      return { place: 'header', name: use.name.toLowerCase(), value: cached.token, token: cached.token };
    return { place: 'header', name: 'authorization', value: `Bearer ${cached.token}`, token: cached.token };
  }

  private async login(identity: Identity, a: Extract<Identity['auth'], { kind: 'login' }>, testId: string) {
    const body =
      a.request.body === undefined
        ? undefined
        : typeof a.request.body === 'string'
          ? a.request.body
          : JSON.stringify(a.request.body);
    const headers: Record<string, string> = { ...a.request.headers };
    if (body !== undefined && typeof a.request.body !== 'string')
      headers['content-type'] ??= 'application/json';
    const recorded = this.loginBodies.get(identity.name);
    const { response, exchange } = await this.send(
      {
        method: a.request.method.toUpperCase(),
        url: `${this.options.baseUrl.replace(/\/+$/, '')}${a.request.path}`,
        headers,
        ...(body !== undefined ? { body } : {}),
      },
      { testId, step: 'login', identity: identity.name },
      typeof recorded === 'string' || recorded === undefined ? recorded : JSON.stringify(recorded),
    );
    if (!response) throw new CannotRun(`login of ${identity.name} failed: no answer`);
    let token: unknown;
    if (a.token.from === 'json') token = jsonPath(response.body, a.token.path);
    else if (a.token.from === 'header') token = response.headers[a.token.path.toLowerCase()];
    else {
      const cookies = response.headers['set-cookie'] ?? '';
      const m = new RegExp(
        `(?:^|[,;]\\s*)${a.token.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;,]+)`,
      ).exec(cookies);
      token = m?.[1];
    }
    if (typeof token !== 'string' || token === '')
      throw new CannotRun(
        `login of ${identity.name} answered ${response.status} without a token at ${a.token.from} ${a.token.path}`,
      );
    this.secrets.add(token.replace(/^Bearer\s+/i, ''), `$ARGUS_${tagOf(identity.name)}_TOKEN`);
    // the login's own answer carried the token before it was known as a secret
    const answer = this.exchanges[exchange]!.response;
    if (answer) {
      answer.body = this.redact(answer.body);
      answer.headers = this.secrets.redactHeaders(answer.headers);
    }
    return token.replace(/^Bearer\s+/i, '');
  }

  /**
   * After a 401: log in again when the identity logs in and its token is older than 10 s. False when
   * nothing changed (static credentials, a fresh token, a failed login): the 401 stands.
   */
  async relogin(identity: Identity, testId: string): Promise<boolean> {
    const cached = this.logins.get(identity.name);
    const tried = this.reloginAt.get(identity.name) ?? -Infinity;
    if (identity.auth.kind !== 'login' || !cached || this.now() - Math.max(cached.at, tried) < 10_000)
      return false;
    this.reloginAt.set(identity.name, this.now());
    try {
      await this.credential(identity, testId, true);
      return true;
    } catch (err) {
      if (err instanceof CannotRun) return false;
      throw err;
    }
  }

  /** The weak secret signing this identity's JWT (cracked once per run), or null. */
  crack(token: string): string | null {
    if (!this.cracked.has(token)) {
      // a secret found for an earlier token of the run first, then the whole list
      const found = [...this.cracked.values()].filter((s): s is string => s !== null);
      const digits = this.options.jwtDigits ?? 0;
      this.cracked.set(
        token,
        crackJwt(
          token,
          (function* () {
            yield* found;
            yield* jwtCandidates(digits);
          })(),
        ),
      );
    }
    return this.cracked.get(token)!;
  }
}

/** Forged or moved credentials for an `auth` mutation. */
function presentCredential(
  run: Run,
  cred: Credential,
  mode: Mutation['auth'],
): { headers: Record<string, string>; query?: Record<string, string> } {
  const put = (token: string) => {
    const value = cred.value.replace(cred.token, token);
    return cred.place === 'cookie' ? { cookie: `${cred.name}=${value}` } : { [cred.name]: value };
  };
  if (mode === undefined) return { headers: put(cred.token) };
  if (mode === 'garbage') return { headers: put(`argus${randomBytes(12).toString('hex')}`) };
  if (mode === 'token-in-query') return { headers: {}, query: { access_token: cred.token } };
  const jwt = decodeJwt(cred.token);
  if (!jwt) throw new CannotRun("the identity's token is not a JWT");
  const nowSec = Math.floor(Date.now() / 1000);
  if (mode === 'jwt-alg-none')
    return { headers: put(signJwt({ ...jwt.header, alg: 'none' }, jwt.payload, '')) };
  if (mode === 'jwt-tampered')
    return { headers: put(tamperJwt(cred.token, { argus: 'tampered', iat: nowSec })!) };
  const secret = run.crack(cred.token);
  if (mode === 'jwt-weak-secret') {
    if (secret === null) throw new NotVulnerable('the token is not signed with a listed weak secret');
    return {
      headers: put(
        signJwt(jwt.header, { ...jwt.payload, argus: 'forged', iat: nowSec, exp: nowSec + 3600 }, secret),
      ),
    };
  }
  // jwt-expired
  if (secret === null) throw new CannotRun('no way to sign an expired token (the signing secret is unknown)');
  return {
    headers: put(signJwt(jwt.header, { ...jwt.payload, iat: nowSec - 7200, exp: nowSec - 3600 }, secret)),
  };
}

class NotVulnerable extends Error {}

const last = (r: StepRecord | undefined) => r?.sends[r.sends.length - 1];

/** The step serves only as the `ownStep` of a `leaks` proof (nothing starts from it or judges it otherwise). */
function onlyOwnAnswer(test: ActiveTestTemplate, name: string): boolean {
  if (test.steps.some((s) => s.from === name)) return false;
  return test.proof.every((c) =>
    c.leaks?.ownStep === name
      ? c.step === undefined && c.notIn === undefined && c.differsFrom === undefined
      : ![c.step, c.notIn, c.differsFrom, c.leaks?.ownerStep, c.slower?.than, c.echoes?.of].includes(name),
  );
}

// judged on all of a step's answers once sent; every other proof after each answer (a `timeGrowth`
// ladder stops at the first value slow enough: how long that is depends on the machine, not the test)
const AGGREGATE = (t: ActiveTestTemplate) => t.proof.some((c) => c.neverStatus !== undefined || c.steady);
const TIMED = (t: ActiveTestTemplate) => t.proof.some((c) => c.slower || c.timeGrowth);

/** One attempt of one test on one endpoint. */
async function attempt(
  run: Run,
  test: ActiveTestTemplate,
  endpoint: ActiveEndpoint,
  slots: Slots,
): Promise<{ proved: string | null; evidence: number[] }> {
  const o = run.options;
  const vars: Record<string, string> = {
    ...identityVars(slots),
    ...graphqlVars(endpoint),
    random: randomBytes(4).toString('hex'),
  };
  const steps = new Map<string, StepRecord>();
  const drafts = new Map<string, DraftRequest>();
  const main = [...test.steps].reverse().find((s) => !s.cleanup)!;
  const ordered = [...test.steps.filter((s) => !s.cleanup), ...test.steps.filter((s) => s.cleanup)];
  let proved: string | null = null;
  let chosen: Sent | undefined;
  // an explicit first request (a read-back before the write) names the endpoint's path as A sends it
  if (test.steps[0]?.request)
    try {
      vars['path'] = draftPath(baselineDraft(endpoint, slots.A));
    } catch {
      // no baseline value: `{{path}}` stays unknown until a step builds one
    }
  const ctx = {
    steps,
    main: main.name,
    ...(o.canary ? { canaryReceived: (token: string) => o.canary!.received(token) } : {}),
  };
  try {
    for (const step of ordered) {
      if (step.cleanup && proved === null && !steps.has(main.name)) break;
      const identity = step.as === 'none' ? undefined : slots[step.as];
      if (step.as !== 'none' && !identity) throw new CannotRun(`no identity for ${step.as}`);
      const canaryToken = `argus-${randomBytes(8).toString('hex')}`;
      const stepVars: Record<string, string> = {
        ...vars,
        ...(o.canary ? { canary: `${o.canary.url.replace(/\/+$/, '')}/c/${canaryToken}` } : {}),
      };
      let draft: DraftRequest;
      if (step.request) draft = explicitDraft(step.request, stepVars);
      else if (step.from === 'baseline') {
        draft = baselineDraft(endpoint, (step.valuesOf && slots[step.valuesOf]) || identity || slots.A);
        // B without values of its own would send A's very request: there is no "own" answer to compare
        if (
          identity &&
          identity !== slots.A &&
          onlyOwnAnswer(test, step.name) &&
          JSON.stringify(draft) === JSON.stringify(baselineDraft(endpoint, slots.A))
        )
          continue;
      } else draft = cloneDraft(drafts.get(step.from)!);
      vars['path'] ??= draftPath(draft);
      stepVars['path'] = vars['path'];
      draft = applyMutation(draft, step.mutate, stepVars);
      if (step.mutate?.markStrings) draft = markStrings(draft, endpoint, ownValues(slots), vars['random']!);
      drafts.set(step.name, draft);
      const variants = step.inject ? injectVariants(draft, endpoint, step.inject, stepVars) : [{ draft }];
      const record: StepRecord = { name: step.name, sends: [], complete: false, canaryToken };
      steps.set(step.name, record);
      const isMain = step === main;
      sending: for (const [index, variant] of variants.entries()) {
        for (let r = 0; r < (step.repeat ?? 1); r++) {
          const d = variant.draft;
          const path = draftPath(d);
          const destructive = destructiveReason(d.method, path);
          if (destructive && !o.allowDestructive) {
            if (step.cleanup) break sending;
            throw new CannotRun(`destructive operation not allowed: ${destructive}`);
          }
          if (!o.intrusiveConfirmed && (test.intrusive || !SAFE_METHODS.has(d.method)))
            throw new CannotRun(
              'intrusive test: needs the confirmation that the target is a test environment',
            );
          const sent = await sendDraft(run, test.id, step.name, d, identity, step.mutate?.auth);
          record.sends.push(step.inject ? Object.assign(sent, { variant: index }) : sent);
          if (isMain && !AGGREGATE(test)) {
            proved = await evaluate(test.proof, sent, ctx);
            if (proved !== null) {
              chosen = sent;
              break sending;
            }
          }
        }
      }
      record.complete = true;
      if (step.cleanup) continue;
      const lastSent = record.sends[record.sends.length - 1];
      Object.assign(vars, cookieVars(step.name, lastSent?.headers));
      if (step.expect && lastSent && !statusMatches(lastSent.status, step.expect.status))
        throw new CannotRun(
          `the ${step.name} request answered ${lastSent.status ?? 'nothing'}, not ${String(step.expect.status)}`,
        );
      for (const [key, path] of Object.entries(step.extract ?? {})) {
        const value = lastSent ? jsonPath(lastSent.body, path) : undefined;
        if (value === undefined || value === null || typeof value === 'object')
          throw new CannotRun(`the ${step.name} answer has no ${path}`);
        vars[`${step.name}.${key}`] = String(value);
      }
      if (isMain && AGGREGATE(test))
        for (const sent of record.sends) {
          proved = await evaluate(test.proof, sent, ctx);
          if (proved !== null) {
            chosen = sent;
            break;
          }
        }
    }
  } catch (err) {
    if (err instanceof CannotRun && proved !== null) {
      // a clean-up step failed after the proof: the finding stands
    } else throw err;
  }
  if (proved === null) {
    const blank = test.proof.find(
      (c) => c.leaks && leafValues(last(steps.get(c.leaks.ownerStep))?.body ?? '').size === 0,
    );
    // nothing of the owner's to look for: this endpoint cannot decide (a run-wide test tries the next)
    if (blank) throw new CannotRun(`the ${blank.leaks!.ownerStep} answer carries no value to compare`);
  }
  const evidence: number[] = [];
  if (proved !== null && chosen) {
    for (const [name, record] of steps) {
      const lastSent = paired(record, chosen);
      if (name !== main.name && lastSent && !test.steps.find((s) => s.name === name)?.cleanup)
        evidence.push(lastSent.exchange);
    }
    evidence.push(chosen.exchange);
  }
  return { proved, evidence };
}

async function sendDraft(
  run: Run,
  testId: string,
  step: string,
  d: DraftRequest,
  identity: Identity | undefined,
  mode: Mutation['auth'],
): Promise<Sent> {
  const o = run.options;
  for (let tryLogin = 0; ; tryLogin++) {
    const headers = { ...d.headers };
    const query = { ...d.query };
    if (identity && mode !== 'none') {
      const cred = await run.credential(identity, testId);
      const presented = presentCredential(run, cred, mode);
      for (const [k, v] of Object.entries(presented.headers))
        headers[k] = k === 'cookie' && headers['cookie'] ? `${headers['cookie']}; ${v}` : v;
      Object.assign(query, presented.query ?? {});
    }
    const body = draftBody(d);
    const { response, ms, exchange } = await run.send(
      {
        method: d.method,
        url: draftUrl(o.baseUrl, { ...d, query }),
        headers,
        ...(body !== undefined ? { body } : {}),
      },
      { testId: testId, step, identity: mode === 'none' || !identity ? 'none' : identity.name },
    );
    // a login token that expired early: log in again once and resend (a fresh token's 401 is the answer)
    if (
      response?.status === 401 &&
      identity &&
      mode === undefined &&
      tryLogin === 0 &&
      (await run.relogin(identity, testId))
    )
      continue;
    return {
      status: response?.status ?? null,
      headers: response?.headers ?? {},
      body: response?.body ?? '',
      ms,
      exchange,
      ...(d.setFields ? { bodySet: d.setFields } : {}),
      ...(body !== undefined ? { requestBody: body } : {}),
    };
  }
}

function resultOf(
  test: ActiveTestTemplate,
  endpoint: ActiveEndpoint,
  outcome: ActiveTestResult['outcome'],
  detail: string,
  evidence: RecordedExchange[],
  requests: number,
): ActiveTestResult {
  return {
    testId: test.id,
    title: test.title,
    severity: test.severity,
    owaspCategory: OWASP[test.owasp],
    endpoint: {
      method: endpoint.method.toUpperCase(),
      path: endpoint.path,
      ...(endpoint.graphql?.kind === 'operation'
        ? { operation: endpoint.graphql.operationName ?? endpoint.graphql.fields.join(',') }
        : {}),
    },
    outcome,
    detail,
    evidence,
    requests,
  };
}

/**
 * Pairs of (test, endpoint) the run may try, in order. A `once` test is tried on its endpoints in turn
 * until one decides it (confirmed or not vulnerable); only that result is reported.
 */
export function planRun(tests: ActiveTestTemplate[], endpoints: ActiveEndpoint[]) {
  const pairs: { test: ActiveTestTemplate; endpoint: ActiveEndpoint }[] = [];
  for (const test of tests)
    for (const endpoint of endpoints) if (templateApplies(test, endpoint)) pairs.push({ test, endpoint });
  return pairs;
}

/** What the identities own, learned before the tests (off with `learn: false`). */
async function learnPhase(run: Run, options: RunOptions) {
  if (options.learn === false || options.identities.length === 0) return undefined;
  const { facts, created } = await learnFacts({
    endpoints: options.endpoints,
    identities: options.identities,
    tokenOf: async (identity) => {
      try {
        return (await run.credential(identity, 'learn')).token;
      } catch (err) {
        if (err instanceof CannotRun) return undefined;
        throw err;
      }
    },
    send: (draft, identity, step) => sendDraft(run, 'learn', step, draft, identity, undefined),
    create: options.intrusiveConfirmed === true,
  });
  const applied = applyOwnership(options.endpoints, options.identities, facts);
  const summary = {
    objectKeys: applied.keys,
    facts: Object.fromEntries([...facts].map(([name, list]) => [name, list.length])),
    created: created.length,
  };
  return { ...applied, created, summary };
}

/**
 * Run `tests` on the `endpoints` they apply to. Never throws for what the target
 * answers: each pair ends confirmed, not vulnerable, or could not run (with why).
 */
export async function runActiveTests(options: RunOptions): Promise<ActiveRunResult> {
  const run = new Run(options);
  const started = run.now();
  let stopped: ActiveRunResult['stopped'];
  const learning = await learnPhase(run, options).catch((err: unknown) => {
    if (err instanceof Cancelled) stopped = 'cancelled';
    else if (err instanceof BudgetReached) stopped = 'budget';
    else throw err;
    return undefined;
  });
  const endpoints = learning?.endpoints ?? options.endpoints;
  const identities = learning?.identities ?? options.identities;
  // The plan is reported even when the run was cancelled while learning: none of it was done.
  const planned = planRun(options.tests, endpoints);
  options.onEvent?.({ type: 'start', tests: options.tests.length, pairs: planned.length });
  const pairs = stopped === 'cancelled' ? [] : planned;
  const results: ActiveTestResult[] = [];
  // a `once` test runs on its endpoints in order until one decides it
  const decided = new Set<string>();
  const lastOfOnce = new Map<string, number>();
  pairs.forEach((p, i) => p.test.once && lastOfOnce.set(p.test.id, i));
  for (const [index, { test, endpoint }] of pairs.entries()) {
    if (decided.has(test.id)) continue;
    const before = run.sent;
    let result: ActiveTestResult;
    if (stopped === 'budget')
      result = resultOf(
        test,
        endpoint,
        'could-not-run',
        `request budget of ${run.maxRequests} reached`,
        [],
        0,
      );
    else {
      const slots = slotsFor(endpoint, identities);
      const missing = needsMissing(test, slots, options)?.reason;
      try {
        if (missing) throw new CannotRun(missing);
        let { proved, evidence } = await attempt(run, test, endpoint, slots);
        // timing can lie on a busy machine: a timed proof must hold twice
        if (proved !== null && TIMED(test))
          ({ proved, evidence } = await attempt(run, test, endpoint, slots));
        result =
          proved !== null
            ? resultOf(
                test,
                endpoint,
                'confirmed',
                run.redact(proved),
                evidence.map((i) => run.exchanges[i]!),
                run.sent - before,
              )
            : resultOf(
                test,
                endpoint,
                'not-vulnerable',
                `no answer met the proof (${run.sent - before} requests)`,
                [],
                run.sent - before,
              );
      } catch (err) {
        if (err instanceof Cancelled) {
          stopped = 'cancelled';
          break;
        }
        if (err instanceof BudgetReached) stopped = 'budget';
        if (err instanceof NotVulnerable)
          result = resultOf(test, endpoint, 'not-vulnerable', err.message, [], run.sent - before);
        else if (err instanceof CannotRun || err instanceof BudgetReached)
          result = resultOf(test, endpoint, 'could-not-run', err.message, [], run.sent - before);
        else throw err;
      }
    }
    if (test.once) {
      if (result.outcome === 'could-not-run' && stopped !== 'budget' && lastOfOnce.get(test.id) !== index)
        continue;
      decided.add(test.id);
    }
    results.push(result);
    options.onEvent?.({ type: 'result', result, done: index + 1, total: pairs.length });
  }
  const cleanup =
    learning && learning.created.length && stopped !== 'cancelled'
      ? await removeCreated(learning.created, endpoints, identities, (d, i) =>
          sendDraft(run, 'cleanup', 'cleanup', d, i, undefined),
        ).catch(() => undefined)
      : undefined;
  const out: ActiveRunResult = {
    results,
    ...(learning ? { learned: learning.summary } : {}),
    ...(cleanup ? { cleanup } : {}),
    exchanges: run.exchanges,
    requestsSent: run.sent,
    ...(stopped ? { stopped } : {}),
    durationMs: Math.round(run.now() - started),
  };
  options.onEvent?.({ type: 'end', result: out });
  return out;
}
