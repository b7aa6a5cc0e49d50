/**
 * Why a signature that does not verify does not (§5.2.5): the usual mistakes a TPP makes in its
 * signing string, each tried against the signature, for the failure's text and forensics.
 */
import { verifyRsaSha256 } from './rsa-sha256.js';
import { REQUEST_TARGET } from './signature-header.js';
import type { SigningCertificate } from './signing-certificate.js';
import { buildSigningString, signingStringBytes, type HeaderLookup } from './signing-string.js';

/**
 * Tries the usual mistakes (only after a failure, so the success path stays one RSA verify):
 * headers signed in another order than listed, upper-case method in (request-target), a trailing
 * newline, CRLF separators, header names not lower-cased.
 */
export function diagnoseMismatch(
  names: readonly string[],
  request: { method: string; target: string },
  headers: HeaderLookup,
  signature: Buffer,
  certificate: SigningCertificate,
): { text: string; signingString: string } | undefined {
  const verifies = (text: string): boolean =>
    verifyRsaSha256(signingStringBytes(text), signature, certificate.publicKey);
  const build = (order: readonly string[]): string =>
    buildSigningString(order, { method: request.method, target: request.target, headers });
  if (names.length <= 8) {
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const order = [...names];
        [order[i], order[j]] = [order[j]!, order[i]!];
        const swapped = build(order);
        if (verifies(swapped)) {
          return {
            text: `it verifies with '${names[i]}' and '${names[j]}' swapped — the signing string must follow the order of the headers list`,
            signingString: swapped,
          };
        }
      }
    }
    const reversed = names.length > 2 ? build([...names].reverse()) : undefined;
    if (reversed !== undefined && verifies(reversed)) {
      return {
        text: 'it verifies with the headers in reverse order — the signing string must follow the order of the headers list',
        signingString: reversed,
      };
    }
  }
  const signingString = build(names);
  if (names.includes(REQUEST_TARGET)) {
    const upper = signingString.replace(
      `${REQUEST_TARGET}: ${request.method.toLowerCase()} `,
      `${REQUEST_TARGET}: ${request.method.toUpperCase()} `,
    );
    if (verifies(upper))
      return {
        text: `(request-target) must use the lower-case method '${request.method.toLowerCase()}'`,
        signingString: upper,
      };
  }
  const withNewline = `${signingString}\n`;
  if (verifies(withNewline))
    return {
      text: 'the signed text ends with a newline; the signing string has none',
      signingString: withNewline,
    };
  const crlf = signingString.replace(/\n/g, '\r\n');
  if (verifies(crlf))
    return {
      text: 'lines were joined with CRLF; the signing string uses \\n',
      signingString: crlf,
    };
  return undefined;
}
