import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCertificate } from '../../../main/core/certs/describe.js';
import { issueServerCertificate, type IssuedCertificate } from '../../../main/core/certs/issue.js';
import { generateRsaKeyPairSync } from '../../../main/core/certs/keys.js';
import { randomSerialNumber } from '../../../main/core/certs/serial-number.js';
import { makeTestPki, opensslText, scratchDirectory, type TestPki } from './helpers.js';

let pki: TestPki;
let server: IssuedCertificate;
const scratch = scratchDirectory();
const files: Record<string, string> = {};
beforeAll(async () => {
  pki = await makeTestPki();
  server = await issueServerCertificate({
    issuer: pki.ca.issuer,
    keyPair: generateRsaKeyPairSync(),
  });
  const all = {
    root: pki.ca.root,
    intermediate: pki.ca.intermediate,
    qwac: pki.qwac,
    qsealc: pki.qsealc,
    server,
  };
  for (const [name, certificate] of Object.entries(all))
    files[name] = scratch.file(`${name}.pem`, certificate.certificatePem);
});
afterAll(() => scratch.cleanup());

describe('test CA and issued certificates', () => {
  it('OpenSSL parses every certificate type', () => {
    for (const name of ['root', 'intermediate', 'qwac', 'qsealc', 'server']) {
      const text = opensslText(['x509', '-in', files[name]!, '-noout', '-text']);
      expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');
      expect(text).toContain('X509v3 Subject Key Identifier');
    }
  });

  it('OpenSSL verifies the chains and the purposes (QWAC: TLS client, server: TLS server)', () => {
    const verify = (purpose: string, leaf: string): string =>
      opensslText([
        'verify',
        '-purpose',
        purpose,
        '-CAfile',
        files['root']!,
        '-untrusted',
        files['intermediate']!,
        files[leaf]!,
      ]);
    expect(verify('sslclient', 'qwac')).toBe(`${files['qwac']}: OK`);
    expect(verify('sslserver', 'server')).toBe(`${files['server']}: OK`);
    expect(verify('any', 'qsealc')).toBe(`${files['qsealc']}: OK`);
    expect(() => verify('sslserver', 'qwac')).toThrow();
  });

  it('gives the CAs basicConstraints, keyUsage and key identifiers that chain', () => {
    const root = opensslText([
      'x509',
      '-in',
      files['root']!,
      '-noout',
      '-ext',
      'basicConstraints,keyUsage',
    ]);
    expect(root).toMatch(/Basic Constraints: critical\s+CA:TRUE/);
    expect(root).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    const intermediate = opensslText([
      'x509',
      '-in',
      files['intermediate']!,
      '-noout',
      '-ext',
      'basicConstraints',
    ]);
    expect(intermediate).toMatch(/CA:TRUE, pathlen:0/);
    const ski = (name: string): string =>
      opensslText(['x509', '-in', files[name]!, '-noout', '-ext', 'subjectKeyIdentifier'])
        .split('\n')[1]!
        .trim();
    const aki = (name: string): string =>
      opensslText(['x509', '-in', files[name]!, '-noout', '-ext', 'authorityKeyIdentifier'])
        .split('\n')[1]!
        .trim()
        .replace(/^keyid:/, '');
    expect(aki('intermediate')).toBe(ski('root'));
    expect(aki('qsealc')).toBe(ski('intermediate'));
  });

  it('gives the QWAC clientAuth + digitalSignature and the QSealC digitalSignature + nonRepudiation', () => {
    const qwac = describeCertificate(pki.qwac.certificateDer);
    expect(qwac).toMatchObject({
      isCa: false,
      keyUsage: ['digitalSignature'],
      extendedKeyUsage: ['clientAuth'],
      qcTypes: ['web'],
      qualified: true,
    });
    const qsealc = describeCertificate(pki.qsealc.certificateDer);
    expect(qsealc).toMatchObject({
      isCa: false,
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      extendedKeyUsage: [],
      qcTypes: ['eseal'],
    });
    expect(qsealc.subject).toBe(
      'CN=Example TPP,organizationIdentifier=PSDNO-FSA-123456,O=Example TPP AS,C=NO',
    );
  });

  it('gives the server certificate serverAuth and SAN localhost + 127.0.0.1', () => {
    const text = opensslText([
      'x509',
      '-in',
      files['server']!,
      '-noout',
      '-ext',
      'subjectAltName,extendedKeyUsage',
    ]);
    expect(text).toContain('DNS:localhost, IP Address:127.0.0.1');
    expect(text).toContain('TLS Web Server Authentication');
  });

  it('uses random positive 16-byte serials in upper-case hex', () => {
    for (let i = 0; i < 200; i++) {
      const serial = randomSerialNumber();
      expect(serial).toMatch(/^[0-7][0-9A-F]{31}$/);
      expect(serial.startsWith('00')).toBe(false);
    }
    expect(pki.qsealc.serialNumber).toMatch(/^[0-9A-F]{32}$/);
    expect(opensslText(['x509', '-in', files['qsealc']!, '-noout', '-serial'])).toBe(
      `serial=${pki.qsealc.serialNumber}`,
    );
    expect(pki.qsealc.serialNumber).not.toBe(pki.qwac.serialNumber);
  });
});
