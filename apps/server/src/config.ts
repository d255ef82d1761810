// Configuration from the environment (ARCHITECTURE.md, "Configuration").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RETRY_POLICY } from './notifications/backoff.js';
import { strongToken } from './token-strength.js';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory and key file location; undefined = in memory (tests). */
  dataDir: string | undefined;
  /**
   * Active-test templates every domain can run (YAML files; ARGUS_TEST_TEMPLATES_DIR, default
   * `<dataDir>/active-tests`); undefined = none.
   */
  testTemplatesDir: string | undefined;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  secretKey: string | undefined;
  ingestToken: string | undefined;
  smtpUrl: string | undefined;
  allowPrivateUrls: boolean;
  /**
   * Host name or address targets reach this machine by (ARGUS_CANARY_HOST): SSRF tests on a target
   * that is not on this host get a canary listener on all interfaces, announced by this name. Unset,
   * only loopback targets get one.
   */
  canaryHost: string | undefined;
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For/-Proto are
   * trusted (ARGUS_TRUST_PROXY=N hops; 0 trusts none). The client address is the
   * Nth from the right, so a client cannot spoof it by adding entries.
   */
  trustProxy: number;
  /** Bearer token for /metrics and /readyz (ARGUS_METRICS_TOKEN); without it they are refused. */
  metricsToken: string | undefined;
  /** A session ends after this long unused (ARGUS_SESSION_IDLE_MINUTES, default 30). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, used or not (ARGUS_SESSION_LIFETIME_HOURS, default 12). */
  sessionLifetimeMs: number;
  /** Extra origins allowed to make state-changing calls (comma-separated ARGUS_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** The built dashboard (apps/dashboard/dist). */
  dashboardDir: string;
  /** Largest body the capture path accepts, in bytes. */
  captureBodyLimit: number;
  /** Captured bytes waiting for the database beyond which the capture path answers 503. */
  captureBacklogLimit: number;
  /**
   * Largest upstream answer /gateway/* relays (ARGUS_GATEWAY_MAX_ANSWER_MB, default 16): past
   * it the upstream connection is closed and the client gets a 502.
   */
  gatewayMaxAnswerBytes: number;
  /** A request's headers must arrive within this (ARGUS_HEADERS_TIMEOUT_SECONDS, default 10): else 408. */
  headersTimeoutMs: number;
  /** A whole request, body included, within this (ARGUS_REQUEST_TIMEOUT_SECONDS, default 120): else 408. */
  requestTimeoutMs: number;
  /**
   * Open connections one TCP peer may hold (ARGUS_MAX_CONNECTIONS_PER_IP; 0: no cap). Default 128,
   * or no cap behind trusted proxies (ARGUS_TRUST_PROXY > 0), whose pooled connections all share
   * one address.
   */
  maxConnectionsPerAddress: number;
  /**
   * Domains whose upstream Set-Cookie headers /gateway/* passes on to the client
   * (comma-separated ARGUS_GATEWAY_SET_COOKIE_DOMAINS); for the others they are dropped, as
   * they would be set for the Argus origin.
   */
  gatewaySetCookieDomains: string[];
  /**
   * Capture journal (capture/journal.ts): 0 acknowledges a capture once it is on
   * the disk; N acknowledges it once the kernel has it, with an fdatasync within N ms.
   */
  captureFsyncIntervalMs: number;
  /** Days captured observations are kept after analysis (0: forever); endpoints keep their aggregates. */
  observationRetentionDays: number;
  /**
   * NATS with JetStream (ARGUS_NATS_URL): captures are published to a stream
   * and `argus worker` processes analyse them; unset, the embedded journal.
   */
  nats: NatsConfig | undefined;
  /** Base of the dashboard links in notifications (ARGUS_PUBLIC_URL); unset, where the server listens. */
  publicUrl: string | undefined;
  /** Notification delivery: retries and polling (ARGUS_DELIVERY_RETRY_BASE_MS, _MAX_ATTEMPTS, _POLL_MS). */
  delivery: DeliveryConfig;
  logLevel: string;
}

export interface DeliveryConfig {
  /** Delay before the first retry, doubling with each further one. */
  retryBaseMs: number;
  /** Attempts before a delivery is marked failed. */
  maxAttempts: number;
  /** How often an idle delivery worker looks for due deliveries. */
  pollMs: number;
}

export interface NatsConfig {
  url: string;
  /** JetStream stream name (ARGUS_NATS_STREAM); its subjects are `<stream>.p.<partition>`. */
  stream: string;
  /** Subjects the domains are hashed over (ARGUS_NATS_PARTITIONS); one domain stays in one. */
  partitions: number;
}

/** Capture journal: acknowledged once the kernel has a record, with an fdatasync within this many ms. */
export const DEFAULT_FSYNC_INTERVAL_MS = 1000;

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

