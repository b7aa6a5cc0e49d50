/**
 * Faults of the §5.2 signing rules: each breaks one rule the way a real bank might, by
 * adjusting what the verifier is shown or how a failure is answered (stages/signature-faults.ts).
 */
import type { FaultEntry } from './fault.js';

export const SIGNATURE_FAULTS = [
  // Honoured by stages/signature-faults.ts.
  {
    ruleId: 'SIGN-MISSING-400',
    effect: 'answers 401 (Berlin Group) instead of 400 when Signature is missing',
  },
  {
    ruleId: 'SIGN-INVALID-400',
    effect: 'answers 401 (Berlin Group) instead of 400 when the signature does not verify',
  },
  {
    ruleId: 'SIGN-SIGNATURE-VERIFIED',
    effect:
      'does not verify the signature value: a request whose signature does not verify is accepted',
  },
  {
    ruleId: 'SIGN-CERTIFICATE-HEADER',
    effect: 'reports a missing TPP-Signature-Certificate as FORMAT_ERROR, not HTTP_HEADER_REQUIRED',
  },
  { ruleId: 'SIGN-DIGEST-WITH-BODY', effect: 'accepts a body without Digest' },
  { ruleId: 'SIGN-DIGEST-SHA-512', effect: 'refuses SHA-512 digests' },
  { ruleId: 'SIGN-DIGEST-EXACT-BODY', effect: 'does not compare the Digest with the body' },
  { ruleId: 'SIGN-HEADER-FOUR-PARTS', effect: 'accepts the Signature parts in any order' },
  {
    ruleId: 'SIGN-KEYID-MATCHES-CERTIFICATE',
    effect: 'does not compare keyId with the certificate',
  },
  { ruleId: 'SIGN-ALGORITHM-RSA-SHA256', effect: 'accepts any algorithm name' },
  { ruleId: 'SIGN-HEADERS-LOWER-CASE', effect: 'accepts upper-case names in the headers part' },
  { ruleId: 'SIGN-REQUEST-TARGET', effect: 'refuses (request-target) in the headers part' },
  {
    ruleId: 'SIGN-VERIFIED-IN-LISTED-ORDER',
    effect: 'verifies in the §5.2.4 order, not the listed order',
  },
  { ruleId: 'SIGN-RFC-2047', effect: 'refuses RFC 2047-wrapped Signature values' },
  {
    ruleId: 'SIGN-SIGNING-STRING',
    effect: 'builds the signing string with CRLF line ends, so no correct signature verifies',
  },
  {
    ruleId: 'SIGN-ABSENT-HEADER-LEFT-OUT',
    effect: 'insists that date is signed even when the request has no Date',
  },
  // §5.2.4: headers signed when present; stages/signature-faults.ts maps each to its header.
  { ruleId: 'SIGN-COVERS-DATE', effect: 'does not require date to be signed when present' },
  { ruleId: 'SIGN-COVERS-DIGEST', effect: 'does not require digest to be signed when present' },
  {
    ruleId: 'SIGN-COVERS-X-REQUEST-ID',
    effect: 'does not require x-request-id to be signed when present',
  },
  { ruleId: 'SIGN-COVERS-PSU-ID', effect: 'does not require psu-id to be signed when present' },
  {
    ruleId: 'SIGN-COVERS-PSU-CORPORATE-ID',
    effect: 'does not require psu-corporate-id to be signed when present',
  },
  {
    ruleId: 'SIGN-COVERS-TPP-REDIRECT-URI',
    effect: 'does not require tpp-redirect-uri to be signed when present',
  },
] as const satisfies readonly FaultEntry[];
