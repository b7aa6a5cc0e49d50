/**
 * The keystore: key pairs and certificates held in main under opaque handles (ARCHITECTURE
 * property 2 — the renderer sees handles, fingerprints and certificate details, never key
 * material). At rest it is one JSON file whose private keys are sealed by a pluggable SecretBox;
 * the file is replaced atomically. A file that cannot be read is moved aside and reported, never
 * silently replaced by an empty store.
 */
import type { KeyObject } from 'node:crypto';
import { X509Certificate, createPrivateKey, randomUUID, sign } from 'node:crypto';
import * as fsPromises from 'node:fs/promises';
import { certificateDer } from '../signature/signing-certificate.js';
import { writeFileAtomic, type AtomicFileSystem } from '../persistence/atomic-file.js';
import { describeCertificate, type CertificateDescription } from './describe.js';
import {
  exportPkcs12,
  exportPrivateKeyEncrypted,
  importCertificateMaterial,
} from './import-export.js';
import { generateRsaKeyPair, publicKeyFingerprint, toPrivateKeyObject } from './keys.js';
import {
  KEYSTORE_CHECK_TEXT,
  KEYSTORE_FORMAT,
  parseStoredFile,
  type StoredEntry,
  type StoredFile,
} from './keystore-file.js';
import type { KeyProtectionCost } from './key-protection.js';
import type { SecretBox } from './secret-box.js';

export type KeystoreErrorCode =
  'wrong-secret' | 'corrupt' | 'unknown-handle' | 'no-private-key' | 'invalid';

export class KeystoreError extends Error {
  override readonly name = 'KeystoreError';
  constructor(
    readonly code: KeystoreErrorCode,
    message: string,
    /** For 'corrupt': where the unreadable file was moved. */
    readonly movedTo?: string,
  ) {
    super(message);
  }
}

/** What callers and the renderer may see of an entry: no key material. */
export interface KeystoreEntry {
  handle: string;
  label: string;
  createdAt: string;
  hasPrivateKey: boolean;
  publicKey: { type: string; bits: number | undefined; sha256Fingerprint: string } | undefined;
  /** The entry's certificate first, then its chain. */
  certificates: CertificateDescription[];
}

export interface KeystoreOptions {
  path: string;
  secretBox: SecretBox;
  /** Injectable for tests (make the rename fail, …). */
  fileSystem?: AtomicFileSystem;
  /** For certificate warnings in listings; default the real time. */
  now?: () => Date;
  /** The key-derivation cost of exported keys: for tests only; without it the production cost. */
  keyProtectionCost?: KeyProtectionCost;
}

interface LoadedEntry {
  stored: StoredEntry;
  privateKey: KeyObject | undefined;
  certificates: Buffer[];
}

