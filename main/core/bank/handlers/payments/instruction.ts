/**
 * A payment initiation body as the bank will execute it: the debtor account (an account of this
 * bank, in the stated currency), the credit transfers, the execution date or periodic schedule
 * (not in the past on the bank clock: EXECUTION_DATE_INVALID), the instant rule (1.21.8: own
 * accounts in this bank), and the fees (domain/fees.ts). Each refusal names the field.
 */
import type { PaymentProduct, PaymentService, PeriodicFrequency } from '../../../spec/enums.js';
import { canConvert, feeScheduleOf, quoteFees } from '../../domain/fees.js';
import { bankDay } from '../../domain/ids.js';
import type { Account, DomainState } from '../../domain/model.js';
import { holdingByIban } from '../../domain/parties.js';
import { isInstant, type CreditTransfer, type PeriodicSchedule } from '../../domain/payments.js';
import { nextExecutionDay } from '../../domain/payments-periodic.js';
import type { RequestContext } from '../../context/request-context.js';
import type { Rejection } from '../../http/refusal.js';
import { fieldError } from './shapes.js';
import { asObject, asString, readTransfer, type JsonFields } from './transfers.js';

export interface Instruction {
  debtorAccount?: Account;
  debtorIban?: string;
  transfers: CreditTransfer[];
  requestedExecutionDate?: string;
  periodic?: PeriodicSchedule;
  /** Total fee, debtor account currency (0: none). */
  feeMinor: number;
  unprocessable?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | undefined): value is string =>
  value !== undefined && ISO_DAY.test(value) && !Number.isNaN(Date.parse(value));

function readDebtor(
  state: DomainState,
  body: JsonFields,
): { account?: Account; iban?: string; gap?: string } | Rejection {
  const debtor = asObject(body.debtorAccount);
  const iban = asString(debtor?.iban);
  const currency = asString(debtor?.currency);
  if (!debtor || iban === undefined || currency === undefined)
    return { ...(iban !== undefined ? { iban } : {}), gap: 'debtorAccount is incomplete' };
  const holding = holdingByIban(state, iban);
  if (holding?.kind !== 'account' || holding.account.status !== 'enabled')
    return fieldError(
      'debtor-unknown',
      'BAD_REQUEST',
      'debtorAccount.iban',
      `'${iban}' is not an open account of this bank`,
    );
  if (holding.account.currency !== currency)
    return fieldError(
      'debtor-currency',
      'BAD_REQUEST',
      'debtorAccount.currency',
      `must be ${holding.account.currency}, the currency of the debtor account`,
    );
  return { account: holding.account, iban };
}

function checkCreditor(
  state: DomainState,
  body: JsonFields,
  transfer: CreditTransfer,
  prefix: string,
  debtor: Account | undefined,
  product: PaymentProduct,
): Rejection | undefined {
  if (transfer.creditorIban === '') return undefined;
  if (debtor && transfer.creditorIban === debtor.iban)
    return fieldError(
      'creditor-is-debtor',
      'BAD_REQUEST',
      `${prefix}creditorAccount.iban`,
      'must differ from debtorAccount.iban',
    );
  const holding = holdingByIban(state, transfer.creditorIban);
  const creditor = holding?.kind === 'account' ? holding.account : undefined;
  const stated = asString(asObject(body.creditorAccount)?.currency);
  if (creditor && stated !== undefined && stated !== creditor.currency)
    return fieldError(
      'creditor-currency',
      'BAD_REQUEST',
      `${prefix}creditorAccount.currency`,
      `must be ${creditor.currency}, the currency of the creditor account in this bank`,
    );
  if (
    isInstant(product) &&
    (!creditor || !debtor || creditor.customerNumber !== debtor.customerNumber)
  )
    return fieldError(
      'instant-own-accounts',
      'PRODUCT_INVALID',
      `${prefix}creditorAccount.iban`,
      `${product} is offered between own accounts in this bank only (release 1.21.8): the creditor account must belong to the owner of the debtor account`,
    );
  return undefined;
}

