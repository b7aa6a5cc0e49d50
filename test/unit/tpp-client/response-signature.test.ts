/** §5.2.7: the TPP verifies a bank's response signature and says exactly what it found. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestCa, issueQsealc, type IssuedCertificate } from '../../../main/core/certs/index';
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

let bank: IssuedCertificate;
let other: IssuedCertificate;
beforeAll(async () => {
  const ca = await createTestCa();
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
});

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

  it('uses the certificate the bank sends when none is configured', () => {
    const headers = {
      ...signedResponse(body),
      [BANK_CERTIFICATE_HEADER]: bank.certificateDer.toString('base64'),
    };
    expect(verifyResponseSignature(headers, Buffer.from(body))).toMatchObject({ status: 'valid' });
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
    expect(result).toMatchObject({ status: 'invalid', reason: expect.stringMatching(/keyId SN/) });
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

  it('finds a keyId CA that names another issuer, naming both', () => {
    const result = verifyResponseSignature(
      signedResponse(body, bank, (issuer) => issuer.replace('CN=', 'CN=Other ')),
      Buffer.from(body),
      bank.certificatePem,
    );
    expect(result).toMatchObject({ status: 'invalid', reason: expect.stringMatching(/^keyId CA/) });
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
