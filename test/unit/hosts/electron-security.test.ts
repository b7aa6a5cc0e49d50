import { describe, expect, it } from 'vitest';
import {
  createSafeStorageSecretBox,
  KeychainUnavailableError,
  type SafeStorageLike,
} from '../../../main/hosts/electron/safe-storage-box';
import {
  scaNavigation,
  scaPartition,
  scaWindowOptions,
} from '../../../main/hosts/electron/sca-window-policy';

/** A stand-in keychain: XOR with a key, reversible, like the real one for these purposes. */
function fakeSafeStorage(
  backend = 'gnome_libsecret',
  available = true,
): SafeStorageLike & { sealedCount: number } {
  const key = 0x5a;
  const fake = {
    sealedCount: 0,
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (text: string) => {
      fake.sealedCount += 1;
      return Buffer.from([...Buffer.from(text, 'utf8')].map((b) => b ^ key));
    },
    decryptString: (data: Buffer) => {
      if (data.length === 0) throw new Error('empty');
      return Buffer.from([...data].map((b) => b ^ key)).toString('utf8');
    },
  };
  return fake;
}

describe('safeStorage secret box', () => {
  it('round-trips binary key material through the keychain, never in clear', () => {
    const storage = fakeSafeStorage();
    const box = createSafeStorageSecretBox(storage);
    const secret = Buffer.from([0, 1, 2, 250, 255, 0x2d, 0x2d]);
    const sealed = box.seal(secret);
    expect(storage.sealedCount).toBe(1);
    expect(sealed.includes(secret)).toBe(false);
    expect(box.open(sealed)).toEqual(secret);
  });

  it('refuses a machine without a keychain, and the fixed-key Linux fallback', () => {
    expect(() => createSafeStorageSecretBox(fakeSafeStorage('gnome_libsecret', false))).toThrow(
      KeychainUnavailableError,
    );
    expect(() => createSafeStorageSecretBox(fakeSafeStorage('basic_text'))).toThrow(
      /fixed key; use a passphrase/,
    );
  });

  it('refuses data it did not seal', () => {
    const box = createSafeStorageSecretBox(fakeSafeStorage());
    expect(() => box.open(Buffer.from('not sealed'))).toThrow(/not sealed by the desktop keychain/);
  });
});

describe('SCA window policy', () => {
  const plan = {
    scaRedirectUrl: 'https://bank.example/sca/login?authorisation=1',
    redirectUri: 'http://127.0.0.1:53123/callback',
    tppSessionId: 'session/1',
  };

  it('has no preload, its own non-persistent partition per PSU session, and is sandboxed', () => {
    const prefs = scaWindowOptions(plan).webPreferences!;
    expect(prefs.preload).toBeUndefined();
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(prefs.partition).toBe(scaPartition('session/1'));
    expect(prefs.partition).not.toMatch(/^persist:/);
    expect(scaPartition('a')).not.toBe(scaPartition('b'));
  });

  it.each([
    ['https://bank.example/sca/consent', 'allow'],
    ['http://127.0.0.1:53123/callback?psu-id=x', 'capture-redirect'],
    ['http://127.0.0.1:53123/other', 'deny'],
    ['https://evil.example/phish', 'deny'],
    ['http://bank.example/sca/login', 'deny'],
    ['file:///etc/passwd', 'deny'],
    ['javascript:alert(1)', 'deny'],
  ])('%s → %s', (url, action) => {
    expect(scaNavigation(plan, url).action).toBe(action);
  });
});
