/**
 * The keystore as the view knows it: lock status, entries (details only, never key material), the
 * one long operation that may run at a time with its progress, and the last result or error.
 */
import { create } from 'zustand';
import type {
  BankRegistrationView,
  CallArgs,
  CertificateProgressView,
  FileView,
  KeyExportConfirmationView,
  KeystoreEntryView,
  KeystoreStatusView,
} from '../../../main/api/contract';
import { api } from '../api';

interface CertificatesState {
  status?: KeystoreStatusView;
  entries: KeystoreEntryView[];
  /** Whether `entries` holds the keystore's list yet: an empty list is not "no certificates" before. */
  entriesLoaded: boolean;
  selected?: string;
  /** The running operation's name: forms are disabled while it runs (no double submit). */
  busy?: string;
  progress?: CertificateProgressView;
  /** What the last operation achieved, for the aria-live status line. */
  done?: string;
  error?: unknown;
  registration?: BankRegistrationView;
  loadStatus(): Promise<void>;
  unlock(passphrase: string): Promise<boolean>;
  loadEntries(): Promise<void>;
  select(handle: string | undefined): void;
  createCa(args: CallArgs<'certs.createCa'>): Promise<boolean>;
  issue(args: CallArgs<'certs.issue'>): Promise<boolean>;
  importFile(args: CallArgs<'certs.import'>): Promise<boolean>;
  exportCertificate(args: CallArgs<'certs.exportCertificate'>): Promise<FileView | undefined>;
  requestKeyExport(
    args: CallArgs<'certs.requestKeyExport'>,
  ): Promise<KeyExportConfirmationView | undefined>;
  exportPrivateKey(args: CallArgs<'certs.exportPrivateKey'>): Promise<FileView | undefined>;
  registerInBank(handle: string): Promise<boolean>;
  rename(handle: string, label: string): Promise<boolean>;
  remove(handle: string): Promise<void>;
  receivedEntries(entries: KeystoreEntryView[]): void;
  receivedStatus(status: KeystoreStatusView): void;
  receivedProgress(progress: CertificateProgressView): void;
}

export const useCertificatesStore = create<CertificatesState>((set, get) => {
  /** Runs one operation at a time; a second one while busy is ignored (no double submit). */
  async function run<T>(name: string, action: () => Promise<T>, done: (r: T) => string) {
    if (get().busy) return undefined;
    set({ busy: name, progress: undefined, error: undefined, done: undefined });
    try {
      const result = await action();
      set({ busy: undefined, progress: undefined, done: done(result) });
      return result;
    } catch (error) {
      set({ busy: undefined, progress: undefined, error });
      return undefined;
    }
  }
  // The label in quotes: it is the file's or the user's text ("Imported “Imported p12”." reads
  // as a verb and a name, not a stutter).
  const entryDone = (verb: string) => (entry: KeystoreEntryView) => {
    set({ selected: entry.handle });
    return `${verb} “${entry.label}”.`;
  };
  return {
    entries: [],
    entriesLoaded: false,
    async loadStatus() {
      try {
        const status = await api.call('keystore.status', {});
        set({ status });
        if (status.unlocked) await get().loadEntries();
      } catch (error) {
        set({ error });
      }
    },
    async unlock(passphrase) {
      const status = await run(
        'Unlocking the keystore',
        () => api.call('keystore.unlock', { passphrase }),
        () => 'The keystore is unlocked.',
      );
      if (!status) return false;
      set({ status });
      await get().loadEntries();
      return true;
    },
    async loadEntries() {
      try {
        set({ entries: await api.call('certs.list', {}), entriesLoaded: true });
      } catch (error) {
        set({ error });
      }
    },
    select: (handle) => set({ selected: handle, registration: undefined }),
    async createCa(args) {
      const entry = await run(
        'Creating the test CA',
        () => api.call('certs.createCa', args),
        entryDone('Created'),
      );
      return entry !== undefined;
    },
    async issue(args) {
      const entry = await run(
        `Issuing the ${args.kind === 'qwac' ? 'QWAC' : 'QSealC'}`,
        () => api.call('certs.issue', args),
        entryDone('Issued'),
      );
      return entry !== undefined;
    },
    async importFile(args) {
      const entry = await run(
        'Importing',
        () => api.call('certs.import', args),
        entryDone('Imported'),
      );
      return entry !== undefined;
    },
    exportCertificate: (args) =>
      run(
        'Exporting the certificate',
        () => api.call('certs.exportCertificate', args),
        (file) => `Saved ${file.fileName}.`,
      ),
    requestKeyExport: (args) =>
      run(
        'Asking for the confirmation of the key export',
        () => api.call('certs.requestKeyExport', args),
        (confirmation) => confirmation.text,
      ),
    exportPrivateKey: (args) =>
      run(
        'Exporting the encrypted private key',
        () => api.call('certs.exportPrivateKey', args),
        (file) => `Saved ${file.fileName} (encrypted with your passphrase).`,
      ),
    async registerInBank(handle) {
      const registration = await run(
        'Registering in the embedded bank',
        () => api.call('certs.registerInBank', { handle }),
        (r) =>
          `Registered ${r.organizationIdentifier} as ${r.roles.join(' and ')} in both embedded banks; the production bank trusts its CA.`,
      );
      if (registration) set({ registration });
      return registration !== undefined;
    },
    async rename(handle, label) {
      const entry = await run(
        'Renaming',
        () => api.call('certs.rename', { handle, label }),
        entryDone('Renamed to'),
      );
      return entry !== undefined;
    },
    async remove(handle) {
      const entries = await run(
        'Removing',
        () => api.call('certs.remove', { handle }),
        () => 'Removed the entry.',
      );
      if (entries) set({ entries, selected: undefined });
    },
    receivedEntries: (entries) => set({ entries, entriesLoaded: true }),
    receivedStatus: (status) => set({ status }),
    receivedProgress: (progress) => set({ progress }),
  };
});

/** Entries that can issue certificates: CAs with their private key. */
export function issuers(entries: KeystoreEntryView[]): KeystoreEntryView[] {
  return entries.filter((e) => e.kind === 'ca' && e.hasPrivateKey);
}

/** Entries that can sign or present mTLS: a certificate with its private key. */
export function withPrivateKey(
  entries: KeystoreEntryView[],
  kind?: KeystoreEntryView['kind'],
): KeystoreEntryView[] {
  return entries.filter(
    (e) => e.hasPrivateKey && e.certificates.length > 0 && (!kind || e.kind === kind),
  );
}
