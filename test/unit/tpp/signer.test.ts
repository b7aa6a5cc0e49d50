import { createPublicKey, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPassphraseSecretBox } from '../../../main/core/certs/secret-box.js';
import { Keystore } from '../../../main/core/certs/keystore.js';
import { computeDigest } from '../../../main/core/signature/digest.js';
import { decodeRfc2047 } from '../../../main/core/signature/rfc2047.js';
import { parseSignatureHeader } from '../../../main/core/signature/signature-header.js';
import { verifySignedRequest } from '../../../main/core/signature/verify-signed-request.js';
import { SignRequestError, signRequest } from '../../../main/core/tpp/signer.js';
import {
  makeTestPki,
  openssl,
  opensslText,
  scratchDirectory,
  type TestPki,
} from '../certs/helpers.js';

let pki: TestPki;
let nordicPki: TestPki;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki();
  nordicPki = await makeTestPki({
    intermediateSubject: {
      commonName: 'Bankenes Sertifikattjeneste ÆØÅ',
      organizationName: 'Bjørn & Søn, AS',
      countryName: 'NO',
    },
  });
});
afterAll(() => scratch.cleanup());

const BODY = '{"instructedAmount":{"currency":"EUR","amount":"10.00"}}';

function baseHeaders(): Record<string, string> {
  return {
    'X-Request-ID': randomUUID(),
    'PSU-ID': randomUUID(),
    'PSU-Corporate-ID': randomUUID(),
    'TPP-Redirect-URI': 'https://tpp.example/cb?state=1',
    Date: 'Tue, 07 Jun 2022 20:51:35 GMT',
    'PSU-IP-Address': '192.0.2.1',
  };
}

/** Verifies the signature with `openssl dgst -sha256 -verify`, independent of node:crypto. */
function opensslVerifies(
  signingString: string,
  signatureHeader: string,
  certificatePem: string,
): boolean {
  const parsed = parseSignatureHeader(signatureHeader);
  if (!parsed.ok) throw new Error(parsed.failure.text);
  const publicKey = createPublicKey(certificatePem).export({ type: 'spki', format: 'pem' });
  const id = randomUUID();
  const keyPath = scratch.file(`${id}.pub.pem`, publicKey);
  const signaturePath = scratch.file(`${id}.sig`, Buffer.from(parsed.fields.signature, 'base64'));
  const dataPath = scratch.file(`${id}.txt`, Buffer.from(signingString, 'latin1'));
  try {
    return (
      opensslText([
        'dgst',
        '-sha256',
        '-verify',
        keyPath,
        '-signature',
        signaturePath,
        dataPath,
      ]) === 'Verified OK'
    );
  } catch {
    return false;
  }
}

