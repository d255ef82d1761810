// Retry schedule of the delivery queue: exponential backoff with jitter.

export interface RetryPolicy {
  /** Delay before the second attempt, in milliseconds; doubles with every further attempt. */
  baseDelayMs: number;
  /** Upper bound of one delay. */
  maxDelayMs: number;
  /** Attempts in all (the first one included) before a delivery is marked failed. */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 6,
};

/**
 * Delay before the next attempt after `attempts` failed ones (1 = the first attempt failed),
 * with up to 20% random jitter so that many failed deliveries do not retry in lockstep.
 */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(policy.maxDelayMs, exponential);
  return Math.round(capped * (1 + 0.2 * random()));
}
