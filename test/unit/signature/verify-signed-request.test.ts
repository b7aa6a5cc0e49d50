import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pemBlocks } from '../../../main/core/certs/pem.js';
import { computeDigest } from '../../../main/core/signature/digest.js';
import { encodeRfc2047 } from '../../../main/core/signature/rfc2047.js';
import { signRsaSha256 } from '../../../main/core/signature/rsa-sha256.js';
import {
  buildSignatureHeader,
  parseSignatureHeader,
} from '../../../main/core/signature/signature-header.js';
import { SigningCertificateCache } from '../../../main/core/signature/signing-certificate.js';
import {
  buildSigningString,
  signingStringBytes,
  type HttpHeaders,
} from '../../../main/core/signature/signing-string.js';
import {
  verifySignedRequest,
  type SignedRequest,
  type VerificationFailure,
} from '../../../main/core/signature/verify-signed-request.js';
import { signRequest, type SignRequestInput } from '../../../main/core/tpp/signer.js';
import { makeTestPki, openssl, scratchDirectory, type TestPki } from '../certs/helpers.js';

let pki: TestPki;
const scratch = scratchDirectory();
beforeAll(async () => {
  pki = await makeTestPki();
});
afterAll(() => scratch.cleanup());

const PATH = '/v1/payments/sepa-credit-transfers';
const BODY = Buffer.from(
  '{"instructedAmount":{"currency":"NOK","amount":"123.45"},"creditorName":"Bjørn"}',
);

function signed(
  overrides: Partial<SignRequestInput> = {},
): SignedRequest & { headers: Record<string, string> } {
  const result = signRequest({
    method: 'POST',
    path: PATH,
    headers: {
      'X-Request-ID': randomUUID(),
      'PSU-ID': randomUUID(),
      'TPP-Redirect-URI': 'https://tpp.example/cb',
      'TPP-Session-ID': 'session-1',
      'Content-Type': 'application/json',
    },
    body: BODY,
    signingKey: pki.keys.tpp.privateKey,
    certificate: pki.qsealc.certificatePem,
    ...overrides,
  });
  return { method: 'POST', target: PATH, headers: result.headers, body: result.body };
}

function failureOf(request: SignedRequest): VerificationFailure {
  const result = verifySignedRequest(request);
  if (result.ok) throw new Error('expected the verification to fail');
  return result.failure;
}

/** Rewrites one part of the Signature header, leaving the rest as signed. */
function withSignaturePart(
  request: ReturnType<typeof signed>,
  part: 'keyId' | 'algorithm' | 'headers',
  value: string,
): ReturnType<typeof signed> {
  const parsed = parseSignatureHeader(request.headers['Signature']!);
  if (!parsed.ok) throw new Error('bad fixture');
  const fields = { ...parsed.fields, [part]: part === 'headers' ? value.split(' ') : value };
  return { ...request, headers: { ...request.headers, Signature: buildSignatureHeader(fields) } };
}

/** Signs arbitrary headers with the primitives, bypassing the signer's rules. */
function handSigned(
  headers: Record<string, string>,
  names: string[],
  body: Buffer | undefined,
): SignedRequest {
  const signingString = buildSigningString(names, { method: 'POST', target: PATH, headers });
  const signature = signRsaSha256(
    signingStringBytes(signingString),
    pki.keys.tpp.privateKey,
  ).toString('base64');
  const keyId = `SN=${pki.qsealc.serialNumber},CA=${pki.qsealc.issuer}`;
  return {
    method: 'POST',
    target: PATH,
    body,
    headers: {
      ...headers,
      'TPP-Signature-Certificate': pki.qsealc.certificateDer.toString('base64'),
      Signature: buildSignatureHeader({
        keyId,
        algorithm: 'rsa-sha256',
        headers: names,
        signature,
      }),
    },
  };
}

