import { describe, expect, it } from 'vitest';
import {
  buildSignatureHeader,
  parseSignatureHeader,
} from '../../../main/core/signature/signature-header.js';

const SIG = Buffer.alloc(256, 7).toString('base64');
const KEY_ID = 'SN=0A1B,CA=CN=Issuing CA\\, Test,O=Bank \\"Nord\\",C=NO';
const valid = `keyId="${KEY_ID}",algorithm="rsa-sha256",headers="digest x-request-id",signature="${SIG}"`;

function failure(header: string): { reason: string; part?: string; text: string } {
  const result = parseSignatureHeader(header);
  if (result.ok) throw new Error('expected a failure');
  return result.failure;
}

describe('Signature header codec (§5.2.3)', () => {
  it('builds the four parts in order: keyId, algorithm, headers, signature', () => {
    expect(
      buildSignatureHeader({
        keyId: KEY_ID,
        algorithm: 'rsa-sha256',
        headers: ['digest', 'x-request-id'],
        signature: SIG,
      }),
    ).toBe(valid);
  });

  it('parses its own output, keeping RFC 2253 escapes in keyId verbatim', () => {
    expect(parseSignatureHeader(valid)).toEqual({
      ok: true,
      fields: {
        keyId: KEY_ID,
        algorithm: 'rsa-sha256',
        headers: ['digest', 'x-request-id'],
        signature: SIG,
      },
    });
  });

  it('allows whitespace around the commas', () => {
    expect(parseSignatureHeader(valid.replaceAll('",', '", '))).toMatchObject({ ok: true });
  });

  it('refuses a builder value with an unescaped quote', () => {
    expect(() =>
      buildSignatureHeader({
        keyId: 'SN=1,CA=CN="x"',
        algorithm: 'rsa-sha256',
        headers: ['digest'],
        signature: SIG,
      }),
    ).toThrow(/keyId/);
  });

  it('names a missing part', () => {
    expect(failure(`keyId="${KEY_ID}",algorithm="rsa-sha256",signature="${SIG}"`)).toMatchObject({
      reason: 'missing-part',
      part: 'headers',
    });
  });

  it('names parts out of order', () => {
    const f = failure(
      `algorithm="rsa-sha256",keyId="${KEY_ID}",headers="digest",signature="${SIG}"`,
    );
    expect(f).toMatchObject({ reason: 'part-order', part: 'keyId' });
    expect(f.text).toContain('algorithm, keyId, headers, signature');
  });

  it('names an unknown part, with a hint when only the case differs', () => {
    expect(failure(`${valid},created="1"`)).toMatchObject({
      reason: 'unknown-part',
      part: 'created',
    });
    expect(failure(valid.replace('keyId=', 'keyid=')).text).toContain("'keyId'");
  });

  it('names a duplicate part', () => {
    expect(failure(`${valid},headers="digest"`)).toMatchObject({
      reason: 'duplicate-part',
      part: 'headers',
    });
  });

  it('names malformed quoting', () => {
    expect(failure(valid.replace('algorithm="rsa-sha256"', 'algorithm=rsa-sha256'))).toMatchObject({
      reason: 'malformed-quoting',
      part: 'algorithm',
    });
    expect(failure(valid.slice(0, -1))).toMatchObject({
      reason: 'malformed-quoting',
      part: 'signature',
    });
    expect(failure(valid.replace('",algorithm', '" algorithm'))).toMatchObject({
      reason: 'malformed-quoting',
    });
    expect(failure(`${valid},`)).toMatchObject({ reason: 'malformed-quoting' });
    expect(failure('keyId')).toMatchObject({ reason: 'malformed-quoting' });
  });

  it('refuses any algorithm but rsa-sha256', () => {
    expect(failure(valid.replace('rsa-sha256', 'hmac-sha256'))).toMatchObject({
      reason: 'algorithm',
      part: 'algorithm',
    });
    expect(failure(valid.replace('rsa-sha256', 'RSA-SHA256'))).toMatchObject({
      reason: 'algorithm',
    });
  });

  it('refuses an empty headers list', () => {
    expect(failure(valid.replace('digest x-request-id', ''))).toMatchObject({
      reason: 'empty-headers',
      part: 'headers',
    });
  });

  it('refuses header names that are not lower-case', () => {
    const f = failure(valid.replace('x-request-id', 'X-Request-ID'));
    expect(f).toMatchObject({ reason: 'header-name-case', part: 'headers' });
    expect(f.text).toContain("'X-Request-ID'");
  });

  it('refuses malformed and repeated header names', () => {
    expect(failure(valid.replace('digest x-request-id', 'digest  x-request-id'))).toMatchObject({
      reason: 'malformed-headers',
    });
    expect(failure(valid.replace('digest x-request-id', '(created) digest'))).toMatchObject({
      reason: 'malformed-headers',
    });
    expect(failure(valid.replace('digest x-request-id', 'digest digest'))).toMatchObject({
      reason: 'duplicate-header',
    });
  });

  it('refuses a signature that is not base64', () => {
    expect(failure(valid.replace(SIG, 'not*base64'))).toMatchObject({
      reason: 'signature-not-base64',
      part: 'signature',
    });
    expect(failure(valid.replace(SIG, SIG.slice(1)))).toMatchObject({
      reason: 'signature-not-base64',
    });
  });
});

describe('a headers list seen before (checked once per list)', () => {
  const withList = (list: string) =>
    `keyId="${KEY_ID}",algorithm="rsa-sha256",headers="${list}",signature="${SIG}"`;
  const names = (header: string) => {
    const result = parseSignatureHeader(header);
    if (!result.ok) throw new Error(result.failure.text);
    return result.fields.headers;
  };

  it('gives every parse a list of its own: changing one changes no later parse', () => {
    const first = names(withList('digest x-request-id date'));
    first.push('changed');
    first[0] = 'other';
    expect(names(withList('digest x-request-id date'))).toEqual(['digest', 'x-request-id', 'date']);
  });

  it('still refuses a bad list after a good one, and a good one after a bad one', () => {
    expect(names(withList('digest x-request-id'))).toEqual(['digest', 'x-request-id']);
    expect(failure(withList('digest Digest'))).toMatchObject({ reason: 'header-name-case' });
    expect(failure(withList('digest digest'))).toMatchObject({ reason: 'duplicate-header' });
    expect(failure(withList('digest digest'))).toMatchObject({ reason: 'duplicate-header' });
    expect(names(withList('x-request-id digest'))).toEqual(['x-request-id', 'digest']);
  });

  it('checks lists past the number it remembers as the first time', () => {
    for (let i = 0; i < 600; i += 1)
      expect(names(withList(`digest x-custom-${i}`))).toEqual(['digest', `x-custom-${i}`]);
    expect(failure(withList('x-custom-1 x-custom-1'))).toMatchObject({
      reason: 'duplicate-header',
    });
  });
});
