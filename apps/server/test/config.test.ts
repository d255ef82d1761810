// Configuration from the environment: defaults, and a clear error for a value
// that makes no sense (the server refuses to start rather than guess).
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';

describe('configFromEnv', () => {
  it('acknowledges captures once the kernel has them, synced within 1 s, unless told otherwise', () => {
    expect(configFromEnv({}).captureFsyncIntervalMs).toBe(1000);
    expect(configFromEnv({ ARGUS_CAPTURE_FSYNC_MS: '0' }).captureFsyncIntervalMs).toBe(0);
    expect(configFromEnv({ ARGUS_CAPTURE_FSYNC_MS: ' 250 ' }).captureFsyncIntervalMs).toBe(250);
    for (const bad of ['-1', 'soon', '1.5', '60001']) {
      expect(() => configFromEnv({ ARGUS_CAPTURE_FSYNC_MS: bad })).toThrow(
        `ARGUS_CAPTURE_FSYNC_MS must be a whole number of milliseconds from 0 to 60000, not ${bad}`,
      );
    }
  });

  it('reads the capture backlog limit and the retention, refusing nonsense', () => {
    const config = configFromEnv({ ARGUS_CAPTURE_BACKLOG_MB: '64', ARGUS_OBSERVATION_RETENTION_DAYS: '0' });
    expect(config.captureBacklogLimit).toBe(64 * 1024 * 1024);
    expect(config.observationRetentionDays).toBe(0);
    expect(() => configFromEnv({ ARGUS_CAPTURE_BACKLOG_MB: '0' })).toThrow(
      'ARGUS_CAPTURE_BACKLOG_MB must be a positive number of megabytes, not 0',
    );
    expect(() => configFromEnv({ ARGUS_OBSERVATION_RETENTION_DAYS: 'week' })).toThrow(
      'ARGUS_OBSERVATION_RETENTION_DAYS must be a number of days (0 keeps everything), not week',
    );
  });

  it('reads the connection bounds: header and request timeouts, connections per address', () => {
    const defaults = configFromEnv({});
    expect(defaults.headersTimeoutMs).toBe(10_000);
    expect(defaults.requestTimeoutMs).toBe(120_000);
    expect(defaults.maxConnectionsPerAddress).toBe(128);
    expect(configFromEnv({ ARGUS_TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    const set = configFromEnv({
      ARGUS_HEADERS_TIMEOUT_SECONDS: '5',
      ARGUS_REQUEST_TIMEOUT_SECONDS: '30',
      ARGUS_MAX_CONNECTIONS_PER_IP: '8',
    });
    expect([set.headersTimeoutMs, set.requestTimeoutMs, set.maxConnectionsPerAddress]).toEqual([
      5000, 30_000, 8,
    ]);
    expect(() => configFromEnv({ ARGUS_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(
      'ARGUS_HEADERS_TIMEOUT_SECONDS must be a positive number of seconds, not 0',
    );
  });

  it('reads the gateway answer cap and the domains whose upstream cookies pass', () => {
    const defaults = configFromEnv({});
    expect(defaults.gatewayMaxAnswerBytes).toBe(16 * 1024 * 1024);
    expect(defaults.gatewaySetCookieDomains).toEqual([]);
    const set = configFromEnv({
      ARGUS_GATEWAY_MAX_ANSWER_MB: '0.5',
      ARGUS_GATEWAY_SET_COOKIE_DOMAINS: ' Shop.Example.com, ,api.example.org ',
    });
    expect(set.gatewayMaxAnswerBytes).toBe(512 * 1024);
    expect(set.gatewaySetCookieDomains).toEqual(['shop.example.com', 'api.example.org']);
    expect(() => configFromEnv({ ARGUS_GATEWAY_MAX_ANSWER_MB: 'lots' })).toThrow(
      'ARGUS_GATEWAY_MAX_ANSWER_MB must be a positive number of megabytes, not lots',
    );
  });

  it('reads the notification settings: dashboard address and delivery retries', () => {
    const defaults = configFromEnv({});
    expect(defaults.publicUrl).toBeUndefined();
    expect(defaults.delivery).toEqual({ retryBaseMs: 30_000, maxAttempts: 6, pollMs: 1000 });
    const set = configFromEnv({
      ARGUS_PUBLIC_URL: ' https://argus.example.com/ ',
      ARGUS_DELIVERY_RETRY_BASE_MS: '150',
      ARGUS_DELIVERY_MAX_ATTEMPTS: '0',
      ARGUS_DELIVERY_POLL_MS: '5',
    });
    expect(set.publicUrl).toBe('https://argus.example.com/');
    expect(set.delivery).toEqual({ retryBaseMs: 150, maxAttempts: 1, pollMs: 10 });
  });
});