function readSchedule(
  body: JsonFields,
  today: string,
  gaps: string[],
): PeriodicSchedule | Rejection | undefined {
  const startDate = asString(body.startDate);
  const endDate = asString(body.endDate);
  const frequency = asString(body.frequency) as PeriodicFrequency | undefined;
  if (!isDay(startDate) || frequency === undefined) {
    gaps.push('startDate or frequency is not usable');
    return undefined;
  }
  if (startDate < today)
    return fieldError(
      'start-date-past',
      'EXECUTION_DATE_INVALID',
      'startDate',
      `${startDate} is in the past (bank date ${today})`,
    );
  if (isDay(endDate) && endDate < startDate)
    return fieldError(
      'end-before-start',
      'EXECUTION_DATE_INVALID',
      'endDate',
      `${endDate} is before startDate ${startDate}`,
    );
  const months = Array.isArray(body.monthsOfExecution)
    ? [...new Set(body.monthsOfExecution.filter((m): m is string => typeof m === 'string'))]
    : undefined;
  if (frequency === 'MonthlyVariable' && !months)
    return fieldError(
      'months-required',
      'FORMAT_ERROR',
      'monthsOfExecution',
      'is required with frequency MonthlyVariable',
    );
  if (frequency !== 'MonthlyVariable' && months)
    return fieldError(
      'months-not-allowed',
      'FORMAT_ERROR',
      'monthsOfExecution',
      'is only allowed with frequency MonthlyVariable',
    );
  const schedule: PeriodicSchedule = { startDate, frequency, executions: 0 };
  if (isDay(endDate)) schedule.endDate = endDate;
  const day = asString(body.dayOfExecution);
  if (day !== undefined) schedule.dayOfExecution = day;
  if (months) schedule.monthsOfExecution = months;
  const rule = asString(body.executionRule);
  if (rule === 'following' || rule === 'preceding') schedule.executionRule = rule;
  if (nextExecutionDay(schedule) === undefined)
    return fieldError(
      'no-execution-day',
      'EXECUTION_DATE_INVALID',
      'endDate',
      'the schedule has no execution day between startDate and endDate',
    );
  return schedule;
}

/** Reads and checks an initiation body of `service` and `product` at the bank clock's `now`. */
export function readInstruction(
  ctx: RequestContext,
  state: DomainState,
  body: JsonFields,
  service: PaymentService,
  product: PaymentProduct,
): Instruction | Rejection {
  const gaps: string[] = [];
  const debtor = readDebtor(state, body);
  if ('kind' in debtor) return debtor;
  if (debtor.gap) gaps.push(debtor.gap);

  const elements =
    service === 'bulk-payments'
      ? (Array.isArray(body.payments) ? body.payments : []).map((item) => asObject(item) ?? {})
      : [body];
  const transfers: CreditTransfer[] = [];
  for (const [index, element] of elements.entries()) {
    const prefix = service === 'bulk-payments' ? `payments[${index}].` : '';
    const read = readTransfer(ctx, element, prefix, product);
    if ('kind' in read) return read;
    if (read.unprocessable) gaps.push(`${prefix}${read.unprocessable}`);
    const creditorProblem = checkCreditor(
      state,
      element,
      read.transfer,
      prefix,
      debtor.account,
      product,
    );
    if (creditorProblem) return creditorProblem;
    transfers.push(read.transfer);
  }
  if (transfers.length === 0) gaps.push('no credit transfer');

  const today = bankDay(ctx.now);
  const instruction: Instruction = { transfers, feeMinor: 0 };
  if (debtor.account) instruction.debtorAccount = debtor.account;
  if (debtor.iban !== undefined) instruction.debtorIban = debtor.iban;
  if (service === 'periodic-payments') {
    const schedule = readSchedule(body, today, gaps);
    if (schedule && 'kind' in schedule) return schedule;
    if (schedule) {
      instruction.periodic = schedule;
      instruction.requestedExecutionDate = schedule.startDate;
    }
  } else {
    // Under the PAY-EXECUTION-DATE-ISO fault a non-ISO date passes the schema; it is then ignored.
    const date = asString(body.requestedExecutionDate);
    if (isDay(date)) {
      if (date < today)
        return fieldError(
          'execution-date-past',
          'EXECUTION_DATE_INVALID',
          'requestedExecutionDate',
          `${date} is in the past (bank date ${today})`,
        );
      if (isInstant(product) && date !== today)
        return fieldError(
          'instant-date',
          'EXECUTION_DATE_INVALID',
          'requestedExecutionDate',
          `${product} executes at once: leave requestedExecutionDate out or send today's bank date ${today}`,
        );
      instruction.requestedExecutionDate = date;
    }
  }

  const account = debtor.account;
  if (account && gaps.length === 0) {
    const schedule = feeScheduleOf(state.behaviour);
    for (const [index, transfer] of transfers.entries())
      if (!canConvert(schedule, transfer.currency, account.currency))
        return fieldError(
          'no-exchange-rate',
          'BAD_REQUEST',
          `${service === 'bulk-payments' ? `payments[${index}].` : ''}instructedAmount.currency`,
          `the bank has no exchange rate from ${transfer.currency} to ${account.currency}, the debtor account's currency`,
        );
    const quote = quoteFees(schedule, {
      paymentProduct: product,
      debtorCurrency: account.currency,
      transfers,
    });
    if (quote) {
      transfers.forEach((transfer, index) => {
        transfer.debitMinor = quote.debitsMinor[index]!;
        transfer.feeMinor = quote.feesMinor[index]!;
      });
      instruction.feeMinor = quote.totalMinor;
    }
  }
  if (gaps.length > 0) instruction.unprocessable = gaps.join('; ');
  return instruction;
}
