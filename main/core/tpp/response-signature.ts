/**
 * §5.2.7: the bank may sign responses and the TPP should verify them. The workbench checks a
 * response Signature with the same §5.2 primitives as requests, minus `(request-target)`: the
 * listed headers in order, the Digest over the exact response body, keyId against the signer's
 * certificate (sent as `ASPSP-Signature-Certificate`, or the bank's configured one).
 *
 * A signature proves nothing by itself: anyone between the TPP and the bank can re-sign a changed
 * body with a certificate of their own and send that certificate along. So the signer is judged
 * against a trust anchor the target names — the bank's signing certificate(s) or the CA that
 * issues them. A signer that is neither makes the signature invalid, naming both certificates;
 * without any anchor a signature that verifies is `untrusted` ("signature verifies, signer not
 * trusted"), never `valid`.
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
  type SigningCertificate,
} from '../signature/index.js';
import type { ResponseSignatureResult } from '../../shared/exchange.js';

export { BANK_CERTIFICATE_HEADER };

/** What a response signer must be to be trusted: one of these certificates, or issued by a CA. */
export interface ResponseSignatureTrust {
  /** The bank's response-signing certificate(s), one certificate each (PEM or DER). */
  certificates?: readonly (string | Buffer)[];
  /** CA certificate(s) that issue the bank's signing certificate, one each (PEM or DER). */
  cas?: readonly (string | Buffer)[];
  /**
   * Without certificates or CAs: the first signer seen, kept by the caller for the whole run
   * (filled in here). A signer that changes during a run is someone else's signature on part of
   * the answers, so an answer signed by another certificate than the first is invalid.
   */
  firstSigner?: { fingerprint?: string; description?: string };
}

/** `CN=…,O=… (SHA-256 AB:CD:…)`: how a certificate is named in a verdict. */
export function certificateName(certificate: SigningCertificate): string {
  return `${certificate.subject} (SHA-256 ${certificate.x509.fingerprint256})`;
}

interface Anchors {
  certificates: SigningCertificate[];
  cas: SigningCertificate[];
}

/** The anchors of a trust object, read once per object (a client verifies every answer). */
const anchorCache = new WeakMap<ResponseSignatureTrust, Anchors | { problem: string }>();

function anchorsOf(trust: ResponseSignatureTrust): Anchors | { problem: string } {
  let anchors = anchorCache.get(trust);
  if (!anchors) anchorCache.set(trust, (anchors = readAnchors(trust)));
  return anchors;
}

