/**
 * Checks date what they create by the bank's clock (CheckContext.bankNow), never
 * the machine's. Against a bank whose clock runs a year (in production 300 days) ahead of the
 * machine, the checks that
 * create or query dated data still PASS: on the embedded bank (the clock read directly) and on a
 * bank reached by URL without an admin API (its Date header, RFC 9110 §6.6.1, the only clock a TPP
 * sees).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../suites/index';
import type { Check, BankMode } from '../../../main/core/runner/check-api/index';
import { runChecks, type CheckResult } from '../../../main/core/runner/index';
import {
  createTppIdentity,
  embeddedTarget,
  registerSuitesTpps,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import { createSuitePsuAgent } from '../../../main/core/runner/targets/psu-adapter';
import { createBank, type Bank, type BankListener } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';
import { DAY_MS } from '../../../main/shared/calendar.js';

/**
 * How far ahead the bank's clock runs: a year in sandbox mode; in production 300 days, inside the
 * suites' 365-day certificates, which a production bank checks against its own clock.
 */
const AHEAD_MS = { sandbox: 365 * DAY_MS, production: 300 * DAY_MS };

/** The checks that date what they create or ask for by the bank's today. */
const DATED = [
  'SBX-ACCOUNT-TX-CREATED',
  'SBX-ACCOUNT-TX-LIST-PAGING',
  'SBX-ACCOUNT-TX-READ-ONE',
  'GEN-COUNTRY-FROM-THE-LIST',
  'CORP-CONTEXT-CHOSEN-ON-FIRST-SCA-OF-A-READ',
  'LIMIT-LINKS-CARRY-200',
  'ACCTX-200-PER-CALL',
  'CARDTX-200-PER-CALL',
  'CARDTX-DATE-FROM-FILTERS',
  'CARDTX-DATE-TO-FILTERS',
  'CARDTX-PENDING-FILTERED-TOO',
  'FIX-REMITTANCE-STRUCTURED-REFUSED',
  'FIX-DEFAULT-AFTER-NOTICE',
];

let identity: TppIdentity;
beforeAll(async () => {
  identity = await createTppIdentity();
});

function checksFor(mode: BankMode): Check[] {
  const found = CHECKS.filter((c) => DATED.includes(c.id) || /^SBX-CARD-TX-/.test(c.id));
  expect(found.length).toBeGreaterThanOrEqual(DATED.length);
  return found.filter((c) => !c.modes || c.modes.includes(mode));
}

const line = (r: CheckResult) =>
  `${r.checkId} ${r.status}: ${r.failure?.message ?? r.skipReason ?? ''}`;

describe.each(['sandbox', 'production'] as const)('a bank clock far ahead (%s)', (mode) => {
  const ahead = AHEAD_MS[mode];
  it('embedded bank: the dated checks PASS', async () => {
    const target = embeddedTarget({ mode, identity, startAt: new Date(Date.now() + ahead) });
    const result = await runChecks({
      checks: checksFor(mode),
      target: target.info,
      createEnvironment: (check, signal) => target.createEnvironment(signal, check),
      logger: { error: () => {} },
    });
    expect(result.checks.filter((r) => r.status !== 'PASS').map(line)).toEqual([]);
  }, 300_000);

  describe('by URL, no admin API: the Date header is the clock', () => {
    let bank: Bank;
    let listener: BankListener;
    beforeAll(async () => {
      const clock = new VirtualClock();
      clock.set(new Date(Date.now() + ahead));
      bank = createBank({ mode, clock });
      if (mode === 'production') registerSuitesTpps(bank, identity);
      listener = await bank.listen({});
    });
    afterAll(async () => {
      await bank?.close();
    });

    it('the dated checks that need no clock control PASS', async () => {
      const target = externalTarget({
        baseUrl: listener.url,
        mode,
        signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
        psuAgent: createSuitePsuAgent,
      });
      const checks = checksFor(mode).filter((c) => !c.needs?.includes('clock-control'));
      try {
        const result = await runChecks({
          checks,
          target: target.info,
          createEnvironment: (_check, signal) => target.createEnvironment(signal),
          logger: { error: () => {} },
        });
        expect(result.checks.filter((r) => r.status !== 'PASS').map(line)).toEqual([]);
        // The bank's Date header is its own clock's, ahead of the machine.
        const answer = await fetch(`${listener.url}/v1/consents/x`);
        expect(Date.parse(answer.headers.get('date')!) - Date.now()).toBeGreaterThan(
          ahead - 60_000,
        );
      } finally {
        await target.close();
      }
    }, 300_000);
  });
});
