/**
 * Almost-right signatures: what each variant changes in a request after the real signer signed it
 * (a character flipped, a name taken out of `headers`, another keyId, algorithm or Date, …). The
 * variants that are signed differently in the first place (the Digest of another body, a signed
 * header left out, another CA's seal) are made when signing, in mutated-request.ts.
 */
import type { Mutation } from './mutations.js';

/** Edits of the signed request's headers, by lower-case name; a header not there stays absent. */
export interface HeaderEdits {
  change(name: string, f: (value: string) => string): void;
  drop(name: string): void;
}

/** Applies `m`'s variant to the signed headers; `caChainPem` is the chain of the CA the bank trusts. */
export function tamperSignature(
  m: Extract<Mutation, { kind: 'signature' }>,
  headers: HeaderEdits,
  caChainPem: string,
): void {
  switch (m.variant) {
    case 'flip-character':
      headers.change('signature', (value) =>
        value.replace(/signature="([^"]*)"/, (_, sig: string) => {
          const at = m.at % sig.length;
          const flipped = sig[at] === 'A' ? 'B' : 'A';
          return `signature="${sig.slice(0, at)}${flipped}${sig.slice(at + 1)}"`;
        }),
      );
      break;
    case 'digest-of-other-body':
      break; // signed with another body (or with one when the request has none)
    case 'header-unlisted-after-signing':
      headers.change('signature', (value) =>
        value.replace(/headers="([^"]*)"/, (_, list: string) => {
          const names = list.split(' ');
          names.splice(m.at % names.length, 1);
          return `headers="${names.join(' ')}"`;
        }),
      );
      break;
    case 'keyid-serial':
      headers.change('signature', (value) =>
        value.replace(/SN=([0-9A-F]+)/, (_, serial: string) => {
          const at = m.at % serial.length;
          const other = serial[at] === '0' ? '1' : '0';
          return `SN=${serial.slice(0, at)}${other}${serial.slice(at + 1)}`;
        }),
      );
      break;
    case 'keyid-serial-leading-zero':
      // The same number (the verifier compares serials as numbers): not judged on its own.
      headers.change('signature', (value) => value.replace('SN=', 'SN=00'));
      break;
    case 'keyid-issuer':
      headers.change('signature', (value) =>
        value.replace(/CA=([^"]*)"/, (_, ca: string) => `CA=${ca}X"`),
      );
      break;
    case 'algorithm':
      headers.change('signature', (value) =>
        value.replace(
          'algorithm="rsa-sha256"',
          `algorithm="${['rsa-sha512', 'RSA-SHA256', 'hmac-sha256', 'rsa-sha256 ', 'rsa', ''][m.at % 6]}"`,
        ),
      );
      break;
    case 'date-changed':
      headers.change('date', (value) => new Date(Date.parse(value) + 1000).toUTCString());
      break;
    case 'signature-truncated':
      headers.change('signature', (value) =>
        value.replace(
          /signature="([^"]*)"/,
          (_, sig: string) => `signature="${sig.slice(0, sig.length - 4 - (m.at % 8))}"`,
        ),
      );
      break;
    case 'signature-missing':
      headers.drop('signature');
      break;
    case 'certificate-missing':
      headers.drop('tpp-signature-certificate');
      break;
    case 'digest-missing':
      headers.drop('digest');
      break;
    case 'certificate-of-ca':
      headers.change('tpp-signature-certificate', () =>
        Buffer.from(
          caChainPem
            .split('-----END CERTIFICATE-----')[0]!
            .replace(/-----BEGIN CERTIFICATE-----|\s/g, ''),
          'base64',
        ).toString('base64'),
      );
      break;
    case 'untrusted-certificate':
      break; // signed with the other CA's seal
    case 'whitespace':
      headers.change(
        'signature',
        (value) =>
          [
            value.replace(/",/g, '", '),
            value.replace(/=/, ' = '),
            value.replace(
              /headers="([^"]*)"/,
              (_, list: string) => `headers="${list.replace(/ /g, '  ')}"`,
            ),
            value.replace(/,algorithm/, ',\talgorithm'),
          ][m.at % 4]!,
      );
      break;
    case 'parameter-name-case':
      headers.change('signature', (value) =>
        value.replace('keyId=', 'KeyId=').replace('headers=', 'Headers='),
      );
      break;
  }
}
