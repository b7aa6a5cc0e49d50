/**
 * §5.2.7 "The bank may sign response bodies. The TPP should verify such signatures." With a
 * certificate and key (`workbench bank --sign-responses`), every answer of the pipeline carries a
 * Digest of its exact body bytes (§4.1, SHA-256), a Signature made as §5.2 makes a request's —
 * keyId `SN=<serial hex>,CA=<issuer RFC 2253>` (§5.2.3), rsa-sha256, the headers `digest` and
 * `x-request-id` when echoed (no `(request-target)`: a response has none) — and the bank's
 * certificate in ASPSP-Signature-Certificate (base64 DER), so a TPP can verify without
 * configuration; main/core/tpp/response-signature.ts is the workbench's own verifier of these.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import {
  BANK_CERTIFICATE_HEADER,
  SIGNATURE_ALGORITHM,
  buildKeyId,
  buildSignatureHeader,
  buildSigningString,
  computeDigest,
  headerLookup,
  readSigningCertificate,
  signRsaSha256,
  signingStringBytes,
  verifyRsaSha256,
} from '../../signature/index.js';
import { generateRsaKeyPair } from '../../certs/keys.js';
import { createTestCa, issueQsealc } from '../../certs/issue.js';
import type { BankResponse } from '../http/messages.js';

export type ResponseSigner = (response: BankResponse) => BankResponse;

/** The §5.2(4) headers a response carries that are signed, in this order. */
const SIGNED_RESPONSE_HEADERS = ['digest', 'x-request-id'] as const;

/**
 * A signer for the bank's answers; throws (naming the problem) when the certificate cannot be read,
 * is not RSA (§5.2.3: rsa-sha256), or the key does not belong to it.
 */
export function createResponseSigner(material: {
  certificate: string | Buffer;
  key: string | Buffer | KeyObject;
}): ResponseSigner {
  const certificate = readSigningCertificate(material.certificate);
  if (certificate.keyType !== 'rsa')
    throw new Error(`the response signing certificate's key is ${certificate.keyType}, not RSA`);
  const key =
    typeof material.key === 'object' && 'asymmetricKeyType' in material.key
      ? material.key
      : createPrivateKey(material.key as string | Buffer);
  const keyId = buildKeyId({ serialNumber: certificate.serialNumber, issuer: certificate.issuer });
  const certificateHeader = certificate.der.toString('base64');
  const signer: ResponseSigner = (response) => {
    const headers: Record<string, string> = {
      ...response.headers,
      digest: computeDigest(Buffer.from(response.body, 'utf8')),
      [BANK_CERTIFICATE_HEADER]: certificateHeader,
    };
    const lookup = headerLookup(headers);
    const names = SIGNED_RESPONSE_HEADERS.filter((name) => lookup.has(name));
    const signingString = buildSigningString(names, { method: '', target: '', headers: lookup });
    headers.signature = buildSignatureHeader({
      keyId,
      algorithm: SIGNATURE_ALGORITHM,
      headers: [...names],
      signature: signRsaSha256(signingStringBytes(signingString), key).toString('base64'),
    });
    return { ...response, headers };
  };
  // A key of another certificate would sign answers no TPP can verify: refuse it at start.
  const probe = Buffer.from('response signing key check');
  if (!verifyRsaSha256(probe, signRsaSha256(probe, key), certificate.publicKey))
    throw new Error('the response signing key does not belong to the certificate');
  return signer;
}

export interface GeneratedResponseCertificate {
  certificatePem: string;
  key: KeyObject;
  /**
   * The test CA that issued the seal, then its root (PEM): what a TPP names as the bank's CA to
   * trust the seal by (the issuing CA is what a signer's certificate is checked against).
   */
  caPem: string;
}

/**
 * A seal for the bank made at start from a fresh test CA (as `--tls` makes its server
 * certificate, tls.ts): a QSealC of the bank itself (PSD2 role PSP_AS, ETSI TS 119 495).
 */
export async function generateResponseCertificate(): Promise<GeneratedResponseCertificate> {
  const ca = await createTestCa({ validityDays: 30, rootKey: await generateRsaKeyPair(2048) });
  const seal = await issueQsealc({
    issuer: ca.issuer,
    subject: {
      commonName: 'PSD2 Workbench bank',
      organizationName: 'PSD2 Workbench bank',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-WORKBENCH',
    },
    roles: ['PSP_AS'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
    validityDays: 30,
  });
  return {
    certificatePem: seal.certificatePem,
    key: seal.privateKey,
    caPem: ca.intermediate.certificatePem + ca.root.certificatePem,
  };
}
