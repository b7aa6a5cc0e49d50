/**
 * The signing scripts of an export run in a stand-in for each runtime (Postman's `pm` with a
 * CryptoJS facade over node:crypto; Bruno's `req`/`bru` with Node's crypto) and the requests they
 * sign pass the bank's own verifier (verify-signed-request.ts). Real newman runs the Postman script
 * against `workbench bank` in test/integration/hosts/newman-signing-process.test.ts.
 */
import * as nodeCrypto from 'node:crypto';
import { createHash, type KeyObject } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCertificate } from '../../../main/core/certs/certificate-builder.js';
import { generateRsaKeyPairSync, type RsaKeyPair } from '../../../main/core/certs/keys.js';
import { toPem } from '../../../main/core/certs/pem.js';
import {
  brunoSigningScript,
  postmanSigningScript,
} from '../../../main/core/collections/signing-script.js';
import { verifySignedRequest } from '../../../main/core/signature/index.js';

let key: RsaKeyPair;
let certificatePem: string;
beforeAll(() => {
  key = generateRsaKeyPairSync();
  certificatePem = toPem(
    issueCertificate({
      subject: [
        { type: 'C', value: 'NO' },
        { type: 'O', value: 'Bjørn, TPP' },
        { type: 'CN', value: 'Test TPP' },
      ],
      publicKey: key.publicKey,
      selfSigningKey: key.privateKey,
      extensions: [],
    }),
  );
});

const pkcs8 = (k: KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }) as string;
const pkcs1 = (k: KeyObject) => k.export({ type: 'pkcs1', format: 'pem' }) as string;

/** Enough of CryptoJS for the script: SHA-256 over hex-parsed bytes, written as hex. */
const cryptoJs = {
  enc: { Hex: { parse: (hex: string) => ({ hex }) } },
  SHA256: (words: { hex: string }) => ({
    toString: () => createHash('sha256').update(Buffer.from(words.hex, 'hex')).digest('hex'),
  }),
};

interface Header {
  key: string;
  value: string;
  disabled?: boolean;
}

/** Runs the Postman script on one request in a `pm` stand-in; what it left on the request. */
function runPostman(
  request: { headers: Header[]; body?: string },
  variables: Record<string, string>,
) {
  const headers = [...request.headers];
  const kept: Record<string, string> = {};
  const tests: { name: string; error?: Error }[] = [];
  let skipped = false;
  const body = request.body === undefined ? undefined : { mode: 'raw', raw: request.body };
  const lookup = (name: string) => kept[name] ?? variables[name];
  const pm = {
    request: {
      body,
      headers: {
        filter: (test: (h: Header) => boolean) => headers.filter(test),
        remove: (h: Header) => headers.splice(headers.indexOf(h), 1),
        add: (h: Header) => headers.push(h),
      },
    },
    variables: {
      get: lookup,
      replaceIn: (text: string) =>
        text === '{{$guid}}'
          ? '0b7c5a61-2f4e-4d3a-9c1b-6e8f0a2d4c57'
          : text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => lookup(name) ?? ''),
    },
    collectionVariables: { set: (name: string, value: string) => (kept[name] = value) },
    execution: { skipRequest: () => (skipped = true) },
    test: (name: string, run: () => void) => {
      try {
        run();
        tests.push({ name });
      } catch (error) {
        tests.push({ name, error: error as Error });
      }
    },
  };
  const require = (name: string) => {
    if (name !== 'crypto-js') throw new Error(`no module ${name} in the sandbox`);
    return cryptoJs;
  };
  runInNewContext(postmanSigningScript(), { pm, require, Buffer });
  return {
    headers: Object.fromEntries(headers.map((h) => [h.key, h.value])),
    body: body?.raw,
    kept,
    tests,
    skipped,
  };
}

const verified = (method: string, headers: Record<string, string>, body?: string) =>
  verifySignedRequest({ method, target: '/v1/consents', headers, body });

