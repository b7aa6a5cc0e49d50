/**
 * PAYMENT-PERMISSION-REMOVED in the payments TPP plan (docs/tpp-plans.md, §1): the bank removes
 * payment permission on one of the PSU's accounts, which stays visible, and refuses a payment from
 * it at the SCA (§6.2 PAYMENT_FAILED). The reference app shows the refusal and passes; the app
 * that sends the refused payment again FAILs this module and no other module of the plan; an app
 * that sends nothing, or pays from the account without the PSU confirming, is not judged PASS.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_PLAN, type PlanModuleView } from '../../../main/core/bank/index.js';
import {
  ReferenceTppError,
  runReferencePayment,
  type ReferenceFaults,
} from '../../support/reference-tpp.js';
import { consentWithSca, referenceApp } from '../../support/reference-tpp/kit.js';
import { createPki, type Pki } from '../../unit/bank/fixtures.js';
import { startPlanBank, type PlanBank } from './plan-harness.js';

const MODULE = 'PAYMENT-PERMISSION-REMOVED';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

/** The PSU and the payment the running module's instruction names. */
function namesOf(view: PlanModuleView) {
  const nin = /national identity number (\d{11})/.exec(view.instruction)?.[1];
  const payment = /from (NO\d{13}) to (NO\d{13})/.exec(view.instruction);
  if (!nin || !payment) throw new Error(`no PSU or payment in: ${view.instruction}`);
  return { nin, debtor: payment[1]!, creditor: payment[2]! };
}

/** The reference payment flow, as the tester of the running module does it. */
function payAsTold(bank: PlanBank, view: PlanModuleView, faults: ReferenceFaults) {
  const { nin, debtor, creditor } = namesOf(view);
  return runReferencePayment({
    baseUrl: bank.baseUrl,
    signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
    nationalIdentityNumber: nin,
    debtorIban: debtor,
    creditorIban: creditor,
    faults,
  }).catch((error: unknown) => {
    // A broken app whose flow the bank refused stops there, as a real one would.
    if (error instanceof ReferenceTppError) return error;
    throw error;
  });
}

/** Every module of the payments plan against one app; `status: text` by module id. */
async function playAll(faults: ReferenceFaults | 'nothing') {
  const bank = await startPlanBank(PAYMENTS_PLAN, pki);
  try {
    const statuses: Record<string, string> = {};
    for (const module of PAYMENTS_PLAN.modules) {
      const started = await bank.admin('POST', '/admin/plan/start', { module: module.id });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      if (faults !== 'nothing') await payAsTold(bank, started.body as PlanModuleView, faults);
      const finished = await bank.admin('POST', '/admin/plan/finish', { module: module.id });
      const view = finished.body as PlanModuleView;
      statuses[module.id] = `${view.result!.status}: ${view.result!.text}`;
    }
    return statuses;
  } finally {
    await bank.close();
  }
}

describe('PAYMENT-PERMISSION-REMOVED', () => {
  it('removes payment permission on the PSU’s account, which stays in the account list, and names it', async () => {
    const bank = await startPlanBank(PAYMENTS_PLAN, pki);
    try {
      const started = await bank.admin('POST', '/admin/plan/start', { module: MODULE });
      const { nin, debtor } = namesOf(started.body as PlanModuleView);
      const account = bank.bank.state().accounts.find((candidate) => candidate.iban === debtor)!;
      expect(account).toMatchObject({ status: 'enabled', paymentPermission: false });
      // §1: visible in account information all the same.
      const app = referenceApp({
        baseUrl: bank.baseUrl,
        signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
      });
      try {
        await consentWithSca(app, {
          nationalIdentityNumber: nin,
          context: 'PRIVATE',
          accounts: 'all',
        });
        const listed = (await app.send('GET', '/v1/accounts')).response?.json as {
          accounts: { iban?: string }[];
        };
        expect(listed.accounts.map((entry) => entry.iban)).toContain(debtor);
      } finally {
        await app.close();
      }
      // The other modules' payer keeps its permission.
      const others = bank.bank
        .state()
        .accounts.filter((a) => a.customerNumber === account.customerNumber && a.id !== account.id);
      expect(others.every((a) => a.paymentPermission)).toBe(true);
    } finally {
      await bank.close();
    }
  });

  it('the reference app shows the refusal and passes, as it passes every module of the plan', async () => {
    const statuses = await playAll({});
    for (const module of PAYMENTS_PLAN.modules)
      expect(statuses[module.id], JSON.stringify(statuses, null, 1)).toMatch(/^PASS: /);
    expect(statuses[MODULE]).toMatch(/TPP-PAYMENT-REFUSAL-FINAL kept 1×/);
  });

  it('an app that sends the refused payment again FAILs it and no other module of the plan', async () => {
    const statuses = await playAll({ retriesRefusedPayment: true });
    for (const module of PAYMENTS_PLAN.modules)
      expect(statuses[module.id], module.id).toMatch(module.id === MODULE ? /^FAIL: / : /^PASS: /);
    expect(statuses[MODULE]).toMatch(
      /TPP-PAYMENT-REFUSAL-FINAL \(§1\) broken: #\d+ POST \/v1\/payments\/sepa-credit-transfers: sent again the payment from NO\d{13}/,
    );
  });

  it('an app that sends nothing gets NOT_EXERCISED', async () => {
    const statuses = await playAll('nothing');
    expect(statuses[MODULE]).toMatch(/^NOT_EXERCISED: no payment from NO\d{13} was initiated/);
  });

  it('an app that initiates the payment but never gets the PSU to confirm it is not judged PASS', async () => {
    const bank = await startPlanBank(PAYMENTS_PLAN, pki);
    try {
      const started = await bank.admin('POST', '/admin/plan/start', { module: MODULE });
      const { debtor, creditor } = namesOf(started.body as PlanModuleView);
      const client = referenceApp({
        baseUrl: bank.baseUrl,
        signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
      });
      client.session.psuIpAddress = '192.0.2.10';
      const initiated = await client.send(
        'POST',
        '/v1/payments/sepa-credit-transfers',
        {
          instructedAmount: { amount: '100.00', currency: 'NOK' },
          debtorAccount: { iban: debtor, currency: 'NOK' },
          creditorAccount: { iban: creditor, currency: 'NOK' },
          creditorName: 'Reference Creditor',
        },
        { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
      );
      await client.close();
      expect(initiated.response?.status).toBe(201);
      const finished = await bank.admin('POST', '/admin/plan/finish', { module: MODULE });
      expect((finished.body as PlanModuleView).result).toMatchObject({
        status: 'NOT_EXERCISED',
        text: 'no PSU reached the bank’s SCA pages to confirm the payment',
      });
    } finally {
      await bank.close();
    }
  });
});
