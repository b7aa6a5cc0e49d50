import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCrl,
  crlPem,
  crlSignedBy,
  initialCrl,
  readCrl,
  revokeCertificate,
  revokedEntryDer,
  CrlError,
} from '../../../main/core/certs/crl.js';
import { createTestCa, issueQsealc, type TestCa } from '../../../main/core/certs/issue.js';
import { generateRsaKeyPairSync } from '../../../main/core/certs/keys.js';
import {
  makeTestPki,
  opensslText,
  scratchDirectory,
  TPP_SUBJECT,
  type TestPki,
} from './helpers.js';

let pki: TestPki;
let other: TestCa;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki();
  other = await createTestCa({
    rootKey: generateRsaKeyPairSync(),
    intermediateKey: generateRsaKeyPairSync(),
  });
});
afterAll(() => scratch.cleanup());

const intermediate = () => new X509Certificate(pki.ca.intermediate.certificateDer);

/** `openssl verify -crl_check`: its output, whether it passed or not. */
function opensslVerify(crl: Buffer, certificatePem: string): string {
  const crlFile = scratch.file('verify.crl.pem', crlPem(crl));
  const caFile = scratch.file('verify-ca.pem', pki.ca.chainPem);
  const leaf = scratch.file('verify-leaf.pem', certificatePem);
  try {
    return execFileSync(
      'openssl',
      ['verify', '-crl_check', '-CRLfile', crlFile, '-CAfile', caFile, leaf],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    ).toString();
  } catch (error) {
    const failed = error as { stdout: Buffer; stderr: Buffer };
    return failed.stdout.toString() + failed.stderr.toString();
  }
}

