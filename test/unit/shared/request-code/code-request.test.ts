/** What a program re-creates of a recorded request, and what it computes afresh (§5.2). */
import { describe, expect, it } from 'vitest';
import {
  CodeRequestError,
  codeRequest,
  environmentName,
  signedHeaderNamesOf,
} from '../../../../main/shared/request-code/code-request';

const SIGNATURE =
  'keyId="SN=0A,CA=CN=Test CA,C=NO",algorithm="rsa-sha256",headers="(request-target) digest x-request-id psu-id",signature="c2ln"';

describe('codeRequest', () => {
  it('keeps the sent headers in order, recomputes the signing ones and marks the fresh ones', () => {
    const request = codeRequest({
      method: 'post',
      url: 'https://bank.example/v1/consents?x=1',
      headers: {
        'Content-Type': 'application/json',
        'X-Request-ID': '0f6b…',
        Date: 'Sun, 29 Nov 2026 12:00:00 GMT',
        Host: 'bank.example',
        'Content-Length': '2',
        'PSU-ID': '{{psuId}}',
        Digest: 'SHA-256=abc',
        'TPP-Signature-Certificate': 'MIIB',
        Signature: SIGNATURE,
      },
      body: '{"access":"{{psuId}}","other":"{{api-key}}"}',
    });
    expect(request).toEqual({
      method: 'POST',
      url: 'https://bank.example/v1/consents?x=1',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-Request-ID', value: '0f6b…', fresh: 'request-id' },
        { name: 'Date', value: 'Sun, 29 Nov 2026 12:00:00 GMT', fresh: 'date' },
        { name: 'PSU-ID', value: '{{psuId}}' },
      ],
      body: { text: '{"access":"{{psuId}}","other":"{{api-key}}"}' },
      signedHeaderNames: ['(request-target)', 'digest', 'x-request-id', 'psu-id'],
      secrets: ['psuId', 'api-key'],
      tls: true,
    });
  });

  it('leaves an unsigned request unsigned, and a binary body as its base64', () => {
    const request = codeRequest({
      method: 'PUT',
      url: 'http://127.0.0.1:1/x',
      headers: { Digest: 'SHA-256=sent' },
      bodyBase64: 'AAEC',
    });
    expect(request.headers).toEqual([{ name: 'Digest', value: 'SHA-256=sent' }]);
    expect(request.signedHeaderNames).toBeUndefined();
    expect(request.body).toEqual({ base64: 'AAEC' });
    expect(request.tls).toBe(false);
  });

  it('refuses a Signature without the part naming what it signed, and a URL that is not one', () => {
    expect(() =>
      codeRequest({ method: 'GET', url: 'http://h/', headers: { Signature: 'keyId="k"' } }),
    ).toThrow(
      new CodeRequestError(
        `the Signature header has no headers="…" part naming what it signed (§5.2.3): 'keyId="k"'`,
      ),
    );
    expect(() => codeRequest({ method: 'GET', url: '/v1/accounts', headers: {} })).toThrow(
      "the request's URL '/v1/accounts' is not an absolute URL",
    );
  });

  it('turns what a run redacted into placeholders named after where it was', () => {
    const request = codeRequest({
      method: 'POST',
      url: 'http://127.0.0.1:1/admin/clock?token=[redacted]',
      headers: { 'X-Admin-Token': '[redacted]', Authorization: 'Bearer [redacted]' },
      body: '{"password":"[redacted]"}',
    });
    expect(request.headers).toEqual([
      { name: 'X-Admin-Token', value: '{{redacted-X-Admin-Token}}' },
      { name: 'Authorization', value: 'Bearer {{redacted-Authorization}}' },
    ]);
    expect(request.url).toBe('http://127.0.0.1:1/admin/clock?token={{redacted-url}}');
    expect(request.body).toEqual({ text: '{"password":"{{redacted-body}}"}' });
    expect(request.secrets).toEqual([
      'redacted-url',
      'redacted-X-Admin-Token',
      'redacted-Authorization',
      'redacted-body',
    ]);
    expect(request.secrets.map(environmentName)).toEqual([
      'REDACTED_URL',
      'REDACTED_X_ADMIN_TOKEN',
      'REDACTED_AUTHORIZATION',
      'REDACTED_BODY',
    ]);
  });
});

describe('signedHeaderNamesOf', () => {
  it('reads the headers part, also from an RFC 2047-wrapped Signature (§5.2.6)', () => {
    const wrapped = `=?utf-8?B?${Buffer.from(SIGNATURE.replace('Test CA', 'Tæst CA')).toString('base64')}?=`;
    expect(signedHeaderNamesOf(wrapped)).toEqual([
      '(request-target)',
      'digest',
      'x-request-id',
      'psu-id',
    ]);
  });
});

describe('environmentName', () => {
  it('turns a variable name into an environment variable name', () => {
    expect(environmentName('adminToken')).toBe('ADMIN_TOKEN');
    expect(environmentName('api-key2')).toBe('API_KEY2');
    expect(environmentName('PSU_ID')).toBe('PSU_ID');
  });
});
