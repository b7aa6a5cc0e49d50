/**
 * A bank that does not verify signatures (fault SIGN-SIGNATURE-VERIFIED) breaks one rule; it must
 * not hold up every check that expects acceptance. Their negative controls come first from their
 * own area (a required header left out, a required body field missing), the bad signature only
 * after: so against that bank the checks still judge their rules (PASS or FAIL), and at most a
 * handful end could-not-test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import '../../../main/core/bank/index';

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

describe('a bank that does not verify signatures', () => {
  it.each(['sandbox', 'production'] as const)(
    '%s: every check still gets a verdict, at most 5 could not test',
    async (mode) => {
      const target = embeddedTarget({ mode, identity, faultProfiles: ['SIGN-SIGNATURE-VERIFIED'] });
      const result = await runChecks({
        checks: CHECKS.filter((check) => !check.modes || check.modes.includes(mode)),
        target: target.info,
        createEnvironment: (check, signal) => target.createEnvironment(signal, check),
      });
      const inconclusive = result.checks
        .filter((r) => r.status === 'INCONCLUSIVE')
        .map((r) => `${r.checkId}: ${r.couldNotTest?.reason ?? ''}`);
      console.log(
        `[signature-skipping] ${mode}: ${JSON.stringify(result.counts)}\n${inconclusive.join('\n')}`,
      );
      expect(inconclusive.length, inconclusive.join('\n')).toBeLessThanOrEqual(5);
      // The one rule the bank breaks is judged: its check FAILS.
      expect(result.checks.find((r) => r.checkId === 'SIGN-INVALID-SIGNATURE-400')?.status).toBe(
        'FAIL',
      );
    },
    600_000,
  );
});
