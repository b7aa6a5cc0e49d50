/** What the user is told when the keystore or an imported file is refused, and what to do next. */
import { CertificateImportError, KeystoreError } from '../../../core/certs/index.js';
import { CallRefused } from '../../dispatch.js';

export function refusalText(error: KeystoreError): string {
  if (error.code === 'unknown-handle') {
    return 'That keystore entry no longer exists; choose another certificate.';
  }
  return error.message;
}

/** Runs `read` on the keystore; a keystore error becomes a refusal the user can act on. */
export function refusingKeystoreErrors<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof KeystoreError) throw new CallRefused(refusalText(error));
    throw error;
  }
}

const IMPORT_ADVICE: Record<CertificateImportError['code'], string> = {
  'passphrase-required': 'Enter its passphrase and import again.',
  'wrong-passphrase': 'Check the passphrase and import again.',
  unrecognised: 'Choose a PEM, DER or PKCS#12 (.p12/.pfx) file.',
  malformed: 'The file is damaged; export it again from its source.',
  unsupported: 'Split the file so it holds one private key.',
};

/** An import that failed, refused with the file's name and what to do about it. */
export function importRefusal(error: unknown, fileName: string | undefined): unknown {
  const file = fileName ? `'${fileName}'` : 'The file';
  if (error instanceof CertificateImportError) {
    return new CallRefused(
      `${file} was not imported: ${error.message}. ${IMPORT_ADVICE[error.code]}`,
    );
  }
  if (error instanceof KeystoreError) return new CallRefused(`${file}: ${refusalText(error)}`);
  return error;
}
