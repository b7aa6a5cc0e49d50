/**
 * The desktop app's SecretBox: private keys sealed with Electron's safeStorage (the OS keychain:
 * Keychain on macOS, DPAPI on Windows, libsecret/kwallet on Linux). Takes safeStorage as an
 * argument so it is tested without Electron. Where no OS keychain is available, Electron falls
 * back to a hard-coded key on Linux ('basic_text'): that is not protection, so the box refuses it
 * and the host asks for a passphrase instead.
 */
import { SecretBoxOpenError, type SecretBox } from '../../core/certs/secret-box.js';

/** The part of Electron's safeStorage this box uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
}

/** Prefix that marks data this box sealed (format version 1). */
const MAGIC = Buffer.from('WBSS1');

export function createSafeStorageSecretBox(safeStorage: SafeStorageLike): SecretBox {
  if (!safeStorage.isEncryptionAvailable()) {
    throw new KeychainUnavailableError(
      'The operating system keychain is not available to encrypt private keys.',
    );
  }
  if (safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
    throw new KeychainUnavailableError(
      'No keychain service (Secret Service or KWallet) is running, so safeStorage would use a fixed key; use a passphrase instead.',
    );
  }
  return {
    // safeStorage works on strings: the bytes travel as base64 so any binary survives.
    seal: (plain) => Buffer.concat([MAGIC, safeStorage.encryptString(plain.toString('base64'))]),
    open: (sealed) => {
      if (sealed.length <= MAGIC.length || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
        throw new SecretBoxOpenError(
          'malformed',
          'This data was not sealed by the desktop keychain.',
        );
      }
      try {
        return Buffer.from(safeStorage.decryptString(sealed.subarray(MAGIC.length)), 'base64');
      } catch (error) {
        throw new SecretBoxOpenError(
          'authentication',
          `The keychain could not decrypt this key: ${(error as Error).message}`,
        );
      }
    },
  };
}
