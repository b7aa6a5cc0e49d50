/**
 * §5.2.7: the TPP verifies a bank's response signature, judges its signer by the bank certificate
 * or CA the target names, and says exactly what it found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestCa,
  issueQsealc,
  type IssuedCertificate,
  type TestCa,
} from '../../../main/core/certs/index';
import {
  buildKeyId,
  buildSignatureHeader,
  buildSigningString,
  computeDigest,
  headerLookup,
  readSigningCertificate,
  signRsaSha256,
  signingStringBytes,
} from '../../../main/core/signature/index';
import {
  BANK_CERTIFICATE_HEADER,
  verifyResponseSignature,
} from '../../../main/core/tpp/response-signature';

let ca: TestCa;
let bank: IssuedCertificate;
let other: IssuedCertificate;
/** A certificate of someone else's CA with CN=rogue: what a man in the middle re-signs with. */
let rogue: IssuedCertificate;
beforeAll(async () => {
  ca = await createTestCa();
  const rogueCa = await createTestCa();
  const subject = {
    commonName: 'Bank',
    organizationName: 'Bank ASA',
    countryName: 'NO',
    organizationIdentifier: 'PSDNO-FSA-999999',
  };
  bank = await issueQsealc({
    issuer: ca.issuer,
    subject,
    roles: ['PSP_AS'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
  other = await issueQsealc({
    issuer: ca.issuer,
    subject,
    roles: ['PSP_AS'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
  rogue = await issueQsealc({
    issuer: rogueCa.issuer,
    subject: { ...subject, commonName: 'rogue' },
    roles: ['PSP_AS'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
});

/** The headers of a response signed by `signer`, with its certificate sent along. */
function withCertificate(body: string, signer: IssuedCertificate): Record<string, string> {
  return {
    ...signedResponse(body, signer),
    [BANK_CERTIFICATE_HEADER]: signer.certificateDer.toString('base64'),
  };
}

const fingerprint = (certificate: IssuedCertificate) =>
  readSigningCertificate(certificate.certificateDer).x509.fingerprint256;

/** A response signed the way §5.2 signs requests, without (request-target). */
function signedResponse(
  body: string,
  signer = bank,
  issuerAs: (issuer: string) => string = (issuer) => issuer,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-request-id': '0f8fad5b-d9cb-469f-a165-70867728950e',
    digest: computeDigest(Buffer.from(body)),
  };
  const names = ['digest', 'x-request-id'];
  const signingString = buildSigningString(names, {
    method: '',
    target: '',
    headers: headerLookup(headers),
  });
  const certificate = readSigningCertificate(signer.certificateDer);
  headers['signature'] = buildSignatureHeader({
    keyId: buildKeyId({
      serialNumber: certificate.serialNumber,
      issuer: issuerAs(certificate.issuer),
    }),
    algorithm: 'rsa-sha256',
    headers: names,
    signature: signRsaSha256(signingStringBytes(signingString), signer.privateKey).toString(
      'base64',
    ),
  });
  return headers;
}

describe('response signature verification', () => {
  const body = '{"transactionStatus":"ACSC"}';

  it('reports a valid signature against the bank certificate configured for the target', () => {
    expect(
      verifyResponseSignature(signedResponse(body), Buffer.from(body), bank.certificatePem),
    ).toMatchObject({
      status: 'valid',
      signedHeaderNames: ['digest', 'x-request-id'],
    });
  });

  it('without a trust anchor, a signature that verifies is only untrusted, never valid', () => {
    for (const signer of [bank, rogue]) {
      const result = verifyResponseSignature(withCertificate(body, signer), Buffer.from(body));
      expect(result).toMatchObject({
        status: 'untrusted',
        reason: expect.stringContaining('signature verifies, signer not trusted'),
      });
      expect(result).toMatchObject({ reason: expect.stringContaining(fingerprint(signer)) });
    }
  });

  it('trusts the certificate the bank sends when it is the configured one', () => {
    expect(
      verifyResponseSignature(withCertificate(body, bank), Buffer.from(body), {
        certificates: [bank.certificatePem],
      }),
    ).toMatchObject({ status: 'valid', signer: expect.stringContaining(fingerprint(bank)) });
  });

  it('a body re-signed by another certificate sent along is invalid, naming both certificates', () => {
    const tampered = '{"transactionStatus":"RJCT"}';
    const result = verifyResponseSignature(
      withCertificate(tampered, rogue),
      Buffer.from(tampered),
      {
        certificates: [bank.certificatePem],
      },
    );
    expect(result.status).toBe('invalid');
    const reason = (result as { reason: string }).reason;
    expect(reason).toContain('CN=rogue');
    expect(reason).toContain(fingerprint(rogue));
    expect(reason).toContain('CN=Bank');
    expect(reason).toContain(fingerprint(bank));
  });

  it('trusts a signer issued by the configured CA, and no other', () => {
    const trust = { cas: [ca.intermediate.certificatePem] };
    expect(
      verifyResponseSignature(withCertificate(body, other), Buffer.from(body), trust),
    ).toMatchObject({ status: 'valid' });
    const result = verifyResponseSignature(withCertificate(body, rogue), Buffer.from(body), trust);
    expect(result).toMatchObject({
      status: 'invalid',
      reason: expect.stringContaining("issued by the bank's CA"),
    });
    expect((result as { reason: string }).reason).toContain(fingerprint(rogue));
    // A CA alone cannot verify a response that does not carry its signer's certificate.
    expect(verifyResponseSignature(signedResponse(body), Buffer.from(body), trust)).toMatchObject({
      status: 'unverifiable',
    });
  });

  it('finds a body changed after signing (Digest)', () => {
    const result = verifyResponseSignature(
      signedResponse(body),
      Buffer.from('{"transactionStatus":"RJCT"}'),
      bank.certificatePem,
    );
    expect(result).toMatchObject({ status: 'invalid', reason: expect.stringMatching(/^Digest/) });
  });

  it('finds a signature made with another key than the bank certificate', () => {
    const result = verifyResponseSignature(
      signedResponse(body, other),
      Buffer.from(body),
      bank.certificatePem,
    );
    expect(result).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/names none of the bank's signing certificate CN=Bank/),
    });
  });

  it('reads keyId CA as a distinguished name: another spelling of the issuer verifies (§5.2.3)', () => {
    // The same issuer in forward order with spaces, as .NET writes it.
    const forward = (issuer: string) =>
      issuer
        .split(/(?<!\\),/)
        .reverse()
        .join(', ');
    expect(
      verifyResponseSignature(
        signedResponse(body, bank, forward),
        Buffer.from(body),
        bank.certificatePem,
      ),
    ).toMatchObject({ status: 'valid' });
  });

  it('finds a keyId CA that names another issuer than the configured certificate’s', () => {
    const result = verifyResponseSignature(
      signedResponse(body, bank, (issuer) => issuer.replace('CN=', 'CN=Other ')),
      Buffer.from(body),
      bank.certificatePem,
    );
    expect(result).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/CA=CN=Other /),
    });
    // Sent along, the certificate is the signer, and the keyId must name its issuer.
    const sent = {
      ...signedResponse(body, bank, (issuer) => issuer.replace('CN=', 'CN=Other ')),
      [BANK_CERTIFICATE_HEADER]: bank.certificateDer.toString('base64'),
    };
    expect(verifyResponseSignature(sent, Buffer.from(body), bank.certificatePem)).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/^keyId CA/),
    });
  });

  it('says when it cannot verify, and when there is nothing to verify', () => {
    expect(verifyResponseSignature(signedResponse(body), Buffer.from(body))).toMatchObject({
      status: 'unverifiable',
    });
    expect(
      verifyResponseSignature({ 'content-type': 'application/json' }, Buffer.from(body)),
    ).toEqual({ status: 'absent' });
  });
});
