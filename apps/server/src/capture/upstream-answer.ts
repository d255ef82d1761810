// What /gateway/* hands back from a domain's upstream. The answer is read with
// a size cap while it streams (past it the upstream connection is closed and the
// client gets a 502), and it is served on the Argus origin: so it may not run
// scripts there, be sniffed into another type, be framed, or set cookies for it.
import { readCappedBytes, TooLargeError } from '@argus/connectors';
import type { Config } from '../config.js';
import { HttpError } from '../errors.js';
import { HOP_HEADERS } from './record.js';

/** Served with every proxied answer, over whatever the upstream said. */
export const PROXIED_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "sandbox; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The upstream's body, or null when it is larger than the gateway relays (the connection is then closed). */
export async function readUpstreamBody(answer: Response, maxBytes: number): Promise<Buffer | null> {
  try {
    return await readCappedBytes(answer, maxBytes);
  } catch (error) {
    if (error instanceof TooLargeError) return null;
    throw error;
  }
}

export function answerTooLarge(host: string, maxBytes: number): HttpError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
  return new HttpError(
    502,
    `The upstream ${host} answered with more than ${mb} MB, the most the gateway relays ` +
      '(ARGUS_GATEWAY_MAX_ANSWER_MB); its answer was not passed on',
  );
}

/**
 * The headers the client gets with a proxied answer: the upstream's, less hop
 * headers, Content-Encoding (the body is relayed decoded) and, unless the domain
 * is configured to pass them, Set-Cookie; then the ones that keep it inert.
 */
export function proxiedAnswerHeaders(
  upstream: Headers,
  domain: string,
  config: Pick<Config, 'gatewaySetCookieDomains'>,
): [name: string, value: string][] {
  const passCookies = config.gatewaySetCookieDomains.includes(domain);
  const out: [string, string][] = [];
  for (const [name, value] of upstream) {
    if (HOP_HEADERS.has(name) || name === 'content-encoding' || name in PROXIED_ANSWER_HEADERS) continue;
    if (name === 'set-cookie' && !passCookies) continue;
    out.push([name, value]);
  }
  out.push(...Object.entries(PROXIED_ANSWER_HEADERS));
  return out;
}
