/**
 * The payments plan's SCA-EXEMPTED-PAYMENT module (§3.1, docs/tpp-plans.md): the bank exempts the
 * app's payment from SCA for real (no scaRedirect, EXEMPTED, authorised); the reference app reads
 * it and passes; an app that takes the answer for a failed one and sends the payment again, or
 * asks for an SCA of it, FAILs this module and no other; an app that pays nothing, or only by
 * single SCA, is NOT_EXERCISED; and the tester's risk policy is back when the window closes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_PLAN, type PlanModuleView } from '../../../main/core/bank/index.js';
import { rulesCommand } from '../../../main/hosts/cli/rules-command.js';
import { captureCliIo } from '../../support/cli-capture.js';
import {
  runReferencePayment,
  ReferenceTppError,
  type ReferenceFaults,
} from '../../support/reference-tpp.js';
import { referenceApp as appOf, jsonOf } from '../../support/reference-tpp/kit.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { startPlanBank, type PlanBank } from './plan-harness.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

const MODULE = 'SCA-EXEMPTED-PAYMENT';

/** What the module's instruction names: the PSU's number, the accounts to pay from and to. */
function namesOf(view: PlanModuleView) {
  const payment = /from (NO\d{13}) to (NO\d{13})/.exec(view.instruction)!;
  return {
    nin: /national identity number (\d{11})/.exec(view.instruction)![1]!,
    debtorIban: payment[1]!,
    creditorIban: payment[2]!,
  };
}

const signing = () => ({ key: pki.seal.privateKey, certificate: pki.seal.certificateDer });

/** The reference payment flow with `faults`, as the PSU the running module names. */
function referencePayment(bank: PlanBank, view: PlanModuleView, faults: ReferenceFaults = {}) {
  const names = namesOf(view);
  return runReferencePayment({
    baseUrl: bank.baseUrl,
    signing: signing(),
    nationalIdentityNumber: names.nin,
    debtorIban: names.debtorIban,
    creditorIban: names.creditorIban,
    faults,
  }).catch((error: unknown) => {
    if (error instanceof ReferenceTppError) return error;
    throw error;
  });
}

/** Every module of the payments plan played against the reference flow with `faults`. */
async function playAll(faults: ReferenceFaults) {
  const bank = await startPlanBank(PAYMENTS_PLAN, pki);
  try {
    const statuses: Record<string, string> = {};
    for (const module of PAYMENTS_PLAN.modules) {
      const started = await bank.admin('POST', '/admin/plan/start', { module: module.id });
      await referencePayment(bank, started.body as PlanModuleView, faults);
      const finished = await bank.admin('POST', '/admin/plan/finish', { module: module.id });
      const { result } = finished.body as PlanModuleView;
      statuses[module.id] = `${result!.status}: ${result!.text}`;
    }
    return statuses;
  } finally {
    await bank.close();
  }
}

/** Starts the module, runs `app` on what it names, finishes it; the verdict and the bank. */
async function playModule(app: (bank: PlanBank, view: PlanModuleView) => Promise<unknown>) {
  const bank = await startPlanBank(PAYMENTS_PLAN, pki);
  try {
    const started = await bank.admin('POST', '/admin/plan/start', { module: MODULE });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const view = started.body as PlanModuleView;
    await app(bank, view);
    const finished = await bank.admin('POST', '/admin/plan/finish', { module: MODULE });
    const { result } = finished.body as PlanModuleView;
    return {
      text: `${result!.status}: ${result!.text}`,
      policy: bank.bank.state().behaviour.riskPolicy,
      payments: bank.bank.state().payments,
    };
  } finally {
    await bank.close();
  }
}

