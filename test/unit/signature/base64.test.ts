import { describe, expect, it } from 'vitest';
import { isStrictBase64 } from '../../../main/core/signature/base64.js';

/** RFC 4648 §4 written out as groups of four, the form the check replaced. */
const GROUPS_OF_FOUR = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

describe('strict base64 (§5.2.3 signature, §4.1 Digest, §5.2.6 B-words)', () => {
  it('accepts padded base64 and the empty string', () => {
    for (const text of [
      '',
      'AAAA',
      'AA==',
      'AAA=',
      'ab+/',
      Buffer.alloc(256, 7).toString('base64'),
    ])
      expect(isStrictBase64(text), text).toBe(true);
  });

  it('refuses missing padding, too much padding, padding inside, whitespace, url-safe letters', () => {
    for (const text of [
      'A',
      'AA',
      'AAA',
      'A===',
      '====',
      'AA=A',
      'A=AA',
      'AAAA ',
      ' AAA',
      'AA\nA',
      'ab-_',
      'AAAA=',
    ])
      expect(isStrictBase64(text), JSON.stringify(text)).toBe(false);
  });

  it('agrees with the groups-of-four definition on every string of up to six characters from a small alphabet', () => {
    const alphabet = ['A', 'z', '+', '/', '=', '-', ' '];
    let strings = [''];
    for (let length = 0; length <= 6; length++) {
      for (const text of strings)
        expect(isStrictBase64(text), JSON.stringify(text)).toBe(GROUPS_OF_FOUR.test(text));
      strings = strings.flatMap((text) => alphabet.map((c) => text + c));
    }
  });
});
