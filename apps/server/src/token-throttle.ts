// Wrong bearer tokens per client address. The ingest and metrics tokens are
// checked on every capture (/gateway/*, /api/v1/captures, /v1/traces) and
// scrape: without a limit a client could try guesses as fast as the server
// answers. After `maxFailures` refused tokens within `windowMs`, every call
// that takes a token is refused from that address (429 with Retry-After) until
// the window ends, whatever token it sends; other addresses are not affected.
// Kept per instance, in memory: the capture path must not pay a database
// round trip per request to ask.
import { BoundedCache } from '@argus/engine';
import { HttpError } from './errors.js';

export interface TokenThrottleOptions {
  /** Refused tokens an address may send in one window (default 10). */
  maxFailures?: number;
  /** The window, from the first refusal (default one minute). */
  windowMs?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  until: number;
}

/** Addresses remembered at most: a flood of new ones forgets all, the way BoundedCache does. */
const ADDRESSES = 10_000;

export class TokenThrottle {
  private readonly failures = new BoundedCache<string, Failures>(ADDRESSES);
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  /** When the last address now held back may try again (0: none is). */
  private holdingUntil = 0;

  constructor(options: TokenThrottleOptions = {}) {
    this.maxFailures = options.maxFailures ?? 10;
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** True while some address is held back: the capture fast path then leaves every request to the route. */
  get holding(): boolean {
    return this.holdingUntil > this.now();
  }

  /** Seconds `address` must wait before a token is checked again (0: go ahead). */
  retryAfter(address: string): number {
    const entry = this.failures.get(address);
    if (!entry || entry.count < this.maxFailures) return 0;
    const left = entry.until - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Throws the 429 for an address held back. */
  assertAllowed(address: string, setRetryAfter: (seconds: number) => void): void {
    const seconds = this.retryAfter(address);
    if (seconds === 0) return;
    setRetryAfter(seconds);
    throw new HttpError(429, `Too many wrong tokens from this address: try again in ${seconds} s`);
  }

  /** Counts one refused token from `address`. */
  fail(address: string): void {
    const now = this.now();
    let entry = this.failures.get(address);
    if (!entry || entry.until <= now)
      entry = this.failures.set(address, { count: 0, until: now + this.windowMs });
    entry.count++;
    if (entry.count >= this.maxFailures) this.holdingUntil = Math.max(this.holdingUntil, entry.until);
  }
}
