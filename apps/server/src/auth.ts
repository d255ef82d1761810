// Who may call what. Every route declares its access in its options
// (`config: { access }`): public, the ingest token, the metrics token, or the
// weakest role that may call it. One onRequest hook reads that declaration from
// the matched route, never from the URL text (the router decodes and matches
// `/%61pi/v1/users` as `/api/v1/users`); a route without a declaration is
// refused, and the app does not start with one. Sessions live in the database
// (instances share them) with an idle timeout and an absolute lifetime, in an
// HttpOnly SameSite=Lax cookie (`__Host-` and Secure behind HTTPS); sign-in is
// limited per client address and backs off per account.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { loginSchema, paths, roleAtLeast, ROLES, userSchema, type Role } from '@argus/api';
import type { AppContext } from './context.js';
import { rateLimits, sessions, users } from './db/schema/index.js';
import { audit } from './audit.js';
import { bearerMatcher, bearerMatches } from './bearer-token.js';
import { HttpError } from './errors.js';
import { TokenThrottle } from './token-throttle.js';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { routesPlugin } from './zod-provider.js';

/**
 * Who may call a route: anyone (`public`), a capture client with the ingest
 * token or an analyst's session (`ingest`), a scraper with the metrics token
 * (`metrics`), or a signed-in user with at least the named role.
 */
export type RouteAccess = 'public' | 'ingest' | 'metrics' | Role;
const ACCESS_LEVELS: readonly RouteAccess[] = ['public', 'ingest', 'metrics', ...ROLES];

/**
 * Route options declaring who may call the route: `app.get(url, allow('viewer'), handler)`,
 * and with its zod schemas (zod-provider.ts): `allow('admin', { body, response: { 200 } })`.
 */
export function allow(access: RouteAccess): { config: { access: RouteAccess } };
export function allow<S extends FastifySchema>(
  access: RouteAccess,
  schema: S,
): { config: { access: RouteAccess }; schema: S };
export function allow(access: RouteAccess, schema?: FastifySchema) {
  return schema ? { config: { access }, schema } : { config: { access } };
}

export const SESSION_COOKIE = 'argus_session';
/** Over HTTPS: only this host may set it, with Secure and Path=/ (RFC 6265bis). */
export const SECURE_SESSION_COOKIE = '__Host-argus_session';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** One year, as OWASP and the HSTS preload list ask. */
const HSTS = 'max-age=31536000; includeSubDomains';
/** A session's last use is written at most this often (not on every request). */
const TOUCH_INTERVAL_MS = 60_000;
/** Sign-in failures in a row before the account backs off: 1 s, 2 s, 4 s … up to a minute. */
const FREE_FAILURES = 3;
const MAX_BACKOFF_SECONDS = 60;

export interface SessionUser {
  id: string;
  username: string;
  role: Role;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its declared access, as Fastify registered it (the security tests walk it). */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const isHttps = (request: FastifyRequest) => request.protocol === 'https';
const cookieName = (request: FastifyRequest) => (isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The hash under which the caller's own session is stored ('' without one). */
export function sessionHashOf(request: FastifyRequest): string {
  const token = request.cookies[cookieName(request)];
  return token ? hashToken(token) : '';
}

async function userForToken(ctx: AppContext, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const now = Date.now();
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(users.disabled, false),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - ctx.config.sessionIdleMs)),
      ),
    );
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: row.id, username: row.username, role: row.role };
}

interface RateLimitState {
  current: number;
  ttl: number;
}
type RateLimitCallback = (error: Error | null, state: RateLimitState) => void;

/**
 * @fastify/rate-limit store on the `rate_limits` table (fixed windows), so every
 * instance counts the same attempts. Keys are per route and client address.
 */
interface RouteKey {
  routeInfo?: { method?: string | string[]; url?: string };
}

