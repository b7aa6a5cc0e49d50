/**
 * The keystore as the host keeps it: locked until its passphrase is given (web host, once per
 * launch), or sealed by the host (Electron safeStorage), or kept in memory when the host keeps no
 * files. Opens it once, says how it is protected and where it lives, and refuses while locked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AtomicFileSystem } from '../../../core/persistence/atomic-file.js';
import {
  Keystore,
  KeystoreError,
  createPassphraseSecretBox,
  type SecretBox,
} from '../../../core/certs/index.js';
import type { Clock } from '../../../core/clock.js';
import type { KeyProtectionCost } from '../../../core/certs/key-protection.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { KeystoreStatusView } from '../../contract/index.js';

export interface KeystoreHostOptions {
  /** Folder of `keystore.json`; without one the keystore lives in memory for this launch. */
  dataDir?: string;
  /** A host-provided seal (Electron safeStorage): the keystore opens without a passphrase. */
  secretBox?: SecretBox;
  /** Opens the keystore at start (WORKBENCH_KEYSTORE_PASSPHRASE, for scripts and CI). */
  passphrase?: string;
  /** The key-derivation cost of exported keys: for tests only; without it the production cost. */
  keyProtectionCost?: KeyProtectionCost;
}

const KEYSTORE_FILE = 'keystore.json';

/** Writes nothing: the in-memory keystore of a host that keeps no files. */
const memoryFileSystem: AtomicFileSystem = {
  writeFile: async () => undefined,
  rename: async () => undefined,
  rm: async () => undefined,
};

export class KeystoreLock {
  private keystore: Keystore | undefined;
  /** The seal of the open keystore: secret variables are sealed with it too. */
  private box: SecretBox | undefined;
  private opening: Promise<Keystore> | undefined;
  private notice: string | undefined;
  private readonly path: string;
  /** Settles once a preset keystore (host seal, environment passphrase, memory) is open. */
  readonly ready: Promise<void>;

  constructor(
    private readonly options: KeystoreHostOptions,
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {
    this.path = options.dataDir
      ? join(options.dataDir, KEYSTORE_FILE)
      : join(tmpdir(), `psd2-workbench-memory-${randomUUID()}`, KEYSTORE_FILE);
    this.ready = this.start();
  }

  /** Opens the keystore when no passphrase is needed (host seal, memory) or one was preset. */
  private async start(): Promise<void> {
    const secretBox = this.presetSecretBox();
    if (!secretBox) return;
    try {
      await this.open(secretBox);
    } catch (error) {
      // Reported by keystore.status; the user can still unlock by hand.
      this.notice ??= (error as Error).message;
    }
  }

  private presetSecretBox(): SecretBox | undefined {
    if (this.options.secretBox) return this.options.secretBox;
    if (this.options.passphrase) return createPassphraseSecretBox(this.options.passphrase);
    // Nothing at rest to protect: a per-launch random seal.
    if (!this.options.dataDir) return createPassphraseSecretBox(randomBytes(24).toString('hex'));
    return undefined;
  }

  async status(): Promise<KeystoreStatusView> {
    return {
      unlocked: this.keystore !== undefined,
      protection: this.options.secretBox ? 'host' : 'passphrase',
      exists: this.options.dataDir ? await exists(this.path) : this.keystore !== undefined,
      ...(this.options.dataDir ? { location: this.path } : {}),
      ...(this.notice ? { notice: this.notice } : {}),
    };
  }

  async unlock(passphrase: string): Promise<KeystoreStatusView> {
    if (this.keystore) return this.status();
    try {
      await this.open(createPassphraseSecretBox(passphrase));
    } catch (error) {
      throw new CallRefused((error as Error).message);
    } finally {
      this.events.emit('keystore.changed', await this.status());
    }
    return this.status();
  }

  private async open(secretBox: SecretBox): Promise<Keystore> {
    // The keystore writes its file atomically into this folder: it must exist (private to the user).
    if (this.options.dataDir) await mkdir(this.options.dataDir, { recursive: true, mode: 0o700 });
    this.opening ??= Keystore.open({
      path: this.path,
      secretBox,
      now: () => this.clock.now(),
      ...(this.options.dataDir ? {} : { fileSystem: memoryFileSystem }),
      ...(this.options.keyProtectionCost
        ? { keyProtectionCost: this.options.keyProtectionCost }
        : {}),
    })
      .then((keystore) => {
        this.keystore = keystore;
        this.box = secretBox;
        this.notice = undefined;
        return keystore;
      })
      .catch((error: unknown) => {
        this.opening = undefined;
        if (error instanceof KeystoreError && error.code === 'wrong-secret') {
          throw new Error(
            `The passphrase does not open the keystore at ${this.path}. Enter the passphrase it ` +
              'was created with (or move the file away to start a new keystore).',
          );
        }
        if (error instanceof KeystoreError && error.code === 'corrupt') {
          this.notice = `${error.message}.`;
          throw new Error(`${error.message}. Unlock again to start a new, empty keystore.`);
        }
        throw error;
      });
    return this.opening;
  }

  /**
   * The seal the open keystore uses (the OS keychain on the desktop, the passphrase elsewhere), so
   * secret variables are protected as private keys are; none while the keystore is locked.
   */
  secretBox(): SecretBox | undefined {
    return this.box;
  }

  /** The open keystore, or a refusal that says how to open it. */
  unlocked(): Keystore {
    if (!this.keystore) {
      throw new CallRefused(
        'The keystore is locked: enter its passphrase in Certificates (the first unlock creates it).',
      );
    }
    return this.keystore;
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
