// Opens the database (embedded PGlite or PostgreSQL through node-postgres) and
// applies the one migration set both share.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded client (PGlite only). */
  pglite?: PGlite;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — use PostgreSQL. */
  url?: string | undefined;
  /** PGlite data directory; undefined = in memory. Ignored with `url`. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /** Start an in-memory PGlite from this dump (PGlite `dumpDataDir`), skipping initdb. */
  pgliteDump?: Blob;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATION_LOCK = 724_211;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.pgliteDump);
}

/**
 * The data folder holds the database, the secret key and captured traffic:
 * only the server's user may enter it (0700) or read its files (0600).
 * PGlite creates its files 0666 whatever the umask, so the folder is closed
 * before it opens (openPglite) and the files are restricted on open and close.
 */
export function restrictDataDir(dir: string): void {
  chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = lstatSync(file);
    if (stat.isDirectory()) restrictDataDir(file);
    else if (stat.isFile() && (stat.mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
}

async function openPglite(dataDir: string | undefined, dump: Blob | undefined): Promise<Database> {
  if (dataDir) {
    // Before anything is created in it. PGlite sets its files' modes itself (0666, whatever
    // the umask): the 0700 folder keeps others out until restrictDataDir narrows them, and
    // an existing folder (0755 from mkdir) is closed before the first file, not after the
    // migrations. Files Node creates (journal, key, uploads) get 0600 from the umask.
    if (isMainThread) process.umask(0o077);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    restrictDataDir(dataDir);
  }
  // pg_trgm: the endpoint search's trigram index (migration 0010).
  const extensions = { pg_trgm };
  const client = dataDir
    ? await PGlite.create(dataDir, { extensions })
    : await PGlite.create(dump ? { loadDataDir: dump, extensions } : { extensions });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  if (dataDir) restrictDataDir(dataDir);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      if (dataDir) restrictDataDir(dataDir);
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const lockClient = await pool.connect();
  try {
    // Several instances may start at once: one migrates, the others wait.
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
