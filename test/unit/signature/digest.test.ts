import { describe, expect, it } from 'vitest';
import {
  computeDigest,
  parseDigestHeader,
  verifyDigest,
} from '../../../main/core/signature/digest.js';

// Known vectors (FIPS 180-4 hashes of the empty string), independent of our code.
const SHA256_EMPTY = 'SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
const SHA512_EMPTY =
  'SHA-512=z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==';

describe('Digest (§4.1, RFC 3230/5843)', () => {
  it('computes SHA-256 by default and SHA-512 on request over the exact bytes', () => {
    expect(computeDigest(Buffer.alloc(0))).toBe(SHA256_EMPTY);
    expect(computeDigest(new Uint8Array(0), 'SHA-512')).toBe(SHA512_EMPTY);
    // Bytes, not text: a body that is not valid UTF-8 is hashed as sent.
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    expect(computeDigest(bytes)).not.toBe(computeDigest(bytes.toString('utf8')));
  });

  it('hashes a string body as UTF-8', () => {
    expect(computeDigest('Bjørn')).toBe(computeDigest(Buffer.from('Bjørn', 'utf8')));
  });

  it('accepts SHA-256 and SHA-512, algorithm names case-insensitive', () => {
    const body = Buffer.from('{"a":1}');
    expect(verifyDigest(computeDigest(body), body)).toMatchObject({
      ok: true,
      algorithm: 'SHA-256',
    });
    expect(verifyDigest(computeDigest(body, 'SHA-512'), body)).toMatchObject({
      ok: true,
      algorithm: 'SHA-512',
    });
    const lower = computeDigest(body).replace('SHA-256', 'sha-256');
    expect(verifyDigest(lower, body)).toMatchObject({ ok: true, algorithm: 'SHA-256' });
  });

  it('refuses an unknown algorithm and says which', () => {
    const result = verifyDigest('MD5=1B2M2Y8AsgTpgAmY7PhCfg==', Buffer.alloc(0));
    expect(result).toMatchObject({ ok: false, reason: 'unsupported-algorithm', algorithm: 'MD5' });
    if (!result.ok) expect(result.text).toContain("'MD5'");
    // SHA256 without the dash is not the RFC 5843 name.
    expect(verifyDigest('SHA256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', '')).toMatchObject({
      ok: false,
      reason: 'unsupported-algorithm',
    });
  });

  it('ignores an unsupported instance next to a supported one, and reports it', () => {
    expect(verifyDigest(`MD5=1B2M2Y8AsgTpgAmY7PhCfg==, ${SHA256_EMPTY}`, '')).toEqual({
      ok: true,
      algorithm: 'SHA-256',
      ignoredAlgorithms: ['MD5'],
    });
  });

  it('checks every supported instance', () => {
    const body = Buffer.from('x');
    const header = `${computeDigest(body)},${SHA512_EMPTY}`;
    expect(verifyDigest(header, body)).toMatchObject({
      ok: false,
      reason: 'mismatch',
      algorithm: 'SHA-512',
    });
  });

  it('reports a mismatch with the expected value', () => {
    const result = verifyDigest(SHA256_EMPTY, Buffer.from('tampered'));
    expect(result).toMatchObject({ ok: false, reason: 'mismatch' });
    if (!result.ok) expect(result.text).toContain(computeDigest(Buffer.from('tampered')));
  });

  it('says precisely when the header is malformed', () => {
    expect(verifyDigest('SHA-256', '')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verifyDigest('SHA-256=not base64!', '')).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyDigest('SHA-256=AAAA', '')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verifyDigest(`${SHA256_EMPTY},`, '')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(verifyDigest(undefined, '')).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('parses several instances, keeping the value with its base64 padding', () => {
    const parsed = parseDigestHeader(`${SHA256_EMPTY}, unixsum=30637`);
    expect(parsed).toEqual({
      ok: true,
      instances: [
        {
          algorithm: 'SHA-256',
          supported: 'SHA-256',
          value: '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
        },
        { algorithm: 'unixsum', supported: undefined, value: '30637' },
      ],
    });
  });
});
