import { describe, expect, it } from 'vitest';
import { buildKeyId, parseKeyId, sameSerialNumber } from '../../../main/core/signature/key-id.js';

describe('keyId (§5.2.3)', () => {
  it('builds SN=<serial>,CA=<issuer>', () => {
    expect(buildKeyId({ serialNumber: '0A1B', issuer: 'CN=CA,O=Bank,C=NO' })).toBe(
      'SN=0A1B,CA=CN=CA,O=Bank,C=NO',
    );
  });

  it('parses SN up to the first ",CA=" and keeps the rest, commas and escapes included, as the CA', () => {
    expect(parseKeyId('SN=0A1B,CA=CN=Foo\\, Inc.,O=Bank\\+Co,C=NO')).toEqual({
      ok: true,
      keyId: { serialNumber: '0A1B', issuer: 'CN=Foo\\, Inc.,O=Bank\\+Co,C=NO' },
    });
    // A CA that itself contains ",CA=" is still split at the first one.
    expect(parseKeyId('SN=01,CA=CN=X,CA=Y')).toMatchObject({
      ok: true,
      keyId: { issuer: 'CN=X,CA=Y' },
    });
  });

  it('parses a keyId once: the same value, sent again as a new string, gives the same answer', () => {
    const value = 'SN=0A1B,CA=CN=CA,O=Bank,C=NO';
    const first = parseKeyId(value);
    expect(parseKeyId([...value].join(''))).toBe(first);
  });

  it('names what is wrong', () => {
    expect(parseKeyId('CA=CN=X,SN=01')).toMatchObject({ ok: false, reason: 'missing-serial' });
    expect(parseKeyId('SN=01')).toMatchObject({ ok: false, reason: 'missing-issuer' });
    const spaced = parseKeyId('SN=01, CA=CN=X');
    expect(spaced).toMatchObject({ ok: false, reason: 'missing-issuer' });
    if (!spaced.ok) expect(spaced.text).toContain('whitespace');
    expect(parseKeyId('SN=,CA=CN=X')).toMatchObject({ ok: false, reason: 'missing-serial' });
    expect(parseKeyId('SN=12G4,CA=CN=X')).toMatchObject({ ok: false, reason: 'serial-not-hex' });
    expect(parseKeyId('SN=0a1b,CA=CN=X')).toMatchObject({
      ok: false,
      reason: 'serial-not-upper-case',
    });
    expect(parseKeyId('SN=01,CA=')).toMatchObject({ ok: false, reason: 'missing-issuer' });
  });

  it('compares serials as numbers (zero padding aside)', () => {
    expect(sameSerialNumber('0A', 'A')).toBe(true);
    expect(sameSerialNumber('00FF', 'FF')).toBe(true);
    expect(sameSerialNumber('0A', '0B')).toBe(false);
  });
});
