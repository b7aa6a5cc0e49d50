/**
 * Which headers must be signed — ONE rule for the TPP signer and the bank's verifier.
 *
 * §5.2.4: "Headers to include when the request carries them: date, digest, x-request-id, psu-id,
 * psu-corporate-id, tpp-redirect-uri. A header absent from the request is left out."
 * decisions.md "HTTP signatures": the bank requires digest and x-request-id, and psu-id,
 * psu-corporate-id, tpp-redirect-uri and date whenever present; (request-target) is accepted.
 * §4.1 / §4.3: X-Request-ID is part of every signed request; Digest is required on a request with
 * a body (so a GET without Digest is complete).
 */
import { REQUEST_TARGET } from './signature-header.js';
import type { HeaderLookup } from './signing-string.js';

/** §5.2.4 order; the signer lists them in this order, after (request-target) when included. */
export const SIGNED_WHEN_PRESENT = [
  'date',
  'digest',
  'x-request-id',
  'psu-id',
  'psu-corporate-id',
  'tpp-redirect-uri',
] as const;

/** Headers the request itself must carry to be a signed request (§4.1, decisions.md). */
export const REQUIRED_ON_SIGNED_REQUEST = ['x-request-id'] as const;
/** Headers the request must carry when it has a body (§4.1, §5.2.2). */
export const REQUIRED_WITH_BODY = ['digest'] as const;

/** The spec's spelling, for texts. */
const DISPLAY_NAME: Readonly<Record<string, string>> = {
  date: 'Date',
  digest: 'Digest',
  'x-request-id': 'X-Request-ID',
  'psu-id': 'PSU-ID',
  'psu-corporate-id': 'PSU-Corporate-ID',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
};
export const displayHeaderName = (name: string): string => DISPLAY_NAME[name] ?? name;

/** Names that must appear in the Signature's `headers` for this request (§5.2.4). */
export function requiredSignedHeaders(headers: HeaderLookup): string[] {
  return SIGNED_WHEN_PRESENT.filter((name) => headers.has(name));
}

/** What the signer lists by default: (request-target) if asked, then the §5.2.4 headers present. */
export function defaultSignedHeaderNames(
  headers: HeaderLookup,
  options: { includeRequestTarget?: boolean } = {},
): string[] {
  return [
    ...(options.includeRequestTarget ? [REQUEST_TARGET] : []),
    ...requiredSignedHeaders(headers),
  ];
}

/** What a signed request with a body must carry. */
const REQUIRED_WITH_A_BODY = [...REQUIRED_ON_SIGNED_REQUEST, ...REQUIRED_WITH_BODY];

export type SignedHeaderCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'header-missing' | 'not-signed' | 'listed-but-absent';
      header: string;
      text: string;
    };

/**
 * Checks a request against the rule: the headers a signed request must carry are there, every
 * §5.2.4 header present is listed, and every listed header is present.
 */
export function checkSignedHeaders(
  listed: readonly string[],
  headers: HeaderLookup,
  request: { hasBody: boolean; notRequiredSigned?: ReadonlySet<string> },
): SignedHeaderCheck {
  for (const name of request.hasBody ? REQUIRED_WITH_A_BODY : REQUIRED_ON_SIGNED_REQUEST) {
    if (!headers.has(name)) {
      return {
        ok: false,
        reason: 'header-missing',
        header: name,
        text:
          name === 'digest'
            ? 'Digest header is required on a request with a body (§4.1, §5.2.2)'
            : `${displayHeaderName(name)} header is required on a signed request (§4.1)`,
      };
    }
  }
  for (const name of SIGNED_WHEN_PRESENT) {
    if (!headers.has(name)) continue;
    if (!listed.includes(name) && !request.notRequiredSigned?.has(name)) {
      return {
        ok: false,
        reason: 'not-signed',
        header: name,
        text: `${displayHeaderName(name)} is present but not listed in the Signature headers '${listed.join(' ')}'; it must be signed (§5.2.4)`,
      };
    }
  }
  for (const name of listed) {
    if (name !== REQUEST_TARGET && !headers.has(name)) {
      return {
        ok: false,
        reason: 'listed-but-absent',
        header: name,
        text: `Signature headers lists '${name}' but the request has no such header (§5.2.4)`,
      };
    }
  }
  return { ok: true };
}
