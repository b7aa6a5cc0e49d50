import { verify } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nodeFileSystem,
  type AtomicFileSystem,
} from '../../../main/core/persistence/atomic-file.js';
import { exportPkcs12 } from '../../../main/core/certs/import-export.js';
import { Keystore, KeystoreError } from '../../../main/core/certs/keystore.js';
import {
  SecretBoxOpenError,
  createPassphraseSecretBox,
} from '../../../main/core/certs/secret-box.js';
import { makeTestPki, scratchDirectory, type TestPki } from './helpers.js';
import { TEST_KEY_PROTECTION_COST } from '../../support/key-protection-cost.js';

let pki: TestPki;
const scratch = scratchDirectory();
let counter = 0;
const freshPath = (): string => join(scratch.dir, `keystore-${++counter}.json`);
// Low scrypt cost keeps the tests fast; the default (2^15) is exercised once below.
const box = (passphrase: string) => createPassphraseSecretBox(passphrase, { cost: 12 });

beforeAll(async () => {
  pki = await makeTestPki();
});
afterAll(() => scratch.cleanup());

async function rejection(promise: Promise<unknown>): Promise<KeystoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof KeystoreError) return error;
    throw error;
  }
  throw new Error('expected a KeystoreError');
}

describe('passphrase SecretBox (scrypt + AES-256-GCM)', () => {
  it('opens what it sealed, also in another instance with the same passphrase', () => {
    const sealed = createPassphraseSecretBox('pw').seal(Buffer.from('key material'));
    expect(createPassphraseSecretBox('pw').open(sealed).toString()).toBe('key material');
    expect(sealed.includes(Buffer.from('key material'))).toBe(false);
  });

  it('refuses a wrong passphrase and altered data', () => {
    const sealed = box('pw').seal(Buffer.from('x'));
    expect(() => box('other').open(sealed)).toThrow(SecretBoxOpenError);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => box('pw').open(altered)).toThrow(/wrong passphrase, or the data was altered/);
  });
});

