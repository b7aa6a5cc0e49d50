/**
 * §4.2.2 `allowLogicalDuplicate` (default, and the answer to a refused duplicate: not shown).
 * Workbench rule (docs/payments.md): an initiation is a logical duplicate of an earlier one when
 * the same TPP initiates it for the same PSU (the one PSU-ID / X-PSU-IDENTITY names, or "not yet
 * identified" for single SCA) with the same service, product, debtor account, creditor accounts,
 * amounts, currencies, execution date (absent: the bank date) or schedule, and remittance
 * (unstructured and structured), while the earlier one was created within the last 24 hours on
 * the bank clock and is not rejected or cancelled. Without `allowLogicalDuplicate=true` it is
 * refused with 409 CONFLICT (§7.2: a conflict with an existing resource) naming the earlier id.
 */
import { bankError } from '../../../spec/errors.js';
import { faultActive } from '../../faults/index.js';
import { bankDay } from '../../domain/ids.js';
import type { DomainState, Payment } from '../../domain/model.js';
import { detailsOf, LOGICAL_DUPLICATE_WINDOW_MS } from '../../domain/payments.js';
import { reject, type Rejection } from '../../http/refusal.js';
import type { RequestContext } from '../../context/request-context.js';
import type { Instruction } from './instruction.js';
import { KeyIndex } from '../../domain/collection-index.js';

/** A payment's duplicate key is set when it is initiated and never changes. */
const paymentsByDuplicateKey = new KeyIndex<Payment>((payment) => detailsOf(payment).duplicateKey);

export function duplicateKey(input: {
  tppId: string;
  customerNumber?: string;
  service: string;
  product: string;
  instruction: Instruction;
  now: Date;
}): string {
  const { instruction } = input;
  return JSON.stringify([
    input.tppId,
    input.customerNumber ?? '(single SCA)',
    input.service,
    input.product,
    instruction.debtorIban ?? '',
    instruction.periodic
      ? [
          instruction.periodic.startDate,
          instruction.periodic.endDate ?? '',
          instruction.periodic.frequency,
          instruction.periodic.dayOfExecution ?? '',
          instruction.periodic.monthsOfExecution ?? [],
        ]
      : (instruction.requestedExecutionDate ?? bankDay(input.now)),
    instruction.transfers.map((transfer) => [
      transfer.creditorIban,
      transfer.amountMinor,
      transfer.currency,
      transfer.remittanceInformationUnstructured ?? '',
      transfer.reference ?? '',
    ]),
  ]);
}

/** The earlier payment this one duplicates, if any (see the module comment). */
export function earlierDuplicate(state: DomainState, key: string, now: Date): Payment | undefined {
  return paymentsByDuplicateKey.first(
    state.payments,
    key,
    (payment) =>
      payment.transactionStatus !== 'RJCT' &&
      payment.transactionStatus !== 'CANC' &&
      now.getTime() - new Date(payment.createdAt).getTime() < LOGICAL_DUPLICATE_WINDOW_MS,
  );
}

/** 409 CONFLICT for a duplicate the TPP did not allow; undefined when the payment may proceed. */
export function refuseDuplicate(
  ctx: RequestContext,
  state: DomainState,
  key: string,
): Rejection | undefined {
  if (ctx.query.allowLogicalDuplicate === true || faultActive(ctx, 'PAY-ALLOW-LOGICAL-DUPLICATE'))
    return undefined;
  const earlier = earlierDuplicate(state, key, ctx.now);
  if (!earlier) return undefined;
  return reject(
    'handler.payment.logical-duplicate',
    bankError(
      'CONFLICT',
      `logical duplicate of payment '${earlier.paymentId}' (same PSU, accounts, amount, date and remittance within 24 hours); send allowLogicalDuplicate=true to initiate it anyway`,
      { path: 'allowLogicalDuplicate' },
    ),
  );
}
