/**
 * The TPP side of §5.2: adds Digest (when there is a body), TPP-Signature-Certificate (base64 DER)
 * and Signature to a request. Built only from the shared primitives in main/core/signature, so the
 * signer and the bank's verifier cannot drift apart.
 */
import type { X509Certificate } from 'node:crypto';
import {
  REQUEST_TARGET,
  SIGNATURE_ALGORITHM,
  bodyBytes,
  buildKeyId,
  buildSignatureHeader,
  buildSigningString,
  computeDigest,
  defaultSignedHeaderNames,
  encodeRfc2047,
  headerLookup,
  needsRfc2047,
  readSigningCertificate,
  signRsaSha256,
  signingStringBytes,
  targetOfUrl,
  type RawBody,
  type DigestAlgorithm,
  type HttpHeaders,
  type NonAsciiForm,
  type SigningCertificate,
  type SigningKey,
} from '../signature/index.js';

export interface SignRequestInput {
  method: string;
  /** Full URL; its path and query become the (request-target). Give this or `path`. */
  url?: string | URL;
  /** Path, optionally with `?query`, exactly as it will be sent. */
  path?: string;
  /** Query added to `path` (a string without '?', URLSearchParams or a record). */
  query?: string | URLSearchParams | Record<string, string>;
  headers: HttpHeaders;
  /** The body bytes that will be sent; a string is sent as UTF-8. */
  body?: RawBody;
  /** The TPP's private key (KeyObject or PEM), or a function that signs with it (keystore). */
  signingKey: SigningKey;
  /** The signing certificate (QSealC), PEM or DER. */
  certificate: string | Buffer | X509Certificate;
  digestAlgorithm?: DigestAlgorithm;
  /** List (request-target) first in `headers` (accepted by the bank, decisions.md). */
  includeRequestTarget?: boolean;
  /**
   * Sign exactly these lower-case names in this order instead of the §5.2.4 default — for suites
   * that probe the bank with deliberately wrong signatures. No completeness check is made.
   */
  signedHeaderNames?: readonly string[];
  /** keyId CA spelling of non-ASCII characters; 'utf8' makes the Signature RFC 2047-wrapped. */
  keyIdNonAscii?: NonAsciiForm;
}

export interface SignedRequestHeaders {
  /** The input headers plus Digest (with a body), TPP-Signature-Certificate and Signature. */
  headers: Record<string, string>;
  /** The exact bytes to send as the body (what the Digest covers). */
  body: Buffer | undefined;
  signingString: string;
  signedHeaderNames: string[];
  keyId: string;
  /** The Signature header value as sent (RFC 2047-wrapped when it had non-ASCII characters). */
  signature: string;
}

export class SignRequestError extends Error {
  override readonly name = 'SignRequestError';
}

const ADDED = ['digest', 'tpp-signature-certificate', 'signature'];

/**
 * A client signs every request with the same certificate object: parse it (X.509, RFC 2253
 * issuer for the keyId) once per object instead of once per request.
 */
const parsedCertificates = new WeakMap<object, SigningCertificate>();
function signingCertificateOf(input: SignRequestInput['certificate']): SigningCertificate {
  if (typeof input === 'string') return readSigningCertificate(input);
  let parsed = parsedCertificates.get(input);
  if (!parsed) {
    parsed = readSigningCertificate(input);
    parsedCertificates.set(input, parsed);
  }
  return parsed;
}

export function signRequest(input: SignRequestInput): SignedRequestHeaders {
  const target = requestTargetOf(input);
  const certificate = signingCertificateOf(input.certificate);
  if (certificate.keyType !== 'rsa') {
    throw new SignRequestError(
      `the signing certificate's key is ${certificate.keyType}; ${SIGNATURE_ALGORITHM} needs RSA (§5.2.3)`,
    );
  }

  // Start from the caller's headers without any stale copy of the three we add.
  const headers: Record<string, string> = {};
  for (const [name, value] of headerLookup(input.headers)) {
    if (!ADDED.includes(name)) headers[canonicalName(input.headers, name)] = value;
  }
  const body = input.body === undefined ? undefined : bodyBytes(input.body);
  if (body !== undefined) headers['Digest'] = computeDigest(body, input.digestAlgorithm);
  headers['TPP-Signature-Certificate'] = certificate.der.toString('base64');

  const lookup = headerLookup(headers);
  let names: string[];
  if (input.signedHeaderNames) {
    names = [...input.signedHeaderNames];
  } else {
    if (!lookup.has('x-request-id')) {
      throw new SignRequestError(
        'X-Request-ID is required on a signed request (§4.1); set it before signing',
      );
    }
    names = defaultSignedHeaderNames(lookup, { includeRequestTarget: input.includeRequestTarget });
  }
  if (input.includeRequestTarget && !names.includes(REQUEST_TARGET)) names.unshift(REQUEST_TARGET);

  let signingString: string;
  try {
    signingString = buildSigningString(names, { method: input.method, target, headers: lookup });
  } catch (error) {
    throw new SignRequestError((error as Error).message);
  }
  for (const char of signingString) {
    if (char.charCodeAt(0) > 0xff) {
      throw new SignRequestError(
        `a signed header value has '${char}', which is outside ISO-8859-1 and cannot be sent as a header byte`,
      );
    }
  }
  const signatureBytes = signRsaSha256(signingStringBytes(signingString), input.signingKey);
  const keyId = buildKeyId({
    serialNumber: certificate.serialNumber,
    issuer: input.keyIdNonAscii === 'utf8' ? certificate.issuerUtf8 : certificate.issuer,
  });
  const value = buildSignatureHeader({
    keyId,
    algorithm: SIGNATURE_ALGORITHM,
    headers: names,
    signature: signatureBytes.toString('base64'),
  });
  // §5.2.6: a value with ISO-8859-1/UTF-8 characters is sent RFC 2047-encoded as a whole.
  const signature = needsRfc2047(value) ? encodeRfc2047(value) : value;
  headers['Signature'] = signature;
  return { headers, body, signingString, signedHeaderNames: names, keyId, signature };
}

function requestTargetOf(input: SignRequestInput): string {
  if (input.url !== undefined) {
    if (input.path !== undefined) throw new SignRequestError('give either url or path, not both');
    return targetOfUrl(input.url);
  }
  if (input.path === undefined) throw new SignRequestError('url or path is required');
  if (input.query === undefined) return input.path;
  if (input.path.includes('?'))
    throw new SignRequestError('path already has a query; do not also give query');
  const query =
    typeof input.query === 'string'
      ? input.query.replace(/^\?/, '')
      : new URLSearchParams(input.query as Record<string, string>).toString();
  return query ? `${input.path}?${query}` : input.path;
}

/** Keeps the caller's spelling of a header name (first occurrence). */
function canonicalName(headers: HttpHeaders, lowerCaseName: string): string {
  return Object.keys(headers).find((name) => name.toLowerCase() === lowerCaseName) ?? lowerCaseName;
}