function positive(value: string | undefined, fallback: number, name: string, unit: string): number {
  const text = blank(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number of ${unit}, not ${text}`);
  return n;
}

/** ARGUS_TRUST_PROXY: a number of hops; `true` is kept as one hop. */
function proxyHops(value: string | undefined): number {
  const text = blank(value);
  if (text === undefined || text === 'false') return 0;
  if (text === 'true') return 1;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 10)
    throw new Error(`ARGUS_TRUST_PROXY must be the number of trusted proxies in front (0-10), not ${text}`);
  return n;
}

function milliseconds(value: string | undefined, fallback: number, max: number, name: string): number {
  const text = blank(value);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`${name} must be a whole number of milliseconds from 0 to ${max}, not ${text}`);
  return n;
}

/** A comma-separated list, blanks dropped. */
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A whole number of at least 0; anything else keeps the default. */
const count = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, not ${env.PORT}`);
  // Relative to where the user ran npm (INIT_CWD), so `npm start` and `npx argus` at the root share ./data.
  const dataDir = path.resolve(blank(env.INIT_CWD) ?? process.cwd(), blank(env.ARGUS_DATA_DIR) ?? './data');
  return {
    port,
    host: blank(env.HOST) ?? '127.0.0.1',
    dataDir,
    testTemplatesDir: path.resolve(
      blank(env.INIT_CWD) ?? process.cwd(),
      blank(env.ARGUS_TEST_TEMPLATES_DIR) ?? path.join(dataDir, 'active-tests'),
    ),
    databaseUrl: blank(env.DATABASE_URL),
    adminPassword: blank(env.ARGUS_ADMIN_PASSWORD),
    secretKey: blank(env.ARGUS_SECRET_KEY),
    ingestToken: strongToken('ARGUS_INGEST_TOKEN', blank(env.ARGUS_INGEST_TOKEN)),
    smtpUrl: blank(env.ARGUS_SMTP_URL),
    allowPrivateUrls: env.ARGUS_ALLOW_PRIVATE_URLS === '1' || env.ARGUS_ALLOW_PRIVATE_URLS === 'true',
    canaryHost: blank(env.ARGUS_CANARY_HOST),
    trustProxy: proxyHops(env.ARGUS_TRUST_PROXY),
    metricsToken: strongToken('ARGUS_METRICS_TOKEN', blank(env.ARGUS_METRICS_TOKEN)),
    sessionIdleMs:
      positive(env.ARGUS_SESSION_IDLE_MINUTES, 30, 'ARGUS_SESSION_IDLE_MINUTES', 'minutes') * 60_000,
    sessionLifetimeMs:
      positive(env.ARGUS_SESSION_LIFETIME_HOURS, 12, 'ARGUS_SESSION_LIFETIME_HOURS', 'hours') * 3_600_000,
    allowedOrigins: list(env.ARGUS_ALLOWED_ORIGINS),
    dashboardDir: blank(env.ARGUS_DASHBOARD_DIR) ?? DEFAULT_DASHBOARD_DIR,
    captureBodyLimit: 1024 * 1024,
    captureBacklogLimit: megabytes(env.ARGUS_CAPTURE_BACKLOG_MB, 1024, 'ARGUS_CAPTURE_BACKLOG_MB'),
    gatewayMaxAnswerBytes: megabytes(env.ARGUS_GATEWAY_MAX_ANSWER_MB, 16, 'ARGUS_GATEWAY_MAX_ANSWER_MB'),
    headersTimeoutMs:
      positive(env.ARGUS_HEADERS_TIMEOUT_SECONDS, 10, 'ARGUS_HEADERS_TIMEOUT_SECONDS', 'seconds') * 1000,
    requestTimeoutMs:
      positive(env.ARGUS_REQUEST_TIMEOUT_SECONDS, 120, 'ARGUS_REQUEST_TIMEOUT_SECONDS', 'seconds') * 1000,
    maxConnectionsPerAddress: count(
      env.ARGUS_MAX_CONNECTIONS_PER_IP,
      proxyHops(env.ARGUS_TRUST_PROXY) > 0 ? 0 : 128,
    ),
    gatewaySetCookieDomains: list(env.ARGUS_GATEWAY_SET_COOKIE_DOMAINS).map((d) => d.toLowerCase()),
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
    nats: natsConfig(env),
    publicUrl: blank(env.ARGUS_PUBLIC_URL)?.trim(),
    delivery: {
      retryBaseMs: count(env.ARGUS_DELIVERY_RETRY_BASE_MS, DEFAULT_RETRY_POLICY.baseDelayMs),
      maxAttempts: Math.max(1, count(env.ARGUS_DELIVERY_MAX_ATTEMPTS, DEFAULT_RETRY_POLICY.maxAttempts)),
      pollMs: Math.max(10, count(env.ARGUS_DELIVERY_POLL_MS, 1000)),
    },
    logLevel: blank(env.LOG_LEVEL) ?? 'info',
  };
}

function natsConfig(env: NodeJS.ProcessEnv): NatsConfig | undefined {
  const url = blank(env.ARGUS_NATS_URL);
  if (url === undefined) return undefined;
  const stream = blank(env.ARGUS_NATS_STREAM) ?? 'ARGUS_CAPTURES';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(stream))
    throw new Error(`ARGUS_NATS_STREAM must be letters, digits, _ or - (at most 64), not ${stream}`);
  const partitions = positive(env.ARGUS_NATS_PARTITIONS, 16, 'ARGUS_NATS_PARTITIONS', 'partitions');
  if (!Number.isInteger(partitions) || partitions > 1024)
    throw new Error(`ARGUS_NATS_PARTITIONS must be a whole number from 1 to 1024, not ${partitions}`);
  return { url, stream, partitions };
}

/** Defaults for tests and embedding: in-memory database, no key file, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    dataDir: undefined,
    testTemplatesDir: undefined,
    port: 0,
    logLevel: 'silent',
    allowPrivateUrls: false,
    ...overrides,
  };
}
