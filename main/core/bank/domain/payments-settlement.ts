/**
 * Settling a payment on the ledger (§1 sandbox batch, §4.3 rule 1: payment-made transactions are
 * listed like created ones): each open credit transfer debits the debtor account (ledger
 * postTransfer) when its funds — the expected balance plus the credit line — cover it and its fee;
 * an internal creditor in another currency is credited in its own currency. Lack of funds rejects
 * the transfer and records `fundsAvailable: false` (1.14.2).
 */
import { bankDay } from './ids.js';
import { convertMinor, feeScheduleOf } from './fees.js';
import { postAccountTransaction, postTransfer } from './ledger.js';
import type { DomainState, Payment } from './model.js';
import { customerByNumber, holdingByIban } from './parties.js';
import {
  availableFunds,
  detailsOf,
  setTransactionStatus,
  type CreditTransfer,
} from './payments.js';
import { profileActive } from '../faults/index.js';

export type SettlementOutcome = 'settled' | 'partial' | 'rejected';

/** ISO 20022 bank transaction code of the fee entry: account management, charges. */
export const FEE_BANK_TRANSACTION_CODE = 'ACMT-MDOP-CHRG';

function postCreditInOtherCurrency(
  state: DomainState,
  payment: Payment,
  transfer: CreditTransfer,
  day: string,
  at: string,
): string | undefined {
  const holding = holdingByIban(state, transfer.creditorIban);
  const debtor = state.accounts.find((account) => account.id === payment.debtorAccountId);
  if (holding?.kind !== 'account' || !debtor || holding.account.currency === debtor.currency)
    return undefined; // postTransfer credited it (same currency) or the creditor is elsewhere
  const creditor = holding.account;
  const amount = convertMinor(
    feeScheduleOf(state.behaviour),
    transfer.amountMinor,
    transfer.currency,
    creditor.currency,
  );
  if (amount === undefined || amount <= 0) return undefined;
  const debtorName = customerByNumber(state, debtor.customerNumber)?.name ?? debtor.accountName;
  return postAccountTransaction(state, {
    accountId: creditor.id,
    amount,
    currency: creditor.currency,
    status: 'booked',
    bookingDate: day,
    valueDate: day,
    remittanceInformationUnstructured:
      transfer.remittanceInformationUnstructured ?? transfer.reference ?? '',
    creditorName: transfer.creditorName,
    creditorAccount: { iban: creditor.iban, bban: creditor.bban },
    debtorName,
    debtorAccount: { iban: debtor.iban, bban: debtor.bban },
    bankTransactionCode: 'PMNT-RCDT-XBCT',
    ultimateDebtor: debtorName,
    ultimateCreditor: transfer.creditorName,
    purposeCode: 'OTHR',
    origin: 'payment',
    paymentId: payment.paymentId,
    createdAt: at,
  }).id;
}

function postFee(
  state: DomainState,
  payment: Payment,
  feeMinor: number,
  day: string,
  at: string,
): string {
  const debtor = state.accounts.find((account) => account.id === payment.debtorAccountId)!;
  const debtorName = customerByNumber(state, debtor.customerNumber)?.name ?? debtor.accountName;
  return postAccountTransaction(state, {
    accountId: debtor.id,
    amount: -feeMinor,
    currency: debtor.currency,
    status: 'booked',
    bookingDate: day,
    valueDate: day,
    remittanceInformationUnstructured: `Fee, payment ${payment.paymentId}`,
    creditorName: 'Bank fee',
    creditorAccount: { iban: '', bban: '' },
    debtorName,
    debtorAccount: { iban: debtor.iban, bban: debtor.bban },
    bankTransactionCode: FEE_BANK_TRANSACTION_CODE,
    ultimateDebtor: debtorName,
    ultimateCreditor: 'Bank fee',
    purposeCode: 'OTHR',
    origin: 'payment',
    paymentId: payment.paymentId,
    createdAt: at,
  }).id;
}

/**
 * Posts one credit transfer of `payment` at `now`, or says why it cannot: 'funds' (the debtor
 * cannot cover debit plus fee) or 'account' (the debtor account is gone or closed).
 */
export function settleTransfer(
  state: DomainState,
  payment: Payment,
  transfer: CreditTransfer,
  now: Date,
): 'settled' | 'funds' | 'account' {
  const debtor = state.accounts.find((account) => account.id === payment.debtorAccountId);
  if (!debtor || debtor.status !== 'enabled') return 'account';
  if (availableFunds(debtor) < transfer.debitMinor + transfer.feeMinor) return 'funds';
  const day = bankDay(now);
  const at = now.toISOString();
  if (profileActive(state, 'SANDBOX-ACCTX-INCLUDES-PAYMENTS')) {
    debtor.balances.closingBooked -= transfer.debitMinor + transfer.feeMinor;
    debtor.balances.expected -= transfer.debitMinor + transfer.feeMinor;
    return 'settled';
  }
  const posted = postTransfer(state, {
    debtorAccountId: debtor.id,
    creditorName: transfer.creditorName,
    creditorAccount: { iban: transfer.creditorIban },
    amount: transfer.debitMinor,
    currency: debtor.currency,
    remittanceInformationUnstructured:
      transfer.remittanceInformationUnstructured ?? transfer.reference ?? '',
    bookingDate: day,
    valueDate: day,
    status: 'booked',
    paymentId: payment.paymentId,
    createdAt: at,
  });
  if (!posted.ok) return 'account';
  payment.transactionIds.push(posted.debit.id);
  if (posted.credit) payment.transactionIds.push(posted.credit.id);
  const credit = postCreditInOtherCurrency(state, payment, transfer, day, at);
  if (credit) payment.transactionIds.push(credit);
  if (transfer.feeMinor > 0)
    payment.transactionIds.push(postFee(state, payment, transfer.feeMinor, day, at));
  return 'settled';
}

/**
 * Settles every open transfer of a single or bulk payment and sets its final status: ACSC when all
 * settled, PART when some did (bulk), RJCT when none did (`fundsAvailable: false` when lack of
 * funds was a reason).
 */
export function settlePayment(state: DomainState, payment: Payment, now: Date): SettlementOutcome {
  const details = detailsOf(payment);
  if (details.unprocessable !== undefined) {
    setTransactionStatus(payment, 'RJCT', now, details.unprocessable);
    return 'rejected';
  }
  let settled = 0;
  let lackOfFunds = false;
  let accountProblem = false;
  for (const transfer of details.transfers) {
    if (transfer.outcome !== undefined) continue;
    const result = settleTransfer(state, payment, transfer, now);
    transfer.outcome = result === 'settled' ? 'settled' : 'rejected';
    if (result === 'settled') settled++;
    else if (result === 'funds') lackOfFunds = true;
    else accountProblem = true;
  }
  const all = details.transfers.length;
  if (settled === all) {
    payment.fundsAvailable = true;
    setTransactionStatus(payment, 'ACSC', now, 'settled by the batch run');
    return 'settled';
  }
  if (lackOfFunds) payment.fundsAvailable = false;
  const reason = lackOfFunds
    ? 'lack of funds (balance plus credit line)'
    : accountProblem
      ? 'the debtor account cannot be debited'
      : 'rejected';
  if (settled > 0) {
    setTransactionStatus(payment, 'PART', now, `${all - settled} of ${all} transfers: ${reason}`);
    return 'partial';
  }
  setTransactionStatus(payment, 'RJCT', now, reason);
  return 'rejected';
}
