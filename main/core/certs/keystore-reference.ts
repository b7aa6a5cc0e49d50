/**
 * A keystore entry named from outside the keystore (a target profile's `{ "keystore": "…" }`
 * credential): by its handle, else by its label. The certificate and the key object go to main's
 * signer and transport only; the key is never exported. Shared by the UI's services (the keystore
 * the user unlocked) and the command line (the same file, opened with
 * WORKBENCH_KEYSTORE_PASSPHRASE), so a profile reads the same in both.
 */
import type { KeyObject } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Keystore, KeystoreError } from './keystore.js';
import { createPassphraseSecretBox } from './secret-box.js';

export interface KeystoreCredential {
  certificates: Buffer[];
  key: KeyObject;
}

/** The entry `reference` names (handle, else exactly one label), with its certificate and key. */
export function keystoreCredential(keystore: Keystore, reference: string): KeystoreCredential {
  const entries = keystore.list();
  const byHandle = entries.find((e) => e.handle === reference);
  const byLabel = entries.filter((e) => e.label === reference);
  if (!byHandle && byLabel.length > 1)
    throw new Error(
      `${byLabel.length} keystore entries are labelled '${reference}' (${byLabel.map((e) => e.handle).join(', ')}); name one by its handle`,
    );
  const entry = byHandle ?? byLabel[0];
  if (!entry)
    throw new Error(
      `the keystore has no entry with that label or handle (it holds ${entries.length}: see the Certificates view)`,
    );
  if (!entry.hasPrivateKey) throw new Error(`keystore entry '${entry.label}' has no private key`);
  const certificates = keystore.certificatesFor(entry.handle);
  if (certificates.length === 0)
    throw new Error(`keystore entry '${entry.label}' holds a key but no certificate`);
  return { certificates, key: keystore.privateKeyFor(entry.handle) };
}

export const KEYSTORE_FILE_NAME = 'keystore.json';

/**
 * The keystore in `dataDir` opened with `passphrase`, for a process without the UI (the command
 * line). Each way it cannot be opened is an Error saying what to do instead.
 */
export async function openKeystoreWithPassphrase(
  dataDir: string,
  passphrase: string | undefined,
): Promise<Keystore> {
  const path = join(dataDir, KEYSTORE_FILE_NAME);
  const present = await access(path).then(
    () => true,
    () => false,
  );
  if (!present)
    throw new Error(
      `there is no workbench keystore at ${path}; export the certificate and key as PEM files (Certificates view) and name the files instead`,
    );
  if (!passphrase)
    throw new Error(
      `the keystore at ${path} is locked: set WORKBENCH_KEYSTORE_PASSPHRASE to its passphrase, or export the certificate and key as PEM files and name the files instead`,
    );
  try {
    return await Keystore.open({ path, secretBox: createPassphraseSecretBox(passphrase) });
  } catch (error) {
    if (error instanceof KeystoreError && error.code === 'wrong-secret')
      throw new Error(`WORKBENCH_KEYSTORE_PASSPHRASE does not open the keystore at ${path}`);
    throw error;
  }
}