export class Keystore {
  private entries = new Map<string, LoadedEntry>();
  private check: string;
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly options: KeystoreOptions) {
    this.check = options.secretBox.seal(Buffer.from(KEYSTORE_CHECK_TEXT)).toString('base64');
  }

  /** Opens the store at `options.path`; a missing file is an empty store (created on first change). */
  static async open(options: KeystoreOptions): Promise<Keystore> {
    const keystore = new Keystore(options);
    let text: string;
    try {
      text = await fsPromises.readFile(options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return keystore;
      throw error;
    }
    await keystore.load(text);
    return keystore;
  }

  private async load(text: string): Promise<void> {
    let file: StoredFile;
    try {
      file = parseStoredFile(text);
    } catch (error) {
      throw await this.moveAside(`it is not a keystore file (${(error as Error).message})`);
    }
    try {
      const check = this.options.secretBox.open(Buffer.from(file.check, 'base64'));
      if (check.toString() !== KEYSTORE_CHECK_TEXT) throw new Error('check text differs');
    } catch {
      throw new KeystoreError(
        'wrong-secret',
        `the keystore ${this.options.path} cannot be opened: wrong passphrase (or it was sealed with another secret)`,
      );
    }
    this.check = file.check;
    for (const stored of file.entries) {
      try {
        this.entries.set(stored.handle, {
          stored,
          privateKey:
            stored.privateKey === null
              ? undefined
              : createPrivateKey({
                  key: this.options.secretBox.open(Buffer.from(stored.privateKey, 'base64')),
                  format: 'der',
                  type: 'pkcs8',
                }),
          certificates: stored.certificates.map((base64) => {
            const der = Buffer.from(base64, 'base64');
            new X509Certificate(der);
            return der;
          }),
        });
      } catch (error) {
        this.entries.clear();
        throw await this.moveAside(
          `entry '${stored.label}' is damaged (${(error as Error).message})`,
        );
      }
    }
  }

  private async moveAside(why: string): Promise<KeystoreError> {
    const stamp = (this.options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const movedTo = `${this.options.path}.corrupt-${stamp}`;
    await fsPromises.rename(this.options.path, movedTo);
    return new KeystoreError(
      'corrupt',
      `the keystore ${this.options.path} is corrupted: ${why}. It was moved to ${movedTo}; opening the keystore again starts a new, empty one`,
      movedTo,
    );
  }

  /** Public details of every entry. */
  list(): KeystoreEntry[] {
    return [...this.entries.values()].map((entry) => this.describe(entry));
  }

  entry(handle: string): KeystoreEntry {
    return this.describe(this.loaded(handle));
  }

  private loaded(handle: string): LoadedEntry {
    const entry = this.entries.get(handle);
    if (!entry) throw new KeystoreError('unknown-handle', `no keystore entry '${handle}'`);
    return entry;
  }

  private describe(entry: LoadedEntry): KeystoreEntry {
    const now = this.options.now?.();
    const publicSource =
      entry.privateKey ??
      (entry.certificates[0] ? new X509Certificate(entry.certificates[0]).publicKey : undefined);
    return {
      handle: entry.stored.handle,
      label: entry.stored.label,
      createdAt: entry.stored.createdAt,
      hasPrivateKey: entry.privateKey !== undefined,
      publicKey: publicSource
        ? {
            type: publicSource.asymmetricKeyType ?? 'unknown',
            bits: publicSource.asymmetricKeyDetails?.modulusLength,
            sha256Fingerprint: publicKeyFingerprint(publicSource),
          }
        : undefined,
      certificates: entry.certificates.map((der, index) =>
        describeCertificate(der, {
          ...(now ? { now } : {}),
          ...(index === 0 && entry.privateKey ? { privateKey: entry.privateKey } : {}),
        }),
      ),
    };
  }

  /** Adds a private key with its certificate (first) and chain. */
  async addKeyPair(input: {
    label: string;
    privateKey: KeyObject | string | Buffer;
    certificates?: readonly (string | Buffer)[];
  }): Promise<KeystoreEntry> {
    const privateKey = toPrivateKeyObject(input.privateKey);
    if (privateKey.type !== 'private')
      throw new KeystoreError('invalid', 'addKeyPair needs a private key');
    const certificates = (input.certificates ?? []).map((certificate) =>
      certificateDer(certificate),
    );
    const first = certificates[0];
    if (first && !new X509Certificate(first).checkPrivateKey(privateKey)) {
      throw new KeystoreError(
        'invalid',
        'the first certificate does not belong to the private key',
      );
    }
    return this.add(input.label, privateKey, certificates);
  }

  /** Generates an RSA key pair in main; attach its certificate later. */
  async generateKeyPair(input: { label: string; bits?: number }): Promise<KeystoreEntry> {
    const { privateKey } = await generateRsaKeyPair(input.bits);
    return this.add(input.label, privateKey, []);
  }

  /** A certificate-only entry (a trusted CA, a bank certificate). */
  async addCertificates(input: {
    label: string;
    certificates: readonly (string | Buffer)[];
  }): Promise<KeystoreEntry> {
    if (input.certificates.length === 0)
      throw new KeystoreError('invalid', 'no certificates given');
    return this.add(
      input.label,
      undefined,
      input.certificates.map((c) => certificateDer(c)),
    );
  }

  /** Imports PEM, DER or PKCS#12 (with its passphrase) as one entry. */
  async importMaterial(input: {
    label?: string;
    data: string | Buffer;
    passphrase?: string;
  }): Promise<KeystoreEntry> {
    const material = importCertificateMaterial(
      input.data,
      input.passphrase === undefined ? {} : { passphrase: input.passphrase },
    );
    const label =
      input.label ??
      material.friendlyName ??
      (material.certificates[0]
        ? describeCertificate(material.certificates[0], { psd2Checks: false }).commonName
        : undefined) ??
      'imported';
    if (material.privateKey) {
      return this.addKeyPair({
        label,
        privateKey: material.privateKey,
        certificates: material.certificates,
      });
    }
    return this.addCertificates({ label, certificates: material.certificates });
  }

  /** Replaces the certificates of an entry (e.g. after issuing one for a generated key). */
  async setCertificates(
    handle: string,
    certificates: readonly (string | Buffer)[],
  ): Promise<KeystoreEntry> {
    const entry = this.loaded(handle);
    const ders = certificates.map((certificate) => certificateDer(certificate));
    if (
      entry.privateKey &&
      ders[0] &&
      !new X509Certificate(ders[0]).checkPrivateKey(entry.privateKey)
    ) {
      throw new KeystoreError(
        'invalid',
        "the first certificate does not belong to the entry's private key",
      );
    }
    await this.commit((entries) => {
      entries.set(handle, {
        ...entry,
        certificates: ders,
        stored: { ...entry.stored, certificates: ders.map((der) => der.toString('base64')) },
      });
    });
    return this.entry(handle);
  }

  async rename(handle: string, label: string): Promise<KeystoreEntry> {
    const entry = this.loaded(handle);
    await this.commit((entries) => {
      entries.set(handle, { ...entry, stored: { ...entry.stored, label } });
    });
    return this.entry(handle);
  }

  async remove(handle: string): Promise<void> {
    this.loaded(handle);
    await this.commit((entries) => {
      entries.delete(handle);
    });
  }

  /** Main-side only: signs `data` with the entry's key (RSA PKCS#1 v1.5 / ECDSA per key type). */
  signWith(handle: string, data: Buffer, algorithm = 'sha256'): Buffer {
    return sign(algorithm, data, this.privateKeyFor(handle));
  }

  /** Main-side only (signer, mTLS): the entry's private key. Never send it to the renderer. */
  privateKeyFor(handle: string): KeyObject {
    const entry = this.loaded(handle);
    if (!entry.privateKey) {
      throw new KeystoreError(
        'no-private-key',
        `keystore entry '${entry.stored.label}' has no private key`,
      );
    }
    return entry.privateKey;
  }

  /** DER certificates of an entry, its own first. Public material. */
  certificatesFor(handle: string): Buffer[] {
    return [...this.loaded(handle).certificates];
  }

  exportPkcs12(handle: string, passphrase: string): Buffer {
    return exportPkcs12({
      privateKey: this.privateKeyFor(handle),
      certificates: this.certificatesFor(handle),
      passphrase,
      friendlyName: this.loaded(handle).stored.label,
      ...(this.options.keyProtectionCost ? { cost: this.options.keyProtectionCost } : {}),
    });
  }

  exportPrivateKeyEncrypted(handle: string, passphrase: string): string {
    return exportPrivateKeyEncrypted(
      this.privateKeyFor(handle),
      passphrase,
      'pem',
      this.options.keyProtectionCost,
    );
  }

  private async add(
    label: string,
    privateKey: KeyObject | undefined,
    certificates: Buffer[],
  ): Promise<KeystoreEntry> {
    const handle = `key-${randomUUID()}`;
    const stored: StoredEntry = {
      handle,
      label,
      createdAt: (this.options.now?.() ?? new Date()).toISOString(),
      privateKey: privateKey
        ? this.options.secretBox
            .seal(privateKey.export({ type: 'pkcs8', format: 'der' }))
            .toString('base64')
        : null,
      certificates: certificates.map((der) => der.toString('base64')),
    };
    await this.commit((entries) => {
      entries.set(handle, { stored, privateKey, certificates });
    });
    return this.entry(handle);
  }

  /** Applies a change to a copy, saves it, and only then makes it current (a failed save changes nothing). */
  private commit(change: (entries: Map<string, LoadedEntry>) => void): Promise<void> {
    const run = async (): Promise<void> => {
      const next = new Map(this.entries);
      change(next);
      const file: StoredFile = {
        format: KEYSTORE_FORMAT,
        version: 1,
        check: this.check,
        entries: [...next.values()].map((entry) => entry.stored),
      };
      await writeFileAtomic(this.options.path, JSON.stringify(file, null, 2) + '\n', {
        ...(this.options.fileSystem ? { fs: this.options.fileSystem } : {}),
      });
      this.entries = next;
    };
    const result = this.writing.then(run, run);
    this.writing = result.catch(() => undefined);
    return result;
  }
}
