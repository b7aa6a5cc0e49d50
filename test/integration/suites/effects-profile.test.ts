/**
 * A target profile that forbids everything a run may do to a bank (docs/targets.md `allows`)
 * protects it: every check runs against a long-running bank reached by URL, as `workbench run
 * --target-file` meets a `workbench bank`, with `allows` all false. Neither the checks' evidence
 * nor the bank's own request log shows a mutating /v1/sandbox/ request or a payment DELETE, and
 * every check that would have sent one is SKIPPED with the permission named. Then each permission
 * alone: only the checks that need it are SKIPPED, and they name it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type {
  CheckEffect,
  TargetAllows,
  BankMode,
} from '../../../main/core/runner/check-api/index';
import { runChecks, type RunResult } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { createSuitePsuAgent } from '../../../main/core/runner/targets/psu-adapter';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';
import { effectfulRequests, requestEffects } from './effect-evidence';

const NOTHING: TargetAllows = {
  createSandboxData: false,
  resetSandbox: false,
  deletePayments: false,
};
const ALL: TargetAllows = { createSandboxData: true, resetSandbox: true, deletePayments: true };
/** The profile permission each effect needs (TargetAllows). */
const PERMISSION: Record<CheckEffect, keyof TargetAllows> = {
  'sandbox-data': 'createSandboxData',
  'sandbox-reset': 'resetSandbox',
  'payment-delete': 'deletePayments',
};

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

/** A `workbench bank` in this process, every check run against it by URL with `allows`. */
async function runAgainstBank(mode: BankMode, allows: TargetAllows) {
  const bank: Bank = createBank({ mode, clock: new VirtualClock() });
  if (mode === 'production') {
    bank.trustStore.add(identity.ca.chainPem);
    bank.registry.add({
      organizationIdentifier: identity.organizationIdentifier,
      name: identity.name,
      roles: ['AISP', 'PISP'],
    });
  }
  // The bank's side, independent of what the runner records as evidence.
  const received: { request: string; effects: CheckEffect[] }[] = [];
  bank.requestLog.subscribe((record) => {
    const { method, target } = record.request;
    const effects = requestEffects(method, `http://bank${target}`);
    if (effects.length) received.push({ request: `${method} ${target}`, effects });
  });
  try {
    const { url } = await bank.listen();
    const target = externalTarget({
      baseUrl: url,
      mode,
      signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
      psuAgent: ({ signal }) => createSuitePsuAgent({ signal }),
      allows,
    });
    const result = await runChecks({
      checks: CHECKS,
      target: target.info,
      concurrency: 4,
      createEnvironment: (_check, signal) => target.createEnvironment(signal),
      logger: { error: () => {} },
    });
    await target.close();
    return { result, received };
  } finally {
    await bank.close();
  }
}

/** Checks of `mode` whose effects need a permission `allows` withholds, and the results. */
function forbidden(mode: BankMode, allows: TargetAllows, result: RunResult) {
  return CHECKS.filter((c) => !c.modes || c.modes.includes(mode)).map((check) => ({
    check,
    result: result.checks.find((r) => r.checkId === check.id)!,
    withheld: (check.effects ?? [])
      .map((effect) => PERMISSION[effect])
      .filter((permission) => !allows[permission]),
  }));
}

for (const mode of ['sandbox', 'production'] as const satisfies readonly BankMode[]) {
  describe(`a profile that allows nothing (${mode})`, () => {
    let run: Awaited<ReturnType<typeof runAgainstBank>>;
    beforeAll(async () => {
      run = await runAgainstBank(mode, NOTHING);
    }, 600_000);

    it('sends no mutating /v1/sandbox/ request and no payment DELETE', () => {
      const sent = run.result.checks.flatMap((r) =>
        effectfulRequests(r.evidence).map((e) => `${r.checkId}: ${e.request} (${e.effect})`),
      );
      expect(sent, 'requests with an effect in the evidence').toEqual([]);
      expect(
        run.received.map((r) => r.request),
        'requests with an effect the bank received',
      ).toEqual([]);
    });

    it('SKIPS every check with an effect, naming a permission it needs', () => {
      const checks = forbidden(mode, NOTHING, run.result).filter((c) => c.withheld.length);
      expect(checks.length, `checks with an effect in ${mode} mode`).toBeGreaterThan(0);
      // The reason names the first permission withheld (engine/check-context.ts).
      const wrong = checks
        .filter(
          ({ result, withheld }) =>
            result.status !== 'SKIPPED' ||
            !withheld.some((p) => result.skipReason?.includes(`allows.${p}`)),
        )
        .map(({ check, result }) => `${check.id} ${result.status}: ${result.skipReason ?? ''}`);
      expect(wrong, 'checks with an effect that were not SKIPPED for it').toEqual([]);
    });

    it('runs the checks without an effect, and none of them FAILS', () => {
      const others = forbidden(mode, NOTHING, run.result).filter((c) => !c.withheld.length);
      expect(
        others
          .filter(({ result }) => result.skipReason?.includes('allows.'))
          .map(({ check }) => check.id),
        'checks without an effect SKIPPED for a permission',
      ).toEqual([]);
      expect(
        others
          .filter(({ result }) => result.status === 'FAIL')
          .map(({ check, result }) => `${check.id}: ${result.failure?.message ?? ''}`),
        'checks without an effect that FAIL',
      ).toEqual([]);
    });
  });
}

// One permission withheld at a time (sandbox mode, where every effect occurs): the checks that
// need it are SKIPPED naming it, the bank sees none of its requests, and the others run.
for (const permission of Object.values(PERMISSION)) {
  describe(`a profile without allows.${permission} (sandbox)`, () => {
    const allows: TargetAllows = { ...ALL, [permission]: false };
    const effect = (Object.keys(PERMISSION) as CheckEffect[]).find(
      (e) => PERMISSION[e] === permission,
    )!;
    let run: Awaited<ReturnType<typeof runAgainstBank>>;
    beforeAll(async () => {
      run = await runAgainstBank('sandbox', allows);
    }, 600_000);

    it(`SKIPS exactly the checks that need it, naming allows.${permission}`, () => {
      const checks = forbidden('sandbox', allows, run.result);
      expect(checks.filter((c) => c.withheld.length).length).toBeGreaterThan(0);
      const wrong = checks
        .filter(({ result, withheld }) =>
          withheld.length
            ? result.status !== 'SKIPPED' || !result.skipReason?.includes(`allows.${permission}`)
            : result.skipReason?.includes('allows.'),
        )
        .map(({ check, result }) => `${check.id} ${result.status}: ${result.skipReason ?? ''}`);
      expect(wrong).toEqual([]);
    });

    it(`sends no request that needs allows.${permission}`, () => {
      const sent = run.result.checks.flatMap((r) =>
        effectfulRequests(r.evidence)
          .filter((e) => e.effect === effect)
          .map((e) => `${r.checkId}: ${e.request}`),
      );
      expect(sent, 'in the evidence').toEqual([]);
      expect(
        run.received.filter((r) => r.effects.includes(effect)).map((r) => r.request),
        'received by the bank',
      ).toEqual([]);
      // The bank's log is a witness that sees: the effects still allowed did reach it.
      expect(
        run.received.filter((r) => r.effects.some((e) => e !== effect)).length,
        'requests with an allowed effect the bank received',
      ).toBeGreaterThan(0);
    });
  });
}
