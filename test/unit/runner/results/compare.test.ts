import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../../main/core/runner/results/compare';
import type { TargetInfo } from '../../../../main/shared/run-result';
import { resultWith, sandboxTarget } from '../fakes';

describe('compareRuns', () => {
  it('sorts checks into new failures, fixed, still failing, changed, added and removed', () => {
    const previous = resultWith({
      A: 'PASS',
      B: 'FAIL',
      C: 'FAIL',
      D: 'SKIPPED',
      E: 'FAIL',
      OLD: 'PASS',
    });
    const current = resultWith({
      A: 'FAIL',
      B: 'PASS',
      C: 'FAIL',
      D: 'WARNING',
      E: 'INCONCLUSIVE',
      NEW: 'FAIL',
    });
    const fakeBank = {
      key: 'sandbox http://127.0.0.1:9999',
      name: 'fake bank',
      url: 'http://127.0.0.1:9999',
      mode: 'sandbox',
    };
    expect(compareRuns(previous, current)).toEqual({
      newFailures: ['A', 'NEW'],
      fixed: ['B'],
      stillFailing: ['C'],
      // A failure that could not be tested this time is not a fix.
      couldNotTest: ['E'],
      changed: [
        { checkId: 'A', from: 'PASS', to: 'FAIL' },
        { checkId: 'B', from: 'FAIL', to: 'PASS' },
        { checkId: 'D', from: 'SKIPPED', to: 'WARNING' },
        { checkId: 'E', from: 'FAIL', to: 'INCONCLUSIVE' },
      ],
      added: ['NEW'],
      removed: ['OLD'],
      targets: {
        previous: fakeBank,
        current: fakeBank,
        same: true,
      },
      // Two sandbox runs: §1's one SCA flow in both environments is not judged.
      scaFlow: expect.objectContaining({ verdict: 'INCONCLUSIVE' }) as unknown,
    });
  });

  it('says when the two runs checked different banks', () => {
    const against = (status: 'PASS' | 'FAIL', target: Partial<TargetInfo>) => ({
      ...resultWith({ A: status }),
      target: { ...sandboxTarget, ...target },
    });
    const embedded = against('PASS', {
      baseUrl: 'http://127.0.0.1 (one embedded bank per check)',
      name: 'embedded bank (sandbox)',
    });
    const byUrl = against('FAIL', {
      baseUrl: 'https://bank.example:8443/',
      name: 'Acme test bank',
      shared: true,
    });
    const { targets } = compareRuns(embedded, byUrl);
    expect(targets.same).toBe(false);
    expect(targets.previous).toEqual({
      key: 'embedded sandbox',
      name: 'embedded bank (sandbox)',
      mode: 'sandbox',
    });
    expect(targets.current).toEqual({
      key: 'sandbox https://bank.example:8443',
      name: 'Acme test bank',
      url: 'https://bank.example:8443',
      mode: 'sandbox',
    });
    expect(compareRuns(embedded, embedded).targets.same).toBe(true);
    // The other embedded bank is another bank.
    const production = { ...embedded, target: { ...embedded.target, mode: 'production' as const } };
    expect(compareRuns(embedded, production).targets.same).toBe(false);
  });
});
