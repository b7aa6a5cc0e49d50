/**
 * A payment whose SCA the bank ends with a §6.2 failure (§7.4). PAYMENT_FAILED is the bank's
 * refusal of the payment — the PSU may not pay from the debtor account, say, because the bank
 * removed the account's payment permission while AIS still shows it (§1). The reference app takes
 * it as final: it shows the refusal (the payment's status, RJCT) and does not send the payment
 * again. Any other failure stops the flow.
 */
import type { ScaRedirectParams } from '../../../main/core/tpp/sca-redirect.js';
import { ReferenceTppError } from './kit.js';

export interface PaymentRefusalFaults {
  /** §1: sends the payment the bank refused with PAYMENT_FAILED again, the same initiation. */
  retriesRefusedPayment?: boolean;
}

/** What the app does after the payment's SCA failed; `initiateAgain` sends the same initiation. */
export async function afterFailedPaymentSca(
  redirect: Extract<ScaRedirectParams, { outcome: 'failure' }>,
  initiateAgain: () => Promise<unknown>,
  faults: PaymentRefusalFaults,
): Promise<void> {
  if (redirect.code !== 'PAYMENT_FAILED')
    throw new ReferenceTppError(`the payment's SCA ended ${redirect.code ?? 'without a code'}`);
  if (faults.retriesRefusedPayment) await initiateAgain();
}
