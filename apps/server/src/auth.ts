// Sign-in: sessions in the database (so instances can share them), scrypt
// passwords, an HttpOnly SameSite=Lax cookie (Secure behind HTTPS), a login rate
// limit, and an Origin check on state-changing calls.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { loginSchema, paths, userSchema } from '@argus/api';
import type { AppContext } from './context.js';
import { rateLimits, sessions, users } from './db/schema/index.js';
import { HttpError, parse } from './errors.js';
import { DUMMY_HASH, verifyPassword } from './passwords.js';

export const SESSION_COOKIE = 'argus_session';
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionUser {
  id: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function userForToken(ctx: AppContext, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row ?? null;
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

const expectedTokens = new Map<string, Buffer>();

/** Constant-time comparison with the configured ingest token (its bytes are kept, not re-hashed per request). */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!header || !token || header.length > 1024) return false;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return false;
  const value = Buffer.from(header.slice(space + 1).trim());
  let expected = expectedTokens.get(token);
  if (!expected) {
    expected = Buffer.from(token);
    expectedTokens.set(token, expected);
  }
  return value.length === expected.length && timingSafeEqual(value, expected);
}

/**
 * bearerMatches for one token, without allocating for its usual form
 * `Bearer <token>`: that is compared in constant time in place; anything else
 * (another scheme spelling, spaces, another length) takes bearerMatches.
 */
export function bearerMatcher(token: string): (header: string | undefined) => boolean {
  const exact = `Bearer ${token}`;
  return (header) => {
    if (header !== undefined && header.length === exact.length) {
      let diff = 0;
      for (let i = 0; i < exact.length; i++) diff |= header.charCodeAt(i) ^ exact.charCodeAt(i);
      if (diff === 0) return true;
    }
    return bearerMatches(header, token);
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

function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export async function registerAuth(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('user', null);
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx) });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api/');
    // Capture: the /gateway path and the batch call for collectors take the ingest token too.
    const isCapture =
      url.startsWith('/gateway/') || url === '/gateway' || request.routeOptions.url === paths.captures();
    if (!isApi && !isCapture) return;
    const withToken = isCapture && bearerMatches(request.headers.authorization, ctx.config.ingestToken);
    if (UNSAFE_METHODS.has(request.method) && !originAllowed(request, ctx.config.allowedOrigins)) {
      // A capture client with the ingest token is not a browser; its Origin is the traffic's.
      if (!withToken) {
        throw new HttpError(
          403,
          'Cross-origin request refused: the Origin header does not match this server',
        );
      }
    }
    if (isApi && request.routeOptions.url === paths.login()) return;
    if (withToken) return;
    request.user = await userForToken(ctx, request.cookies[SESSION_COOKIE]);
    if (!request.user) {
      void reply.header('WWW-Authenticate', 'Bearer realm="argus"');
      throw new HttpError(
        401,
        isCapture ? 'Sign in or send the ingest token (Authorization: Bearer …)' : 'Sign in required',
      );
    }
  });

  app.post(
    paths.login(),
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { username, password } = parse(loginSchema, request.body);
      const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        request.log.info({ username }, 'sign-in refused');
        throw new HttpError(401, 'Invalid username or password');
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
      await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 3_600_000)));
      await ctx.db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, expiresAt });
      void reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(request),
        expires: expiresAt,
      });
      return userSchema.parse({ id: user.id, username: user.username });
    },
  );

  app.post(paths.logout(), async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    void reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isHttps(request),
    });
    return reply.code(204).send();
  });

  app.get(paths.me(), async (request) => userSchema.parse(request.user));
}
