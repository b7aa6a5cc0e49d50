/**
 * §3.2: a payment's status is read with GET …/{paymentId}/status; it moves RCVD → ACTC (after the
 * SCA) → ACSC or RJCT (the batch run), and a final status changes no more. The module plays the
 * batch: after the app's SETTLE_AFTER_READS status reads following the SCA, the bank runs its
 * payment batch (as the bank console's "run the batch now"), so the next read answers a final
 * status. The app must poll no faster than the stated bound and stop at the final status
 * (log/tpp-findings/payment-polling.ts).
 */
import { runBatchNow } from '../../domain/batch.js';
import type { DomainState } from '../../domain/model.js';
import { FINAL_TRANSACTION_STATUSES } from '../../domain/payments.js';
import type { TransactionStatus } from '../../../spec/enums.js';
import { MIN_STATUS_POLL_INTERVAL_MS } from '../../log/tpp-findings/payment-polling.js';
import type { Observation } from '../../log/tpp-findings/recorder.js';
import type { PlanModule } from '../model.js';
import { answered, firstMissing, pageVisits } from './window.js';

/** Status reads after the SCA before the bank settles the payment: the app is seen polling. */
export const SETTLE_AFTER_READS = 2;

const isStatusPath = (template: string) =>
  template.startsWith('/v1/payments/') && template.endsWith('/{paymentId}/status');

const statusOf = (observation: Observation): string | undefined => {
  const status = (observation.responseBody as { transactionStatus?: unknown } | undefined)
    ?.transactionStatus;
  return typeof status === 'string' ? status : undefined;
};

const isFinal = (status: string | undefined) =>
  status !== undefined && FINAL_TRANSACTION_STATUSES.includes(status as TransactionStatus);

/**
 * The payer: Ola Nordmann's enabled NOK account number `nth` (0: his first), or that of any
 * private customer with that many; the payee: another customer's enabled NOK account.
 */
export function payment(state: DomainState, nth = 0) {
  const customers = [
    ...state.customers.filter((customer) => customer.name === 'Ola Nordmann'),
    ...state.customers.filter((customer) => customer.type === 'PRIVATE'),
  ];
  const payable = (account: DomainState['accounts'][number]) =>
    account.status === 'enabled' && account.currency === 'NOK';
  for (const customer of customers) {
    const debtor = state.accounts.filter(
      (account) => account.customerNumber === customer.customerNumber && payable(account),
    )[nth];
    const creditor = state.accounts.find(
      (account) => account.customerNumber !== customer.customerNumber && payable(account),
    );
    if (debtor && creditor) return { customer, debtor, creditor };
  }
  throw new Error(
    `the bank has no private customer with ${nth + 1} NOK account${nth === 0 ? '' : 's'} to pay from`,
  );
}

/** The names a payment module's instruction uses: the payer, its account and the payee's. */
export function paymentNames(state: DomainState, nth = 0): Record<string, string> {
  const { customer, debtor, creditor } = payment(state, nth);
  return {
    psu: customer.name,
    nin: customer.nationalIdentityNumber,
    debtor: debtor.iban,
    creditor: creditor.iban,
  };
}

export const PAYMENT_STATUS_POLLING: PlanModule = {
  id: 'PAYMENT-STATUS-POLLING',
  title: 'Polls a payment’s status at a sane rate and stops at its final status (§3.2)',
  section: '§3.2',
  rules: ['TPP-PAYMENT-STATUS-POLLING'],
  instruction: `In your app, as {psu} (national identity number {nin}), pay 100.00 NOK from {debtor} to {creditor} (a SEPA credit transfer), take the PSU through the SCA pages, and let your app follow the payment’s status. After your app’s ${SETTLE_AFTER_READS} status reads following the SCA, the bank runs its payment batch: the next read answers a final status. Your app should read at most once a second (${MIN_STATUS_POLL_INTERVAL_MS} ms apart) and stop reading at the final status.`,
  setup({ state }) {
    return paymentNames(state);
  },
  react(observation, { memory, change }) {
    const { record, route } = observation;
    if (memory.settled === true || route === undefined || !isStatusPath(route.path)) return;
    const status = statusOf(observation);
    if (record.response.status !== 200 || status === undefined || status === 'RCVD') return;
    memory.reads = ((memory.reads as number | undefined) ?? 0) + 1;
    if ((memory.reads as number) < SETTLE_AFTER_READS) return;
    memory.settled = true;
    change((domain, now) => {
      runBatchNow(domain, now);
    });
  },
  missing({ observations, tally }) {
    const reads = answered(observations, 'GET', isStatusPath, 200);
    return firstMissing(
      [
        answered(observations, 'POST', (path) => path.startsWith('/v1/payments/'), 201).length ===
          0,
        'no payment was initiated (no POST /v1/payments/… answered 201)',
      ],
      [
        pageVisits(observations).length === 0,
        'no PSU reached the bank’s SCA pages to authorise the payment',
      ],
      [
        !reads.some((read) => isFinal(statusOf(read))),
        `the app did not read the payment’s status up to a final one (the bank settles it after ${SETTLE_AFTER_READS} reads following the SCA)`,
      ],
      [tally('TPP-PAYMENT-STATUS-POLLING').passes === 0, 'no status read was judged'],
    );
  },
};
