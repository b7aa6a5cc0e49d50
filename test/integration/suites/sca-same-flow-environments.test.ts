/**
 * §1 SCA-SAME-FLOW-BOTH-ENVIRONMENTS end to end: the SCA checks run against the embedded bank in
 * sandbox and in production mode (production's PSU has a one-time code page the sandbox has not:
 * pages are not compared), then the comparison of the two runs judges it.
 * - one conformant bank in both modes: PASS;
 * - the production bank with one fault (scaStatus in lower case, SCA-STATUS-VALUES): FAIL naming
 *   the check and the step, with both values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type { BankMode } from '../../../main/core/runner/check-api/index';
import { compareRuns, judgeScaFlowEnvironments, runChecks } from '../../../main/core/runner/index';
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

function runScaChecks(mode: BankMode, faultProfiles: string[] = []) {
  const target = embeddedTarget({ mode, identity, faultProfiles });
  return runChecks({
    checks: CHECKS.filter(
      (check) => check.area === 'sca-sessions' && (!check.modes || check.modes.includes(mode)),
    ),
    target: target.info,
    createEnvironment: (check, signal) => target.createEnvironment(signal, check),
  });
}

describe('one SCA flow in sandbox and production (§1), judged by comparing two runs', () => {
  it('PASSes the embedded bank, which shows the TPP one flow in both modes', async () => {
    const [sandbox, production] = await Promise.all([
      runScaChecks('sandbox'),
      runScaChecks('production'),
    ]);
    const judged = compareRuns(sandbox, production).scaFlow;
    expect(judged.verdict, judged.message).toBe('PASS');
    expect(judged.compared).toContain('SCA-STATUS-VALUES-READ');
    expect(judged.compared.length).toBeGreaterThan(10);
  }, 60_000);

  it('FAILs a bank whose production answers scaStatus otherwise, naming check, step and values', async () => {
    const [sandbox, production] = await Promise.all([
      runScaChecks('sandbox'),
      runScaChecks('production', ['SCA-STATUS-VALUES']),
    ]);
    const judged = judgeScaFlowEnvironments(production, sandbox);
    expect(judged.verdict).toBe('FAIL');
    expect(judged.difference).toEqual({
      checkId: 'SCA-STATUS-VALUES-READ',
      step: 2,
      sandbox:
        'GET /v1/consents/{consentId}/authorisations/{authorisationId} → 200, scaStatus=RECEIVED',
      production:
        'GET /v1/consents/{consentId}/authorisations/{authorisationId} → 200, scaStatus=received',
    });
  }, 60_000);
});
