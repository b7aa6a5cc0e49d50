/**
 * boundedMemo (main/shared/bounded-memo.ts): a value's result is computed once while it is kept,
 * and no more than `limit` values are kept.
 */
import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../../main/shared/bounded-memo.js';

describe('boundedMemo', () => {
  it('computes a value once, an undefined result too, and keeps at most the limit', () => {
    const computed: string[] = [];
    const length = boundedMemo(2, (value) => {
      computed.push(value);
      return value === '' ? undefined : value.length;
    });
    expect([length('ab'), length('ab'), length(''), length('')]).toEqual([
      2,
      2,
      undefined,
      undefined,
    ]);
    expect(computed).toEqual(['ab', '']);
    // A third value lets the kept ones go: 'ab' is computed again.
    expect([length('abc'), length('ab')]).toEqual([3, 2]);
    expect(computed).toEqual(['ab', '', 'abc', 'ab']);
  });
});
