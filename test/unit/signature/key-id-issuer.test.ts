/**
 * keyId CA vectors (§5.2.3): one issuer — C, O with a comma and non-ASCII letters,
 * organizationIdentifier (2.5.4.97), CN — spelled as OpenSSL, Java and .NET print it, each accepted
 * by the bank's verifier; a different issuer is refused with both names in the text.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchIssuer } from '../../../main/core/signature/dn-match.js';
import { encodeRfc2047, needsRfc2047 } from '../../../main/core/signature/rfc2047.js';
import {
  buildSignatureHeader,
  parseSignatureHeader,
} from '../../../main/core/signature/signature-header.js';
import { readSigningCertificate } from '../../../main/core/signature/signing-certificate.js';
import {
  verifySignedRequest,
  type SignedRequest,
} from '../../../main/core/signature/verify-signed-request.js';
import { signRequest } from '../../../main/core/tpp/signer.js';
import { makeTestPki, opensslText, scratchDirectory, type TestPki } from '../certs/helpers.js';

const CA_SUBJECT = {
  countryName: 'NO',
  organizationName: 'Bjørn Bank, Øst AS',
  organizationIdentifier: 'PSDNO-FSA-987654',
  commonName: 'Workbench Test CA Ø',
};
/** `PSDNO-FSA-987654` as a UTF8String (tag 0c, length 0x10), the DER Java prints after `#`. */
const ORG_ID_DER_HEX = '0c105053444e4f2d4653412d393837363534';

let pki: TestPki;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki({ intermediateSubject: CA_SUBJECT });
});
afterAll(() => scratch.cleanup());

function issuerAs(nameopt: string[]): string {
  const path = scratch.file(`qsealc-${randomUUID()}.pem`, pki.qsealc.certificatePem);
  return opensslText(['x509', '-in', path, '-noout', '-issuer', ...nameopt]).replace(
    /^issuer=/,
    '',
  );
}

/**
 * A request signed by the real signer, then given this keyId (not part of the signing string).
 * keyId goes into `keyId="…"` with its `"` written `\"` ('minimal'), or `"` and `\` both escaped
 * ('full', RFC 9110 quoted-string).
 */
