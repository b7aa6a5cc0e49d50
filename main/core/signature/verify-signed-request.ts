/**
 * The bank's check of a signed request (§5.2, decisions.md "HTTP signatures"), as one pure
 * function.
 * Order: Signature header (RFC 2047-decoded, §5.2.6) → its parts (§5.2.3) → certificate
 * (TPP-Signature-Certificate, §5.2.2) → algorithm vs certificate key → keyId SN and CA vs the
 * certificate → required and listed headers (§5.2.4) → Digest over the body → signing string in
 * the listed order (§5.2.5) → RSA-SHA256. The first failure is returned with the part it concerns
 * and a text that names exactly what was wrong. node:crypto only; certificates are cached by the
 * header value.
 */
import type { X509Certificate } from 'node:crypto';
import {
  verifyDigest,
  type RawBody,
  type DigestAlgorithm,
  type DigestVerification,
} from './digest.js';
import {
  matchKeyIdIssuer,
  parseKeyId,
  sameSerialNumber,
  type KeyId,
  type KeyIdFailureReason,
} from './key-id.js';
import { decodeRfc2047, needsRfc2047, type Rfc2047Decoding } from './rfc2047.js';
import { verifyRsaSha256 } from './rsa-sha256.js';
import { diagnoseMismatch } from './signing-diagnosis.js';
import {
  checkSignedHeaders,
  defaultSignedHeaderNames,
  type SignedHeaderCheck,
} from './signed-headers.js';
import {
  REQUEST_TARGET,
  SIGNATURE_ALGORITHM,
  parseSignatureHeader,
  type SignatureHeaderFailureReason,
  type SignaturePart,
} from './signature-header.js';
import {
  CertificateParseError,
  SigningCertificateCache,
  readSigningCertificate,
  type SigningCertificate,
} from './signing-certificate.js';
import {
  LowerCaseHeaders,
  buildSigningString,
  headerLookup,
  signingStringBytes,
  type HeaderLookup,
  type HttpHeaders,
} from './signing-string.js';

export type VerificationFailurePart =
  'signature' | 'digest' | 'keyId' | 'headers' | 'algorithm' | 'certificate';

/** Machine-readable cause of a failure; `text` says it for humans. */
export type VerificationFailureReason =
  | 'missing' // Signature or TPP-Signature-Certificate header absent
  | `rfc2047-${Exclude<Rfc2047Decoding, { ok: true }>['reason']}`
  | 'rfc2047-required'
  | SignatureHeaderFailureReason
  | KeyIdFailureReason
  | 'unparseable'
  | 'certificate-key'
  | 'expired'
  | 'not-yet-valid'
  | 'serial-mismatch'
  | 'issuer-mismatch'
  | Exclude<SignedHeaderCheck, { ok: true }>['reason']
  | Exclude<DigestVerification, { ok: true }>['reason']
  | 'signature-length'
  | 'signature-mismatch';

export interface VerificationFailure {
  part: VerificationFailurePart;
  reason: VerificationFailureReason;
  /** Precise human text naming what was wrong. */
  text: string;
  /**
   * Signing-string forensics, set when the signature could be read but the headers list or the
   * RSA-SHA256 value was wrong: what the bank built from the TPP's list, and what would have been
   * right (the TPP's conformance report).
   */
  forensics?: SigningForensics;
}

export interface SigningForensics {
  /** The Signature's `headers`, as listed by the TPP. */
  listed: string[];
  /** The §5.2(5) signing string the bank built from `listed`; absent when a listed header is
   * missing. */
  built?: string;
  /**
   * The signing string over the headers §5.2(4) wants signed (keeping `(request-target)` when
   * listed): set when the list itself is wrong (a present header not signed, an absent one listed).
   */
  expected?: string;
  /** A signing string the signature does verify over (a known mistake found by the diagnosis). */
  verifying?: string;
}

export interface SignedRequest {
  /**
   * Compare the Digest with the body (default true). Only the bank's fault profiles turn it off,
   * to show what a bank that skips this comparison lets through.
   */
  compareDigest?: boolean;
  /**
   * Check the RSA-SHA256 signature value against the signing string (default true). Only the
   * bank's fault profiles turn it off, to show what a bank that skips verification lets through.
   */
  verifySignatureValue?: boolean;
  /** Present headers that need not be signed. Only the bank's fault profiles set this. */
  notRequiredSigned?: ReadonlySet<string>;
  method: string;
  /** Path and query exactly as on the request line. */
  target: string;
  headers: HttpHeaders;
  /**
   * `headers` has lower-case names and one string a field (BankRequest.headers): read in place
   * (LowerCaseHeaders) rather than copied into a lookup.
   */
  lowerCaseHeaders?: boolean;
  body?: RawBody;
  /** The signing certificate; defaults to the TPP-Signature-Certificate header. */
  certificate?: string | Buffer | X509Certificate;
  /** When given, the certificate must be valid at this instant (the bank's clock). */
  now?: Date;
  /** Defaults to a module-wide cache. */
  cache?: SigningCertificateCache;
  /** On a signature mismatch, try common mistakes to explain it (default true). */
  diagnose?: boolean;
}

