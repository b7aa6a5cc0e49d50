/**
 * §1: the bank may remove payment permission on an account even while the account remains
 * visible in account information. The module plays that bank: setup removes the permission on one
 * of the PSU's accounts in the bank's state (it stays in GET /v1/accounts). A payment from it is
 * refused when the PSU confirms it at the SCA pages: RJCT, and the §6.2 redirect carries 400
 * PAYMENT_FAILED (§7.4; decisions.md "Ambiguities decided", docs/payments.md "Who may pay").
 * The app must take that refusal as final for the account and not send the same initiation again
 * (log/tpp-findings/payment-refusals.ts).
 */
import { setPaymentPermission } from '../../domain/access.js';
import type { Observation } from '../../log/tpp-findings/recorder.js';
import type { PlanModule } from '../model.js';
import { payment } from './payment-status-polling.js';
import { answered, firstMissing, pageVisits } from './window.js';

const isInitiation = (template: string) =>
  /^\/v1\/(payments|bulk-payments|periodic-payments)\/\{payment-product\}$/.test(template);

const debtorOf = (observation: Observation): string | undefined => {
  try {
    const body = JSON.parse(observation.record.request.bodyText ?? '') as {
      debtorAccount?: { iban?: unknown };
    };
    return typeof body?.debtorAccount?.iban === 'string' ? body.debtorAccount.iban : undefined;
  } catch {
    return undefined;
  }
};

export const PAYMENT_PERMISSION_REMOVED: PlanModule = {
  id: 'PAYMENT-PERMISSION-REMOVED',
  title: 'Takes the bank’s refusal of a payment from an account as final (§1)',
  section: '§1',
  rules: ['TPP-PAYMENT-REFUSAL-FINAL'],
  instruction:
    'The bank has removed payment permission on {debtor}, though the account still shows in the account list. In your app, as {psu} (national identity number {nin}), pay 100.00 NOK from {debtor} to {creditor} (a SEPA credit transfer) and take the PSU through the SCA pages: the bank refuses the payment (the SCA ends with 400 PAYMENT_FAILED). Your app should show the refusal and not send the same payment again.',
  setup({ state }) {
    // The payer's second account: the first, which PAYMENT-STATUS-POLLING pays from, keeps its
    // permission for the plan's other modules.
    const { customer, debtor, creditor } = payment(state, 1);
    setPaymentPermission(state, debtor.id, false);
    return {
      psu: customer.name,
      nin: customer.nationalIdentityNumber,
      debtor: debtor.iban,
      creditor: creditor.iban,
    };
  },
  missing({ observations, setup, tally }) {
    const fromDebtor = answered(observations, 'POST', isInitiation, 201).filter(
      (observation) => debtorOf(observation) === setup.debtor,
    );
    return firstMissing(
      [
        fromDebtor.length === 0,
        `no payment from ${setup.debtor} was initiated (no POST /v1/payments/… from it answered 201)`,
      ],
      [
        pageVisits(observations).length === 0,
        'no PSU reached the bank’s SCA pages to confirm the payment',
      ],
      [
        tally('TPP-PAYMENT-REFUSAL-FINAL').passes === 0,
        'the PSU did not confirm the payment at the SCA pages, so the bank’s refusal was never given',
      ],
    );
  },
};
