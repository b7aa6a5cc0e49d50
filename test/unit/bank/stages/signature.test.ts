/** Signature stage: every §5.2 failure mode as the bank reports it (400, text naming the part). */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank, type BankRequest } from '../../../../main/core/bank/index.js';
import { createTestCa, issueQsealc } from '../../../../main/core/certs/issue.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import { encodeRfc2047 } from '../../../../main/core/signature/index.js';
import { aisHeaders, createPki, parse, signedRequest, withHeaders, type Pki } from '../fixtures.js';

const PATH = '/v1/card-accounts/card-1/transactions?bookingStatus=booked';
let pki: Pki;
let bank: Bank;

beforeAll(async () => {
  pki = await createPki();
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
});

const send = async (request: BankRequest) => parse(await bank.handle(request));
const signedGet = (
  extra: Parameters<typeof signedRequest>[1] extends infer O ? Partial<O> : never = {},
) => signedRequest(pki, { method: 'GET', path: PATH, headers: aisHeaders(), ...extra });
const signedPost = (body: string, extra: Record<string, unknown> = {}) =>
  signedRequest(pki, {
    method: 'POST',
    path: '/v1/sandbox/initialize',
    headers: { 'X-Request-ID': crypto.randomUUID() },
    body,
    ...extra,
  });

/** A correctly signed request reaches the handler: 401 CONSENT_INVALID (the PSU gave no consent). */
const PASSED = { status: 401, code: 'CONSENT_INVALID' };

async function expectRefused(request: BankRequest, part: string, code = 'FORMAT_ERROR') {
  const response = await send(request);
  expect(response.status).toBe(400);
  const [message] = response.body.tppMessages;
  expect(message.code).toBe(code);
  expect(message.text).toContain(`Signature check failed (${part})`);
  return message;
}

describe('signature stage (§5.2)', () => {
  it('passes a request signed by the TPP signer', async () => {
    const response = await send(signedGet());
    expect({ status: response.status, code: response.body.tppMessages[0].code }).toEqual(PASSED);
    expect(bank.requestLog.entries().at(-1)!.rejectedBy).toEqual({
      stage: 'handler',
      rule: 'access.consent-invalid',
    });
  });

  it('accepts (request-target) and a SHA-512 Digest', async () => {
    const response = await send(
      signedPost('{"a":1}', { includeRequestTarget: true, digestAlgorithm: 'SHA-512' }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses a tampered signature value', async () => {
    const request = signedGet();
    const signature = request.headers.signature!.replace(
      /signature="(.)/,
      (_m, c: string) => `signature="${c === 'A' ? 'B' : 'A'}`,
    );
    const message = await expectRefused(
      withHeaders(request, { signature }),
      'signature',
      'BAD_REQUEST',
    );
    expect(message.path).toBe('Signature');
  });

  it('refuses a signed header changed after signing', async () => {
    const request = signedGet();
    await expectRefused(
      withHeaders(request, { 'tpp-redirect-uri': 'https://evil.example/cb' }),
      'signature',
      'BAD_REQUEST',
    );
  });

  it('refuses the four parts out of order', async () => {
    const request = signedGet();
    const parts = request.headers.signature!.split(/,(?=\w+=")/);
    const reordered = [parts[1], parts[0], parts[2], parts[3]].join(',');
    const message = await expectRefused(withHeaders(request, { signature: reordered }), 'keyId');
    expect(message.text).toMatch(/order/i);
  });

  it('refuses an algorithm other than rsa-sha256', async () => {
    const request = signedGet();
    await expectRefused(
      withHeaders(request, {
        signature: request.headers.signature!.replace('rsa-sha256', 'rsa-sha512'),
      }),
      'algorithm',
    );
  });

  it('refuses a keyId whose serial is not the certificate serial', async () => {
    const request = signedGet();
    const signature = request.headers.signature!.replace(/SN=[0-9A-F]+/, 'SN=0A0B0C');
    const message = await expectRefused(
      withHeaders(request, { signature }),
      'keyId',
      'BAD_REQUEST',
    );
    expect(message.text).toContain('SN 0A0B0C');
  });

  it('refuses a keyId whose CA is not the certificate issuer', async () => {
    const request = signedGet();
    const signature = request.headers.signature!.replace(/CA=[^"]+/, 'CA=CN=Someone Else,C=NO');
    await expectRefused(withHeaders(request, { signature }), 'keyId', 'BAD_REQUEST');
  });

  it('refuses a signature that leaves out a §5.2.4 header the request carries', async () => {
    const request = signedGet({ signedHeaderNames: ['x-request-id'] });
    const message = await expectRefused(request, 'headers', 'BAD_REQUEST');
    expect(message.text).toContain('TPP-Redirect-URI');
  });

  it('refuses a Digest that does not match the body', async () => {
    const request = signedPost('{"a":1}');
    const message = await expectRefused(
      { ...request, body: Buffer.from('{"a":2}') },
      'digest',
      'BAD_REQUEST',
    );
    expect(message.path).toBe('Digest');
  });

  it('refuses an unsupported Digest algorithm', async () => {
    const request = signedPost('{}');
    await expectRefused(withHeaders(request, { digest: 'MD5=mZFLkyvTelC5g8XnyQrpOw==' }), 'digest');
  });

  it('refuses a TPP-Signature-Certificate that is not a certificate', async () => {
    const message = await expectRefused(
      withHeaders(signedGet(), { 'tpp-signature-certificate': 'bm90IGEgY2VydGlmaWNhdGU=' }),
      'certificate',
    );
    expect(message.path).toBe('TPP-Signature-Certificate');
  });

  it('refuses a request signed with another key than the certificate', async () => {
    const other = await pki.issueSeal();
    const request = signedGet();
    await expectRefused(
      withHeaders(request, {
        'tpp-signature-certificate': other.certificateDer.toString('base64'),
      }),
      'keyId',
      'BAD_REQUEST',
    );
  });

  it('decodes an RFC 2047-wrapped Signature (§5.2.6)', async () => {
    const request = signedGet();
    const wrapped = encodeRfc2047(request.headers.signature!);
    expect(wrapped).toMatch(/^=\?utf-8\?B\?/);
    const response = await send(withHeaders(request, { signature: wrapped }));
    expect(response.body.tppMessages[0].code).toBe(PASSED.code);
  });

  it('verifies a keyId with a non-ASCII CA name sent RFC 2047-encoded', async () => {
    const ca = await createTestCa({
      rootKey: pki.keyPair,
      intermediateKey: pki.keyPair,
      intermediateSubject: { commonName: 'Bærum Utsteder CA', countryName: 'NO' },
    });
    const seal = await issueQsealc({
      issuer: ca.issuer,
      subject: { commonName: 'TPP', organizationIdentifier: 'PSDNO-FSA-1' },
      roles: ['PSP_AI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
      keyPair: pki.keyPair,
    });
    const request = signedGet({ certificate: seal, keyIdNonAscii: 'utf8' });
    expect(request.headers.signature).toMatch(/^=\?utf-8\?B\?/);
    const response = await send(request);
    expect(response.body.tppMessages[0].code).toBe(PASSED.code);
  });

  it('refuses an unwrapped non-ASCII Signature value', async () => {
    const request = signedGet();
    const signature = request.headers.signature!.replace('keyId="', 'keyId="ø');
    await expectRefused(withHeaders(request, { signature }), 'signature');
  });
});