describe('the Postman signing script', () => {
  it.each([
    ['PKCS#8', pkcs8],
    ['PKCS#1', pkcs1],
  ])(
    'signs a body with {{variables}} filled, with a %s key, so the verifier accepts it',
    (_what, pem) => {
      const result = runPostman(
        {
          headers: [{ key: 'TPP-Redirect-URI', value: '{{tppRedirectUri}}' }],
          body: '{"validUntil":"{{validUntil}}"}',
        },
        {
          signingKeyPem: pem(key.privateKey),
          signingCertificatePem: certificatePem,
          tppRedirectUri: 'https://tpp.example/cb',
          validUntil: '2099-12-31',
        },
      );
      expect(result.tests).toEqual([]);
      expect(result.body).toBe('{"validUntil":"2099-12-31"}');
      expect(result.headers['X-Request-ID']).toBe('0b7c5a61-2f4e-4d3a-9c1b-6e8f0a2d4c57');
      // No tppSessionId given: one is made and kept for the run's other requests (§3.4).
      expect(result.headers['TPP-Session-ID']).toBe(result.kept.tppSessionId);
      const sent = { ...result.headers, 'TPP-Redirect-URI': 'https://tpp.example/cb' };
      expect(verified('POST', sent, result.body)).toMatchObject({ ok: true });
      expect(result.headers.Signature).toContain('headers="digest x-request-id tpp-redirect-uri"');
    },
  );

  it('a signature over other bytes than the body sent is refused (the check can fail)', () => {
    const result = runPostman(
      { headers: [], body: '{"a":1}' },
      { signingKeyPem: pkcs8(key.privateKey), signingCertificatePem: certificatePem },
    );
    expect(verified('POST', result.headers, '{"a":2}')).toMatchObject({ ok: false });
  });

  it.each([
    ['an empty key', { signingCertificatePem: 'x' }, /variable signingKeyPem is empty/],
    [
      'an empty certificate',
      { signingKeyPem: 'x', signingCertificatePem: ' ' },
      /variable signingCertificatePem is empty/,
    ],
    [
      'a key that is no PEM',
      { signingKeyPem: 'not a key' },
      /signingKeyPem is not a PEM PRIVATE KEY/,
    ],
    [
      'a certificate that is no PEM',
      { signingKeyPem: 'x', signingCertificatePem: 'not a certificate' },
      /signingCertificatePem is not a PEM CERTIFICATE/,
    ],
    [
      'an encrypted key',
      {
        signingKeyPem:
          '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----',
      },
      /signingKeyPem holds an encrypted private key/,
    ],
  ])('%s fails the request with a test naming it and skips it', (_what, variables, text) => {
    const vars: Record<string, string> = { signingCertificatePem: certificatePem, ...variables };
    const result = runPostman({ headers: [] }, vars);
    expect(result.skipped).toBe(true);
    expect(result.tests).toHaveLength(1);
    expect(result.tests[0]!.error?.message).toMatch(text);
    expect(result.headers.Signature).toBeUndefined();
  });
});

describe('the Bruno signing script', () => {
  it('signs with Node crypto so the verifier accepts it', () => {
    const headers: Record<string, string> = { 'PSU-ID': '{{psuId}}' };
    let body: unknown = { validUntil: '{{validUntil}}' };
    const env: Record<string, string> = {
      signingKeyPem: pkcs8(key.privateKey),
      signingCertificatePem: certificatePem,
      psuId: '1b7e5e4c-3c39-4a63-9d0e-3a4f0c9b2f11',
      validUntil: '2099-12-31',
    };
    const runtime: Record<string, string> = {};
    const req = {
      getBody: () => body,
      setBody: (value: unknown) => (body = value),
      getHeaders: () => headers,
      setHeader: (name: string, value: string) => (headers[name] = value),
      deleteHeader: (name: string) => delete headers[name],
    };
    const bru = {
      getEnvVar: (name: string) => env[name],
      getVar: (name: string) => runtime[name],
      setVar: (name: string, value: string) => (runtime[name] = value),
      interpolate: (text: string) =>
        text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => env[name] ?? runtime[name] ?? ''),
    };
    runInNewContext(brunoSigningScript(), {
      req,
      bru,
      Buffer,
      require: (name: string) => (name === 'crypto' ? nodeCrypto : undefined),
    });
    expect(body).toBe('{"validUntil":"2099-12-31"}');
    const sent = { ...headers, 'PSU-ID': env.psuId! };
    expect(verified('POST', sent, body as string)).toMatchObject({ ok: true });
    expect(headers.Signature).toContain('headers="digest x-request-id psu-id"');
    expect(headers['TPP-Session-ID']).toBe(runtime.tppSessionId);
  });
});
