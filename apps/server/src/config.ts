// Configuration from the environment (ARCHITECTURE.md, "Configuration").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_FSYNC_INTERVAL_MS } from './capture/journal.js';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory and key file location; undefined = in memory (tests). */
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  secretKey: string | undefined;
  ingestToken: string | undefined;
  smtpUrl: string | undefined;
  allowPrivateUrls: boolean;
  /** Trust X-Forwarded-Proto/-For from a reverse proxy (ARGUS_TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Extra origins allowed to make state-changing calls (comma-separated ARGUS_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** The built dashboard (apps/dashboard/dist). */
  dashboardDir: string;
  /** Largest body the capture path accepts, in bytes. */
  captureBodyLimit: number;
  /** Captured bytes waiting for the database beyond which the capture path answers 503. */
  captureBacklogLimit: number;
  /**
   * Capture journal (capture/journal.ts): 0 acknowledges a capture once it is on
   * the disk; N acknowledges it once the kernel has it, with an fdatasync within N ms.
   */
  captureFsyncIntervalMs: number;
  /** Days captured observations are kept after analysis (0: forever); endpoints keep their aggregates. */
  observationRetentionDays: number;
  logLevel: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DASHBOARD_DIR = path.resolve(here, '../../dashboard/dist');

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

function days(value: string | undefined, fallback: number, name: string): number {
  const text = blank(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${name} must be a number of days (0 keeps everything), not ${text}`);
  return n;
}

function megabytes(value: string | undefined, fallback: number, name: string): number {
  const text = blank(value);
  if (text === undefined) return fallback * 1024 * 1024;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number of megabytes, not ${text}`);
  return Math.round(n * 1024 * 1024);
}

function milliseconds(value: string | undefined, fallback: number, max: number, name: string): number {
  const text = blank(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`${name} must be a whole number of milliseconds from 0 to ${max}, not ${text}`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, not ${env.PORT}`);
  return {
    port,
    host: blank(env.HOST) ?? '127.0.0.1',
    // Relative to where the user ran npm (INIT_CWD), so `npm start` and `npx argus` at the root share ./data.
    dataDir: path.resolve(blank(env.INIT_CWD) ?? process.cwd(), blank(env.ARGUS_DATA_DIR) ?? './data'),
    databaseUrl: blank(env.DATABASE_URL),
    adminPassword: blank(env.ARGUS_ADMIN_PASSWORD),
    secretKey: blank(env.ARGUS_SECRET_KEY),
    ingestToken: blank(env.ARGUS_INGEST_TOKEN),
    smtpUrl: blank(env.ARGUS_SMTP_URL),
    allowPrivateUrls: env.ARGUS_ALLOW_PRIVATE_URLS === '1' || env.ARGUS_ALLOW_PRIVATE_URLS === 'true',
    trustProxy: env.ARGUS_TRUST_PROXY === '1' || env.ARGUS_TRUST_PROXY === 'true',
    allowedOrigins: (env.ARGUS_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    dashboardDir: blank(env.ARGUS_DASHBOARD_DIR) ?? DEFAULT_DASHBOARD_DIR,
    captureBodyLimit: 1024 * 1024,
    captureBacklogLimit: megabytes(env.ARGUS_CAPTURE_BACKLOG_MB, 1024, 'ARGUS_CAPTURE_BACKLOG_MB'),
    captureFsyncIntervalMs: milliseconds(
      env.ARGUS_CAPTURE_FSYNC_MS,
      DEFAULT_FSYNC_INTERVAL_MS,
      60_000,
      'ARGUS_CAPTURE_FSYNC_MS',
    ),
    observationRetentionDays: days(
      env.ARGUS_OBSERVATION_RETENTION_DAYS,
      7,
      'ARGUS_OBSERVATION_RETENTION_DAYS',
    ),
    logLevel: blank(env.LOG_LEVEL) ?? 'info',
  };
}

/** Defaults for tests and embedding: in-memory database, no key file, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    dataDir: undefined,
    port: 0,
    logLevel: 'silent',
    allowPrivateUrls: false,
    ...overrides,
  };
}
