/**
 * The keystore as the workbench runs it: locked until its passphrase is given (web host, once per
 * launch), or sealed by the host (Electron safeStorage), or kept in memory when the host keeps no
 * files. Issues test CAs, QWACs and QSealCs in main, imports and exports certificates, and
 * registers a TPP in the embedded banks. Nothing it returns carries key material (property 2).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import type { AtomicFileSystem } from '../../core/persistence/atomic-file.js';
import {
  CertificateImportError,
  Keystore,
  KeystoreError,
  createPassphraseSecretBox,
  createTestCa,
  exportCertificate,
  issueQsealc,
  issueQwac,
  psd2RoleOfOid,
  toPem,
  type CertificateDescription,
  type KeystoreEntry,
  type SecretBox,
} from '../../core/certs/index.js';
import { TPP_ROLE_BY_CERTIFICATE_ROLE, type TppRole } from '../../core/spec/enums.js';
import type { Clock } from '../../core/clock.js';
import { CallRefused } from '../dispatch.js';
import type { EventHub } from '../events.js';
import type { BankService } from './bank-service.js';
import type {
  BankRegistrationView,
  CallArgs,
  CertificateDetailsView,
  CertificateKind,
  FileView,
  KeystoreEntryView,
  KeystoreStatusView,
} from '../contract.js';

export interface KeystoreHostOptions {
  /** Folder of `keystore.json`; without one the keystore lives in memory for this launch. */
  dataDir?: string;
  /** A host-provided seal (Electron safeStorage): the keystore opens without a passphrase. */
  secretBox?: SecretBox;
  /** Opens the keystore at start (WORKBENCH_KEYSTORE_PASSPHRASE, for scripts and CI). */
  passphrase?: string;
}

const KEYSTORE_FILE = 'keystore.json';

/** Writes nothing: the in-memory keystore of a host that keeps no files. */
const memoryFileSystem: AtomicFileSystem = {
  writeFile: async () => undefined,
  rename: async () => undefined,
  rm: async () => undefined,
};

export class CertsService {
  private keystore: Keystore | undefined;
  private opening: Promise<Keystore> | undefined;
  private notice: string | undefined;
  private readonly path: string;
  /** Settles once a preset keystore (host seal, environment passphrase, memory) is open. */
  readonly ready: Promise<void>;