describe('verifySignedRequest (§5.2)', () => {
  it('accepts a request from the signer and returns the signing string', () => {
    const request = signed();
    const result = verifySignedRequest(request);
    expect(result).toMatchObject({
      ok: true,
      signedHeaderNames: ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
      keyId: { serialNumber: pki.qsealc.serialNumber, issuer: pki.qsealc.issuer },
      digestAlgorithm: 'SHA-256',
      rfc2047: false,
    });
    if (result.ok)
      expect(result.signingString.split('\n')[0]).toBe(`digest: ${computeDigest(BODY)}`);
  });

  it('accepts Node-style lower-case headers and an explicit certificate', () => {
    const request = signed();
    const lower: HttpHeaders = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(
      verifySignedRequest({ ...request, headers: lower, certificate: pki.qsealc.certificateDer })
        .ok,
    ).toBe(true);
  });

  describe("lowerCaseHeaders: the bank's own header record, read in place", () => {
    const lowerCased = (request: ReturnType<typeof signed>): Record<string, string> =>
      Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));

    it('verifies as a copied lookup does, values trimmed of the spaces around them', () => {
      const request = signed();
      const headers = lowerCased(request);
      headers['x-request-id'] = `  ${headers['x-request-id']}\t`;
      headers['digest'] = ` ${headers['digest']}`;
      const inPlace = verifySignedRequest({ ...request, headers, lowerCaseHeaders: true });
      const copied = verifySignedRequest({ ...request, headers });
      expect(inPlace).toMatchObject({
        ok: true,
        signedHeaderNames: ['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'],
      });
      expect(inPlace.ok && inPlace.signingString).toBe(copied.ok && copied.signingString);
    });

    it("finds no header in an object's prototype: a listed 'constructor' is absent, not a crash", () => {
      const request = signed();
      const headers = lowerCased(request);
      const parsed = parseSignatureHeader(headers['signature']!);
      if (!parsed.ok) throw new Error('bad fixture');
      headers['signature'] = buildSignatureHeader({
        ...parsed.fields,
        headers: [...parsed.fields.headers, 'constructor'],
      });
      expect(failureOf({ ...request, headers, lowerCaseHeaders: true })).toMatchObject({
        part: 'headers',
        reason: 'listed-but-absent',
        text: expect.stringContaining("'constructor'"),
      });
    });

    it('refuses a present PSU-ID left unsigned, as with a copied lookup', () => {
      const request = signed();
      const headers = { ...lowerCased(request), 'psu-corporate-id': 'corp-1' };
      expect(failureOf({ ...request, headers, lowerCaseHeaders: true })).toMatchObject({
        reason: 'not-signed',
        text: expect.stringContaining('PSU-Corporate-ID'),
      });
    });
  });

  it('fails when the signing string was built in another order than the headers list', () => {
    const request = signed();
    const reordered = withSignaturePart(
      request,
      'headers',
      'x-request-id digest psu-id tpp-redirect-uri',
    );
    const failure = failureOf(reordered);
    expect(failure).toMatchObject({ part: 'signature', reason: 'signature-mismatch' });
    expect(failure.text).toContain("'x-request-id' and 'digest' swapped");
  });

  it('fails when a present PSU-ID is not signed', () => {
    const request = signed({ signedHeaderNames: ['digest', 'x-request-id', 'tpp-redirect-uri'] });
    const failure = failureOf(request);
    expect(failure).toMatchObject({ part: 'headers', reason: 'not-signed' });
    expect(failure.text).toContain('PSU-ID is present but not listed');
  });

  it('fails when a listed header is absent', () => {
    const request = signed();
    const { 'TPP-Redirect-URI': _removed, ...headers } = request.headers;
    expect(failureOf({ ...request, headers })).toMatchObject({
      part: 'headers',
      reason: 'listed-but-absent',
    });
  });

  it('fails on a tampered body (Digest mismatch)', () => {
    const request = signed();
    const failure = failureOf({
      ...request,
      body: Buffer.from(BODY.toString().replace('123.45', '923.45')),
    });
    expect(failure).toMatchObject({ part: 'digest', reason: 'mismatch' });
    expect(failure.text).toContain('does not match the body');
  });

  it('fails on a tampered signed header value', () => {
    const request = signed();
    const failure = failureOf({
      ...request,
      headers: { ...request.headers, 'PSU-ID': randomUUID() },
    });
    expect(failure).toMatchObject({ part: 'signature', reason: 'signature-mismatch' });
  });

  it('fails on a keyId serial that is not the certificate serial', () => {
    const request = withSignaturePart(
      signed(),
      'keyId',
      `SN=0123456789ABCDEF,CA=${pki.qsealc.issuer}`,
    );
    const failure = failureOf(request);
    expect(failure).toMatchObject({ part: 'keyId', reason: 'serial-mismatch' });
    expect(failure.text).toContain(pki.qsealc.serialNumber);
  });

  it('explains a keyId serial written in decimal', () => {
    const decimal = BigInt('0x' + pki.qsealc.serialNumber).toString(10);
    const failure = failureOf(
      withSignaturePart(signed(), 'keyId', `SN=${decimal},CA=${pki.qsealc.issuer}`),
    );
    expect(failure.text).toContain('in decimal');
  });

  it('fails on a keyId CA that is not the certificate issuer', () => {
    const failure = failureOf(
      withSignaturePart(
        signed(),
        'keyId',
        `SN=${pki.qsealc.serialNumber},CA=CN=Other CA,O=PSD2 Workbench,C=NO`,
      ),
    );
    expect(failure).toMatchObject({ part: 'keyId', reason: 'issuer-mismatch' });
    expect(failure.text).toContain(pki.qsealc.issuer);
    expect(failure.text).toContain("keyId CA names 'CN=Other CA,O=PSD2 Workbench,C=NO'");
  });

  it('accepts the certificate issuer in another spelling or order (compared as names)', () => {
    for (const spelling of [
      'C=NO, O=PSD2 Workbench, CN=PSD2 Workbench Test Issuing CA',
      'CN=PSD2 Workbench Test Issuing CA, O=PSD2 Workbench, C=NO',
      'cn=psd2 workbench test issuing ca;o=PSD2  Workbench;2.5.4.6=no',
    ]) {
      const request = withSignaturePart(
        signed(),
        'keyId',
        `SN=${pki.qsealc.serialNumber},CA=${spelling}`,
      );
      expect(verifySignedRequest(request).ok, spelling).toBe(true);
    }
  });

  it('fails on an algorithm other than rsa-sha256', () => {
    const failure = failureOf(withSignaturePart(signed(), 'algorithm', 'rsa-sha512'));
    expect(failure).toMatchObject({ part: 'algorithm', reason: 'algorithm' });
  });

  it('fails on a malformed Signature header, naming the part', () => {
    const request = signed();
    const broken = request.headers['Signature']!.replace(
      'algorithm="rsa-sha256"',
      'algorithm=rsa-sha256',
    );
    expect(
      failureOf({ ...request, headers: { ...request.headers, Signature: broken } }),
    ).toMatchObject({
      part: 'algorithm',
      reason: 'malformed-quoting',
    });
    const garbage = failureOf({
      ...request,
      headers: { ...request.headers, Signature: 'garbage' },
    });
    expect(garbage.part).toBe('signature');
  });

  it('fails without a Signature, and without a certificate', () => {
    const request = signed();
    const { Signature: _s, ...unsigned } = request.headers;
    expect(failureOf({ ...request, headers: unsigned })).toMatchObject({
      part: 'signature',
      reason: 'missing',
    });
    const { 'TPP-Signature-Certificate': _c, ...noCertificate } = request.headers;
    expect(failureOf({ ...request, headers: noCertificate })).toMatchObject({
      part: 'certificate',
      reason: 'missing',
    });
    expect(
      failureOf({
        ...request,
        headers: { ...request.headers, 'TPP-Signature-Certificate': 'bm90IGEgY2VydA==' },
      }),
    ).toMatchObject({
      part: 'certificate',
      reason: 'unparseable',
    });
  });

  it('fails when a request with a body has no Digest', () => {
    const headers = { 'X-Request-ID': randomUUID() };
    expect(failureOf(handSigned(headers, ['x-request-id'], BODY))).toMatchObject({
      part: 'digest',
      reason: 'header-missing',
    });
    // Without a body no Digest is needed.
    expect(verifySignedRequest(handSigned(headers, ['x-request-id'], undefined)).ok).toBe(true);
  });

  it('accepts an RFC 2047-wrapped Signature', () => {
    const request = signed();
    const wrapped = encodeRfc2047(request.headers['Signature']!);
    const result = verifySignedRequest({
      ...request,
      headers: { ...request.headers, Signature: wrapped },
    });
    expect(result).toMatchObject({ ok: true, rfc2047: true });
  });

  it('accepts a SHA-512 Digest', () => {
    expect(verifySignedRequest(signed({ digestAlgorithm: 'SHA-512' }))).toMatchObject({
      ok: true,
      digestAlgorithm: 'SHA-512',
    });
  });

  it('refuses an unknown Digest algorithm even when it is signed', () => {
    const headers = { 'X-Request-ID': randomUUID(), Digest: 'MD5=1B2M2Y8AsgTpgAmY7PhCfg==' };
    const failure = failureOf(handSigned(headers, ['digest', 'x-request-id'], BODY));
    expect(failure).toMatchObject({ part: 'digest', reason: 'unsupported-algorithm' });
    expect(failure.text).toContain("'MD5'");
  });

  it('accepts (request-target) and explains an upper-case method in it', () => {
    expect(verifySignedRequest(signed({ includeRequestTarget: true })).ok).toBe(true);
    const headers = { 'X-Request-ID': randomUUID(), Digest: computeDigest(BODY) };
    const names = ['(request-target)', 'digest', 'x-request-id'];
    const wrong =
      `(request-target): POST ${PATH}\n` +
      buildSigningString(names.slice(1), { method: 'POST', target: PATH, headers });
    const request = handSigned(headers, names, BODY);
    const parsed = parseSignatureHeader(String(request.headers['Signature']));
    if (!parsed.ok) throw new Error('fixture');
    const signature = signRsaSha256(signingStringBytes(wrong), pki.keys.tpp.privateKey).toString(
      'base64',
    );
    const failure = failureOf({
      ...request,
      headers: {
        ...request.headers,
        Signature: buildSignatureHeader({ ...parsed.fields, signature }),
      },
    });
    expect(failure.text).toContain("lower-case method 'post'");
  });

  it('refuses a non-ASCII Signature that is not RFC 2047-encoded', () => {
    const request = signed();
    const raw = request.headers['Signature']!.replace('Issuing CA', 'Issuing CÅ');
    expect(
      failureOf({ ...request, headers: { ...request.headers, Signature: raw } }),
    ).toMatchObject({
      part: 'signature',
      reason: 'rfc2047-required',
    });
  });

  it('checks the certificate validity against the given clock', () => {
    const request = signed();
    expect(failureOf({ ...request, now: new Date('2999-01-01T00:00:00Z') })).toMatchObject({
      part: 'certificate',
      reason: 'expired',
    });
    expect(failureOf({ ...request, now: new Date('2000-01-01T00:00:00Z') })).toMatchObject({
      part: 'certificate',
      reason: 'not-yet-valid',
    });
    expect(verifySignedRequest({ ...request, now: new Date() }).ok).toBe(true);
  });

  it('refuses a signature of the wrong length', () => {
    const request = signed();
    const short = withSignaturePart(
      request,
      'headers',
      'digest x-request-id psu-id tpp-redirect-uri',
    );
    const parsed = parseSignatureHeader(short.headers['Signature']!);
    if (!parsed.ok) throw new Error('fixture');
    const header = buildSignatureHeader({
      ...parsed.fields,
      signature: Buffer.alloc(128, 1).toString('base64'),
    });
    expect(
      failureOf({ ...request, headers: { ...request.headers, Signature: header } }),
    ).toMatchObject({
      part: 'signature',
      reason: 'signature-length',
    });
  });

  it('refuses a certificate whose key is not RSA', () => {
    const keyPath = `${scratch.dir}/ec.key`;
    const certificatePem = openssl([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyPath,
      '-subj',
      '/CN=EC TPP',
      '-days',
      '1',
    ]).toString();
    const der = pemBlocks(certificatePem)[0]!.der;
    const request = signed();
    expect(
      failureOf({
        ...request,
        headers: { ...request.headers, 'TPP-Signature-Certificate': der.toString('base64') },
      }),
    ).toMatchObject({
      part: 'algorithm',
      reason: 'certificate-key',
    });
  });

  it('parses each certificate header value once (cache keyed by the value)', () => {
    const cache = new SigningCertificateCache(2);
    const first = verifySignedRequest({ ...signed(), cache });
    const second = verifySignedRequest({ ...signed(), cache });
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) expect(second.certificate).toBe(first.certificate);
    expect(cache.size).toBe(1);
  });

  it('recalls each of two alternating certificates as itself, not the one seen last', () => {
    const cache = new SigningCertificateCache();
    const seal = pemBlocks(pki.qsealc.certificatePem)[0]!.der.toString('base64');
    const web = pemBlocks(pki.qwac.certificatePem)[0]!.der.toString('base64');
    // New string objects each time, as every request brings its header value.
    const value = (text: string) => [...text].join('');
    const sealCertificate = cache.get(value(seal));
    const webCertificate = cache.get(value(web));
    expect(sealCertificate.serialNumber).not.toBe(webCertificate.serialNumber);
    for (let round = 0; round < 3; round++) {
      expect(cache.get(value(seal))).toBe(sealCertificate);
      expect(cache.get(value(seal))).toBe(sealCertificate);
      expect(cache.get(value(web))).toBe(webCertificate);
    }
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get(value(web))).not.toBe(webCertificate);
    expect(cache.get(value(web)).serialNumber).toBe(webCertificate.serialNumber);
  });
});
