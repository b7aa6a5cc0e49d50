import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeCertificate,
  issuesCertificates,
  type CertificateWarningCode,
} from '../../../main/core/certs/describe.js';
import {
  issueQsealc,
  issueServerCertificate,
  type IssuedCertificate,
} from '../../../main/core/certs/issue.js';
import { generateRsaKeyPairSync } from '../../../main/core/certs/keys.js';
import {
  makeTestPki,
  openssl,
  opensslText,
  scratchDirectory,
  TPP_SUBJECT,
  type TestPki,
} from './helpers.js';

let pki: TestPki;
let expired: IssuedCertificate;
let weak: IssuedCertificate;
let server: IssuedCertificate;
const scratch = scratchDirectory();
const codes = (warnings: { code: CertificateWarningCode }[]): CertificateWarningCode[] =>
  warnings.map((w) => w.code);

beforeAll(async () => {
  pki = await makeTestPki();
  const common = {
    issuer: pki.ca.issuer,
    subject: TPP_SUBJECT,
    roles: ['PSP_AI'] as const,
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  };
  expired = await issueQsealc({
    ...common,
    keyPair: pki.keys.tpp,
    notBefore: new Date('2020-01-01T00:00:00Z'),
    notAfter: new Date('2021-01-01T00:00:00Z'),
  });
  weak = await issueQsealc({ ...common, keyPair: generateRsaKeyPairSync(1024) });
  server = await issueServerCertificate({ issuer: pki.ca.issuer, keyPair: pki.keys.tls });
});
afterAll(() => scratch.cleanup());

describe('describeCertificate', () => {
  it('agrees with OpenSSL on serial, issuer, subject and fingerprints', () => {
    const path = scratch.file('qsealc.pem', pki.qsealc.certificatePem);
    const description = describeCertificate(pki.qsealc.certificatePem);
    const field = (...args: string[]): string =>
      opensslText(['x509', '-in', path, '-noout', ...args]).replace(/^[^=]+=/, '');
    expect(description.serialNumber).toBe(field('-serial'));
    expect(description.issuer).toBe(field('-issuer', '-nameopt', 'RFC2253'));
    expect(description.subject).toBe(field('-subject', '-nameopt', 'RFC2253'));
    expect(description.fingerprints.sha1).toBe(field('-fingerprint', '-sha1'));
    expect(description.fingerprints.sha256).toBe(field('-fingerprint', '-sha256'));
  });

  it('reads PEM and DER alike and reports the PSD2 details, key and validity', () => {
    const fromDer = describeCertificate(pki.qsealc.certificateDer);
    expect(describeCertificate(pki.qsealc.certificatePem)).toEqual(fromDer);
    expect(fromDer).toMatchObject({
      organizationIdentifier: 'PSDNO-FSA-123456',
      commonName: 'Example TPP',
      organizationName: 'Example TPP AS',
      countryName: 'NO',
      psd2: {
        roles: [{ name: 'PSP_AI' }, { name: 'PSP_PI' }],
        ncaName: 'Finanstilsynet',
        ncaId: 'NO-FSA',
      },
      publicKey: { type: 'rsa', bits: 2048 },
      warnings: [],
    });
    expect(Date.parse(fromDer.notAfter)).toBeGreaterThan(Date.parse(fromDer.notBefore));
  });

  it('warns about an expired certificate, and one not yet valid, relative to `now`', () => {
    expect(codes(describeCertificate(expired.certificateDer).warnings)).toEqual(['expired']);
    expect(
      codes(
        describeCertificate(expired.certificateDer, { now: new Date('2020-06-01T00:00:00Z') })
          .warnings,
      ),
    ).toEqual([]);
    expect(
      codes(
        describeCertificate(expired.certificateDer, { now: new Date('2019-06-01T00:00:00Z') })
          .warnings,
      ),
    ).toEqual(['not-yet-valid']);
  });

  it('warns about a weak key', () => {
    const description = describeCertificate(weak.certificateDer);
    expect(codes(description.warnings)).toEqual(['weak-key']);
    expect(description.warnings[0]!.text).toContain('1024');
  });

  it('warns when the private key does not belong to the certificate', () => {
    expect(
      codes(
        describeCertificate(pki.qsealc.certificateDer, { privateKey: pki.keys.tpp.privateKey })
          .warnings,
      ),
    ).toEqual([]);
    expect(
      codes(
        describeCertificate(pki.qsealc.certificateDer, { privateKey: pki.keys.tls.privateKey })
          .warnings,
      ),
    ).toEqual(['key-mismatch']);
  });

  it('warns when an end-entity certificate has no PSD2 QCStatement or organizationIdentifier', () => {
    expect(codes(describeCertificate(server.certificateDer).warnings)).toEqual([
      'missing-psd2-qcstatement',
      'missing-organization-identifier',
    ]);
    expect(describeCertificate(server.certificateDer, { psd2Checks: false }).warnings).toEqual([]);
    // CA certificates are not TPP certificates: no PSD2 warnings.
    expect(describeCertificate(pki.ca.intermediate.certificateDer).warnings).toEqual([]);
    expect(describeCertificate(pki.ca.intermediate.certificateDer)).toMatchObject({
      isCa: true,
      pathLength: 0,
    });
  });

  it('warns that a self-signed certificate that issues nothing is no QWAC or QSealC', () => {
    // What `openssl req -x509` makes: basicConstraints cA, no keyUsage, no QCStatement.
    const pem = openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${scratch.dir}/self.key`,
      '-subj',
      '/C=NO/O=My TPP/CN=My TPP',
      '-days',
      '1',
    ]).toString();
    const description = describeCertificate(pem);
    expect(description).toMatchObject({ isCa: true, selfSigned: true });
    expect(issuesCertificates(description)).toBe(false);
    expect(codes(description.warnings)).toEqual([
      'self-signed',
      'missing-psd2-qcstatement',
      'missing-organization-identifier',
    ]);
    expect(description.warnings[0]!.text).toMatch(/^self-signed and not a CA that issues/);
    // A root CA is self-signed too, and may sign certificates: a CA, without warnings.
    const root = describeCertificate(pki.ca.root.certificateDer);
    expect(root).toMatchObject({ isCa: true, selfSigned: true });
    expect(issuesCertificates(root)).toBe(true);
    expect(root.warnings).toEqual([]);
    expect(describeCertificate(pki.ca.intermediate.certificateDer).selfSigned).toBe(false);
  });

  it('describes a certificate whose key is not RSA', () => {
    const pem = openssl([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      `${scratch.dir}/ec.key`,
      '-subj',
      '/C=NO/CN=EC',
      '-days',
      '1',
    ]).toString();
    expect(describeCertificate(pem, { psd2Checks: false })).toMatchObject({
      subject: 'CN=EC,C=NO',
      publicKey: { type: 'ec', curve: 'prime256v1' },
      warnings: [],
    });
  });
});
