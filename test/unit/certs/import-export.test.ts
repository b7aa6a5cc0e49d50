import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateImportError,
  exportCertificate,
  exportPkcs12,
  exportPrivateKeyEncrypted,
  importCertificateMaterial,
  importDer,
  importPem,
  importPkcs12,
} from '../../../main/core/certs/import-export.js';
import { makeTestPki, openssl, opensslText, scratchDirectory, type TestPki } from './helpers.js';
import { TEST_KEY_PROTECTION_COST } from '../../support/key-protection-cost.js';

let pki: TestPki;
let opensslP12: Buffer;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki();
  // A PKCS#12 made by OpenSSL 3 with its defaults (PBES2/AES-256-CBC, PBKDF2-HMAC-SHA256, SHA-256 MAC).
  const keyPath = scratch.file(
    'tpp.key',
    pki.keys.tpp.privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
  const certPath = scratch.file('tpp.pem', pki.qsealc.certificatePem);
  const chainPath = scratch.file('chain.pem', pki.ca.chainPem);
  const out = `${scratch.dir}/tpp.p12`;
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    keyPath,
    '-in',
    certPath,
    '-certfile',
    chainPath,
    '-name',
    'Example QSealC',
    '-passout',
    'pass:correct horse',
    '-out',
    out,
  ]);
  opensslP12 = readFileSync(out);
});
afterAll(() => scratch.cleanup());

function importError(run: () => unknown): CertificateImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof CertificateImportError) return error;
    throw error;
  }
  throw new Error('expected an import error');
}

describe('import', () => {
  it('imports an OpenSSL PKCS#12 with the right passphrase: key, its certificate first, chain', () => {
    const material = importPkcs12(opensslP12, 'correct horse');
    expect(material.friendlyName).toBe('Example QSealC');
    expect(material.certificates).toHaveLength(3);
    expect(material.certificates[0]!.equals(pki.qsealc.certificateDer)).toBe(true);
    expect(
      material.certificates
        .slice(1)
        .map((der) => new X509Certificate(der).fingerprint256)
        .sort(),
    ).toEqual(
      [pki.ca.intermediate, pki.ca.root]
        .map((c) => new X509Certificate(c.certificateDer).fingerprint256)
        .sort(),
    );
    expect(
      new X509Certificate(material.certificates[0]!).checkPrivateKey(material.privateKey!),
    ).toBe(true);
  });

  it('refuses a wrong PKCS#12 passphrase with a clear error', () => {
    const error = importError(() => importPkcs12(opensslP12, 'wrong'));
    expect(error.code).toBe('wrong-passphrase');
    expect(error.message).toMatch(/passphrase is wrong/);
  });

  it('asks for a passphrase when the input can only be PKCS#12', () => {
    expect(importError(() => importCertificateMaterial(opensslP12)).code).toBe(
      'passphrase-required',
    );
    expect(
      importCertificateMaterial(opensslP12, { passphrase: 'correct horse' }).certificates,
    ).toHaveLength(3);
  });

  it('imports PEM chains with a key, and encrypted PEM keys with their passphrase', () => {
    const plain = importPem(
      pki.qsealc.certificatePem +
        pki.ca.chainPem +
        pki.keys.tpp.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(plain.certificates).toHaveLength(3);
    expect(plain.privateKey?.asymmetricKeyType).toBe('rsa');
    const encrypted = exportPrivateKeyEncrypted(pki.keys.tpp.privateKey, 'secret', 'pem');
    expect(importError(() => importPem(encrypted)).code).toBe('passphrase-required');
    expect(importError(() => importPem(encrypted, { passphrase: 'nope' })).code).toBe(
      'wrong-passphrase',
    );
    expect(
      importPem(encrypted, { passphrase: 'secret' }).privateKey?.equals(pki.keys.tpp.privateKey),
    ).toBe(true);
  });

  it('imports DER certificates and keys and refuses other bytes', () => {
    expect(
      importDer(pki.qsealc.certificateDer).certificates[0]!.equals(pki.qsealc.certificateDer),
    ).toBe(true);
    const keyDer = pki.keys.tpp.privateKey.export({ type: 'pkcs8', format: 'der' });
    expect(importDer(keyDer).privateKey?.equals(pki.keys.tpp.privateKey)).toBe(true);
    expect(importError(() => importDer(Buffer.from('not der'))).code).toBe('unrecognised');
  });
});

describe('export', () => {
  it('exports certificates as PEM and DER', () => {
    expect(exportCertificate(pki.qsealc.certificateDer, 'pem')).toBe(pki.qsealc.certificatePem);
    expect(
      exportCertificate(pki.qsealc.certificatePem, 'der').equals(pki.qsealc.certificateDer),
    ).toBe(true);
  });

  it('exports private keys only encrypted (PKCS#8), readable by OpenSSL with the passphrase only', () => {
    const pem = exportPrivateKeyEncrypted(pki.keys.tpp.privateKey, 'secret', 'pem');
    expect(pem).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
    const path = scratch.file('enc.pem', pem);
    expect(() => openssl(['pkey', '-in', path, '-passin', 'pass:wrong', '-noout'])).toThrow();
    openssl(['pkey', '-in', path, '-passin', 'pass:secret', '-noout']);
    expect(
      createPrivateKey({
        key: exportPrivateKeyEncrypted(pki.keys.tpp.privateKey, 'secret', 'der'),
        format: 'der',
        type: 'pkcs8',
        passphrase: 'secret',
      }).equals(pki.keys.tpp.privateKey),
    ).toBe(true);
    expect(() => exportPrivateKeyEncrypted(pki.keys.tpp.privateKey, '', 'pem')).toThrow(
      /passphrase/,
    );
  });

  it('exports PKCS#12 that OpenSSL reads with the passphrase and that imports back', () => {
    const p12 = exportPkcs12({
      privateKey: pki.keys.tpp.privateKey,
      certificates: [pki.qsealc.certificateDer, pki.ca.intermediate.certificatePem],
      passphrase: 'secret',
      friendlyName: 'QSealC',
      cost: TEST_KEY_PROTECTION_COST,
    });
    const path = scratch.file('out.p12', p12);
    const dump = opensslText(['pkcs12', '-in', path, '-passin', 'pass:secret', '-nokeys']);
    expect(dump).toContain('friendlyName: QSealC');
    expect(() => openssl(['pkcs12', '-in', path, '-passin', 'pass:wrong', '-nokeys'])).toThrow();
    const back = importPkcs12(p12, 'secret');
    expect(back.certificates[0]!.equals(pki.qsealc.certificateDer)).toBe(true);
    expect(back.privateKey?.equals(pki.keys.tpp.privateKey)).toBe(true);
    expect(() =>
      exportPkcs12({ privateKey: pki.keys.tpp.privateKey, certificates: [], passphrase: '' }),
    ).toThrow(/passphrase/);
  });
});