export type SignedRequestVerification =
  | {
      ok: true;
      signingString: string;
      signedHeaderNames: string[];
      keyId: KeyId;
      certificate: SigningCertificate;
      /** Set when the request carried a Digest. */
      digestAlgorithm?: DigestAlgorithm;
      /** True when the Signature header was RFC 2047-wrapped. */
      rfc2047: boolean;
    }
  | { ok: false; failure: VerificationFailure };

const defaultCache = new SigningCertificateCache();

const fail = (
  part: VerificationFailurePart,
  reason: VerificationFailureReason,
  text: string,
  forensics?: SigningForensics,
): { ok: false; failure: VerificationFailure } => ({
  ok: false,
  failure: forensics ? { part, reason, text, forensics } : { part, reason, text },
});

/** The signing string over `names`, or undefined when a listed header is absent. */
function signingStringOf(
  names: readonly string[],
  request: SignedRequest,
  headers: HeaderLookup,
): string | undefined {
  try {
    return buildSigningString(names, { method: request.method, target: request.target, headers });
  } catch {
    return undefined;
  }
}

/** §5.2(4): what a list that leaves out a present header, or names an absent one, should have been.
 * */
function listForensics(
  listed: readonly string[],
  request: SignedRequest,
  headers: HeaderLookup,
): SigningForensics {
  const expectedNames = defaultSignedHeaderNames(headers, {
    includeRequestTarget: listed.includes(REQUEST_TARGET),
  });
  const built = signingStringOf(listed, request, headers);
  const expected = signingStringOf(expectedNames, request, headers);
  return {
    listed: [...listed],
    ...(built !== undefined ? { built } : {}),
    ...(expected !== undefined ? { expected } : {}),
  };
}

const PART_OF_SIGNATURE_PART: Readonly<Record<SignaturePart, VerificationFailurePart>> = {
  keyId: 'keyId',
  algorithm: 'algorithm',
  headers: 'headers',
  signature: 'signature',
};

/** The certificate against the signature's algorithm, the bank's clock and the keyId (§5.2.3). */
function certificateMismatch(
  request: SignedRequest,
  certificate: SigningCertificate,
  keyId: KeyId,
): ReturnType<typeof fail> | undefined {
  // §5.2.3: "The same algorithm as the certificate; rsa-sha256".
  if (certificate.keyType !== 'rsa') {
    return fail(
      'algorithm',
      'certificate-key',
      `Signature algorithm ${SIGNATURE_ALGORITHM} needs an RSA certificate; the certificate's key is ${certificate.keyType} (§5.2.3)`,
    );
  }

  if (request.now) {
    if (request.now.getTime() > certificate.notAfter.getTime()) {
      return fail(
        'certificate',
        'expired',
        `signing certificate expired at ${certificate.notAfter.toISOString()}`,
      );
    }
    if (request.now.getTime() < certificate.notBefore.getTime()) {
      return fail(
        'certificate',
        'not-yet-valid',
        `signing certificate is not valid before ${certificate.notBefore.toISOString()}`,
      );
    }
  }

  // §5.2.3 keyId: SN and CA name the certificate in TPP-Signature-Certificate (decisions.md).
  if (!sameSerialNumber(keyId.serialNumber, certificate.serialNumber)) {
    const decimal = BigInt('0x' + certificate.serialNumber.replace('-', '')).toString(10);
    return fail(
      'keyId',
      'serial-mismatch',
      keyId.serialNumber === decimal
        ? `keyId SN ${keyId.serialNumber} is the certificate's serial in decimal; §5.2.3 wants upper-case hexadecimal: SN=${certificate.serialNumber}`
        : `keyId SN ${keyId.serialNumber} is not the serial number of the certificate in TPP-Signature-Certificate (${certificate.serialNumber})`,
    );
  }
  // CA: the same distinguished name as the certificate's issuer, in any RFC 2253 spelling
  // (dn-match.ts); the bank's own spellings skip the parse.
  if (keyId.issuer !== certificate.issuer && keyId.issuer !== certificate.issuerUtf8) {
    const issuer = matchKeyIdIssuer(keyId.issuer, certificate.issuerName);
    if (!issuer.ok) return fail('keyId', 'issuer-mismatch', issuer.text);
  }
  return undefined;
}

