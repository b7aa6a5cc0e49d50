/**
 * Certificates as the workbench offers them: the keystore (keystore-lock.ts), test CAs, QWACs and
 * QSealCs issued in main (issuing.ts), imports and exports (files.ts), and a TPP registered in the
 * embedded banks (bank-registration.ts). Nothing it returns carries key material (property 2).
 */
import type { KeyObject } from 'node:crypto';
import type { Keystore, KeystoreEntry, SecretBox } from '../../../core/certs/index.js';
import type { Clock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { BankService } from '../bank/bank-service.js';
import type {
  BankRegistrationView,
  CallArgs,
  FileView,
  KeyExportConfirmationView,
  KeystoreEntryView,
  KeystoreStatusView,
} from '../../contract/index.js';
import {
  EXPORT_PASSPHRASE_RULE,
  exportPassphraseProblem,
} from '../../../shared/export-passphrase.js';
import type { KeyExportConfirmer, KeyExportRequest } from './key-export-confirmation.js';
import { registerInBanks } from './bank-registration.js';
import { certificateFile, importFile, privateKeyFile } from './files.js';
import { createCa, issueTppCertificate, type IssuingContext } from './issuing.js';
import { KeystoreLock, type KeystoreHostOptions } from './keystore-lock.js';
import { refusingKeystoreErrors } from './refusals.js';
import { entryView } from './views.js';

export class CertsService {
  private readonly lock: KeystoreLock;
  /** Settles once a preset keystore (host seal, environment passphrase, memory) is open. */
  readonly ready: Promise<void>;

  constructor(
    options: KeystoreHostOptions,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly banks: BankService,
    /** How the host confirms a key export; without one no key is exported. */
    private readonly confirmer?: KeyExportConfirmer,
  ) {
    this.lock = new KeystoreLock(options, clock, events);
    this.ready = this.lock.ready;
  }

  status(): Promise<KeystoreStatusView> {
    return this.lock.status();
  }

  unlock(passphrase: string): Promise<KeystoreStatusView> {
    return this.lock.unlock(passphrase);
  }

  /** The open keystore's seal, once a preset keystore opened; none while it is locked. */
  async secretBox(): Promise<SecretBox | undefined> {
    await this.ready;
    return this.lock.secretBox();
  }

  /** The open keystore, or a refusal that says how to open it. */
  unlocked(): Keystore {
    return this.lock.unlocked();
  }

  list(): KeystoreEntryView[] {
    return this.unlocked().list().map(entryView);
  }

  describe(handle: string): KeystoreEntryView {
    return entryView(this.entry(handle));
  }

  private entry(handle: string): KeystoreEntry {
    const keystore = this.unlocked();
    return refusingKeystoreErrors(() => keystore.entry(handle));
  }

  async createCa(args: CallArgs<'certs.createCa'>): Promise<KeystoreEntryView> {
    return this.changed(await createCa(args, this.issuing()));
  }

  async issue(args: CallArgs<'certs.issue'>): Promise<KeystoreEntryView> {
    const issuing = this.issuing();
    return this.changed(await issueTppCertificate(args, this.entry(args.issuerHandle), issuing));
  }

  async import(args: CallArgs<'certs.import'>): Promise<KeystoreEntryView> {
    return this.changed(await importFile(this.unlocked(), args));
  }

  async rename(handle: string, label: string): Promise<KeystoreEntryView> {
    this.entry(handle);
    return this.changed(await this.unlocked().rename(handle, label));
  }

  async remove(handle: string): Promise<KeystoreEntryView[]> {
    this.entry(handle);
    await this.unlocked().remove(handle);
    const entries = this.list();
    this.events.emit('certs.changed', entries);
    return entries;
  }

  exportCertificate(handle: string, format: 'pem' | 'der', includeChain = false): FileView {
    const entry = this.entry(handle);
    return certificateFile(this.unlocked(), entry, format, includeChain);
  }

  /** Begins the confirmation main obtains itself (key-export-confirmation.ts). */
  requestKeyExport(handle: string, format: 'pkcs8' | 'pkcs12'): KeyExportConfirmationView {
    const request = this.keyExportRequest(handle, format);
    const confirmer = this.requireConfirmer();
    return { mode: confirmer.mode, text: confirmer.begin(request) };
  }

  /**
   * Only on explicit request, only encrypted under a passphrase that meets the rule
   * (main/shared/export-passphrase.ts), only after the user confirmed it to main; a CA's key only
   * when asked for by name. Everything that can be refused is refused before the user is asked.
   */
  async exportPrivateKey(args: CallArgs<'certs.exportPrivateKey'>): Promise<FileView> {
    const request = this.keyExportRequest(args.handle, args.format);
    const weak = exportPassphraseProblem(args.passphrase);
    if (weak) {
      throw new CallRefused(`${weak} An export passphrase needs ${EXPORT_PASSPHRASE_RULE}.`);
    }
    if (request.kind === 'ca' && args.caName !== request.label) {
      throw new CallRefused(
        `'${request.label}' is a CA: its key is exported only when asked for by name ` +
          "(give the CA entry's label as caName).",
      );
    }
    const confirmer = this.requireConfirmer();
    if (!(await confirmer.confirm(request, args.confirmation))) {
      throw new CallRefused(
        confirmer.mode === 'dialog'
          ? 'The key export was not confirmed in the dialog.'
          : 'The key export was not confirmed: the code is wrong, used or expired. Request a new one.',
      );
    }
    // The keystore may have changed while the user decided.
    const entry = this.entry(args.handle);
    return privateKeyFile(this.unlocked(), entry, args.format, args.passphrase);
  }

  private keyExportRequest(handle: string, format: 'pkcs8' | 'pkcs12'): KeyExportRequest {
    const entry = this.entry(handle);
    if (!entry.hasPrivateKey) throw new CallRefused(`'${entry.label}' holds no private key.`);
    return { handle, label: entry.label, kind: entryView(entry).kind, format };
  }

  private requireConfirmer(): KeyExportConfirmer {
    if (!this.confirmer) {
      throw new CallRefused(
        'This host cannot confirm a private key export outside the view, so it exports none.',
      );
    }
    return this.confirmer;
  }

  registerInBank(handle: string): BankRegistrationView {
    const entry = this.entry(handle);
    return registerInBanks(this.unlocked(), entry, this.banks);
  }

  /** For the signer and mTLS in main only. */
  signingMaterial(handle: string): { certificate: Buffer; chain: Buffer[]; privateKey: KeyObject } {
    const keystore = this.unlocked();
    return refusingKeystoreErrors(() => {
      const chain = keystore.certificatesFor(handle);
      if (!chain[0]) throw new CallRefused(`Keystore entry ${handle} has no certificate.`);
      return { certificate: chain[0], chain, privateKey: keystore.privateKeyFor(handle) };
    });
  }

  private issuing(): IssuingContext {
    return {
      keystore: this.unlocked(),
      now: () => this.clock.now(),
      progress: (task, total) => (step, text) =>
        this.events.emit('certs.progress', { task, step, total, text }),
    };
  }

  private changed(entry: KeystoreEntry): KeystoreEntryView {
    this.events.emit('certs.changed', this.list());
    return entryView(entry);
  }
}
