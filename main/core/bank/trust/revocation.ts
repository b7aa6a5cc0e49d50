/**
 * The CRLs the bank knows (`workbench bank --crl`): production mode refuses a certificate whose
 * serial is on the CRL of its issuing CA (§1: the TPP's certificate is "checked against central
 * registries on production calls"; decisions.md "Ambiguities decided"), and the bank publishes
 * each CRL at /pki/<ca>.crl (pki.ts) for a TPP's own toolchain.
 *
 * A CRL counts only when a CA of the trust store issued and signed it (crl.ts `crlSignedBy`). A
 * CRL given as a file is read again when the file changes (checked on each use: one stat), so a
 * `workbench certs revoke` against a running bank counts from its next request. A changed file
 * that cannot be used (unreadable, not signed by its CA) leaves the CRL read before in force and
 * says so once through `log`. A CRL past its nextUpdate still counts: what it lists stays revoked
 * (RFC 5280 §3.3: a revocation is not undone), and the bank clock may be moved days ahead.
 */
import { readFileSync, statSync } from 'node:fs';
import type { X509Certificate } from 'node:crypto';
import { crlSignedBy, readCrl, type Crl, type RevokedEntry } from '../../certs/crl.js';
import type { TrustStore } from './trust-store.js';

export interface Revocation {
  entry: RevokedEntry;
  /** Where the CRL came from (its file), and its cRLNumber. */
  source: string;
  crlNumber: bigint | undefined;
}

interface KnownCrl {
  source: string;
  crl: Crl;
  /** The CRL's entries by serial: a check is one lookup however long the CRL grows. */
  bySerial: Map<string, RevokedEntry>;
  /** The SHA-256 fingerprint of the trusted CA that signed it. */
  caFingerprint: string;
  /** A file's identity when read (mtime, size, inode); undefined for a CRL given as bytes. */
  version?: string;
  /** The last change of the file that could not be used (said once). */
  refused?: string;
}

export interface RevocationListsOptions {
  trustStore: TrustStore;
  /** Lines for the operator (a changed CRL file read, or refused). */
  log?: (line: string) => void;
}

export class RevocationLists {
  private readonly known: KnownCrl[] = [];
  private readonly trustStore: TrustStore;
  private readonly log: (line: string) => void;

  constructor(options: RevocationListsOptions) {
    this.trustStore = options.trustStore;
    this.log = options.log ?? (() => undefined);
  }

  /** The trusted CA that signed `crl`; throws naming the problem when there is none. */
  private issuerOf(crl: Crl): X509Certificate {
    const ca = this.trustStore.certificates().find((candidate) => crlSignedBy(crl, candidate));
    if (!ca)
      throw new Error(
        `the CRL of '${crl.issuer}' is not signed by a CA in the bank's trust store (--trust-ca)`,
      );
    return ca;
  }

  /** Adds a CRL (DER or PEM); throws (CrlError or Error) naming why it cannot be used. */
  add(input: Buffer | string, source = 'CRL'): Crl {
    const crl = readCrl(input);
    const ca = this.issuerOf(crl);
    this.known.push({ source, crl, bySerial: indexOf(crl), caFingerprint: ca.fingerprint256 });
    return crl;
  }

  /** Adds the CRL in a file, read again whenever the file changes. */
  addFile(path: string): Crl {
    const version = fileVersion(path);
    const crl = this.add(readFileSync(path), path);
    this.known[this.known.length - 1]!.version = version;
    return crl;
  }

  /** Re-reads the CRL files that changed since they were read. */
  private refresh(): void {
    for (const known of this.known) {
      if (known.version === undefined) continue;
      let version: string;
      try {
        version = fileVersion(known.source);
      } catch (error) {
        this.refuse(known, 'gone', (error as NodeJS.ErrnoException).code ?? String(error));
        continue;
      }
      if (version === known.version || version === known.refused) continue;
      try {
        const crl = readCrl(readFileSync(known.source));
        const ca = this.issuerOf(crl);
        Object.assign(known, {
          crl,
          bySerial: indexOf(crl),
          caFingerprint: ca.fingerprint256,
          version,
        });
        delete known.refused;
        this.log(
          `CRL ${known.source} read again: CRL number ${crl.crlNumber ?? 'none'}, ${crl.revoked.length} revoked.`,
        );
      } catch (error) {
        this.refuse(known, version, (error as Error).message);
      }
    }
  }

  private refuse(known: KnownCrl, version: string, why: string): void {
    if (known.refused === version) return;
    known.refused = version;
    this.log(
      `CRL ${known.source} changed but cannot be used (${why}); CRL number ${known.crl.crlNumber ?? 'none'} read before stays in force.`,
    );
  }

  /** The CRLs in force, each with the fingerprint of the CA that signed it. */
  current(): readonly { crl: Crl; caFingerprint: string; source: string }[] {
    this.refresh();
    return this.known;
  }

  /** Whether `ca`'s CRLs list the serial (keyId SN form: upper-case hex, §5.2.3). */
  revocationOf(ca: X509Certificate, serialNumber: string): Revocation | undefined {
    this.refresh();
    for (const { crl, bySerial, caFingerprint, source } of this.known) {
      if (caFingerprint !== ca.fingerprint256) continue;
      const entry = bySerial.get(serialNumber);
      if (entry) return { entry, source, crlNumber: crl.crlNumber };
    }
    return undefined;
  }

  get size(): number {
    return this.known.length;
  }
}

const indexOf = (crl: Crl) => new Map(crl.revoked.map((entry) => [entry.serialNumber, entry]));

/** What changes when a file is replaced or rewritten (a rename brings a new inode). */
function fileVersion(path: string): string {
  const stat = statSync(path);
  return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
}