function readAnchors(trust: ResponseSignatureTrust): Anchors | { problem: string } {
  const read = (list: readonly (string | Buffer)[] | undefined, what: string) =>
    (list ?? []).map((input, index) => {
      try {
        return readSigningCertificate(input);
      } catch (error) {
        throw new Error(`${what} ${index + 1}: ${(error as Error).message}`);
      }
    });
  try {
    return {
      certificates: read(trust.certificates, "the bank's signing certificate"),
      cas: read(trust.cas, "the bank's CA certificate"),
    };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** Why `signer` is not trusted by `anchors`, or undefined when it is. */
function distrust(signer: SigningCertificate, anchors: Anchors): string | undefined {
  const fingerprint = signer.x509.fingerprint256;
  if (anchors.certificates.some((c) => c.x509.fingerprint256 === fingerprint)) return undefined;
  for (const ca of anchors.cas) {
    if (ca.x509.fingerprint256 === fingerprint) return undefined;
    if (signer.x509.checkIssued(ca.x509) && signer.x509.verify(ca.publicKey)) return undefined;
  }
  const expected = [
    ...anchors.certificates.map((c) => `the bank's signing certificate ${certificateName(c)}`),
    ...anchors.cas.map((c) => `a certificate issued by the bank's CA ${certificateName(c)}`),
  ];
  return `signed by ${certificateName(signer)}, not by ${expected.join(' or ')}`;
}

/**
 * Verifies a response's Signature. `trust` names the bank's signing certificate(s) or CA(s); a
 * single certificate may be given directly.
 */
export function verifyResponseSignature(
  headers: Record<string, string>,
  body: Buffer,
  trust: ResponseSignatureTrust | string | Buffer = {},
): ResponseSignatureResult {
  const raw = headers['signature'];
  if (raw === undefined) return { status: 'absent' };
  const decoded = decodeRfc2047(raw);
  if (!decoded.ok) return { status: 'invalid', reason: `Signature: ${decoded.text}` };
  const parsed = parseSignatureHeader(decoded.value);
  if (!parsed.ok) return { status: 'invalid', reason: `Signature: ${parsed.failure.text}` };
  const { keyId, headers: names, signature } = parsed.fields;
  const key = parseKeyId(keyId);
  if (!key.ok) return { status: 'invalid', reason: `keyId: ${key.text}` };

  const anchors =
    typeof trust === 'string' || Buffer.isBuffer(trust)
      ? readAnchors({ certificates: [trust] })
      : anchorsOf(trust);
  if ('problem' in anchors) return { status: 'unverifiable', reason: anchors.problem };
  const anchored = anchors.certificates.length + anchors.cas.length > 0;
  const keyIdNames = (c: SigningCertificate) =>
    sameSerialNumber(key.keyId.serialNumber, c.serialNumber) &&
    matchKeyIdIssuer(key.keyId.issuer, c.issuerName).ok;

  // The signer: the certificate the response carries, else the configured one its keyId names.
  let signer: SigningCertificate;
  const sent = headers[BANK_CERTIFICATE_HEADER];
  if (sent !== undefined) {
    try {
      signer = readSigningCertificate(sent);
    } catch (error) {
      return {
        status: 'unverifiable',
        reason: `${BANK_CERTIFICATE_HEADER}: ${(error as Error).message}`,
      };
    }
  } else {
    const named = anchors.certificates.find(keyIdNames);
    if (named) signer = named;
    else if (anchors.certificates.length > 0)
      return {
        status: 'invalid',
        reason: `keyId "${keyId}" names none of ${anchors.certificates.map((c) => `the bank's signing certificate ${certificateName(c)}`).join(', ')}`,
      };
    else
      return {
        status: 'unverifiable',
        reason: `the response is signed but carries no ${BANK_CERTIFICATE_HEADER} header and no bank signing certificate is configured for this target`,
      };
  }

  if (!sameSerialNumber(key.keyId.serialNumber, signer.serialNumber)) {
    return {
      status: 'invalid',
      reason: `keyId SN ${key.keyId.serialNumber} is not the serial ${signer.serialNumber} of the signing certificate ${certificateName(signer)}`,
    };
  }
  // The issuer compared as a distinguished name, as the bank compares a TPP's keyId (§5.2.3).
  const issuer = matchKeyIdIssuer(key.keyId.issuer, signer.issuerName);
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
  const verifies = verifyRsaSha256(
    signingStringBytes(signingString),
    Buffer.from(signature, 'base64'),
    signer.publicKey,
  );
  if (!verifies)
    return {
      status: 'invalid',
      reason: `the RSA-SHA256 signature does not match the signed response headers (signer ${certificateName(signer)})`,
    };

  const verified = { keyId, signedHeaderNames: names, signer: certificateName(signer) };
  const first =
    typeof trust === 'object' && !Buffer.isBuffer(trust) ? trust.firstSigner : undefined;
  if (!anchored && first) {
    first.fingerprint ??= signer.x509.fingerprint256;
    first.description ??= verified.signer;
    if (first.fingerprint !== signer.x509.fingerprint256)
      return {
        status: 'invalid',
        reason: `the signer changed during the run: signed by ${verified.signer}, where earlier answers were signed by ${first.description}`,
      };
  }
  if (!anchored)
    return {
      status: 'untrusted',
      reason: `signature verifies, signer not trusted: ${verified.signer}; no bank signing certificate or CA is configured for this target`,
    };
  const why = distrust(signer, anchors);
  return why === undefined
    ? { status: 'valid', ...verified }
    : { status: 'invalid', reason: `the signature verifies but ${why}` };
}
