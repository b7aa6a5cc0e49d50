/**
 * §5.2.7: the bank may sign responses and the TPP should verify them. The workbench checks a
 * response Signature with the same §5.2 primitives as requests, minus `(request-target)`: the
 * listed headers in order, the Digest over the exact response body, keyId against the bank's
 * certificate (configured for the target, or sent as `ASPSP-Signature-Certificate`).
 */
import {
  BANK_CERTIFICATE_HEADER,
  buildSigningString,
  decodeRfc2047,
  headerLookup,
  matchKeyIdIssuer,
  parseKeyId,
  parseSignatureHeader,
  readSigningCertificate,
  sameSerialNumber,
  signingStringBytes,
  verifyDigest,
  verifyRsaSha256,
} from '../signature/index.js';
import type { ResponseSignatureResult } from '../../shared/exchange.js';

export { BANK_CERTIFICATE_HEADER };

export function verifyResponseSignature(
  headers: Record<string, string>,
  body: Buffer,
  bankCertificate?: string | Buffer,
): ResponseSignatureResult {
  const raw = headers['signature'];
  if (raw === undefined) return { status: 'absent' };
  const decoded = decodeRfc2047(raw);
  if (!decoded.ok) return { status: 'invalid', reason: `Signature: ${decoded.text}` };
  const parsed = parseSignatureHeader(decoded.value);
  if (!parsed.ok) return { status: 'invalid', reason: `Signature: ${parsed.failure.text}` };
  const { keyId, headers: names, signature } = parsed.fields;

  const certificateSource = bankCertificate ?? headers[BANK_CERTIFICATE_HEADER];
  if (certificateSource === undefined) {
    return {
      status: 'unverifiable',
      reason: `the response is signed but no bank certificate is configured for this target and the response has no ${BANK_CERTIFICATE_HEADER} header`,
    };
  }
  let certificate;
  try {
    certificate = readSigningCertificate(certificateSource);
  } catch (error) {
    return { status: 'unverifiable', reason: `bank certificate: ${(error as Error).message}` };
  }
  const key = parseKeyId(keyId);
  if (!key.ok) return { status: 'invalid', reason: `keyId: ${key.text}` };
  if (!sameSerialNumber(key.keyId.serialNumber, certificate.serialNumber)) {
    return {
      status: 'invalid',
      reason: `keyId SN ${key.keyId.serialNumber} is not the bank certificate's serial ${certificate.serialNumber}`,
    };
  }
  // The issuer compared as a distinguished name, as the bank compares a TPP's keyId (§5.2.3).
  const issuer = matchKeyIdIssuer(key.keyId.issuer, certificate.issuerName);
  if (!issuer.ok) return { status: 'invalid', reason: `keyId CA: ${issuer.text}` };
  const lookup = headerLookup(headers);
  if (lookup.has('digest')) {
    const digest = verifyDigest(lookup.get('digest'), body);
    if (!digest.ok) return { status: 'invalid', reason: `Digest: ${digest.text}` };
    if (!names.includes('digest'))
      return { status: 'invalid', reason: 'the response Digest is not among the signed headers' };
  }
  let signingString: string;
  try {
    signingString = buildSigningString(
      names.filter((n) => n !== '(request-target)'),
      { method: '', target: '', headers: lookup },
    );
  } catch (error) {
    return { status: 'invalid', reason: (error as Error).message };
  }
  const ok = verifyRsaSha256(
    signingStringBytes(signingString),
    Buffer.from(signature, 'base64'),
    certificate.publicKey,
  );
  return ok
    ? { status: 'valid', keyId, signedHeaderNames: names }
    : {
        status: 'invalid',
        reason: 'the RSA-SHA256 signature does not match the signed response headers',
      };
}
