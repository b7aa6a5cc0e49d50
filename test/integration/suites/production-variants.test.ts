/**
 * Checks that judge a rule in production mode by another way than in the sandbox (no sandbox API to
 * know the truth from): checks.test.ts proves each check FAILS with its fault in its first mode,
 * the sandbox; this proves the production way FAILS with the fault too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';

/** Check id → the fault (rule id) that breaks its rule. */
const PRODUCTION_WAYS: Record<string, string> = {
  'CORP-PRIVATE-CONTEXT-OWN-ACCOUNTS': 'CORP-PRIVATE-SEES-OWN-ACCOUNTS',
  // Production sees these rules only through these checks: every fix is a default there, and no
  // sandbox API names a PSU who does not represent a corporation.
  'FIX-COMMA-LIST-FINDS-REQUIRED-VALUE': 'FIX-ACCEPT-FIX-COMMA-LIST',
  'CORP-ID-OF-ANOTHER-PSU-REFUSED': 'CORP-ID-OF-A-REPRESENTED-AGREEMENT',
};

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

describe('production mode, judged without the sandbox API', () => {
  for (const [id, fault] of Object.entries(PRODUCTION_WAYS))
    it(`${id}: PASS on the production bank, FAIL with ${fault}`, async () => {
      const check = CHECKS.find((c) => c.id === id)!;
      const verdict = async (faultProfiles: string[]) => {
        const target = embeddedTarget({ mode: 'production', identity, faultProfiles });
        const result = await runChecks({
          checks: [check],
          target: target.info,
          createEnvironment: (c, signal) => target.createEnvironment(signal, c),
        });
        const [checked] = result.checks;
        return `${checked!.status}${checked!.failure ? `: ${checked!.failure.message}` : ''}`;
      };
      expect(await verdict([])).toBe('PASS');
      expect(await verdict([fault])).toMatch(/^FAIL: /);
    });
});
