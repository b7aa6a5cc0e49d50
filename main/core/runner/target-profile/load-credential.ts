/**
 * The files a target profile names, read below the profile's folder (files.ts: a regular file,
 * size-capped), and the credentials among them. A problem is collected naming the JSON path and
 * the file, never its content, so that every problem of a profile is reported at once.
 */
import type { KeyObject } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { importCertificateMaterial, importPkcs12 } from '../../certs/index.js';
import { FileRefused, readProfileFile } from './files.js';
import type { Credential } from './schema.js';

export interface LoadedCredential {
  certificates: Buffer[];
  key: KeyObject;
  /** Where it came from, for messages: the JSON path in the profile. */
  at: string;
}

/**
 * Where a `{ "keystore": "label" }` credential is found: the workbench keystore the host opened
 * (the UI's, or the CLI's with WORKBENCH_KEYSTORE_PASSPHRASE). It throws an Error whose message
 * says why the entry cannot be used (locked, unknown, no private key); without a resolver a
 * profile naming a keystore entry does not read, and says so.
 */
export type KeystoreCredentials = (
  reference: string,
) => Promise<{ certificates: Buffer[]; key: KeyObject }>;

/** Reads a profile's files; what is wrong with them is collected in `problems`. */
export interface ProfileFiles {
  problems: string[];
  /** The bytes of the file at `path` (relative to the profile's folder), or a problem at `at`. */
  read(path: string, at: string): Promise<Buffer | undefined>;
  /** What `parse` makes of the file at `path`, a failure naming the field and the file. */
  parsed<T>(path: string, at: string, parse: () => T): T | undefined;
}

export function profileFiles(baseDir: string): ProfileFiles {
  const problems: string[] = [];
  return {
    problems,
    async read(path, at) {
      const full = isAbsolute(path) ? path : resolve(baseDir, path);
      try {
        return await readProfileFile(full);
      } catch (error) {
        if (!(error instanceof FileRefused)) throw error;
        problems.push(
          error.unreadable
            ? `${at}: cannot read '${path}' (${error.unreadable})`
            : `${at}: '${path}' ${error.message}`,
        );
        return undefined;
      }
    },
    parsed(path, at, parse) {
      try {
        return parse();
      } catch (error) {
        problems.push(`${at}: '${path}': ${(error as Error).message}`);
        return undefined;
      }
    },
  };
}

/** The certificate and key a profile's credential names: a keystore entry, PKCS#12, or PEM files. */
export async function loadCredential(
  files: ProfileFiles,
  c: Credential,
  at: string,
  keystore: KeystoreCredentials | undefined,
): Promise<LoadedCredential | undefined> {
  if ('keystore' in c) {
    if (!keystore) {
      files.problems.push(
        `${at}/keystore: names the keystore entry '${c.keystore}', and no workbench keystore is open here`,
      );
      return undefined;
    }
    try {
      return { ...(await keystore(c.keystore)), at };
    } catch (error) {
      files.problems.push(`${at}/keystore: '${c.keystore}': ${(error as Error).message}`);
      return undefined;
    }
  }
  if ('pkcs12' in c) {
    const bytes = await files.read(c.pkcs12, `${at}/pkcs12`);
    if (!bytes) return undefined;
    const material = files.parsed(c.pkcs12, `${at}/pkcs12`, () =>
      importPkcs12(bytes, c.passphrase),
    );
    if (!material) return undefined;
    if (!material.privateKey || material.certificates.length === 0) {
      files.problems.push(`${at}/pkcs12: the PKCS#12 file holds no certificate with its key`);
      return undefined;
    }
    return { certificates: material.certificates, key: material.privateKey, at };
  }
  const [certBytes, keyBytes] = await Promise.all([
    files.read(c.certificate, `${at}/certificate`),
    files.read(c.key, `${at}/key`),
  ]);
  if (!certBytes || !keyBytes) return undefined;
  const certs = files.parsed(
    c.certificate,
    `${at}/certificate`,
    () => importCertificateMaterial(certBytes).certificates,
  );
  if (!certs) return undefined;
  if (certs.length === 0) {
    files.problems.push(`${at}/certificate: '${c.certificate}' holds no certificate`);
    return undefined;
  }
  const material = files.parsed(c.key, `${at}/key`, () =>
    importCertificateMaterial(keyBytes, {
      ...(c.passphrase !== undefined ? { passphrase: c.passphrase } : {}),
    }),
  );
  if (!material) return undefined;
  if (!material.privateKey) {
    files.problems.push(`${at}/key: '${c.key}' holds no private key`);
    return undefined;
  }
  return { certificates: certs, key: material.privateKey, at };
}