describe('SCA-EXEMPTED-PAYMENT (§3.1)', () => {
  it('exempts the reference app’s payment for real; the app reads it to its final status and passes', async () => {
    const played = await playModule((bank, view) => referencePayment(bank, view));
    expect(played.text).toMatch(/^PASS: TPP-SCA-EXEMPTION-HONOURED kept 1×/);
    expect(played.payments).toHaveLength(1);
    expect(played.payments[0]!.transactionStatus).toBe('ACSC');
    // The tester's policy (the bank's default) is back once the payment was exempted.
    expect(played.policy).toEqual({ mode: 'always', thresholdMinor: 0 });
  });

  it('an app that sends the exempted payment again FAILs this module and no other of the plan', async () => {
    const statuses = await playAll({ reinitiatesWithoutSca: true });
    expect(statuses['PAYMENT-STATUS-POLLING']).toMatch(/^PASS: /);
    expect(statuses[MODULE]).toMatch(
      /^FAIL: TPP-SCA-EXEMPTION-HONOURED \(§3\.1\) broken: #\d+ POST \/v1\/payments\/sepa-credit-transfers: initiated the payment of exchange #\d+ again/,
    );
  });

  it('the reference app passes every module of the plan', async () => {
    const statuses = await playAll({});
    for (const module of PAYMENTS_PLAN.modules)
      expect(statuses[module.id], module.id).toMatch(/^PASS: /);
  });

  it('an app that asks for an SCA of the exempted payment FAILs; the next payment of the window needs SCA', async () => {
    const played = await playModule(async (bank, view) => {
      const names = namesOf(view);
      const app = appOf({ baseUrl: bank.baseUrl, signing: signing() });
      app.session.psuIpAddress = '192.0.2.10';
      try {
        const path = '/v1/payments/sepa-credit-transfers';
        const created = jsonOf(
          await app.send(
            'POST',
            path,
            {
              instructedAmount: { amount: '100.00', currency: 'NOK' },
              debtorAccount: { iban: names.debtorIban, currency: 'NOK' },
              creditorAccount: { iban: names.creditorIban, currency: 'NOK' },
              creditorName: 'Creditor',
            },
            { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': names.nin },
          ),
          201,
        );
        expect(created._links).not.toHaveProperty('scaRedirect');
        const payment = `${path}/${String(created.paymentId)}`;
        jsonOf(await app.send('GET', `${payment}/status`), 200);
        // Berlin Group's explicit start of an authorisation: the bank gave no SCA to start.
        await app.send('POST', `${payment}/authorisations`, {});
        // Only the first payment is exempted: the next one of the window needs its SCA.
        const next = await app.send(
          'POST',
          path,
          {
            instructedAmount: { amount: '50.00', currency: 'NOK' },
            debtorAccount: { iban: names.debtorIban, currency: 'NOK' },
            creditorAccount: { iban: names.creditorIban, currency: 'NOK' },
            creditorName: 'Creditor',
          },
          { 'x-accept-fix': 'amount-as-string', 'X-PSU-IDENTITY': names.nin },
        );
        expect(jsonOf(next, 201)._links).toHaveProperty('scaRedirect');
      } finally {
        await app.close();
      }
    });
    expect(played.text).toMatch(
      /^FAIL: TPP-SCA-EXEMPTION-HONOURED \(§3\.1\) broken: #\d+ POST \/v1\/payments\/sepa-credit-transfers\/[^/]+\/authorisations: asked for an SCA of payment/,
    );
  });

  it('an app that pays nothing is NOT_EXERCISED, and the tester’s risk policy is back', async () => {
    const played = await playModule(() => Promise.resolve());
    expect(played.text).toBe(
      'NOT_EXERCISED: no payment was initiated (no POST /v1/payments/… answered 201)',
    );
    expect(played.policy).toEqual({ mode: 'always', thresholdMinor: 0 });
  });

  it('a single-SCA payment, whose payer only its SCA names, is not exempted: NOT_EXERCISED', async () => {
    const played = await playModule(async (bank, view) => {
      const names = namesOf(view);
      const app = appOf({ baseUrl: bank.baseUrl, signing: signing() });
      app.session.psuIpAddress = '192.0.2.10';
      try {
        const created = await app.send(
          'POST',
          '/v1/payments/sepa-credit-transfers',
          {
            instructedAmount: { amount: '100.00', currency: 'NOK' },
            debtorAccount: { iban: names.debtorIban, currency: 'NOK' },
            creditorAccount: { iban: names.creditorIban, currency: 'NOK' },
            creditorName: 'Creditor',
          },
          { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
        );
        expect(jsonOf(created, 201)._links).toHaveProperty('scaRedirect');
      } finally {
        await app.close();
      }
    });
    expect(played.text).toMatch(/^NOT_EXERCISED: the bank exempted no payment/);
    expect(played.policy).toEqual({ mode: 'always', thresholdMinor: 0 });
  });
});

describe('the catalogue', () => {
  it('lists SCA-RISK-BASED as judged of the client, by the payments plan', async () => {
    const io = captureCliIo();
    expect(await rulesCommand.run(['--json'], io)).toBe(0);
    const { rules } = JSON.parse(io.stdout.join('\n')) as {
      rules: { id: string; state: string; client?: { tppRules: string[]; modules: string[] } }[];
    };
    expect(rules.find((rule) => rule.id === 'SCA-RISK-BASED')).toMatchObject({
      state: 'client',
      client: { tppRules: ['TPP-SCA-EXEMPTION-HONOURED'], modules: ['payments:' + MODULE] },
    });
  });
});
