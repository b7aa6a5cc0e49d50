/** context/fault-set.ts: one set of fault profiles per content, a request's set never changed. */
import { describe, expect, it } from 'vitest';
import { faultSetOf } from '../../../../main/core/bank/context/fault-set.js';

describe('faultSetOf', () => {
  it('gives the same set while the profiles are the same, and a new one when they change', () => {
    const profiles = ['SANDBOX-BATCH-5-PER-DAY'];
    const first = faultSetOf(profiles);
    expect(faultSetOf(profiles)).toBe(first);
    expect(faultSetOf([...profiles])).toBe(first);
    // Changed in place, as a console change may: the request that entered before keeps its set.
    profiles.push('GEN-TLS-1-2');
    const second = faultSetOf(profiles);
    expect(second).not.toBe(first);
    expect([...second]).toEqual(['SANDBOX-BATCH-5-PER-DAY', 'GEN-TLS-1-2']);
    expect([...first]).toEqual(['SANDBOX-BATCH-5-PER-DAY']);
    expect([...faultSetOf([])]).toEqual([]);
  });
});
