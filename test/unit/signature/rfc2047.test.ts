import { describe, expect, it } from 'vitest';
import {
  decodeRfc2047,
  encodeRfc2047,
  needsRfc2047,
} from '../../../main/core/signature/rfc2047.js';

describe('RFC 2047 (§5.2.6)', () => {
  it('wraps a whole value as one utf-8 B encoded-word', () => {
    const value = 'keyId="SN=01,CA=CN=Bjørn Æ",algorithm="rsa-sha256"';
    const encoded = encodeRfc2047(value);
    expect(encoded).toBe(`=?utf-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);
    expect(decodeRfc2047(encoded)).toEqual({
      ok: true,
      value,
      wrapped: true,
      charset: 'utf-8',
      encoding: 'B',
    });
  });

  it('wraps only when a value is not ASCII', () => {
    expect(needsRfc2047('keyId="SN=01,CA=CN=A\\C3\\B8"')).toBe(false);
    expect(needsRfc2047('CN=Bjørn')).toBe(true);
    // The boundary: DEL is still US-ASCII, U+0080 is not; so is a character outside the BMP.
    expect(needsRfc2047('a\u007f')).toBe(false);
    expect(needsRfc2047('a\u0080')).toBe(true);
    expect(needsRfc2047('CN=🏦')).toBe(true);
  });

  it('returns an unwrapped value unchanged', () => {
    expect(decodeRfc2047('keyId="x"')).toEqual({ ok: true, value: 'keyId="x"', wrapped: false });
  });

  it('decodes Q encoding and iso-8859-1', () => {
    expect(decodeRfc2047('=?ISO-8859-1?Q?Bj=F8rn_=C6?=')).toMatchObject({
      ok: true,
      value: 'Bjørn Æ',
      charset: 'iso-8859-1',
      encoding: 'Q',
    });
    expect(
      decodeRfc2047('=?iso-8859-1?B?' + Buffer.from('Bjørn', 'latin1').toString('base64') + '?='),
    ).toMatchObject({ ok: true, value: 'Bjørn' });
    expect(decodeRfc2047(encodeRfc2047('a b=ø', 'Q'))).toMatchObject({ ok: true, value: 'a b=ø' });
  });

  it('joins several words, even when a character is split between them', () => {
    const bytes = Buffer.from('ø', 'utf8');
    const words = `=?utf-8?B?${bytes.subarray(0, 1).toString('base64')}?=\r\n =?utf-8?B?${bytes.subarray(1).toString('base64')}?=`;
    expect(decodeRfc2047(words)).toMatchObject({ ok: true, value: 'ø', wrapped: true });
  });

  it('refuses malformed words, unknown charsets and encodings', () => {
    expect(decodeRfc2047('=?utf-8?B?abc')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(decodeRfc2047('=?utf-8?B?a$b=?=')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(decodeRfc2047('=?utf-8?B?YQ==?= trailing')).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(decodeRfc2047('=?koi8-r?B?YQ==?=')).toMatchObject({
      ok: false,
      reason: 'unsupported-charset',
    });
    expect(decodeRfc2047('=?utf-8?X?YQ==?=')).toMatchObject({
      ok: false,
      reason: 'unsupported-encoding',
    });
    expect(decodeRfc2047('=?utf-8?Q?a=Zb?=')).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