function databaseRateLimitStore(ctx: AppContext) {
  return class DatabaseRateLimitStore {
    private readonly route: string;

    constructor(options: RouteKey = {}) {
      this.route = `${options.routeInfo?.method ?? ''} ${options.routeInfo?.url ?? ''}`;
    }

    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      const windowSeconds = timeWindow / 1000;
      const id = `${this.route} ${key}`.slice(0, 300);
      ctx.db
        .execute(
          sql`insert into ${rateLimits} (key, window_start, count) values (${id}, now(), 1)
            on conflict (key) do update set
              count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})
                then 1 else ${rateLimits.count} + 1 end,
              window_start = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})
                then now() else ${rateLimits.windowStart} end
            returning count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) * 1000 as ttl`,
        )
        .then((result) => {
          const [row] = (result as unknown as { rows: { count: number | string; ttl: number | string }[] })
            .rows;
          callback(null, {
            current: Number(row?.count ?? 1),
            ttl: Math.max(0, Math.round(Number(row?.ttl ?? 0))),
          });
        })
        .catch((error: Error) => callback(error, { current: 0, ttl: 0 }));
    }

    read(key: string, callback: RateLimitCallback, timeWindow: number): void {
      const windowSeconds = timeWindow / 1000;
      const id = `${this.route} ${key}`.slice(0, 300);
      ctx.db
        .execute(
          sql`select count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) * 1000 as ttl
            from ${rateLimits} where key = ${id} and window_start > now() - make_interval(secs => ${windowSeconds})`,
        )
        .then((result) => {
          const [row] = (result as unknown as { rows: { count: number | string; ttl: number | string }[] })
            .rows;
          callback(
            null,
            row ? { current: Number(row.count), ttl: Math.round(Number(row.ttl)) } : { current: 0, ttl: 0 },
          );
        })
        .catch((error: Error) => callback(error, { current: 0, ttl: 0 }));
    }

    // At run time the plugin passes its merged options with `routeInfo` (the route).
    child(routeOptions: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as RouteKey);
    }
  };
}

/** Browsers send Origin on cross-site writes; it must name this server (or an allowed origin). */
function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site';
  if (allowed.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  return new URL(origin).host === request.headers.host;
}

function refuseSignIn(reply: FastifyReply, message = 'Sign in required'): never {
  void reply.header('WWW-Authenticate', 'Bearer realm="argus"');
  throw new HttpError(401, message);
}

const CROSS_ORIGIN = 'Cross-origin request refused: the Origin header does not match this server';
const SESSION_CAPTURE = 'Capture with a session is same-origin only: other clients send the ingest token';

/** Decides one request by its route's declared access; sets request.user for session callers. */
async function authorize(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  matchesIngestToken: (header: string | undefined) => boolean,
  throttle: TokenThrottle,
): Promise<void> {
  // No route matched: the not-found handler answers (404, or the dashboard shell).
  if (request.is404) return;
  const access = request.routeOptions.config.access;
  if (access === undefined || !ACCESS_LEVELS.includes(access)) {
    throw new HttpError(403, 'This call declares no access rule: refused');
  }
  // An address that sent too many wrong tokens is refused whatever it sends now (token-throttle.ts).
  const { authorization } = request.headers;
  if (access === 'metrics' || access === 'ingest')
    throttle.assertAllowed(request.ip, (s) => void reply.header('retry-after', String(s)));
  if (access === 'metrics') {
    const token = ctx.config.metricsToken;
    if (!token) throw new HttpError(403, 'Set ARGUS_METRICS_TOKEN to read this; send it as a bearer token');
    if (bearerMatches(authorization, token)) return;
    throttle.fail(request.ip);
    refuseSignIn(reply, 'Send the metrics token');
  }
  // A capture client with the ingest token is not a browser; its Origin is the traffic's.
  if (access === 'ingest' && matchesIngestToken(authorization)) return;
  if (UNSAFE_METHODS.has(request.method) && !originAllowed(request, ctx.config.allowedOrigins)) {
    throw new HttpError(403, CROSS_ORIGIN);
  }
  if (access === 'public') return;
  request.user = await userForToken(ctx, request.cookies[cookieName(request)]);
  if (!request.user) {
    if (access === 'ingest' && authorization !== undefined) throttle.fail(request.ip);
    refuseSignIn(
      reply,
      access === 'ingest' ? 'Sign in or send the ingest token (Authorization: Bearer …)' : 'Sign in required',
    );
  }
  if (access === 'ingest') {
    // Only this server's own pages record with a session: not another site, a sibling subdomain
    // (same-site), a typed URL (none), nor a client that does not say (browsers always do).
    if (request.headers['sec-fetch-site'] !== 'same-origin') throw new HttpError(403, SESSION_CAPTURE);
    if (!roleAtLeast(request.user.role, 'analyst')) throw forbidden('analyst');
    return;
  }
  if (!roleAtLeast(request.user.role, access)) throw forbidden(access);
}

