/**
 * Signature stage (§5.2): the shared verifier of main/core/signature, exactly; any
 * failure answers 400 with a text naming the failed part. Certificates are cached per header value.
 * Certificate validity is not checked here: production checks it in the certificate stage (403),
 * the sandbox accepts any well-formed certificate whose signature verifies.
 */
import {
  verifySignedRequest,
  type SigningCertificateCache,
  type VerificationFailure,
} from '../../signature/index.js';
import { bankError, type ErrorCode } from '../../spec/errors.js';
import { isRejection, reject } from '../http/refusal.js';
import type { Stage } from '../context/request-context.js';
import { applySignatureFaults, faultyFailureAnswer } from './signature-faults.js';

/** The header a failed part lives in, for the TppMessage `path`. */
const HEADER_OF_PART: Readonly<Record<VerificationFailure['part'], string>> = {
  signature: 'Signature',
  keyId: 'Signature',
  algorithm: 'Signature',
  headers: 'Signature',
  digest: 'Digest',
  certificate: 'TPP-Signature-Certificate',
};

/**
 * Well-formed but wrong (it does not verify, or does not match the certificate or the request):
 * BAD_REQUEST. Everything else is a header that cannot be read: FORMAT_ERROR. Missing headers are
 * HTTP_HEADER_REQUIRED. All are 400 (§7.3: the spec's own status wins, decisions.md).
 */
const NOT_VERIFIED = new Set([
  'signature-mismatch',
  'signature-length',
  'mismatch',
  'serial-mismatch',
  'issuer-mismatch',
  'not-signed',
  'listed-but-absent',
  'certificate-key',
]);

export function errorCodeOf(failure: VerificationFailure): ErrorCode {
  if (failure.reason === 'missing' || failure.reason === 'header-missing')
    return 'HTTP_HEADER_REQUIRED';
  return NOT_VERIFIED.has(failure.reason) ? 'BAD_REQUEST' : 'FORMAT_ERROR';
}

export function signatureStage(cache: SigningCertificateCache): Stage {
  return (ctx) => {
    if (!ctx.route!.signed) return ctx;
    const { method, target, headers, body } = ctx.request;
    // BankRequest.headers: lower-case names, one string a field (http/messages.ts).
    const input = applySignatureFaults(ctx, {
      method,
      target,
      headers,
      lowerCaseHeaders: true,
      body,
      cache,
    });
    if (isRejection(input)) return input;
    const result = verifySignedRequest(input);
    if (!result.ok) {
      const { failure } = result;
      const faulty = faultyFailureAnswer(ctx, failure.reason, failure.part);
      const rejection = reject(
        `signature.${failure.part}.${failure.reason}`,
        bankError(
          faulty.code ?? errorCodeOf(failure),
          `Signature check failed (${failure.part}): ${failure.text}`,
          {
            path: HEADER_OF_PART[failure.part],
            ...(faulty.status ? { status: faulty.status } : {}),
          },
        ),
      );
      if (failure.forensics) rejection.forensics = failure.forensics;
      return rejection;
    }
    ctx.signature = {
      certificate: result.certificate,
      signedHeaderNames: result.signedHeaderNames,
      rfc2047: result.rfc2047,
    };
    return ctx;
  };
}
