/**
 * POST /v1/{payment-service}/{payment-product} (§4.2.2, §2.2, §2.3, decisions.md "Paths"): checks
 * the product, the PSU headers (single SCA, release 1.17.0), the body and the logical duplicate
 * rule; records the payment RCVD; starts its authorisation — SCA redirect, or EXEMPTED by the
 * risk rule (§3.1) — and answers 201.
 *
 * Single SCA (docs/payments.md): a PISP-only journey where the payment's own SCA also identifies
 * the PSU. The TPP has no PSU-ID yet, so instead of PSU-ID (or X-PSU-IDENTITY) it sends
 * PSU-Context, which preselects the context of that SCA; the redirect after it delivers the PSU-ID.
 */
import { randomUUID } from 'node:crypto';
import { bankError } from '../../../spec/errors.js';
import { faultActive } from '../../faults/index.js';
import type { Payment } from '../../domain/model.js';
import { detailsOf, mayPayFrom, paymentPath, type PaymentDetails } from '../../domain/payments.js';
import { approvePayment } from '../../domain/payments-approval.js';
import { scaRequired } from '../../domain/risk.js';
import { psuContextOf } from '../../context/accessors.js';
import { startAuthorisationFor } from '../../context/sca-redirect.js';
import { isRejection, reject, type Rejection } from '../../http/refusal.js';
import type { Handler, RequestContext } from '../../context/request-context.js';
import { duplicateKey, refuseDuplicate } from './duplicates.js';
import { readInstruction, type Instruction } from './instruction.js';
import { paymentPathOf } from './lookup.js';
import { initiationAnswer } from './presentation.js';
import { asObject } from './transfers.js';

/** §4.2.2 and 1.17.0: PSU-ID (or X-PSU-IDENTITY), or PSU-Context for a single SCA. */
function psuHeaderProblem(ctx: RequestContext, named: boolean): Rejection | undefined {
  const headers = ctx.request.headers;
  const endpoint = `POST ${ctx.route!.path}`;
  if (
    faultActive(ctx, 'HDR-PAYMENT-OPTIONAL') &&
    headers['tpp-brand-logging-information'] !== undefined
  )
    return reject(
      'handler.payment.fault-optional-header',
      bankError('FORMAT_ERROR', 'TPP-Brand-Logging-Information header is not accepted', {
        path: 'TPP-Brand-Logging-Information',
      }),
    );
  if (named) return undefined;
  if (faultActive(ctx, 'SCA-SINGLE-SCA-PISP-JOURNEY'))
    return reject(
      'handler.payment.fault-single-sca',
      bankError(
        'HTTP_HEADER_REQUIRED',
        `PSU-ID header is required on ${endpoint}: identify the PSU with an SCA first`,
        {
          path: 'PSU-ID',
        },
      ),
    );
  if (
    headers['psu-context'] !== undefined ||
    faultActive(ctx, 'HDR-PAYMENT-PSU-CONTEXT-SINGLE-SCA')
  )
    return undefined;
  return reject(
    'handler.payment.psu-id-required',
    bankError(
      'HTTP_HEADER_REQUIRED',
      `PSU-ID header is required on ${endpoint} (§4.2.2); a single-SCA initiation without PSU-ID (release 1.17.0) must send PSU-Context instead`,
      { path: 'PSU-ID' },
    ),
  );
}

function totalOf(instruction: Instruction): { amount: number; currency: string } {
  const { transfers, debtorAccount } = instruction;
  const currencies = new Set(transfers.map((transfer) => transfer.currency));
  if (currencies.size === 1)
    return {
      amount: transfers.reduce((sum, transfer) => sum + transfer.amountMinor, 0),
      currency: transfers[0]!.currency,
    };
  return {
    amount: transfers.reduce((sum, transfer) => sum + transfer.debitMinor, 0),
    currency: debtorAccount?.currency ?? transfers[0]?.currency ?? 'NOK',
  };
}

export const initiationHandler: Handler = (ctx, env) => {
  const { service, product } = paymentPathOf(ctx);
  const psu = psuContextOf(ctx)!;
  const named = psu.identifiedBy === 'PSU-ID' || psu.identifiedBy === 'X-PSU-IDENTITY';
  const headerProblem = psuHeaderProblem(ctx, named);
  if (headerProblem) return headerProblem;
  const state = env.state;
  const body = asObject(ctx.body) ?? {};
  const instruction = readInstruction(ctx, state, body, service, product);
  if (isRejection(instruction)) return instruction;

  const key = duplicateKey({
    tppId: psu.tppId,
    ...(named ? { customerNumber: psu.customerNumber! } : {}),
    service,
    product,
    instruction,
    now: ctx.now,
  });
  const duplicate = refuseDuplicate(ctx, state, key);
  if (duplicate) return duplicate;

  const at = ctx.now.toISOString();
  const details: PaymentDetails = {
    transfers: instruction.transfers,
    psuNamedAtInitiation: named,
    duplicateKey: key,
  };
  if (instruction.periodic) details.periodic = instruction.periodic;
  if (instruction.debtorIban !== undefined) details.debtorIban = instruction.debtorIban;
  if (instruction.debtorAccount) details.debtorCurrency = instruction.debtorAccount.currency;
  if (instruction.unprocessable !== undefined) details.unprocessable = instruction.unprocessable;
  const payment: Payment = {
    paymentId: randomUUID(),
    paymentService: service,
    paymentProduct: product,
    tppId: psu.tppId,
    request: ctx.body,
    ...totalOf(instruction),
    transactionStatus: 'RCVD',
    createdAt: at,
    statusHistory: [{ transactionStatus: 'RCVD', at }],
    transactionIds: [],
    details,
  };
  if (named) payment.customerNumber = psu.customerNumber!;
  if (instruction.debtorAccount) payment.debtorAccountId = instruction.debtorAccount.id;
  if (instruction.requestedExecutionDate !== undefined)
    payment.requestedExecutionDate = instruction.requestedExecutionDate;
  if (instruction.feeMinor > 0 && instruction.debtorAccount)
    payment.fees = { amount: instruction.feeMinor, currency: instruction.debtorAccount.currency };
  state.payments.push(payment);

  // §3.1: the risk rule may exempt; only a payment whose payer is known and allowed can be.
  const payer = {
    customerNumber: psu.customerNumber ?? '',
    ...(psu.context === 'CORPORATE' && psu.agreementId !== undefined
      ? { agreementId: psu.agreementId }
      : {}),
  };
  const exempted =
    named &&
    detailsOf(payment).unprocessable === undefined &&
    instruction.debtorAccount !== undefined &&
    mayPayFrom(state, payer, instruction.debtorAccount) &&
    !scaRequired(state, { kind: 'payment', amountMinor: payment.amount });
  const { authorisation, links } = startAuthorisationFor(ctx, env, {
    kind: 'payment',
    resourceId: payment.paymentId,
    resourcePath: paymentPath(payment),
    ...(exempted ? { exempted: true } : {}),
  });
  payment.authorisationId = authorisation.authorisationId;
  if (exempted)
    approvePayment(state, payment, { ...payer, context: psu.context ?? 'PRIVATE' }, ctx.now);
  return initiationAnswer(ctx, payment, links, ctx.mode);
};
