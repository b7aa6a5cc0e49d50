import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_STATUS,
  bankError,
  isErrorCode,
  truncateTppText,
} from '../../../main/core/spec/index.js';
import { decisionsText, section } from './specText.js';

describe('§7.2 error codes', () => {
  it('equal the spec list plus REFERENCE_MIX_INVALID, in order', () => {
    const text = section('## 7. Errors');
    const listed = /Allowed `code` values: ([A-Z_, ]+)\./.exec(text)![1]!.split(', ');
    expect(listed).toHaveLength(23);
    expect([...ERROR_CODES]).toEqual([...listed, 'REFERENCE_MIX_INVALID']);
    expect(text).toContain('A further code, REFERENCE_MIX_INVALID');
    expect(isErrorCode('SIGNATURE_INVALID')).toBe(false);
  });

  it('map to the statuses decisions.md and §7.3 give', () => {
    const mapping = /Status per code where §7\.3 is silent[^:]*:([\s\S]*?)\n- The spec/.exec(
      decisionsText,
    )![1]!;
    const expected: Record<string, number> = {};
    for (const [, codes, status] of mapping.matchAll(/([A-Z_,\s]+?)\s*→\s*(\d{3})/g))
      for (const code of codes!
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean))
        expected[code] = Number(status);
    expect(Object.keys(expected).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_STATUS).toEqual(expected);
    // §7.3 statuses stated by the spec itself
    expect(ERROR_STATUS.KID_INVALID).toBe(400);
    expect(ERROR_STATUS.KID_MISSING).toBe(400);
    expect(ERROR_STATUS.REFERENCE_MIX_INVALID).toBe(400);
  });
});

describe('bankError', () => {
  it('builds status and a one-message tppMessages body', () => {
    expect(
      bankError('HTTP_HEADER_REQUIRED', 'X-Request-ID is missing', { path: 'X-Request-ID' }),
    ).toEqual({
      status: 400,
      body: {
        tppMessages: [
          {
            category: 'ERROR',
            code: 'HTTP_HEADER_REQUIRED',
            path: 'X-Request-ID',
            text: 'X-Request-ID is missing',
          },
        ],
      },
    });
    expect(bankError('RESOURCE_UNKNOWN', 'x').status).toBe(404);
    expect(bankError('BAD_REQUEST', 'too large', { status: 413 }).status).toBe(413);
    expect(bankError('FORBIDDEN', 'x').body.tppMessages[0]).not.toHaveProperty('path');
  });

  it('cuts texts to 512 characters without splitting a surrogate pair', () => {
    const long = 'a'.repeat(600);
    const cut = truncateTppText(long);
    expect(cut).toHaveLength(512);
    expect(cut.endsWith('…')).toBe(true);
    expect(bankError('BAD_REQUEST', long).body.tppMessages[0]!.text).toHaveLength(512);
    // A pair straddling the cut point is dropped whole.
    const emoji = `${'a'.repeat(510)}😀${'b'.repeat(10)}`;
    const cutEmoji = truncateTppText(emoji);
    expect(cutEmoji.length).toBeLessThanOrEqual(512);
    expect(cutEmoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(cutEmoji).toBe(`${'a'.repeat(510)}…`);
    expect(truncateTppText('short')).toBe('short');
    expect(truncateTppText('x'.repeat(512))).toBe('x'.repeat(512));
  });
});
