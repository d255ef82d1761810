// Test helpers: an app on PGlite (in memory) and, when TEST_DATABASE_URL is
// set, on PostgreSQL (a fresh database per app, dropped on close), plus a
// signed-in `inject`.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { testConfig, type Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const ADMIN_PASSWORD = 'correct-horse-battery-staple';
/** The metrics token every test app is configured with, and the header that sends it. */
export const METRICS_TOKEN = randomBytes(32).toString('hex');
export const METRICS_AUTH = { authorization: `Bearer ${METRICS_TOKEN}` };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * PGlite's first start runs initdb (~10 s here); a migrated dump, cached in the
 * temp directory per migration set, starts in about half a second.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const cache = path.join(tmpdir(), `argus-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(cache)) return new Blob([readFileSync(cache)]);
  const fresh = await openDatabase({});
  const dump = await fresh.pglite!.dumpDataDir('none');
  await fresh.close();
  const temp = `${cache}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  renameSync(temp, cache);
  return dump;
}

/** A fresh, migrated database of the given kind; `close` drops it. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ pgliteDump: await migratedPgliteDump() });
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `argus_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ url, poolSize: 5 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** A request with the admin's session cookie, as the dashboard's own pages send it (same-origin). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A request without a session. */
  anonymous(options: InjectOptions): Promise<LightMyRequestResponse>;
  cookie: string;
  close(): Promise<void>;
}

/** Signs in as the bootstrap admin; the session cookie to send (throws when sign-in fails). */
export async function adminCookie(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`test sign-in failed: ${login.statusCode} ${login.body}`);
  const session = login.cookies.find((c) => c.name === 'argus_session');
  if (!session) throw new Error('test sign-in set no session cookie');
  return `argus_session=${session.value}`;
}

export async function createTestApp(kind: DatabaseKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const config = testConfig({
    adminPassword: ADMIN_PASSWORD,
    allowPrivateUrls: false,
    metricsToken: METRICS_TOKEN,
    ...overrides,
  });
  const app = await buildApp({ config, database, scheduler: false });
  await app.ready();
  const cookie = await adminCookie(app);
  return {
    app,
    ctx: app.argus.ctx,
    database,
    cookie,
    inject: (options) =>
      app.inject({
        ...options,
        headers: { cookie, 'sec-fetch-site': 'same-origin', ...(options.headers ?? {}) },
      } as InjectOptions),
    anonymous: (options) => app.inject(options),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The body of a response, parsed with a schema (throws with the body when it does not fit). */
export function json<T>(response: LightMyRequestResponse, schema: { parse(value: unknown): T }): T {
  const body: unknown = response.json();
  try {
    return schema.parse(body);
  } catch (error) {
    throw new Error(`${response.statusCode} ${response.body.slice(0, 500)}\n${String(error)}`, {
      cause: error,
    });
  }
}