export function verifySignedRequest(request: SignedRequest): SignedRequestVerification {
  const headers: HeaderLookup = request.lowerCaseHeaders
    ? new LowerCaseHeaders(request.headers as Readonly<Record<string, string>>)
    : headerLookup(request.headers);

  // §5.2.1: a request that must be signed and has no signature is refused.
  const rawSignature = headers.get('signature');
  if (rawSignature === undefined || rawSignature === '') {
    return fail(
      'signature',
      'missing',
      'Signature header is missing; the request must be signed (§5.2.1)',
    );
  }
  const decoded = decodeRfc2047(rawSignature);
  if (!decoded.ok)
    return fail('signature', `rfc2047-${decoded.reason}`, `Signature header: ${decoded.text}`);
  if (!decoded.wrapped && needsRfc2047(decoded.value)) {
    return fail(
      'signature',
      'rfc2047-required',
      'Signature header carries non-ASCII characters without RFC 2047 encoding; wrap the whole value as =?utf-8?B?…?= (§5.2.6)',
    );
  }

  const parsed = parseSignatureHeader(decoded.value);
  if (!parsed.ok) {
    const { failure } = parsed;
    const part =
      failure.part !== undefined && failure.part in PART_OF_SIGNATURE_PART
        ? PART_OF_SIGNATURE_PART[failure.part as SignaturePart]
        : 'signature';
    return fail(part, failure.reason, failure.text);
  }
  const { fields } = parsed;

  const keyIdParse = parseKeyId(fields.keyId);
  if (!keyIdParse.ok) return fail('keyId', keyIdParse.reason, keyIdParse.text);
  const { keyId } = keyIdParse;

  // §5.2.2: the certificate travels in TPP-Signature-Certificate.
  let certificate: SigningCertificate;
  try {
    if (request.certificate !== undefined) {
      certificate = readSigningCertificate(request.certificate);
    } else {
      const header = headers.get('tpp-signature-certificate');
      if (header === undefined || header === '') {
        return fail(
          'certificate',
          'missing',
          'TPP-Signature-Certificate header is missing; it carries the signing certificate (§5.2.2)',
        );
      }
      certificate = (request.cache ?? defaultCache).get(header);
    }
  } catch (error) {
    const detail = error instanceof CertificateParseError ? error.message : String(error);
    return fail('certificate', 'unparseable', `TPP-Signature-Certificate: ${detail}`);
  }

  const certificateFailure = certificateMismatch(request, certificate, keyId);
  if (certificateFailure) return certificateFailure;

  // §5.2.4 with decisions.md: what must be carried and signed, and nothing listed may be absent.
  const body = request.body;
  const hasBody = body !== undefined && body.length > 0;
  const headerCheck = checkSignedHeaders(fields.headers, headers, {
    hasBody,
    ...(request.notRequiredSigned ? { notRequiredSigned: request.notRequiredSigned } : {}),
  });
  if (!headerCheck.ok) {
    const part =
      headerCheck.reason === 'header-missing' && headerCheck.header === 'digest'
        ? 'digest'
        : 'headers';
    return fail(
      part,
      headerCheck.reason,
      headerCheck.text,
      headerCheck.reason === 'header-missing'
        ? undefined
        : listForensics(fields.headers, request, headers),
    );
  }

  // §4.1: Digest over the exact body bytes.
  let digestAlgorithm: DigestAlgorithm | undefined;
  const digestHeader = headers.get('digest');
  if (digestHeader !== undefined && request.compareDigest !== false) {
    const digest = verifyDigest(digestHeader, body);
    if (!digest.ok) return fail('digest', digest.reason, digest.text);
    digestAlgorithm = digest.algorithm;
  }

  // §5.2.5: the signing string in exactly the listed order.
  const signingString = buildSigningString(fields.headers, {
    method: request.method,
    target: request.target,
    headers,
  });
  const signature = Buffer.from(fields.signature, 'base64');
  const modulusBytes = Math.ceil((certificate.keyBits ?? 0) / 8);
  const verifyValue = request.verifySignatureValue !== false;
  if (verifyValue && modulusBytes && signature.length !== modulusBytes) {
    return fail(
      'signature',
      'signature-length',
      `Signature signature is ${signature.length} bytes; an RSA-SHA256 signature with the certificate's ${certificate.keyBits}-bit key is ${modulusBytes} bytes`,
    );
  }
  if (
    verifyValue &&
    !verifyRsaSha256(signingStringBytes(signingString), signature, certificate.publicKey)
  ) {
    const diagnosis =
      request.diagnose === false
        ? undefined
        : diagnoseMismatch(fields.headers, request, headers, signature, certificate);
    return fail(
      'signature',
      'signature-mismatch',
      `Signature does not verify with the certificate's public key over the signing string of headers '${fields.headers.join(' ')}' (§5.2.5)${diagnosis ? `: ${diagnosis.text}` : ''}`,
      {
        listed: [...fields.headers],
        built: signingString,
        ...(diagnosis ? { verifying: diagnosis.signingString } : {}),
      },
    );
  }

  return {
    ok: true,
    signingString,
    signedHeaderNames: fields.headers,
    keyId,
    certificate,
    ...(digestAlgorithm ? { digestAlgorithm } : {}),
    rfc2047: decoded.wrapped,
  };
}