const forbidden = (role: Role) => new HttpError(403, `This needs the ${role} role or higher`);

/** Exponential per-account backoff after FREE_FAILURES failures in a row, capped (SQL for atomic counting). */
const backoffAfterFailure = sql`case when ${users.failedLogins} + 1 >= ${FREE_FAILURES}
  then now() + make_interval(secs => least(${MAX_BACKOFF_SECONDS}, power(2, ${users.failedLogins} + 1 - ${FREE_FAILURES})))
  else null end`;

/**
 * Failures for a name that is no account, counted in `rate_limits` the way an
 * account counts them (the key holds the count, `window_start` the last
 * failure), so the 429 answers the same and does not tell which names exist.
 */
const unknownAccountKey = (username: string) =>
  `login-unknown:${createHash('sha256').update(username).digest('hex')}`;

async function unknownAccountLockedUntil(ctx: AppContext, username: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, unknownAccountKey(username)));
  if (!row || row.count < FREE_FAILURES) return null;
  const seconds = Math.min(MAX_BACKOFF_SECONDS, 2 ** (row.count - FREE_FAILURES));
  return new Date(row.windowStart.getTime() + seconds * 1000);
}

async function countUnknownAccountFailure(ctx: AppContext, username: string): Promise<void> {
  await ctx.db
    .insert(rateLimits)
    .values({ key: unknownAccountKey(username), windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, windowStart: sql`now()` },
    });
}

const signedIn = (request: FastifyRequest, user: { id: string; username: string }) => ({
  actorId: user.id,
  actorUsername: user.username,
  ip: request.ip ?? null,
});

/**
 * A refused sign-in, and the lockout it starts (ASVS 7.2.1). A name that is no
 * account is not written down: it may be a password typed in the wrong field.
 */
async function auditSignInRefused(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: string; username: string; disabled: boolean } | null,
  lockedUntil: Date | null,
): Promise<void> {
  const actor = { actorId: null, actorUsername: null, ip: request.ip ?? null };
  const who = user ? user.username : 'an unknown username';
  const why = user?.disabled ? ' (account disabled)' : '';
  await audit(ctx.db, actor, {
    action: 'auth.login_failed',
    targetType: 'session',
    targetId: user?.id ?? null,
    summary: `Sign-in refused for ${who}${why}`,
  });
  if (user && lockedUntil) {
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
    await audit(ctx.db, actor, {
      action: 'auth.lockout',
      targetType: 'user',
      targetId: user.id,
      summary: `${user.username} locked out for ${seconds} s after repeated failed sign-ins`,
    });
  }
}

interface AuthDeps {
  ctx: AppContext;
  /** Wrong ingest and metrics tokens per address; one per app, shared with the capture fast path. */
  tokenThrottle?: TokenThrottle;
}

/**
 * Access control for every route registered after it (its hooks are the
 * app's: a fastify-plugin), and the sign-in routes.
 */
