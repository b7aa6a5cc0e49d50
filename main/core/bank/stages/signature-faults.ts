/**
 * The signing faults the embedded bank can be put into (faults/signature.ts): each breaks one §5.2 rule the
 * way a real bank might, by adjusting what the verifier is shown or how a failure is answered.
 * The verifier itself stays exact.
 */
import {
  REQUEST_TARGET,
  SIGNED_WHEN_PRESENT,
  SIGNATURE_PARTS,
  readSigningCertificate,
  type SignedRequest,
} from '../../signature/index.js';
import { bankError } from '../../spec/errors.js';
import { faultActive, faultEntries, type FaultId } from '../faults/index.js';
import { reject, type Rejection } from '../http/refusal.js';
import type { RequestContext } from '../context/request-context.js';

const COVERS: Partial<Record<FaultId, string>> = {
  'SIGN-COVERS-DATE': 'date',
  'SIGN-COVERS-DIGEST': 'digest',
  'SIGN-COVERS-X-REQUEST-ID': 'x-request-id',
  'SIGN-COVERS-PSU-ID': 'psu-id',
  'SIGN-COVERS-PSU-CORPORATE-ID': 'psu-corporate-id',
  'SIGN-COVERS-TPP-REDIRECT-URI': 'tpp-redirect-uri',
};

const fault = (
  rule: string,
  text: string,
  status = 400,
  code: 'BAD_REQUEST' | 'FORMAT_ERROR' = 'BAD_REQUEST',
): Rejection => reject(`fault.${rule}`, bankError(code, text, { path: 'Signature', status }));

function rewriteParts(value: string, edit: (parts: Map<string, string>) => void): string {
  const parts = new Map<string, string>();
  for (const match of value.matchAll(/(keyId|algorithm|headers|signature)="([^"]*)"/g))
    parts.set(match[1]!, match[2]!);
  edit(parts);
  return SIGNATURE_PARTS.filter((p) => parts.has(p))
    .map((p) => `${p}="${parts.get(p)}"`)
    .join(',');
}

/**
 * Adjusts the verifier's input (or answers outright) for the active signing faults. Returns the
 * input to verify, or a rejection.
 */
export function applySignatureFaults(
  ctx: RequestContext,
  input: SignedRequest & { headers: Record<string, string> },
): SignedRequest | Rejection {
  if (ctx.faults.size === 0) return input;
  const headers = { ...input.headers };
  let body = input.body;
  let compareDigest = true;
  const signature = headers['signature'];

  if (faultActive(ctx, 'SIGN-SIGNING-STRING') && signature) {
    return fault(
      'SIGN-SIGNING-STRING',
      'Signature check failed (signature): the RSA-SHA256 signature does not match the signing string',
    );
  }
  if (faultActive(ctx, 'SIGN-RFC-2047') && signature?.startsWith('=?')) {
    return fault(
      'SIGN-RFC-2047',
      'Signature check failed (signature): encoded words are not supported',
      400,
      'FORMAT_ERROR',
    );
  }
  if (faultActive(ctx, 'SIGN-DIGEST-SHA-512') && /^\s*sha-512=/i.test(headers['digest'] ?? '')) {
    return fault(
      'SIGN-DIGEST-SHA-512',
      'Digest algorithm SHA-512 is not supported',
      400,
      'FORMAT_ERROR',
    );
  }
  if (signature) {
    let value = signature;
    if (faultActive(ctx, 'SIGN-HEADER-FOUR-PARTS')) value = rewriteParts(value, () => undefined);
    if (faultActive(ctx, 'SIGN-ALGORITHM-RSA-SHA256'))
      value = rewriteParts(value, (p) => p.set('algorithm', 'rsa-sha256'));
    if (faultActive(ctx, 'SIGN-HEADERS-LOWER-CASE'))
      value = rewriteParts(value, (p) => p.set('headers', (p.get('headers') ?? '').toLowerCase()));
    if (faultActive(ctx, 'SIGN-VERIFIED-IN-LISTED-ORDER')) {
      value = rewriteParts(value, (p) => {
        const listed = (p.get('headers') ?? '').split(' ');
        const order = [REQUEST_TARGET, ...SIGNED_WHEN_PRESENT];
        p.set('headers', [...listed].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(' '));
      });
    }
    if (
      faultActive(ctx, 'SIGN-KEYID-MATCHES-CERTIFICATE') &&
      headers['tpp-signature-certificate']
    ) {
      try {
        const certificate = readSigningCertificate(headers['tpp-signature-certificate']);
        value = rewriteParts(value, (p) =>
          p.set('keyId', `SN=${certificate.serialNumber},CA=${certificate.issuer}`),
        );
      } catch {
        // an unreadable certificate is the verifier's to report
      }
    }
    const listed = /headers="([^"]*)"/.exec(value)?.[1]?.split(' ') ?? [];
    if (faultActive(ctx, 'SIGN-REQUEST-TARGET') && listed.includes(REQUEST_TARGET)) {
      return fault(
        'SIGN-REQUEST-TARGET',
        'Signature check failed (headers): (request-target) is not supported',
        400,
        'FORMAT_ERROR',
      );
    }
    if (faultActive(ctx, 'SIGN-ABSENT-HEADER-LEFT-OUT') && !listed.includes('date')) {
      return fault(
        'SIGN-ABSENT-HEADER-LEFT-OUT',
        'Signature check failed (headers): date must be signed',
      );
    }
    headers['signature'] = value;
  }
  const sandboxDigestWaived =
    ctx.route?.path.startsWith('/v1/sandbox/') === true &&
    faultActive(ctx, 'HDR-SANDBOX-DIGEST-WITH-BODY');
  if (
    (faultActive(ctx, 'SIGN-DIGEST-WITH-BODY') || sandboxDigestWaived) &&
    headers['digest'] === undefined
  )
    body = Buffer.alloc(0);
  if (faultActive(ctx, 'SIGN-DIGEST-EXACT-BODY')) compareDigest = false;
  const verifySignatureValue = !faultActive(ctx, 'SIGN-SIGNATURE-VERIFIED');
  // Present headers the bank does not insist on signing.
  const notRequiredSigned = new Set(
    faultEntries(COVERS)
      .filter(([rule]) => faultActive(ctx, rule))
      .map(([, header]) => header),
  );
  return {
    ...input,
    headers,
    body,
    compareDigest,
    ...(verifySignatureValue ? {} : { verifySignatureValue }),
    ...(notRequiredSigned.size ? { notRequiredSigned } : {}),
  };
}

/** The status and code a failure is answered with, as the active faults change them. */
export function faultyFailureAnswer(
  ctx: RequestContext,
  reason: string,
  part: string,
): { status?: number; code?: 'FORMAT_ERROR' } {
  const missingSignature = reason === 'missing' && part === 'signature';
  if (missingSignature && faultActive(ctx, 'SIGN-MISSING-400')) return { status: 401 };
  if (!missingSignature && part === 'signature' && faultActive(ctx, 'SIGN-INVALID-400'))
    return { status: 401 };
  if (part === 'certificate' && reason === 'missing' && faultActive(ctx, 'SIGN-CERTIFICATE-HEADER'))
    return { code: 'FORMAT_ERROR' };
  return {};
}
