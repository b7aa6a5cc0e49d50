/**
 * suites/kit/sandbox-cleanup.ts: a check that changes the balances of one of the bank's own
 * accounts puts them back when it ends (on a shared bank, where the next checks pay from it), and
 * a cleanup that does not succeed is a WARNING naming what was left, never a FAIL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import { runChecks } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { createBank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';

const CHECK = CHECKS.find((c) => c.id === 'PAY-FUNDS-AVAILABLE-SIGNALS-LACK')!;
const ACCOUNT = 'acc-10000001-brukskonto';

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

describe('cleanup of sandbox data a check changed', () => {
  it('puts the balances of a bank account back on a shared bank', async () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const balancesOf = () =>
      structuredClone(bank.exportSnapshot().state.accounts.find((a) => a.id === ACCOUNT)?.balances);
    const before = balancesOf();
    expect(before).toBeDefined();
    try {
      const { url } = await bank.listen();
      const target = externalTarget({
        baseUrl: url,
        mode: 'sandbox',
        signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
      });
      const result = await runChecks({
        checks: [CHECK],
        target: target.info,
        createEnvironment: (_check, signal) => target.createEnvironment(signal),
      });
      await target.close();
      const [outcome] = result.checks;
      expect(outcome!.status, outcome!.failure?.message).toBe('PASS');
      const puts = outcome!.evidence.flatMap((item) =>
        item.kind === 'exchange' && item.exchange.request.method === 'PUT' ? [item.exchange] : [],
      );
      expect(puts.map((e) => e.label)).toEqual([
        'set the debtor account to 100.00 NOK',
        `cleanup: put back the balances of ${ACCOUNT}`,
      ]);
      expect(puts[1]!.response?.status).toBe(200);
      expect(balancesOf(), 'the balances after the check').toEqual(before);
    } finally {
      await bank.close();
    }
  });

  it.each([
    // The list names the expected balance 'interimAvailable', which PUT .../balances refuses.
    ['SANDBOX-BALANCE-FIELDS', /PUT \.\.\.\/balances answered 400/],
    // The list is an object, so the balances before the check cannot be read.
    ['SANDBOX-ACCOUNTS-LIST', /could not be read/],
  ])('a cleanup that fails (%s) is a WARNING, not a FAIL', async (fault, warning) => {
    const target = embeddedTarget({ mode: 'sandbox', identity, faultProfiles: [fault] });
    const result = await runChecks({
      checks: [CHECK],
      target: target.info,
      createEnvironment: (_check, signal) => target.createEnvironment(signal),
    });
    const [outcome] = result.checks;
    expect(outcome!.status, outcome!.failure?.message).toBe('WARNING');
    expect(outcome!.warnings).toEqual([expect.stringMatching(warning)]);
    expect(outcome!.warnings[0]).toContain(`balances of sandbox account ${ACCOUNT} stay`);
  });
});