  constructor(
    private readonly options: KeystoreHostOptions,
    private readonly clock: Clock,
    private readonly events: EventHub,
    private readonly banks: BankService,
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
    })
      .then((keystore) => {
        this.keystore = keystore;
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

  /** The open keystore, or a refusal that says how to open it. */
  unlocked(): Keystore {
    if (!this.keystore) {
      throw new CallRefused(
        'The keystore is locked: enter its passphrase in Certificates (the first unlock creates it).',
      );
    }
    return this.keystore;
  }

  list(): KeystoreEntryView[] {
    return this.unlocked().list().map(entryView);
  }

  describe(handle: string): KeystoreEntryView {
    return entryView(this.entry(handle));
  }

  private entry(handle: string): KeystoreEntry {
    try {
      return this.unlocked().entry(handle);
    } catch (error) {
      if (error instanceof KeystoreError) throw new CallRefused(refusalText(error));
      throw error;
    }
  }

  async createCa(args: CallArgs<'certs.createCa'>): Promise<KeystoreEntryView> {
    const keystore = this.unlocked();
    const progress = this.progress('Create a test CA', 3);
    progress(1, 'Generating the root and issuing CA keys (RSA 3072 and 2048 bits)');
    const subject = { organizationName: args.organizationName, countryName: args.countryName };
    const ca = await createTestCa({
      rootSubject: { ...subject, commonName: `${args.commonName} Root` },
      intermediateSubject: { ...subject, commonName: args.commonName },
      now: this.clock.now(),
      validityDays: args.validityDays ?? 3650,
    });
    progress(2, 'Signing the CA certificates');
    const entry = await keystore.addKeyPair({
      label: args.label ?? args.commonName,
      privateKey: ca.intermediate.privateKey,
      certificates: [ca.intermediate.certificateDer, ca.root.certificateDer],
    });
    progress(3, 'Saved in the keystore');
    return this.changed(entry);
  }

  async issue(args: CallArgs<'certs.issue'>): Promise<KeystoreEntryView> {
    const keystore = this.unlocked();
    const issuer = this.entry(args.issuerHandle);
    if (!issuer.hasPrivateKey || !issuer.certificates[0]?.isCa) {
      throw new CallRefused(
        `'${issuer.label}' cannot issue certificates: choose a CA entry that holds its private key.`,
      );
    }
    const kindName = args.kind === 'qwac' ? 'QWAC' : 'QSealC';
    const progress = this.progress(`Issue a ${kindName}`, 3);
    progress(1, 'Generating the key pair (RSA 2048 bits)');
    const chain = keystore.certificatesFor(issuer.handle);
    const options = {
      issuer: { certificateDer: chain[0]!, privateKey: keystore.privateKeyFor(issuer.handle) },
      subject: {
        commonName: args.commonName,
        organizationName: args.organizationName,
        countryName: args.countryName,
        organizationIdentifier: args.organizationIdentifier,
      },
      roles: args.roles,
      ncaName: args.ncaName,
      ncaId: args.ncaId,
      now: this.clock.now(),
      validityDays: args.validityDays ?? 365,
      ...(args.dnsNames?.length ? { dnsNames: args.dnsNames } : {}),
    };
    const issued = await (args.kind === 'qwac' ? issueQwac(options) : issueQsealc(options));
    progress(2, `Signing the ${kindName} with '${issuer.label}'`);
    const entry = await keystore.addKeyPair({
      label: args.label ?? `${args.commonName} ${kindName}`,
      privateKey: issued.privateKey,
      certificates: [issued.certificateDer, ...chain],
    });
    progress(3, 'Saved in the keystore');
    return this.changed(entry);
  }

  async import(args: CallArgs<'certs.import'>): Promise<KeystoreEntryView> {
    const keystore = this.unlocked();
    const data = Buffer.from(args.dataBase64, 'base64');
    try {
      const entry = await keystore.importMaterial({
        data,
        ...(args.label ? { label: args.label } : {}),
        ...(args.passphrase ? { passphrase: args.passphrase } : {}),
      });
      return this.changed(entry);
    } catch (error) {
      const file = args.fileName ? `'${args.fileName}'` : 'The file';
      if (error instanceof CertificateImportError) {
        const todo: Record<string, string> = {
          'passphrase-required': 'Enter its passphrase and import again.',
          'wrong-passphrase': 'Check the passphrase and import again.',
          unrecognised: 'Choose a PEM, DER or PKCS#12 (.p12/.pfx) file.',
          malformed: 'The file is damaged; export it again from its source.',
          unsupported: 'Split the file so it holds one private key.',
        };
        throw new CallRefused(`${file} was not imported: ${error.message}. ${todo[error.code]}`);
      }
      if (error instanceof KeystoreError) throw new CallRefused(`${file}: ${refusalText(error)}`);
      throw error;
    }
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
    const certificates = this.unlocked().certificatesFor(handle);
    if (certificates.length === 0) throw new CallRefused(`'${entry.label}' has no certificate.`);
    const name = fileNameOf(entry.label);
    if (format === 'der') {
      return {
        fileName: `${name}.cer`,
        mimeType: 'application/pkix-cert',
        base64: exportCertificate(certificates[0]!, 'der').toString('base64'),
      };
    }
    const pem = (includeChain ? certificates : certificates.slice(0, 1)).map((der) => toPem(der));
    return {
      fileName: `${name}${includeChain ? '-chain' : ''}.pem`,
      mimeType: 'application/x-pem-file',
      base64: Buffer.from(pem.join('')).toString('base64'),
    };
  }

  /** Only on explicit request, only encrypted: the passphrase is required by the contract too. */
  exportPrivateKey(handle: string, format: 'pkcs8' | 'pkcs12', passphrase: string): FileView {
    const entry = this.entry(handle);
    if (passphrase.length < 8) {
      throw new CallRefused(
        'A private key is exported only encrypted: give a passphrase of at least 8 characters.',
      );
    }
    if (!entry.hasPrivateKey) throw new CallRefused(`'${entry.label}' holds no private key.`);
    const keystore = this.unlocked();
    const name = fileNameOf(entry.label);
    if (format === 'pkcs12') {
      return {
        fileName: `${name}.p12`,
        mimeType: 'application/x-pkcs12',
        base64: keystore.exportPkcs12(handle, passphrase).toString('base64'),
      };
    }
    return {
      fileName: `${name}.key.pem`,
      mimeType: 'application/x-pem-file',
      base64: Buffer.from(keystore.exportPrivateKeyEncrypted(handle, passphrase)).toString(
        'base64',
      ),
    };
  }

  /**
   * One click in the UI: the TPP of a certificate is registered in both embedded banks for the
   * roles its QCStatement grants, and the production bank trusts its CA chain.
   */
  registerInBank(handle: string): BankRegistrationView {
    const entry = this.entry(handle);
    const certificate = entry.certificates[0];
    if (!certificate) throw new CallRefused(`'${entry.label}' has no certificate.`);
    const organizationIdentifier = certificate.organizationIdentifier;
    if (!organizationIdentifier) {
      throw new CallRefused(
        `'${entry.label}' has no organizationIdentifier (2.5.4.97) in its subject: the bank ` +
          'registers TPPs by it. Issue a certificate with one.',
      );
    }
    const roles = [
      ...new Set(
        (certificate.psd2?.roles ?? [])
          .map((role) => psd2RoleOfOid(role.oid))
          .map((role) => (role ? TPP_ROLE_BY_CERTIFICATE_ROLE[role] : null))
          .filter((role): role is TppRole => role !== null),
      ),
    ].sort();
    if (roles.length === 0) {
      throw new CallRefused(
        `'${entry.label}' grants neither AISP nor PISP: its PSD2 QCStatement must name PSP_AI or ` +
          'PSP_PI. Issue a certificate with those roles.',
      );
    }
    const chainPem = this.caChainPem(entry);
    const name = certificate.organizationName ?? certificate.commonName ?? organizationIdentifier;
    for (const mode of ['sandbox', 'production'] as const) {
      this.banks.bank(mode).registry.add({ organizationIdentifier, name, roles });
    }
    this.banks.bank('production').trustStore.add(chainPem);
    return {
      organizationIdentifier,
      name,
      roles,
      registries: {
        sandbox: this.banks.registry('sandbox'),
        production: this.banks.registry('production'),
      },
      trustAnchors: this.banks.trustAnchors('production'),
    };
  }

  /** The CA certificates above an entry: its own chain, else a CA entry of the keystore that issued it. */
  private caChainPem(entry: KeystoreEntry): string {
    const keystore = this.unlocked();
    const own = keystore.certificatesFor(entry.handle);
    const chain = own.slice(1);
    if (chain.length === 0) {
      const issuer = entry.certificates[0]!.issuer;
      const ca = keystore
        .list()
        .find(
          (candidate) =>
            candidate.certificates[0]?.isCa && candidate.certificates[0].subject === issuer,
        );
      if (!ca) {
        throw new CallRefused(
          `The CA that issued '${entry.label}' (${issuer}) is not in the keystore, so the ` +
            'production bank cannot be told to trust it. Import the CA certificate, then register again.',
        );
      }
      chain.push(...keystore.certificatesFor(ca.handle));
    }
    return chain.map((der) => toPem(der)).join('');
  }

  /** For the signer and mTLS in main only. */
  signingMaterial(handle: string): { certificate: Buffer; chain: Buffer[]; privateKey: KeyObject } {
    const keystore = this.unlocked();
    try {
      const chain = keystore.certificatesFor(handle);
      if (!chain[0]) throw new CallRefused(`Keystore entry ${handle} has no certificate.`);
      return { certificate: chain[0], chain, privateKey: keystore.privateKeyFor(handle) };
    } catch (error) {
      if (error instanceof KeystoreError) throw new CallRefused(refusalText(error));
      throw error;
    }
  }

  private changed(entry: KeystoreEntry): KeystoreEntryView {
    this.events.emit('certs.changed', this.list());
    return entryView(entry);
  }

  private progress(task: string, total: number) {
    return (step: number, text: string) =>
      this.events.emit('certs.progress', { task, step, total, text });
  }
}

function refusalText(error: KeystoreError): string {
  if (error.code === 'unknown-handle') {
    return 'That keystore entry no longer exists; choose another certificate.';
  }
  return error.message;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function fileNameOf(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'certificate';
}

export function kindOf(certificate: CertificateDescription | undefined): CertificateKind {
  if (!certificate) return 'other';
  if (certificate.isCa) return 'ca';
  if (certificate.qcTypes.includes('web')) return 'qwac';
  if (certificate.qcTypes.includes('eseal')) return 'qsealc';
  return 'other';
}

function detailsView(description: CertificateDescription): CertificateDetailsView {
  return {
    serialNumber: description.serialNumber,
    subject: description.subject,
    issuer: description.issuer,
    ...(description.commonName !== undefined ? { commonName: description.commonName } : {}),
    ...(description.organizationName !== undefined
      ? { organizationName: description.organizationName }
      : {}),
    ...(description.countryName !== undefined ? { countryName: description.countryName } : {}),
    ...(description.organizationIdentifier !== undefined
      ? { organizationIdentifier: description.organizationIdentifier }
      : {}),
    notBefore: description.notBefore,
    notAfter: description.notAfter,
    isCa: description.isCa,
    keyUsage: description.keyUsage,
    extendedKeyUsage: description.extendedKeyUsage,
    subjectAltNames: description.subjectAltNames,
    qualified: description.qualified,
    qcTypes: description.qcTypes,
    ...(description.psd2
      ? {
          psd2: {
            roles: description.psd2.roles.map((role) => role.name),
            ncaName: description.psd2.ncaName,
            ncaId: description.psd2.ncaId,
          },
        }
      : {}),
    publicKey: {
      type: description.publicKey.type,
      ...(description.publicKey.bits !== undefined ? { bits: description.publicKey.bits } : {}),
      ...(description.publicKey.curve !== undefined ? { curve: description.publicKey.curve } : {}),
    },
    fingerprints: { ...description.fingerprints },
    warnings: description.warnings.map((warning) => ({ ...warning })),
  };
}

/** The renderer's view of an entry: details only, never key material. */
export function entryView(entry: KeystoreEntry): KeystoreEntryView {
  return {
    handle: entry.handle,
    label: entry.label,
    createdAt: entry.createdAt,
    kind: kindOf(entry.certificates[0]),
    hasPrivateKey: entry.hasPrivateKey,
    ...(entry.publicKey ? { publicKeyFingerprint: entry.publicKey.sha256Fingerprint } : {}),
    certificates: entry.certificates.map(detailsView),
  };
}
