/** A request as the workbench recorded it after signing (§5.2), shared by the generator tests. */
import type { ExchangeRequest } from '../../../../main/shared/exchange';

export const SIGNED_NAMES = '(request-target) date digest x-request-id tpp-redirect-uri';
export const SIGNATURE_VALUE = 'c2lnbmF0dXJlLWJ5dGVz';
export const CERTIFICATE_VALUE = 'MIIBcertificate';

export function signedRequest(url = 'http://127.0.0.1:8080/v1/consents?x=1'): ExchangeRequest {
  return {
    method: 'POST',
    url,
    headers: {
      'Content-Type': 'application/json',
      'X-Request-ID': '11111111-2222-3333-4444-555555555555',
      Date: 'Sun, 29 Nov 2026 12:00:00 GMT',
      'TPP-Redirect-URI': '{{tppRedirect}}',
      Digest: 'SHA-256=recorded-digest',
      'TPP-Signature-Certificate': CERTIFICATE_VALUE,
      Signature: `keyId="SN=0A,CA=CN=Test CA,C=NO",algorithm="rsa-sha256",headers="${SIGNED_NAMES}",signature="${SIGNATURE_VALUE}"`,
    },
    body: '{"note":"it\'s \\"quoted\\" – ø"}',
  };
}

/** What a generated program must never contain: the recorded computed values. */
export const RECORDED_VALUES = [
  SIGNATURE_VALUE,
  CERTIFICATE_VALUE,
  'recorded-digest',
  '11111111-2222-3333-4444-555555555555',
  'Sun, 29 Nov 2026 12:00:00 GMT',
];
