// Webhook signatures: HMAC-SHA256 over `${timestamp}.${body}` (see README.md beside this file).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Argus-Signature';
export const TIMESTAMP_HEADER = 'X-Argus-Timestamp';

/** The `X-Argus-Signature` value: `sha256=` and the hex HMAC of `${timestamp}.${body}`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver does: recompute the signature, compare in constant time and refuse
 * timestamps more than `toleranceSeconds` away from now (replays).
 */
export function verifyWebhook(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
