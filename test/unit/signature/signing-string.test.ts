import { describe, expect, it } from 'vitest';
import {
  checkSignedHeaders,
  defaultSignedHeaderNames,
  requiredSignedHeaders,
} from '../../../main/core/signature/signed-headers.js';
import {
  SigningStringError,
  buildSigningString,
  headerLookup,
  requestTarget,
  signingStringBytes,
  targetOfUrl,
} from '../../../main/core/signature/signing-string.js';

describe('signing string (§5.2.5)', () => {
  const headers = { Digest: 'SHA-256=abc=', 'X-Request-ID': '99391c7e', 'psu-id': ' 7f1c ' };

  it('writes "name: value" lines in the listed order, joined by \\n, names lower-case', () => {
    expect(
      buildSigningString(['x-request-id', 'digest'], { method: 'POST', target: '/v1/x', headers }),
    ).toBe('x-request-id: 99391c7e\ndigest: SHA-256=abc=');
  });

  it('looks headers up case-insensitively and trims surrounding whitespace', () => {
    expect(buildSigningString(['psu-id'], { method: 'GET', target: '/', headers })).toBe(
      'psu-id: 7f1c',
    );
  });

  it('writes (request-target) as the lower-case method and path with query', () => {
    expect(
      buildSigningString(['(request-target)', 'digest'], {
        method: 'GET',
        target: '/v1/accounts?withBalance=true',
        headers,
      }),
    ).toBe('(request-target): get /v1/accounts?withBalance=true\ndigest: SHA-256=abc=');
    expect(requestTarget('DELETE', '/v1/consents/1')).toBe('delete /v1/consents/1');
    expect(targetOfUrl('https://bank.example/v1/a%20b?x=1&y=%C3%B8')).toBe(
      '/v1/a%20b?x=1&y=%C3%B8',
    );
  });

  it('joins repeated header fields with ", "', () => {
    expect(headerLookup({ 'x-accept-fix': ['a', 'b'] }).get('x-accept-fix')).toBe('a, b');
  });

  it('names a listed header the request does not carry', () => {
    expect(() => buildSigningString(['date'], { method: 'GET', target: '/', headers })).toThrow(
      SigningStringError,
    );
  });

  it('signs ISO-8859-1 bytes: one byte per header character', () => {
    expect(signingStringBytes('psu-id: ø')).toEqual(
      Buffer.from([...Buffer.from('psu-id: '), 0xf8]),
    );
  });
});

describe('which headers are signed (§5.2.4, decisions.md)', () => {
  const all = headerLookup({
    Date: 'Tue, 07 Jun 2022 20:51:35 GMT',
    Digest: 'SHA-256=x',
    'X-Request-ID': '1',
    'PSU-ID': '2',
    'PSU-Corporate-ID': '3',
    'TPP-Redirect-URI': 'https://tpp/cb',
    'TPP-Session-ID': 's',
    'PSU-IP-Address': '10.0.0.1',
  });

  it('requires every §5.2.4 header the request carries, and only those', () => {
    expect(requiredSignedHeaders(all)).toEqual([
      'date',
      'digest',
      'x-request-id',
      'psu-id',
      'psu-corporate-id',
      'tpp-redirect-uri',
    ]);
    expect(requiredSignedHeaders(headerLookup({ 'X-Request-ID': '1' }))).toEqual(['x-request-id']);
  });

  it('lists (request-target) first when asked', () => {
    expect(
      defaultSignedHeaderNames(headerLookup({ 'X-Request-ID': '1' }), {
        includeRequestTarget: true,
      }),
    ).toEqual(['(request-target)', 'x-request-id']);
  });

  it('accepts any order, extra headers and (request-target)', () => {
    const listed = [
      '(request-target)',
      'tpp-session-id',
      'tpp-redirect-uri',
      'psu-corporate-id',
      'psu-id',
      'x-request-id',
      'digest',
      'date',
    ];
    expect(checkSignedHeaders(listed, all, { hasBody: true })).toEqual({ ok: true });
  });

  it('refuses a present §5.2.4 header that is not signed', () => {
    const result = checkSignedHeaders(
      ['date', 'digest', 'x-request-id', 'psu-corporate-id', 'tpp-redirect-uri'],
      all,
      { hasBody: true },
    );
    expect(result).toMatchObject({ ok: false, reason: 'not-signed', header: 'psu-id' });
  });

  it('requires X-Request-ID always and Digest with a body', () => {
    expect(checkSignedHeaders([], headerLookup({}), { hasBody: false })).toMatchObject({
      ok: false,
      reason: 'header-missing',
      header: 'x-request-id',
    });
    expect(
      checkSignedHeaders(['x-request-id'], headerLookup({ 'x-request-id': '1' }), {
        hasBody: true,
      }),
    ).toMatchObject({
      ok: false,
      reason: 'header-missing',
      header: 'digest',
    });
    expect(
      checkSignedHeaders(['x-request-id'], headerLookup({ 'x-request-id': '1' }), {
        hasBody: false,
      }),
    ).toEqual({ ok: true });
  });

  it('refuses a listed header that is absent', () => {
    expect(
      checkSignedHeaders(['x-request-id', 'psu-id'], headerLookup({ 'x-request-id': '1' }), {
        hasBody: false,
      }),
    ).toMatchObject({
      ok: false,
      reason: 'listed-but-absent',
      header: 'psu-id',
    });
  });
});
