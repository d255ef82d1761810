// scrypt password hashes: `scrypt$N$r$p$salt$hash`, salt and hash base64.
// Parameters follow OWASP's password storage advice (N=2^17, r=8, p=1); hashes
// made with weaker parameters are replaced at the next successful sign-in.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
/** scrypt needs 128·N·r bytes (128 MiB here); Node's default limit is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;
/** Stored parameters above these are refused rather than computed (a planted hash must not exhaust memory). */
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  if (Number(n) > MAX_N || Number(r) > 32 || Number(p) > 16) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash made with weaker parameters than today's (re-hash it after a successful sign-in). */
export function needsRehash(stored: string): boolean {
  const [kind, n, r, p] = stored.split('$');
  return kind !== 'scrypt' || Number(n) < N || Number(r) < R || Number(p) < P;
}

/** A readable random password (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** Spent on unknown user names too, so timing does not reveal which names exist. */
export const DUMMY_HASH =
  `scrypt$${N}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(KEY_LENGTH).toString('base64');
