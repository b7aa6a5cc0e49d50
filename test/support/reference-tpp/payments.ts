/**
 * The reference client's payment flow (§2.2, §3.2): a SEPA credit transfer initiated for the PSU
 * the app's user is (X-PSU-IDENTITY: a payer the bank knows, so its risk analysis may exempt the
 * payment, §3.1), the PSU through its scaRedirect only when the answer gives one, then the
 * payment's status followed no faster than the workbench's bound until it is final. A payment
 * the bank refuses at its SCA (PAYMENT_FAILED) is not sent again (payment-refusal.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { FINAL_TRANSACTION_STATUSES } from '../../../main/core/bank/domain/payments.js';
import { MIN_STATUS_POLL_INTERVAL_MS } from '../../../main/core/bank/log/tpp-findings/payment-polling.js';
import type { ReferenceTppOptions } from '../reference-tpp.js';
import { ReferenceTppError, hrefOf, jsonOf, referenceApp } from './kit.js';
import { afterFailedPaymentSca } from './payment-refusal.js';

/** Status reads before the app gives up on a payment that never becomes final. */
const MAX_STATUS_READS = 10;

export interface ReferencePayment {
  debtorIban: string;
  creditorIban: string;
}

/** The whole flow; resolves with the number of API calls it made. */
export async function runReferencePayment(
  options: ReferenceTppOptions & ReferencePayment,
): Promise<number> {
  const app = referenceApp(options);
  // §4: a payment initiation carries the PSU's IP address (a documentation address here).
  app.session.psuIpAddress = '192.0.2.10';
  const path = '/v1/payments/sepa-credit-transfers';
  // Each run is a payment of its own: its remittance tells it from the last run's (whose same
  // accounts and amount within 24 hours would be a logical duplicate, §4.2.2).
  const remittance = `Reference TPP payment ${randomUUID().slice(0, 8)}`;
  const initiate = () =>
    app.send(
      'POST',
      path,
      {
        instructedAmount: { amount: '100.00', currency: 'NOK' },
        debtorAccount: { iban: options.debtorIban, currency: 'NOK' },
        creditorAccount: { iban: options.creditorIban, currency: 'NOK' },
        creditorName: 'Reference Creditor',
        remittanceInformationUnstructured: remittance,
      },
      {
        'x-accept-fix': 'amount-as-string',
        'PSU-Context': 'PRIVATE',
        'X-PSU-IDENTITY': options.nationalIdentityNumber,
      },
    );
  try {
    let initiated = jsonOf(await initiate(), 201);
    let scaRedirect = hrefOf(initiated._links, 'scaRedirect');
    // §3.1: no scaRedirect means exempted, not broken; the broken variant sends the payment again.
    if (!scaRedirect && options.faults?.reinitiatesWithoutSca) {
      initiated = jsonOf(await initiate(), 201);
      scaRedirect = hrefOf(initiated._links, 'scaRedirect');
    }
    const redirect = scaRedirect
      ? await app.authorise(scaRedirect, {
          nationalIdentityNumber: options.nationalIdentityNumber,
          context: 'PRIVATE',
        })
      : undefined;
    if (redirect?.outcome === 'failure')
      await afterFailedPaymentSca(redirect, initiate, options.faults ?? {});
    const status = `${path}/${String(initiated.paymentId)}/status`;
    for (let reads = 1; ; reads++) {
      const { transactionStatus } = jsonOf(await app.send('GET', status), 200);
      if (FINAL_TRANSACTION_STATUSES.includes(transactionStatus as never)) break;
      if (reads >= MAX_STATUS_READS)
        throw new ReferenceTppError(`the payment is still ${String(transactionStatus)}`);
      await sleep(MIN_STATUS_POLL_INTERVAL_MS);
    }
    if (options.faults?.pollsAfterFinal) {
      await sleep(MIN_STATUS_POLL_INTERVAL_MS);
      await app.send('GET', status);
    }
    return app.calls();
  } finally {
    await app.close();
  }
}
