/** A machine tool a test needs: missing in CI is a failure; missing elsewhere, a named skip. */
import { describe, expect, it } from 'vitest';
import { has } from '../../support/machine';

describe('what a test needs from the machine', () => {
  it('is there, or fails the test in CI, or skips it elsewhere', () => {
    expect(has('chromium', {}, () => true)).toBe(true);
    expect(has('xmllint', {}, () => false)).toBe(false);
    expect(() => has('xmllint', { CI: 'true' }, () => false)).toThrow(
      'xmllint is missing in CI: .ci/run installs it; a test needs it',
    );
  });
});
