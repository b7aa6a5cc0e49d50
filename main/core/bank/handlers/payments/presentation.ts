/**
 * What the bank tells about a payment: the §2.3 initiation answer (paymentId, transactionStatus,
 * fees, psuMessage, _links) and the lines the PSU reads on the confirmation page (§1 "what will be
 * paid"; handlers/sca/pages/, handlers/authorisation-kinds.ts).
 */
import { PSU_MESSAGE_MAX } from '../../../spec/limits.js';
import { truncateTppText } from '../../../spec/errors.js';
import { minorUnitsToAmountString } from '../../../spec/validators/amount.js';
import { faultActive } from '../../faults/index.js';
import type { AuthorisationLinks } from '../../domain/authorisations.js';
import type { DomainState, Payment } from '../../domain/model.js';
import { detailsOf, paymentPath } from '../../domain/payments.js';
import type { BankMode } from '../../../../shared/mode.js';
import type { RequestContext } from '../../context/request-context.js';
import { link } from '../sca/api-shapes.js';

export const formatAmount = (minor: number, currency: string): string =>
  `${minorUnitsToAmountString(minor, currency) ?? String(minor)} ${currency}`;

/** The payment in words, one line per fact (confirmation page, basket page). */
export function describePayment(state: DomainState, payment: Payment): string[] {
  const details = detailsOf(payment);
  const debtor = state.accounts.find((account) => account.id === payment.debtorAccountId);
  const lines: string[] = [];
  const [first] = details.transfers;
  if (payment.paymentService === 'bulk-payments')
    lines.push(
      `${details.transfers.length} credit transfers, ${formatAmount(payment.amount, payment.currency)} in all:`,
      ...details.transfers.map(
        (transfer) =>
          `${formatAmount(transfer.amountMinor, transfer.currency)} to ${transfer.creditorName} (${transfer.creditorIban})`,
      ),
    );
  else if (first)
    lines.push(
      `Pay ${formatAmount(first.amountMinor, first.currency)} to ${first.creditorName} (${first.creditorIban})`,
    );
  if (debtor) lines.push(`From ${debtor.accountName} (${debtor.iban})`);
  if (details.periodic) {
    const { frequency, startDate, endDate } = details.periodic;
    lines.push(
      `${frequency} from ${startDate}${endDate ? ` until ${endDate}` : ' until you stop it'}`,
    );
  } else if (payment.requestedExecutionDate) lines.push(`On ${payment.requestedExecutionDate}`);
  const reference = first?.reference ?? first?.remittanceInformationUnstructured;
  if (reference && payment.paymentService !== 'bulk-payments')
    lines.push(`Message or KID: ${reference}`);
  if (payment.fees && payment.fees.amount > 0)
    lines.push(`Fee: ${formatAmount(payment.fees.amount, payment.fees.currency)}`);
  lines.push(`Payment product: ${payment.paymentProduct}`);
  return lines;
}

/** §2.3 psuMessage (at most 512 characters, §8). */
export function psuMessageOf(payment: Payment, exempted: boolean): string {
  const details = detailsOf(payment);
  const [first] = details.transfers;
  const what =
    payment.paymentService === 'bulk-payments'
      ? `${details.transfers.length} credit transfers of ${formatAmount(payment.amount, payment.currency)} in all`
      : payment.paymentService === 'periodic-payments'
        ? `a standing order of ${formatAmount(payment.amount, payment.currency)} to ${first?.creditorName ?? ''} (${details.periodic?.frequency ?? ''})`
        : `${formatAmount(payment.amount, payment.currency)} to ${first?.creditorName ?? ''}`;
  const fee =
    payment.fees && payment.fees.amount > 0
      ? ` A fee of ${formatAmount(payment.fees.amount, payment.fees.currency)} applies.`
      : '';
  const text = exempted
    ? `The bank accepted ${what} without strong customer authentication.${fee}`
    : `Authorise ${what} in your bank.${fee}`;
  return truncateTppText(text, PSU_MESSAGE_MAX);
}

/** §2.3 201 body. Faults change it as their effect texts say (faults/payments.ts). */
export function initiationAnswer(
  ctx: RequestContext,
  payment: Payment,
  links: AuthorisationLinks,
  mode: BankMode,
): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const path = paymentPath(payment);
  const exempted = links.scaRedirect === undefined;
  const body: Record<string, unknown> = {
    transactionStatus: faultActive(ctx, 'PAY-TRANSACTION-STATUS-VALUES')
      ? 'RECEIVED'
      : payment.transactionStatus,
    paymentId: payment.paymentId,
  };
  if (payment.fees && payment.fees.amount > 0) {
    const amount = minorUnitsToAmountString(payment.fees.amount, payment.fees.currency);
    body.transactionFees = {
      amount: faultActive(ctx, 'PAY-ANSWER-AMOUNTS-DECIMAL-STRING') ? Number(amount) : amount,
      currency: payment.fees.currency,
    };
    if (!faultActive(ctx, 'PAY-FEE-INDICATOR')) body.transactionFeeIndicator = true;
  }
  let psuMessage = psuMessageOf(payment, exempted);
  if (faultActive(ctx, 'PAY-PSU-MESSAGE-MAX-512')) psuMessage = psuMessage.padEnd(600, '.');
  body.psuMessage = psuMessage;
  const _links: Record<string, unknown> = {};
  if (links.scaRedirect) _links.scaRedirect = link(links.scaRedirect.href);
  _links.self = link(path, mode === 'sandbox' ? ['GET', 'DELETE'] : ['GET']);
  _links.status = link(`${path}/status`);
  _links.scaStatus = link(links.scaStatus.href);
  body._links = _links;
  if (faultActive(ctx, 'PAY-RESPONSE-PAYMENT-ID')) delete body.paymentId;
  return {
    status: faultActive(ctx, 'PAY-CREATE-201') ? 200 : 201,
    headers: { location: path, 'aspsp-sca-approach': 'REDIRECT' },
    body,
  };
}
