/**
 * The suites' two promises, for every registered check:
 * - against the embedded bank (each mode the check applies to) it PASSES;
 * - against the embedded bank with the fault profiles of its rules on, it FAILS — a check that
 *   cannot fail is a defect (Done when).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type { Check, BankMode } from '../../../main/core/runner/check-api/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { knownFaults } from '../../../main/core/bank/faults/index';
import '../../../main/core/bank/index';

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

async function runOne(check: Check, mode: BankMode, faultProfiles: string[] = []) {
  const target = embeddedTarget({ mode, identity, faultProfiles });
  const result = await runChecks({
    checks: [check],
    target: target.info,
    createEnvironment: (check, signal) => target.createEnvironment(signal, check),
  });
  return result.checks[0]!;
}

const describeFailure = (result: Awaited<ReturnType<typeof runOne>>) =>
  `${result.status}: ${result.failure?.message ?? result.skipReason ?? ''}`;

for (const mode of ['sandbox', 'production'] as const) {
  describe(`every check passes against the embedded bank (${mode})`, () => {
    for (const check of CHECKS.filter((c) => !c.modes || c.modes.includes(mode))) {
      it(check.id, async () => {
        const result = await runOne(check, mode);
        expect(result.status, describeFailure(result)).toBe('PASS');
      });
    }
  });
}

describe('every check fails when the bank breaks its rule', () => {
  const faults = new Set(knownFaults().map((f) => f.ruleId));
  for (const check of CHECKS) {
    it(check.id, async () => {
      const profiles = check.rules.filter((rule) => faults.has(rule));
      expect(
        profiles,
        `no fault profile breaks any rule of ${check.id} (${check.rules.join(', ')})`,
      ).not.toEqual([]);
      const mode = check.modes?.[0] ?? 'sandbox';
      // Only a check that passes on a conformant bank proves anything by failing on a faulty one.
      const conformant = await runOne(check, mode);
      expect(conformant.status, `without faults: ${describeFailure(conformant)}`).toBe('PASS');
      const faulty = await runOne(check, mode, profiles);
      expect(faulty.status, `with ${profiles.join(', ')}: ${describeFailure(faulty)}`).toBe('FAIL');
    });
  }
});
