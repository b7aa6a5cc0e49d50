/** Certificates and keys in and out of the keystore as files the user picks or saves. */
import {
  exportCertificate,
  toPem,
  type Keystore,
  type KeystoreEntry,
} from '../../../core/certs/index.js';
import { CallRefused } from '../../dispatch.js';
import type { CallArgs, FileView } from '../../contract/index.js';
import { importRefusal } from './refusals.js';

export async function importFile(
  keystore: Keystore,
  args: CallArgs<'certs.import'>,
): Promise<KeystoreEntry> {
  const data = Buffer.from(args.dataBase64, 'base64');
  try {
    return await keystore.importMaterial({
      data,
      ...(args.label ? { label: args.label } : {}),
      ...(args.passphrase ? { passphrase: args.passphrase } : {}),
    });
  } catch (error) {
    throw importRefusal(error, args.fileName);
  }
}

export function certificateFile(
  keystore: Keystore,
  entry: KeystoreEntry,
  format: 'pem' | 'der',
  includeChain: boolean,
): FileView {
  const certificates = keystore.certificatesFor(entry.handle);
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

/** Only encrypted; the service checked the passphrase and the confirmation (certs-service.ts). */
export function privateKeyFile(
  keystore: Keystore,
  entry: KeystoreEntry,
  format: 'pkcs8' | 'pkcs12',
  passphrase: string,
): FileView {
  if (!entry.hasPrivateKey) throw new CallRefused(`'${entry.label}' holds no private key.`);
  const name = fileNameOf(entry.label);
  if (format === 'pkcs12') {
    return {
      fileName: `${name}.p12`,
      mimeType: 'application/x-pkcs12',
      base64: keystore.exportPkcs12(entry.handle, passphrase).toString('base64'),
    };
  }
  return {
    fileName: `${name}.key.pem`,
    mimeType: 'application/x-pem-file',
    base64: Buffer.from(keystore.exportPrivateKeyEncrypted(entry.handle, passphrase)).toString(
      'base64',
    ),
  };
}

function fileNameOf(label: string): string {
  return label.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'certificate';
}