describe('CRL (RFC 5280 §5)', () => {
  it('the initial CRL is a v2 CRL OpenSSL reads: issuer, update times, CRL number 1, AKI, no entries', () => {
    const der = initialCrl(pki.ca.issuer);
    const text = opensslText(['crl', '-inform', 'DER', '-noout', '-text'], der);
    expect(text).toContain('Version 2 (0x1)');
    expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');
    expect(text).toContain(
      'Issuer: C = NO, O = PSD2 Workbench, CN = PSD2 Workbench Test Issuing CA',
    );
    expect(text).toMatch(/Next Update: /);
    expect(text).toMatch(/X509v3 CRL Number:\s+1\b/);
    expect(text).toContain('X509v3 Authority Key Identifier');
    expect(text).toContain('No Revoked Certificates.');
    const aki = /Authority Key Identifier:\s*(?:keyid:)?([0-9A-F:]+)/.exec(text)?.[1];
    const ski = opensslText(
      ['x509', '-noout', '-ext', 'subjectKeyIdentifier'],
      pki.ca.intermediate.certificatePem,
    );
    expect(ski).toContain(aki);
  });

  it('OpenSSL verifies the CRL signature with the issuing CA and refuses it with another CA', () => {
    const crlFile = scratch.file('sig.crl', initialCrl(pki.ca.issuer));
    /** `openssl crl -CAfile` says on stderr whether the signature verified. */
    const check = (ca: string) =>
      spawnSync('openssl', ['crl', '-inform', 'DER', '-in', crlFile, '-noout', '-CAfile', ca], {
        encoding: 'utf8',
      }).stderr;
    expect(check(scratch.file('good-ca.pem', pki.ca.intermediate.certificatePem))).toContain(
      'verify OK',
    );
    expect(check(scratch.file('wrong-ca.pem', other.intermediate.certificatePem))).toContain(
      'verify failure',
    );
  });

  it('reads back what it built, and the signature check names the CA that signed it', () => {
    const der = initialCrl(pki.ca.issuer, new Date('2026-01-10T12:00:00Z'));
    const crl = readCrl(der);
    expect(crl.crlNumber).toBe(1n);
    expect(crl.issuer).toBe(pki.ca.intermediate.subject);
    expect(crl.thisUpdate.toISOString()).toBe('2026-01-10T11:55:00.000Z');
    expect(crl.nextUpdate?.toISOString()).toBe('2026-02-09T11:55:00.000Z');
    expect(crl.revoked).toEqual([]);
    expect(crlSignedBy(crl, intermediate())).toBe(true);
    expect(crlSignedBy(crl, new X509Certificate(other.intermediate.certificateDer))).toBe(false);
    // One bit of the signed part changed: the signature no longer holds.
    const tampered = Buffer.from(der);
    tampered[crl.der.indexOf(crl.tbsDer) + crl.tbsDer.length - 3]! ^= 1;
    expect(crlSignedBy(readCrl(tampered), intermediate())).toBe(false);
  });

  it('reads PEM as well as DER; anything else is a CrlError naming the problem', () => {
    const der = initialCrl(pki.ca.issuer);
    expect(readCrl(crlPem(der)).der.equals(der)).toBe(true);
    expect(() => readCrl(Buffer.from('not a crl'))).toThrow(CrlError);
    expect(() => readCrl(pki.ca.intermediate.certificatePem)).toThrow(/no "X509 CRL" PEM block/);
    expect(() => readCrl(pki.ca.intermediate.certificateDer)).toThrow(CrlError);
  });

  it('revoking adds the serial with its reason and counts the CRL number up; OpenSSL then refuses that certificate and accepts another', async () => {
    const good = await issueQsealc({
      issuer: pki.ca.issuer,
      subject: TPP_SUBJECT,
      roles: ['PSP_AI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair: generateRsaKeyPairSync(),
    });
    const first = initialCrl(pki.ca.issuer);
    expect(opensslVerify(first, pki.qsealc.certificatePem)).toContain(': OK');
    const revoked = revokeCertificate({
      crl: first,
      issuer: pki.ca.issuer,
      certificate: pki.qsealc.certificatePem,
      reason: 'keyCompromise',
    });
    expect(revoked.crlNumber).toBe(2n);
    expect(revoked.serialNumber).toBe(pki.qsealc.serialNumber);
    const crl = readCrl(revoked.crl);
    expect(crl.revoked.map((entry) => [entry.serialNumber, entry.reason])).toEqual([
      [pki.qsealc.serialNumber, 'keyCompromise'],
    ]);
    const text = opensslText(['crl', '-inform', 'DER', '-noout', '-text'], revoked.crl);
    expect(text).toMatch(/X509v3 CRL Number:\s+2\b/);
    expect(text).toContain(`Serial Number: ${pki.qsealc.serialNumber}`);
    expect(text).toContain('Key Compromise');
    expect(opensslVerify(revoked.crl, pki.qsealc.certificatePem)).toContain('certificate revoked');
    expect(opensslVerify(revoked.crl, good.certificatePem)).toContain(': OK');

    // A second revocation keeps the first entry as it was.
    const again = revokeCertificate({
      crl: revoked.crl,
      issuer: pki.ca.issuer,
      certificate: good.certificateDer,
    });
    expect(again.crlNumber).toBe(3n);
    const both = readCrl(again.crl);
    expect(both.revokedDer[0]!.equals(crl.revokedDer[0]!)).toBe(true);
    expect(both.revoked[1]).toMatchObject({ serialNumber: good.serialNumber });
    expect(both.revoked[1]!.reason).toBeUndefined();
    expect(opensslVerify(again.crl, good.certificatePem)).toContain('certificate revoked');
  });

  it('a certificate on the CRL already leaves it unchanged and says since when', () => {
    const revoked = revokeCertificate({
      crl: initialCrl(pki.ca.issuer),
      issuer: pki.ca.issuer,
      certificate: pki.qsealc.certificatePem,
    });
    const repeat = revokeCertificate({
      crl: revoked.crl,
      issuer: pki.ca.issuer,
      certificate: pki.qsealc.certificatePem,
    });
    expect(repeat.crl.equals(revoked.crl)).toBe(true);
    expect(repeat.alreadyRevoked?.serialNumber).toBe(pki.qsealc.serialNumber);
  });

  it('refuses a certificate of another CA, a key that is not the CA’s, and a CRL of another CA', async () => {
    const foreign = await issueQsealc({
      issuer: other.issuer,
      subject: TPP_SUBJECT,
      roles: ['PSP_AI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair: generateRsaKeyPairSync(),
    });
    const crl = initialCrl(pki.ca.issuer);
    expect(() =>
      revokeCertificate({ crl, issuer: pki.ca.issuer, certificate: foreign.certificatePem }),
    ).toThrow(/was not issued by the CA/);
    expect(() =>
      revokeCertificate({
        crl,
        issuer: {
          certificateDer: pki.ca.issuer.certificateDer,
          privateKey: other.issuer.privateKey,
        },
        certificate: pki.qsealc.certificatePem,
      }),
    ).toThrow(/is not the key of the CA/);
    expect(() =>
      revokeCertificate({
        crl: initialCrl(other.issuer),
        issuer: pki.ca.issuer,
        certificate: pki.qsealc.certificatePem,
      }),
    ).toThrow(/CRL is not issued and signed by the CA/);
  });

  it('writes serials with the top bit set as positive INTEGERs, and GeneralizedTime from 2050', () => {
    const entry = revokedEntryDer('80FF', new Date('2051-03-01T00:00:00Z'));
    const der = buildCrl({
      issuer: pki.ca.issuer,
      crlNumber: 255n,
      thisUpdate: new Date('2050-06-01T00:00:00Z'),
      nextUpdate: new Date('2050-07-01T00:00:00Z'),
      revoked: [entry],
    });
    const crl = readCrl(der);
    expect(crl.revoked[0]?.serialNumber).toBe('80FF');
    expect(crl.revoked[0]?.revocationDate.toISOString()).toBe('2051-03-01T00:00:00.000Z');
    expect(crl.thisUpdate.toISOString()).toBe('2050-06-01T00:00:00.000Z');
    expect(crl.crlNumber).toBe(255n);
    const text = opensslText(['crl', '-inform', 'DER', '-noout', '-text'], der);
    expect(text).toContain('Serial Number: 80FF');
    expect(text).toContain('Last Update: Jun  1 00:00:00 2050 GMT');
    expect(() => revokedEntryDer('-01', new Date())).toThrow(/not a positive hex serial/);
  });
});
