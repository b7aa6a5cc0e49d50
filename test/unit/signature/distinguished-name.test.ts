import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../main/core/certs/certificate-builder.js';
import { generateRsaKeyPairSync, type RsaKeyPair } from '../../../main/core/certs/keys.js';
import type { NameInput } from '../../../main/core/certs/name.js';
import { toPem } from '../../../main/core/certs/pem.js';
import { readCertificateFields } from '../../../main/core/signature/der.js';
import {
  ATTRIBUTE_SHORT_NAMES,
  formatRfc2253,
} from '../../../main/core/signature/distinguished-name.js';
import { openssl, scratchDirectory } from '../certs/helpers.js';

let key: RsaKeyPair;
const scratch = scratchDirectory();
beforeAll(() => {
  key = generateRsaKeyPairSync();
});
afterAll(() => scratch.cleanup());

/** Our RFC 2253 form and OpenSSL's (`-nameopt RFC2253`, and with `-esc_msb` cleared). */
function both(subject: NameInput): {
  ours: string;
  oursUtf8: string;
  openssl: string;
  opensslUtf8: string;
} {
  const der = issueCertificate({
    subject,
    publicKey: key.publicKey,
    selfSigningKey: key.privateKey,
    extensions: [],
  });
  const path = scratch.file(`c${Math.random()}.pem`, toPem(der));
  const print = (nameopt: string): string =>
    openssl(['x509', '-in', path, '-noout', '-subject', '-nameopt', nameopt])
      .toString('utf8')
      .replace(/\n$/, '')
      .replace(/^subject=/, '');
  const name = readCertificateFields(der).subject;
  return {
    ours: formatRfc2253(name),
    oursUtf8: formatRfc2253(name, { nonAscii: 'utf8' }),
    openssl: print('RFC2253'),
    opensslUtf8: print('RFC2253,-esc_msb'),
  };
}

function expectSameAsOpenssl(subject: NameInput): string {
  const result = both(subject);
  expect(result.ours).toBe(result.openssl);
  expect(result.oursUtf8).toBe(result.opensslUtf8);
  return result.ours;
}

describe('RFC 2253 form of a Name, as OpenSSL prints it', () => {
  it('reverses the RDN order and uses short names, organizationIdentifier included', () => {
    expect(
      expectSameAsOpenssl([
        { type: 'C', value: 'NO' },
        { type: 'O', value: 'Example TPP AS' },
        { type: '2.5.4.97', value: 'PSDNO-FSA-123456' },
        { type: 'CN', value: 'Example TPP' },
      ]),
    ).toBe('CN=Example TPP,organizationIdentifier=PSDNO-FSA-123456,O=Example TPP AS,C=NO');
  });

  it('escapes , + " \\ < > ; with a backslash and leaves = alone', () => {
    expect(expectSameAsOpenssl([{ type: 'O', value: 'A,B+C"D\\E<F>G;H=I' }])).toBe(
      'O=A\\,B\\+C\\"D\\\\E\\<F\\>G\\;H=I',
    );
  });

  it('escapes a leading # and leading or trailing spaces, not inner ones', () => {
    expect(expectSameAsOpenssl([{ type: 'OU', value: '#hash' }])).toBe('OU=\\#hash');
    expect(expectSameAsOpenssl([{ type: 'OU', value: ' lead and trail ' }])).toBe(
      'OU=\\ lead and trail\\ ',
    );
    expect(expectSameAsOpenssl([{ type: 'OU', value: 'in#side' }])).toBe('OU=in#side');
    // OpenSSL treats a one-character value as "last" only: a lone space is escaped, a lone # is not.
    expect(expectSameAsOpenssl([{ type: 'OU', value: ' ' }])).toBe('OU=\\ ');
    expect(expectSameAsOpenssl([{ type: 'OU', value: '#' }])).toBe('OU=#');
  });

  it('escapes control characters as \\XX', () => {
    expect(expectSameAsOpenssl([{ type: 'CN', value: 'a\u0001b\u007f' }])).toBe('CN=a\\01b\\7F');
  });

  it('writes non-ASCII as escaped UTF-8 bytes, or as characters in the utf8 form', () => {
    const result = both([{ type: 'O', value: 'Bjørnstjerne ÆØÅ' }]);
    expect(result.ours).toBe(result.openssl);
    expect(result.ours).toBe('O=Bj\\C3\\B8rnstjerne \\C3\\86\\C3\\98\\C3\\85');
    expect(result.oursUtf8).toBe('O=Bjørnstjerne ÆØÅ');
    expect(result.oursUtf8).toBe(result.opensslUtf8);
  });

  it('decodes BMPString, T61String and PrintableString like OpenSSL', () => {
    expectSameAsOpenssl([
      { type: 'C', value: 'NO', valueType: 'printable' },
      { type: 'O', value: 'Sjø Ltd', valueType: 'bmp' },
      { type: 'OU', value: 'Tromsø', valueType: 't61' },
      { type: 'CN', value: 'plain', valueType: 'ia5' },
    ]);
  });

  it('joins a multi-valued RDN with + (its members reversed too, as OpenSSL does)', () => {
    expect(
      expectSameAsOpenssl([
        { type: 'C', value: 'NO' },
        [
          { type: 'OU', value: 'Unit' },
          { type: 'CN', value: 'Name' },
        ],
      ]),
    ).toBe('CN=Name+OU=Unit,C=NO');
  });

  it('writes an attribute OpenSSL does not know as its OID and #hex DER', () => {
    expect(
      expectSameAsOpenssl([
        { type: '1.3.6.1.4.1.99999.1', value: 'x' },
        { type: 'CN', value: 'y' },
      ]),
    ).toBe('CN=y,1.3.6.1.4.1.99999.1=#0C0178');
  });

  it('uses the same attribute names as OpenSSL for every attribute in the table', () => {
    const subject: NameInput = Object.keys(ATTRIBUTE_SHORT_NAMES).map((oid) => ({
      type: oid,
      value: oid === '2.5.4.6' ? 'NO' : 'v1',
      valueType: oid === '2.5.4.6' ? 'printable' : 'utf8',
    }));
    expectSameAsOpenssl(subject);
  });
});
