/**
 * How /openapi.json describes the bank's authentication: the §5.2 request signature as a security
 * scheme, and mutual TLS (a QWAC as TLS client certificate) as the documented extension
 * `x-mutual-tls`, since OpenAPI 3.0 has no mutualTLS scheme type (3.1 added one).
 */
import type { BankMode } from '../../../shared/mode.js';

/** The name operations use in `security`. */
export const SIGNATURE_SCHEME = 'Signature';

/**
 * §5.2: an apiKey "in header Signature" is the closest 3.0 type: a generic client then knows the
 * header is needed; the description says how it is made (the key is a signature, not a secret).
 */
export const SECURITY_SCHEMES: Readonly<Record<string, Record<string, unknown>>> = {
  [SIGNATURE_SCHEME]: {
    type: 'apiKey',
    in: 'header',
    name: 'Signature',
    description: [
      '§5.2 request signing (an HTTP signature, not a shared key). Signature is keyId="SN=<serial hex>,CA=<issuer RFC 2253>",algorithm="rsa-sha256",headers="<lower-case names>",signature="<Base64>" in that order (§5.2(3)).',
      'The signed headers are those of date, digest, x-request-id, psu-id, psu-corporate-id and tpp-redirect-uri the request carries (§5.2(4)); the signing string is "name: value" per header joined by newlines (§5.2(5)); a non-ASCII value is RFC 2047 encoded (§5.2(6)).',
      'Digest (SHA-256 or SHA-512 of the body) is required on requests with a body, and the signing certificate (QSealC, DER in Base64) is sent in TPP-Signature-Certificate (§5.2(2)).',
      'A missing or invalid signature is 400 (§5.2(1)); in production the certificate must also chain to a trusted CA, be valid on the bank clock and name a registered TPP with the endpoint role (403).',
    ].join(' '),
  },
};

/** The extension the document carries when the listener demands a TLS client certificate. */
export const MUTUAL_TLS_EXTENSION = {
  name: 'x-mutual-tls',
  value: (mode: BankMode) => ({
    required: true,
    description:
      mode === 'production'
        ? 'The TLS handshake requires a client certificate (QWAC) that chains to a CA the bank trusts; a QWAC without the PSD2 role of the endpoint (PSP_AI for AIS, PSP_PI for PIS) is answered 403 FORBIDDEN (docs/ci.md "TLS and mTLS").'
        : 'The TLS handshake requires a client certificate (QWAC) that chains to a CA the bank trusts (docs/ci.md "TLS and mTLS").',
  }),
};
