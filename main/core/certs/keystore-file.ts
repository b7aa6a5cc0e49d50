/**
 * The keystore's file at rest: one JSON document, private keys sealed (secret-box.ts), certificates
 * as base64 DER, and a sealed check text that tells a wrong passphrase from a damaged file even
 * when the store holds no keys.
 */

export const KEYSTORE_FORMAT = 'psd2-workbench-keystore';
export const KEYSTORE_CHECK_TEXT = 'psd2-workbench keystore v1';

export interface StoredEntry {
  handle: string;
  label: string;
  createdAt: string;
  /** base64 of the sealed PKCS#8 DER, or null for a certificate-only entry. */
  privateKey: string | null;
  /** base64 DER. */
  certificates: string[];
}

export interface StoredFile {
  format: typeof KEYSTORE_FORMAT;
  version: 1;
  /** A sealed known text: tells a wrong passphrase from a damaged file, even with no keys. */
  check: string;
  entries: StoredEntry[];
}

/** Parses and validates the document; throws with what is wrong. */
export function parseStoredFile(text: string): StoredFile {
  const value: unknown = JSON.parse(text);
  const isString = (item: unknown): item is string => typeof item === 'string';
  if (typeof value !== 'object' || value === null) throw new Error('not a JSON object');
  const file = value as Partial<StoredFile>;
  if (file.format !== KEYSTORE_FORMAT) throw new Error(`format is not '${KEYSTORE_FORMAT}'`);
  if (file.version !== 1) throw new Error(`version ${String(file.version)} is not supported`);
  if (!isString(file.check)) throw new Error('no check value');
  if (!Array.isArray(file.entries)) throw new Error('no entries list');
  const handles = new Set<string>();
  for (const entry of file.entries as unknown[]) {
    const stored = entry as Partial<StoredEntry>;
    if (
      typeof entry !== 'object' ||
      entry === null ||
      !isString(stored.handle) ||
      !isString(stored.label) ||
      !isString(stored.createdAt) ||
      !(stored.privateKey === null || isString(stored.privateKey)) ||
      !Array.isArray(stored.certificates) ||
      !stored.certificates.every(isString)
    ) {
      throw new Error('an entry is malformed');
    }
    if (handles.has(stored.handle)) throw new Error(`handle ${stored.handle} appears twice`);
    handles.add(stored.handle);
  }
  return file as StoredFile;
}
