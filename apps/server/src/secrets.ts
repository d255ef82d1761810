// AES-256-GCM for secrets at rest (discovery-source API keys, channel secrets).
// The key comes from ARGUS_SECRET_KEY or a key file created in the data directory.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'v1:';

export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed secret');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * ARGUS_SECRET_KEY: 64 hex characters or base64 of 32 bytes are used as they are;
 * any other text is hashed to 32 bytes. Without it, `<dataDir>/secret.key` is read
 * or created (mode 0600); without a data directory (tests) a random key is used.
 */
export function loadSecretKey(secretKey: string | undefined, dataDir: string | undefined): Buffer {
  if (secretKey) {
    if (/^[0-9a-f]{64}$/i.test(secretKey)) return Buffer.from(secretKey, 'hex');
    const b64 = Buffer.from(secretKey, 'base64');
    if (b64.length === 32 && /^[A-Za-z0-9+/=_-]+$/.test(secretKey)) return b64;
    return createHash('sha256').update(secretKey).digest();
  }
  if (!dataDir) return randomBytes(32);
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return key;
}

/** "••••" + the last 4 characters, as the dashboard shows stored keys. */
export function maskSecret(lastFour: string | null | undefined): string | null {
  return lastFour ? `••••${lastFour}` : null;
}