export const authPlugin = routesPlugin('argus-auth', async (app, { ctx, tokenThrottle }: AuthDeps) => {
  app.decorateRequest('user', null);
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx) });

  // Every route is recorded with its declaration (scopes such as the dashboard's
  // may still fill it in their own onRoute hooks); onReady refuses to start
  // with a route that has none.
  const declared: { route: RouteOptions }[] = [];
  app.decorate('declaredRoutes', {
    getter: () =>
      declared.flatMap(({ route }) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
          method,
          url: route.url,
          access: (route.config as { access?: RouteAccess } | undefined)?.access,
        })),
      ),
  });
  app.addHook('onRoute', (route) => void declared.push({ route }));
  app.addHook('onReady', async () => {
    const missing = app.declaredRoutes.filter((r) => !r.access || !ACCESS_LEVELS.includes(r.access));
    if (missing.length > 0) {
      throw new Error(
        `Routes without an access declaration (config.access: ${ACCESS_LEVELS.join(' | ')}): ` +
          missing.map((r) => `${r.method} ${r.url}`).join(', '),
      );
    }
  });

  const ingestToken = ctx.config.ingestToken;
  const matchesIngestToken = ingestToken ? bearerMatcher(ingestToken) : () => false;
  const throttle = tokenThrottle ?? new TokenThrottle();
  app.addHook('onRequest', (request, reply) => authorize(ctx, request, reply, matchesIngestToken, throttle));
  app.addHook('onSend', async (request, reply, payload) => {
    // Browsers remember to use HTTPS only when they reached the server over it (behind a TLS proxy).
    if (isHttps(request)) void reply.header('strict-transport-security', HSTS);
    // API answers hold inventory, PII findings and users: never kept by a browser or proxy cache.
    const url = request.is404 ? request.url : request.routeOptions.url;
    if (url?.startsWith('/api/')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(sessionRoutes, { ctx });
});

/** Sign-in, sign-out and who is signed in. */
const sessionRoutes = routesPlugin('argus-session', async (app, { ctx }: AuthDeps) => {
  app.post(
    paths.login(),
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: loginSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
      const lockedUntil = user ? user.lockedUntil : await unknownAccountLockedUntil(ctx, username);
      const lockedFor = lockedUntil ? lockedUntil.getTime() - Date.now() : 0;
      if (lockedFor > 0) {
        const seconds = Math.ceil(lockedFor / 1000);
        void reply.header('retry-after', String(seconds));
        throw new HttpError(429, `Too many failed sign-ins for this account: try again in ${seconds} s`);
      }
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok || user.disabled) {
        let locked: Date | null = null;
        if (user && !ok) {
          const [after] = await ctx.db
            .update(users)
            .set({ failedLogins: sql`${users.failedLogins} + 1`, lockedUntil: backoffAfterFailure })
            .where(eq(users.id, user.id))
            .returning({ lockedUntil: users.lockedUntil });
          locked = after?.lockedUntil ?? null;
        }
        if (!user) await countUnknownAccountFailure(ctx, username);
        await auditSignInRefused(ctx, request, user ?? null, locked);
        request.log.info({ username }, 'sign-in refused');
        throw new HttpError(401, 'Invalid username or password');
      }
      const upgraded = needsRehash(user.passwordHash) ? await hashPassword(password) : undefined;
      const now = new Date();
      await ctx.db
        .update(users)
        .set({
          failedLogins: 0,
          lockedUntil: null,
          lastLoginAt: now,
          ...(upgraded === undefined ? {} : { passwordHash: upgraded }),
        })
        .where(eq(users.id, user.id));
      // A new session id at every sign-in; the one the browser held (if any) ends.
      const previous = request.cookies[cookieName(request)];
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + ctx.config.sessionLifetimeMs);
      const idleSince = new Date(now.getTime() - ctx.config.sessionIdleMs);
      await ctx.db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, now),
            lt(sessions.lastSeenAt, idleSince),
            previous && previous.length <= 200 ? eq(sessions.tokenHash, hashToken(previous)) : undefined,
          ),
        );
      await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 3_600_000)));
      await ctx.db
        .insert(sessions)
        .values({ tokenHash: hashToken(token), userId: user.id, expiresAt, lastSeenAt: now });
      void reply.setCookie(cookieName(request), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(request),
        expires: expiresAt,
      });
      await audit(ctx.db, signedIn(request, user), {
        action: 'auth.login',
        targetType: 'session',
        targetId: user.id,
        summary: `${user.username} signed in`,
      });
      return { id: user.id, username: user.username, role: user.role };
    },
  );

  app.post(paths.logout(), allow('viewer'), async (request, reply) => {
    const token = request.cookies[cookieName(request)];
    if (token) await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    await audit(ctx.db, signedIn(request, request.user!), {
      action: 'auth.logout',
      targetType: 'session',
      targetId: request.user!.id,
      summary: `${request.user!.username} signed out`,
    });
    void reply.clearCookie(cookieName(request), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(request),
    });
    return reply.code(204).send();
  });

  app.get(paths.me(), allow('viewer', { response: { 200: userSchema } }), async (request) => request.user!);
});