describe('signRequest (§5.2)', () => {
  it('produces a signature that OpenSSL verifies over the signing string', () => {
    const result = signRequest({
      method: 'POST',
      url: 'https://bank.example/v1/payments/sepa-credit-transfers?allowLogicalDuplicate=false',
      headers: baseHeaders(),
      body: BODY,
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
      includeRequestTarget: true,
    });
    expect(opensslVerifies(result.signingString, result.signature, pki.qsealc.certificatePem)).toBe(
      true,
    );
    // …and OpenSSL refuses the same signature over a changed string (the check has teeth).
    expect(
      opensslVerifies(result.signingString + ' ', result.signature, pki.qsealc.certificatePem),
    ).toBe(false);
    expect(result.signingString.split('\n')[0]).toBe(
      '(request-target): post /v1/payments/sepa-credit-transfers?allowLogicalDuplicate=false',
    );
  });

  it("writes keyId's SN and CA exactly as openssl prints the certificate's serial and issuer", () => {
    const path = scratch.file('qsealc.pem', pki.qsealc.certificatePem);
    const serial = opensslText(['x509', '-in', path, '-noout', '-serial']).replace(/^serial=/, '');
    const issuer = opensslText([
      'x509',
      '-in',
      path,
      '-noout',
      '-issuer',
      '-nameopt',
      'RFC2253',
    ]).replace(/^issuer=/, '');
    const result = signRequest({
      method: 'GET',
      path: '/v1/accounts',
      headers: { 'X-Request-ID': randomUUID() },
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificateDer,
    });
    expect(result.keyId).toBe(`SN=${serial},CA=${issuer}`);
    expect(serial).toMatch(/^[0-9A-F]{32}$/);
  });

  it('matches openssl for a CA name with escapes and non-ASCII characters', () => {
    const path = scratch.file('nordic.pem', nordicPki.qsealc.certificatePem);
    const issuer = opensslText([
      'x509',
      '-in',
      path,
      '-noout',
      '-issuer',
      '-nameopt',
      'RFC2253',
    ]).replace(/^issuer=/, '');
    const result = signRequest({
      method: 'GET',
      path: '/v1/accounts',
      headers: { 'X-Request-ID': randomUUID() },
      signingKey: nordicPki.keys.tpp.privateKey,
      certificate: nordicPki.qsealc.certificatePem,
    });
    expect(issuer).toContain('\\C3\\86');
    expect(result.keyId.split(',CA=')[1]).toBe(issuer);
    // OpenSSL's form is ASCII, so no RFC 2047 wrapping is needed.
    expect(result.signature.startsWith('keyId="')).toBe(true);
  });

  it('wraps the Signature per RFC 2047 when keyId carries non-ASCII characters, and the bank accepts it', () => {
    const path = scratch.file('nordic2.pem', nordicPki.qsealc.certificatePem);
    const issuerUtf8 = openssl([
      'x509',
      '-in',
      path,
      '-noout',
      '-issuer',
      '-nameopt',
      'RFC2253,-esc_msb',
    ])
      .toString('utf8')
      .trim()
      .replace(/^issuer=/, '');
    const result = signRequest({
      method: 'POST',
      path: '/v1/consents',
      headers: baseHeaders(),
      body: '{}',
      signingKey: nordicPki.keys.tpp.privateKey,
      certificate: nordicPki.qsealc.certificatePem,
      keyIdNonAscii: 'utf8',
    });
    expect(result.keyId).toBe(`SN=${nordicPki.qsealc.serialNumber},CA=${issuerUtf8}`);
    expect(result.signature).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    const decoded = decodeRfc2047(result.signature);
    expect(decoded.ok && decoded.value.includes('ÆØÅ')).toBe(true);
    const verification = verifySignedRequest({
      method: 'POST',
      target: '/v1/consents',
      headers: result.headers,
      body: result.body,
    });
    expect(verification).toMatchObject({ ok: true, rfc2047: true });
  });

  it('signs the §5.2.4 headers present, in §5.2.4 order, and nothing else', () => {
    const result = signRequest({
      method: 'POST',
      path: '/v1/consents',
      headers: baseHeaders(),
      body: BODY,
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
    });
    expect(result.signedHeaderNames).toEqual([
      'date',
      'digest',
      'x-request-id',
      'psu-id',
      'psu-corporate-id',
      'tpp-redirect-uri',
    ]);
    const minimal = signRequest({
      method: 'GET',
      path: '/v1/accounts',
      headers: { 'x-request-id': '1' },
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
    });
    expect(minimal.signedHeaderNames).toEqual(['x-request-id']);
    expect(minimal.headers['Digest']).toBeUndefined();
  });

  it('adds Digest over the exact body bytes, SHA-256 by default or SHA-512', () => {
    const body = Buffer.from([0x7b, 0xff, 0x7d]);
    const sha256 = signRequest({
      method: 'POST',
      path: '/x',
      headers: { 'X-Request-ID': '1' },
      body,
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
    });
    expect(sha256.headers['Digest']).toBe(computeDigest(body));
    const sha512 = signRequest({
      method: 'POST',
      path: '/x',
      headers: { 'X-Request-ID': '1' },
      body,
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
      digestAlgorithm: 'SHA-512',
    });
    expect(sha512.headers['Digest']).toBe(computeDigest(body, 'SHA-512'));
    expect(sha512.body).toEqual(body);
  });

  it('sends the certificate as base64 DER and replaces stale copies of the added headers', () => {
    const result = signRequest({
      method: 'POST',
      path: '/x',
      headers: { 'X-Request-ID': '1', digest: 'SHA-256=stale', signature: 'stale' },
      body: BODY,
      signingKey: pki.keys.tpp.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      certificate: pki.qsealc.certificatePem,
    });
    expect(result.headers['TPP-Signature-Certificate']).toBe(
      pki.qsealc.certificateDer.toString('base64'),
    );
    expect(Object.keys(result.headers).filter((name) => name.toLowerCase() === 'digest')).toEqual([
      'Digest',
    ]);
    expect(
      Object.keys(result.headers).filter((name) => name.toLowerCase() === 'signature'),
    ).toEqual(['Signature']);
  });

  it('builds the target from path and query', () => {
    const result = signRequest({
      method: 'GET',
      path: '/v1/card-accounts/abc/transactions',
      query: { bookingStatus: 'booked', dateFrom: '2024-01-01' },
      headers: { 'X-Request-ID': '1' },
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
      includeRequestTarget: true,
    });
    expect(result.signingString.split('\n')[0]).toBe(
      '(request-target): get /v1/card-accounts/abc/transactions?bookingStatus=booked&dateFrom=2024-01-01',
    );
  });

  it('signs through a keystore handle without seeing the key', async () => {
    const keystore = await Keystore.open({
      path: `${scratch.dir}/ks.json`,
      secretBox: createPassphraseSecretBox('pw', { cost: 12 }),
    });
    const entry = await keystore.addKeyPair({
      label: 'qsealc',
      privateKey: pki.keys.tpp.privateKey,
      certificates: [pki.qsealc.certificatePem],
    });
    const result = signRequest({
      method: 'GET',
      path: '/v1/accounts',
      headers: { 'X-Request-ID': '1' },
      signingKey: (data) => keystore.signWith(entry.handle, data),
      certificate: keystore.certificatesFor(entry.handle)[0]!,
    });
    expect(
      verifySignedRequest({ method: 'GET', target: '/v1/accounts', headers: result.headers }).ok,
    ).toBe(true);
  });

  it('refuses to sign without X-Request-ID, or a listed header that is absent', () => {
    const common = {
      method: 'GET',
      path: '/v1/accounts',
      signingKey: pki.keys.tpp.privateKey,
      certificate: pki.qsealc.certificatePem,
    };
    expect(() => signRequest({ ...common, headers: {} })).toThrow(SignRequestError);
    expect(() =>
      signRequest({
        ...common,
        headers: { 'X-Request-ID': '1' },
        signedHeaderNames: ['x-request-id', 'psu-id'],
      }),
    ).toThrow(/psu-id/);
  });
});