function signedWithKeyId(
  keyIdValue: string,
  quoting: 'minimal' | 'full' = 'minimal',
): SignedRequest {
  const keyId =
    quoting === 'full'
      ? keyIdValue.replace(/["\\]/g, '\\$&')
      : keyIdValue.replace(/(?<!\\)"/g, '\\"');
  const result = signRequest({
    method: 'GET',
    path: '/v1/accounts',
    headers: { 'X-Request-ID': randomUUID() },
    signingKey: pki.keys.tpp.privateKey,
    certificate: pki.qsealc.certificatePem,
  });
  const parsed = parseSignatureHeader(result.headers['Signature']!);
  if (!parsed.ok) throw new Error('bad fixture');
  const header = buildSignatureHeader({ ...parsed.fields, keyId });
  return {
    method: 'GET',
    target: '/v1/accounts',
    headers: {
      ...result.headers,
      // §5.2.6: a Signature with non-ASCII characters travels RFC 2047-encoded.
      Signature: needsRfc2047(header) ? encodeRfc2047(header) : header,
    },
  };
}

describe('keyId CA: the same issuer in every spelling is accepted', () => {
  const vectors: [string, () => string][] = [
    ['OpenSSL -nameopt RFC2253', () => issuerAs(['-nameopt', 'RFC2253'])],
    ['OpenSSL -nameopt RFC2253,-esc_msb', () => issuerAs(['-nameopt', 'RFC2253,-esc_msb'])],
    ['OpenSSL default (oneline)', () => issuerAs([])],
    [
      'Java X500Principal.getName(RFC2253): 2.5.4.97=#0c…',
      () => `CN=Workbench Test CA Ø,2.5.4.97=#${ORG_ID_DER_HEX},O=Bjørn Bank\\, Øst AS,C=NO`,
    ],
    [
      'dotted OIDs as text',
      () =>
        '2.5.4.3=Workbench Test CA Ø,2.5.4.97=PSDNO-FSA-987654,2.5.4.10=Bjørn Bank\\, Øst AS,2.5.4.6=NO',
    ],
    [
      '.NET X500DistinguishedName.Name, forward order',
      () => 'C=NO, O="Bjørn Bank, Øst AS", OID.2.5.4.97=PSDNO-FSA-987654, CN=Workbench Test CA Ø',
    ],
    [
      '.NET, most specific first',
      () => 'CN=Workbench Test CA Ø, OID.2.5.4.97=PSDNO-FSA-987654, O="Bjørn Bank, Øst AS", C=NO',
    ],
    [
      'other case, extra spaces, ; separators, long names, \\XX escapes',
      () =>
        'commonName=WORKBENCH  TEST CA \\C3\\98; organizationIdentifier=psdno-fsa-987654; organizationName=bjørn bank\\, øst as; countryName=no',
    ],
  ];

  it('the vectors are what the tools print', () => {
    expect(issuerAs(['-nameopt', 'RFC2253'])).toBe(
      'CN=Workbench Test CA \\C3\\98,organizationIdentifier=PSDNO-FSA-987654,O=Bj\\C3\\B8rn Bank\\, \\C3\\98st AS,C=NO',
    );
    expect(issuerAs([])).toBe(
      'C = NO, O = "Bj\\C3\\B8rn Bank, \\C3\\98st AS", organizationIdentifier = PSDNO-FSA-987654, CN = Workbench Test CA \\C3\\98',
    );
    // The Java vector's #hex is the DER of the certificate's own organizationIdentifier value.
    const der = pki.qsealc.certificateDer.toString('hex');
    expect(der).toContain(`0603550461${ORG_ID_DER_HEX}`);
  });

  it.each(vectors)('%s', (_label, spelling) => {
    const ca = spelling();
    const certificate = readSigningCertificate(pki.qsealc.certificatePem);
    expect(matchIssuer(ca, certificate.issuerName)).toMatchObject({ ok: true });
    const verification = verifySignedRequest(
      signedWithKeyId(`SN=${pki.qsealc.serialNumber},CA=${ca}`),
    );
    expect(verification.ok ? 'ok' : verification.failure.text).toBe('ok');
  });

  it('accepts quoted values whether keyId="…" escapes only the quotes or backslashes too', () => {
    const oneline = issuerAs([]);
    expect(oneline).toContain('"');
    for (const quoting of ['minimal', 'full'] as const) {
      const verification = verifySignedRequest(
        signedWithKeyId(`SN=${pki.qsealc.serialNumber},CA=${oneline}`, quoting),
      );
      expect(verification.ok ? 'ok' : verification.failure.text, quoting).toBe('ok');
    }
  });

  it('accepts SN with leading zeros (compared as an integer), refuses it in lower case (§5.2.3)', () => {
    const ca = issuerAs(['-nameopt', 'RFC2253']);
    const padded = `000${pki.qsealc.serialNumber}`;
    expect(verifySignedRequest(signedWithKeyId(`SN=${padded},CA=${ca}`)).ok).toBe(true);
    const lower = verifySignedRequest(
      signedWithKeyId(`SN=${pki.qsealc.serialNumber.toLowerCase()},CA=${ca}`),
    );
    expect(lower.ok ? 'accepted' : lower.failure.text).toContain('upper-case');
  });
});

describe('keyId CA: another issuer is refused, naming both names', () => {
  const refused = (ca: string): string => {
    const verification = verifySignedRequest(
      signedWithKeyId(`SN=${pki.qsealc.serialNumber},CA=${ca}`),
    );
    if (verification.ok) throw new Error(`accepted: ${ca}`);
    expect(verification.failure).toMatchObject({ part: 'keyId', reason: 'issuer-mismatch' });
    return verification.failure.text;
  };
  const issuerUtf8 =
    'CN=Workbench Test CA Ø,organizationIdentifier=PSDNO-FSA-987654,O=Bjørn Bank\\, Øst AS,C=NO';

  it('one attribute value differs (Java spelling, organizationIdentifier)', () => {
    const other = Buffer.from('PSDNO-FSA-987655').toString('hex');
    const text = refused(
      `CN=Workbench Test CA Ø,2.5.4.97=#0c10${other},O=Bjørn Bank\\, Øst AS,C=NO`,
    );
    expect(text).toContain(
      "keyId CA names 'CN=Workbench Test CA Ø,organizationIdentifier=PSDNO-FSA-987655,O=Bjørn Bank\\, Øst AS,C=NO'",
    );
    expect(text).toContain(`issued by '${issuerUtf8}'`);
    expect(text).toContain(
      "organizationIdentifier differs: 'organizationIdentifier=PSDNO-FSA-987655' in keyId, 'organizationIdentifier=PSDNO-FSA-987654' in the certificate",
    );
  });

  it('one attribute value differs (.NET order, O without the ø)', () => {
    const text = refused(
      'C=NO, O="Bjorn Bank, Øst AS", OID.2.5.4.97=PSDNO-FSA-987654, CN=Workbench Test CA Ø',
    );
    expect(text).toContain(`issued by '${issuerUtf8}'`);
    expect(text).toContain(
      "'O=Bjorn Bank\\, Øst AS' in keyId, 'O=Bjørn Bank\\, Øst AS' in the certificate",
    );
  });

  it('RDNs shuffled (neither order), one left out, or one value typed differently', () => {
    expect(
      refused(
        'organizationIdentifier=PSDNO-FSA-987654,CN=Workbench Test CA Ø,O=Bjørn Bank\\, Øst AS,C=NO',
      ),
    ).toContain('RDN 1 is organizationIdentifier in keyId but CN in the certificate');
    expect(refused('CN=Workbench Test CA Ø,O=Bjørn Bank\\, Øst AS,C=NO')).toContain(
      'keyId has 3 RDNs, the issuer 4',
    );
    // Two attributes in one RDN are not two RDNs.
    expect(
      refused(
        'CN=Workbench Test CA Ø+organizationIdentifier=PSDNO-FSA-987654,O=Bjørn Bank\\, Øst AS,C=NO',
      ),
    ).toContain('keyId has 3 RDNs, the issuer 4');
    // A `#hex` value of another type than a string is compared as DER and differs.
    expect(
      refused('CN=Workbench Test CA Ø,2.5.4.97=#020101,O=Bjørn Bank\\, Øst AS,C=NO'),
    ).toContain("'organizationIdentifier=#020101' in keyId");
  });

  it('a CA that is not a distinguished name', () => {
    const text = refused('Workbench Test CA');
    expect(text).toContain("keyId CA 'Workbench Test CA' cannot be read as a distinguished name");
    expect(text).toContain(issuerUtf8);
  });
});