describe('Keystore', () => {
  it('lists handles and public details, never key material, on disk or in the listing', async () => {
    const path = freshPath();
    const keystore = await Keystore.open({ path, secretBox: box('pw') });
    const entry = await keystore.addKeyPair({
      label: 'Example QSealC',
      privateKey: pki.keys.tpp.privateKey,
      certificates: [pki.qsealc.certificatePem, pki.ca.intermediate.certificateDer],
    });
    expect(entry).toMatchObject({
      label: 'Example QSealC',
      hasPrivateKey: true,
      publicKey: { type: 'rsa', bits: 2048 },
      certificates: [{ serialNumber: pki.qsealc.serialNumber, warnings: [] }, { isCa: true }],
    });
    expect(entry.handle).toMatch(/^key-[0-9a-f-]{36}$/);

    // The private exponent and primes in every encoding a leak could take: base64 at each of the
    // three byte alignments, base64url, hex.
    const jwk = pki.keys.tpp.privateKey.export({ format: 'jwk' });
    const secrets = ['PRIVATE KEY'];
    for (const part of [jwk.d, jwk.p, jwk.q]) {
      const bytes = Buffer.from(String(part), 'base64url');
      for (const offset of [0, 1, 2]) {
        const chunk = bytes.subarray(offset + 3, offset + 33);
        secrets.push(chunk.toString('base64'), chunk.toString('base64url'), chunk.toString('hex'));
      }
    }
    const listing = JSON.stringify(keystore.list());
    const onDisk = readFileSync(path, 'utf8');
    for (const secret of secrets) {
      expect(listing).not.toContain(secret);
      expect(onDisk).not.toContain(secret);
    }
    // The check has teeth: the same search finds the key in its unencrypted PKCS#8 form.
    const plain = pki.keys.tpp.privateKey
      .export({ type: 'pkcs8', format: 'der' })
      .toString('base64');
    expect(secrets.some((secret) => plain.includes(secret))).toBe(true);
  });

  it('signs with a handle and gives the key only to main-side callers that ask for it', async () => {
    const keystore = await Keystore.open({ path: freshPath(), secretBox: box('pw') });
    const { handle } = await keystore.addKeyPair({
      label: 'k',
      privateKey: pki.keys.tpp.privateKey,
      certificates: [pki.qsealc.certificateDer],
    });
    const signature = keystore.signWith(handle, Buffer.from('signing string'));
    expect(verify('sha256', Buffer.from('signing string'), pki.keys.tpp.publicKey, signature)).toBe(
      true,
    );
    expect(keystore.privateKeyFor(handle).equals(pki.keys.tpp.privateKey)).toBe(true);
    expect(() => keystore.signWith('key-unknown', Buffer.alloc(1))).toThrow(KeystoreError);
    const certificateOnly = await keystore.addCertificates({
      label: 'root',
      certificates: [pki.ca.root.certificatePem],
    });
    expect(() => keystore.privateKeyFor(certificateOnly.handle)).toThrow(/has no private key/);
  });

  it('persists entries and reopens them with the right passphrase', async () => {
    const path = freshPath();
    const first = await Keystore.open({ path, secretBox: box('right') });
    const { handle } = await first.addKeyPair({
      label: 'k',
      privateKey: pki.keys.tpp.privateKey,
      certificates: [pki.qsealc.certificatePem],
    });
    await first.rename(handle, 'renamed');
    const second = await Keystore.open({ path, secretBox: box('right') });
    expect(second.list().map((e) => [e.handle, e.label])).toEqual([[handle, 'renamed']]);
    expect(second.privateKeyFor(handle).equals(pki.keys.tpp.privateKey)).toBe(true);
    await second.remove(handle);
    expect((await Keystore.open({ path, secretBox: box('right') })).list()).toEqual([]);
  });

  it('refuses a wrong passphrase with a clear error and leaves the file alone', async () => {
    const path = freshPath();
    const keystore = await Keystore.open({ path, secretBox: box('right') });
    await keystore.addCertificates({ label: 'root', certificates: [pki.ca.root.certificatePem] });
    const before = readFileSync(path);
    const error = await rejection(Keystore.open({ path, secretBox: box('wrong') }));
    expect(error.code).toBe('wrong-secret');
    expect(error.message).toContain('wrong passphrase');
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('imports PKCS#12 and exports it again only with a passphrase', async () => {
    const keystore = await Keystore.open({ path: freshPath(), secretBox: box('pw') });
    const p12 = exportPkcs12({
      privateKey: pki.keys.tpp.privateKey,
      certificates: [pki.qsealc.certificateDer],
      passphrase: 'p12',
      friendlyName: 'From P12',
      cost: TEST_KEY_PROTECTION_COST,
    });
    await expect(keystore.importMaterial({ data: p12, passphrase: 'nope' })).rejects.toThrow(
      /passphrase is wrong/,
    );
    const entry = await keystore.importMaterial({ data: p12, passphrase: 'p12' });
    expect(entry).toMatchObject({ label: 'From P12', hasPrivateKey: true });
    expect(() => keystore.exportPkcs12(entry.handle, '')).toThrow(/passphrase/);
    expect(keystore.exportPrivateKeyEncrypted(entry.handle, 'x')).toContain(
      'ENCRYPTED PRIVATE KEY',
    );
  });

  it('keeps the previous file and state when the write is interrupted (rename fails)', async () => {
    const path = freshPath();
    let failRename = false;
    const fileSystem: AtomicFileSystem = {
      ...nodeFileSystem,
      rename: async (from, to) => {
        if (failRename)
          throw Object.assign(new Error('simulated crash before rename'), { code: 'EIO' });
        return nodeFileSystem.rename(from, to);
      },
    };
    const keystore = await Keystore.open({ path, secretBox: box('pw'), fileSystem });
    await keystore.addCertificates({ label: 'first', certificates: [pki.ca.root.certificatePem] });
    const before = readFileSync(path);

    failRename = true;
    await expect(
      keystore.addKeyPair({ label: 'second', privateKey: pki.keys.tpp.privateKey }),
    ).rejects.toThrow(/simulated crash/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(keystore.list().map((e) => e.label)).toEqual(['first']);
    expect(readdirSync(scratch.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    failRename = false;
    await keystore.addKeyPair({ label: 'second', privateKey: pki.keys.tpp.privateKey });
    expect(
      (await Keystore.open({ path, secretBox: box('pw') })).list().map((e) => e.label),
    ).toEqual(['first', 'second']);
  });

  it('moves a corrupted file aside with a clear error instead of resetting it', async () => {
    const path = freshPath();
    writeFileSync(path, '{"format":"psd2-workbench-keystore","version":1,"check":');
    const error = await rejection(
      Keystore.open({
        path,
        secretBox: box('pw'),
        now: () => new Date('2024-05-06T07:08:09.010Z'),
      }),
    );
    expect(error.code).toBe('corrupt');
    expect(error.movedTo).toBe(`${path}.corrupt-2024-05-06T07-08-09-010Z`);
    expect(error.message).toContain('is corrupted');
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(error.movedTo!, 'utf8')).toContain('"check":');
    // Opening again starts an empty store explicitly; the damaged file stays where it was moved.
    expect((await Keystore.open({ path, secretBox: box('pw') })).list()).toEqual([]);
  });

  it('treats a damaged entry as corruption, not as a wrong passphrase', async () => {
    const path = freshPath();
    const keystore = await Keystore.open({ path, secretBox: box('pw') });
    await keystore.addKeyPair({ label: 'k', privateKey: pki.keys.tpp.privateKey });
    const file = JSON.parse(readFileSync(path, 'utf8'));
    file.entries[0].privateKey = Buffer.from('garbage').toString('base64');
    writeFileSync(path, JSON.stringify(file));
    const error = await rejection(Keystore.open({ path, secretBox: box('pw') }));
    expect(error.code).toBe('corrupt');
    expect(error.message).toContain("entry 'k' is damaged");
  });
});
