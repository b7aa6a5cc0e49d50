/** Request signing: §5.2 and decisions.md "HTTP signatures". */
import { rulesOf, type RuleEntry } from '../../main/core/runner/check-api/rule.js';

/** §5.2(4): one rule per header, so a check can say exactly which omission it probes. */
const signedWhenCarried = (
  header: string,
  seeAlso: RuleEntry['seeAlso'] = ['decisions.md#HTTP signatures'],
): RuleEntry => ({
  id: `SIGN-COVERS-${header.toUpperCase()}`,
  section: '§5.2(4)',
  seeAlso,
  statement: `The signature includes ${header} when the request carries it.`,
  testable: true,
});

export const signingRules = rulesOf('signing', [
  {
    id: 'SIGN-TPP-SIGNS-EVERY-REQUEST',
    section: '§5.2(1)',
    statement: 'The TPP signs every API request.',
    testable: false,
    reason: "An obligation on the TPP; the bank's side is SIGN-MISSING-400 and SIGN-INVALID-400.",
  },
  {
    id: 'SIGN-MISSING-400',
    section: '§5.2(1)',
    seeAlso: ['§7(3)', 'decisions.md#Errors'],
    statement:
      'Without a signature on a request that needs one, the service answers 400 (Bad Request), not the Berlin Group 401.',
    testable: true,
  },
  {
    id: 'SIGN-INVALID-400',
    section: '§5.2(1)',
    seeAlso: ['§7(3)', 'decisions.md#Errors'],
    statement:
      'With an invalid signature, the service answers 400 (Bad Request), not the Berlin Group 401.',
    testable: true,
  },
  {
    id: 'SIGN-SIGNATURE-VERIFIED',
    section: '§5.2(1)',
    seeAlso: ['§5.2(3)', '§5.2(5)'],
    statement:
      'The bank verifies the signature over the signing string: a request whose signature does not verify is refused.',
    testable: true,
  },
  {
    id: 'SIGN-CERTIFICATE-HEADER',
    section: '§5.2(2)',
    seeAlso: ['§4.1'],
    statement:
      "The TPP's certificate used for signing is sent, Base64-encoded, in TPP-Signature-Certificate.",
    testable: true,
  },
  {
    id: 'SIGN-DIGEST-WITH-BODY',
    section: '§5.2(2)',
    seeAlso: ['§4.1'],
    statement: 'A Digest header carries the body hash for requests with a body.',
    testable: true,
  },
  {
    id: 'SIGN-DIGEST-SHA-256',
    section: '§4.1',
    seeAlso: ['decisions.md#HTTP signatures'],
    statement: 'A Digest of the form SHA-256=<base64> (RFC 3230, RFC 5843) is accepted.',
    testable: true,
  },
  {
    id: 'SIGN-DIGEST-SHA-512',
    section: '§4.1',
    seeAlso: ['decisions.md#HTTP signatures'],
    statement: 'A Digest of the form SHA-512=<base64> (RFC 3230, RFC 5843) is accepted.',
    testable: true,
  },
  {
    id: 'SIGN-DIGEST-EXACT-BODY',
    section: 'decisions.md#HTTP signatures',
    statement: 'The Digest is computed over the exact body bytes.',
    testable: true,
  },
  {
    id: 'SIGN-HEADER-FOUR-PARTS',
    section: '§5.2(3)',
    statement:
      'The Signature header is made of four parts written as key="value" and joined by commas, in this order: keyId, algorithm, headers, signature.',
    testable: true,
  },
  {
    id: 'SIGN-KEYID-FORMAT',
    section: '§5.2(3)',
    seeAlso: ['decisions.md#HTTP signatures'],
    statement:
      'keyId is SN=<serial>,CA=<issuer>: the signing certificate serial number in upper-case hexadecimal, and the full distinguished name of the certificate authority formatted per RFC 2253.',
    testable: true,
  },
  {
    id: 'SIGN-KEYID-MATCHES-CERTIFICATE',
    section: 'decisions.md#HTTP signatures',
    statement: 'The bank compares keyId with the certificate in TPP-Signature-Certificate.',
    testable: true,
  },
  {
    id: 'SIGN-ALGORITHM-RSA-SHA256',
    section: '§5.2(3)',
    statement: 'algorithm is the same algorithm as the certificate: rsa-sha256.',
    testable: true,
  },
  {
    id: 'SIGN-HEADERS-LOWER-CASE',
    section: '§5.2(3)',
    statement:
      'headers lists lower-case header names separated by spaces, in the order used for signing.',
    testable: true,
  },
  {
    id: 'SIGN-REQUEST-TARGET',
    section: '§5.2(3)',
    seeAlso: ['decisions.md#HTTP signatures'],
    statement:
      'The request target is written as (request-target) in headers, and is accepted when listed.',
    testable: true,
  },
  {
    id: 'SIGN-SIGNATURE-BASE64',
    section: '§5.2(3)',
    statement: 'signature is the Base64 of the RSA-SHA256 signature over the signing string.',
    testable: true,
  },
  signedWhenCarried('date'),
  signedWhenCarried('digest'),
  signedWhenCarried('x-request-id'),
  signedWhenCarried('psu-id'),
  signedWhenCarried('psu-corporate-id'),
  signedWhenCarried('tpp-redirect-uri'),
  {
    id: 'SIGN-ABSENT-HEADER-LEFT-OUT',
    section: '§5.2(4)',
    statement: 'A header absent from the request is left out of the signature.',
    testable: true,
  },
  {
    id: 'SIGN-SIGNING-STRING',
    section: '§5.2(5)',
    statement:
      'Signing string: for each header in the headers order, the lower-case name, a colon, a space and the value; entries are separated by a newline.',
    testable: true,
  },
  {
    id: 'SIGN-VERIFIED-IN-LISTED-ORDER',
    section: 'decisions.md#HTTP signatures',
    statement:
      'headers lists what was signed, in signing order; the bank verifies in exactly that order.',
    testable: true,
  },
  {
    id: 'SIGN-RFC-2047',
    section: '§5.2(6)',
    statement:
      'When any value in the signature is ISO-8859-1 or UTF-8 encoded, the whole header value is MIME-encoded per RFC 2047 and wrapped as =?<charset>?<encoding>?<encoded signature>?=.',
    testable: true,
  },
  {
    id: 'SIGN-RESPONSE-SIGNATURE',
    section: '§5.2(7)',
    statement: 'The bank may sign response bodies; the TPP should verify such signatures.',
    testable: true,
    needs: ['signed-responses'],
    note: 'A check verifies a response signature when one is present and judges its signer by the bank signing certificate or CA the target names (a signature by another certificate fails; without either it cannot judge and SKIPS); an unsigned response conforms, and a bank that signs nothing is SKIPPED.',
  },
]);
