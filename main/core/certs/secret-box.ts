/**
 * SecretBox: how the keystore seals private keys at rest. The web host and the CLI use a passphrase
 * box (scrypt + AES-256-GCM); the Electron host plugs in safeStorage behind the same interface.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

export interface SecretBox {
  seal(plain: Buffer): Buffer;
  /** Throws SecretBoxOpenError when the data was not sealed by this box or was altered. */
  open(sealed: Buffer): Buffer;
}

export class SecretBoxOpenError extends Error {
  override readonly name = 'SecretBoxOpenError';
  constructor(
    readonly reason: 'malformed' | 'authentication',
    message: string,
  ) {
    super(message);
  }
}

const VERSION = 1;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 2 + SALT_BYTES + IV_BYTES + TAG_BYTES;

export interface PassphraseBoxOptions {
  /** log2 of scrypt's N; default 15 (N = 32768, r = 8: about 100 ms, 32 MiB). */
  cost?: number;
}

/**
 * Layout: version(1) | log2N(1) | salt(16) | iv(12) | tag(16) | ciphertext. One salt per box
 * instance, so a keystore save derives the key once; opening derives per (salt, cost) and caches.
 */
export function createPassphraseSecretBox(
  passphrase: string,
  options: PassphraseBoxOptions = {},
): SecretBox {
  if (!passphrase) throw new Error('the keystore passphrase must not be empty');
  const cost = options.cost ?? 15;
  if (!Number.isInteger(cost) || cost < 10 || cost > 20)
    throw new Error('scrypt cost must be 10..20');
  const keys = new Map<string, Buffer>();
  const derive = (salt: Buffer, log2N: number): Buffer => {
    const id = `${log2N}:${salt.toString('hex')}`;
    let key = keys.get(id);
    if (!key) {
      const N = 2 ** log2N;
      key = scryptSync(passphrase.normalize('NFC'), salt, 32, {
        N,
        r: 8,
        p: 1,
        maxmem: 256 * N * 8,
      });
      keys.set(id, key);
    }
    return key;
  };
  const salt = randomBytes(SALT_BYTES);
  return {
    seal(plain: Buffer): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', derive(salt, cost), iv);
      const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([
        Buffer.from([VERSION, cost]),
        salt,
        iv,
        cipher.getAuthTag(),
        ciphertext,
      ]);
    },
    open(sealed: Buffer): Buffer {
      if (sealed.length < HEADER_BYTES || sealed[0] !== VERSION) {
        throw new SecretBoxOpenError('malformed', 'sealed data is not from a passphrase box');
      }
      const log2N = sealed[1]!;
      if (log2N < 10 || log2N > 20)
        throw new SecretBoxOpenError('malformed', 'sealed data has a bad cost');
      const boxSalt = sealed.subarray(2, 2 + SALT_BYTES);
      const iv = sealed.subarray(2 + SALT_BYTES, 2 + SALT_BYTES + IV_BYTES);
      const tag = sealed.subarray(2 + SALT_BYTES + IV_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', derive(boxSalt, log2N), iv);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
      } catch {
        throw new SecretBoxOpenError(
          'authentication',
          'sealed data could not be opened: wrong passphrase, or the data was altered',
        );
      }
    },
  };
}
