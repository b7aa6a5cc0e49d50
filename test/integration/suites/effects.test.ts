/**
 * Every check declares what it does to a bank (Check.effects), so that a target profile's
 * `allows` protects the bank (docs/targets.md): a check whose effect is not allowed is SKIPPED
 * before it sends anything (engine/check-context.ts inapplicableReason). The declarations are
 * judged against evidence, not read from the code: every check runs against the embedded bank in
 * each mode, and every request it sent is classified by ./effect-evidence.ts.
 *
 * - A request with an effect the check does not declare is a missing declaration: the profile
 *   would not stop it.
 * - A declared effect that no request of any mode shows is a stale declaration: the profile would
 *   SKIP a check that does not need the permission.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type { CheckEffect, BankMode } from '../../../main/core/runner/check-api/index';
import { runChecks, type CheckResult } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import '../../../main/core/bank/index';
import { effectfulRequests, requestEffects, type EffectfulRequest } from './effect-evidence';

const MODES: readonly BankMode[] = ['sandbox', 'production'];

let identity: TppIdentity;
/** Per check id, per mode: its result against a fresh embedded bank. */
const results = new Map<string, Map<BankMode, CheckResult>>();

beforeAll(async () => {
  identity = await createTppIdentity();
  for (const mode of MODES) {
    const target = embeddedTarget({ mode, identity });
    const run = await runChecks({
      checks: CHECKS,
      target: target.info,
      concurrency: 2,
      createEnvironment: (check, signal) => target.createEnvironment(signal, check),
      logger: { error: () => {} },
    });
    for (const result of run.checks) {
      const byMode = results.get(result.checkId) ?? new Map<BankMode, CheckResult>();
      byMode.set(mode, result);
      results.set(result.checkId, byMode);
    }
  }
}, 900_000);

/** What each check's evidence shows it did, over every mode it ran in. */
function observed(): Map<string, (EffectfulRequest & { mode: BankMode })[]> {
  const byCheck = new Map<string, (EffectfulRequest & { mode: BankMode })[]>();
  for (const check of CHECKS) {
    const found: (EffectfulRequest & { mode: BankMode })[] = [];
    for (const [mode, result] of results.get(check.id) ?? [])
      for (const request of effectfulRequests(result.evidence)) found.push({ ...request, mode });
    byCheck.set(check.id, found);
  }
  return byCheck;
}

describe('what a request does to a bank', () => {
  const base = 'http://127.0.0.1:8080';
  it.each([
    ['POST', '/v1/sandbox/initialize', ['sandbox-reset']],
    ['POST', '/v1/sandbox/fixed-test-data', ['sandbox-data', 'sandbox-reset']],
    ['POST', '/v1/sandbox/accounts', ['sandbox-data']],
    ['PUT', '/v1/sandbox/accounts/acc-1/balances', ['sandbox-data']],
    ['POST', '/v1/sandbox/agreements/agr-1/engagements', ['sandbox-data']],
    ['GET', '/v1/sandbox/accounts', []],
    ['DELETE', '/v1/payments/sepa-credit-transfers/p-1', ['payment-delete']],
    ['DELETE', '/v1/periodic-payments/sepa-credit-transfers/p-1', ['payment-delete']],
    ['DELETE', '/v1/bulk-payments/sepa-credit-transfers/p-1', ['payment-delete']],
    ['GET', '/v1/payments/sepa-credit-transfers/p-1', []],
    ['DELETE', '/v1/consents/c-1', []],
    ['POST', '/v1/payments/sepa-credit-transfers', []],
  ] as const)('%s %s', (method, path, effects) => {
    expect(requestEffects(method, `${base}${path}?x=1`)).toEqual(effects);
  });
});

describe('check effects match what the checks do (embedded bank, both modes)', () => {
  it('every check ran in every mode it applies to', () => {
    // Evidence is only as good as the runs behind it: a check that was SKIPPED or did not run
    // would hide its requests.
    const missing: string[] = [];
    for (const check of CHECKS)
      for (const mode of MODES.filter((m) => !check.modes || check.modes.includes(m))) {
        const result = results.get(check.id)?.get(mode);
        if (!result || result.status === 'SKIPPED')
          missing.push(
            `${check.id} (${mode}): ${result?.status ?? 'no result'} ${result?.skipReason ?? ''}`,
          );
      }
    expect(missing, 'checks that did not run').toEqual([]);
  });

  it('every effect a check shows in its evidence is declared', () => {
    const undeclared: string[] = [];
    for (const [id, requests] of observed()) {
      const declared = new Set<CheckEffect>(CHECKS.find((c) => c.id === id)!.effects ?? []);
      const byEffect = new Map<CheckEffect, (typeof requests)[number]>();
      for (const request of requests)
        if (!declared.has(request.effect) && !byEffect.has(request.effect))
          byEffect.set(request.effect, request);
      for (const [effect, proof] of byEffect)
        undeclared.push(
          `${id} must declare '${effect}': it sent ${proof.request} (${proof.mode}, answered ${proof.status ?? 'nothing'})`,
        );
    }
    expect(undeclared, `missing effect declarations:\n${undeclared.join('\n')}`).toEqual([]);
  });

  it('every declared effect shows in the evidence of at least one mode', () => {
    const stale: string[] = [];
    const seen = observed();
    for (const check of CHECKS)
      for (const effect of check.effects ?? [])
        if (!seen.get(check.id)!.some((request) => request.effect === effect))
          stale.push(`${check.id} declares '${effect}', and no request of it has that effect`);
    expect(stale, `stale effect declarations:\n${stale.join('\n')}`).toEqual([]);
  });
});
