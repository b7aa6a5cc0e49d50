/**
 * What the payment and signing-basket checks share, over HTTP only: §2.2 bodies from the accounts
 * of the bank under test (payment-party.ts), initiating a payment as
 * a single-SCA PISP journey (release 1.17.0: PSU-Context, no PSU-ID yet), the PSU's approval, and
 * judging a refusal that names its field.
 */
import {
  CheckInconclusive,
  type CheckContext,
  type EvidenceExchange,
  type JsonValue,
  type TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import { absoluteHref, json, scaRedirectOf } from './answers.js';
import { completeScaAsPsu, expectSuccess, psuHeaders, type SuccessfulSca } from './sca.js';
import {
  expectAnswer,
  expectRefusal,
  isRefusal,
  requireSetup,
  sendControl,
  sendRefusedControls,
} from './controls.js';
import { PaymentInitiationResponseSchema } from '../../main/core/spec/schemas/payments.js';
import { DOCUMENTED_PARTY, paymentParty, type PaymentParty } from './payment-party.js';

export { paymentParty, type PaymentParty } from './payment-party.js';

/** The documented accounts (docs/sandbox-data.md), for the sandbox-only checks that need their ids. */
export const ACCOUNTS = {
  debtor: DOCUMENTED_PARTY.debtor,
  debtorMockId: DOCUMENTED_PARTY.debtorMockId,
} as const;
/** A valid IBAN of another bank. */
export const EXTERNAL_IBAN = 'DE89370400440532013000';
/** The longest IBAN format (Russia, 33 characters), valid mod-97. */
export const IBAN_33 = 'RU0304452522540817810538091310419';

export type Body = { [key: string]: JsonValue };

let counter = 0;
/** A remittance text no other payment of the check has (no logical duplicates by accident). */
export const uniqueRemittance = () => `Workbench check ${++counter} ${Date.now().toString(36)}`;

/** A §2.2 SCT of 100.00 NOK from the payer's account to the party's creditor (paymentParty). */
export function sctBody(party: PaymentParty, overrides: Body = {}): Body {
  return {
    instructedAmount: { amount: '100.00', currency: 'NOK' },
    debtorAccount: { iban: party.debtor, currency: 'NOK' },
    creditorAccount: { iban: party.creditor.iban, currency: 'NOK' },
    creditorName: party.creditor.name,
    remittanceInformationUnstructured: uniqueRemittance(),
    ...overrides,
  };
}

/**
 * A body every product takes: NOK between the payer's own Norwegian accounts, with an address.
 * A payer with one account cannot make it: the check could not test (INCONCLUSIVE).
 */
export function ownAccountBody(party: PaymentParty, overrides: Body = {}): Body {
  if (!party.ownAccount)
    throw new CheckInconclusive(
      `${party.payer.login} has one account at the target; a transfer between own accounts needs two`,
    );
  return sctBody(party, {
    creditorAccount: { iban: party.ownAccount, currency: 'NOK' },
    creditorName: party.payer.name,
    creditorAddress: { city: 'Oslo', country: 'NO' },
    ...overrides,
  });
}

export interface PaymentRequest {
  service?: string;
  product?: string;
  query?: TargetRequest['query'];
  headers?: Record<string, string>;
  omitHeaders?: readonly string[];
  label?: string;
  signing?: TargetRequest['signing'];
  /**
   * createPayment: what shows the bank accepts payments when it refuses this one (default
   * requirePaymentsAccepted, the plain SCT). A check whose rule the plain SCT exercises too names
   * a control without it.
   */
  refusedControl?: () => Promise<unknown>;
}

/** `headers` without the names in `omit` (case-insensitive): the client only omits its defaults. */
export function withoutHeaders(
  headers: Record<string, string>,
  omit: readonly string[] = [],
): Record<string, string> {
  const left = new Set(omit.map((name) => name.toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !left.has(name.toLowerCase())),
  );
}

/** POST /v1/{service}/{product}: x-accept-fix amount-as-string, PSU-Context PRIVATE (single SCA). */
export function initiationRequest(body: Body, request: PaymentRequest = {}): TargetRequest {
  const service = request.service ?? 'payments';
  const product = request.product ?? 'sepa-credit-transfers';
  return {
    method: 'POST',
    path: `/v1/${service}/${product}`,
    ...(request.query ? { query: request.query } : {}),
    headers: withoutHeaders(
      { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE', ...request.headers },
      request.omitHeaders,
    ),
    ...(request.omitHeaders ? { omitHeaders: request.omitHeaders } : {}),
    body,
    ...(request.signing ? { signing: request.signing } : {}),
    label: request.label ?? `initiate ${service}/${product}`,
  };
}

/** Sends the initiation `initiationRequest` describes. */
export function initiatePayment(
  ctx: CheckContext,
  body: Body,
  request: PaymentRequest = {},
): Promise<EvidenceExchange> {
  return ctx.client.send(initiationRequest(body, request));
}

export interface CreatedPayment {
  paymentId: string;
  /** `/v1/{service}/{product}/{paymentId}` */
  path: string;
  scaRedirect?: string;
  answer: Record<string, JsonValue>;
  exchange: EvidenceExchange;
}

/**
 * The bank refused an initiation the check needs accepted (its setup, or the variant its rule says
 * is accepted). That refusal is the check's verdict only when the bank accepts the plain SCT of
 * the same payer at the same moment; a bank that refuses that too refuses payments whatever they
 * hold, so the check could not test its rules (docs/writing-checks.md, "could not set up") and
 * only the checks of PAY-CREATE-201 judge the plain initiation.
 */
export async function requirePaymentsAccepted(ctx: CheckContext, refused: string): Promise<void> {
  const plain = await initiatePayment(ctx, sctBody(await paymentParty(ctx)), {
    label: 'setup: a plain SCT initiation',
  });
  requireSetup(ctx, plain, {
    what: `a payment initiation: ${refused} was refused, and a plain SCT initiation`,
    status: 201,
    schema: PaymentInitiationResponseSchema,
  });
}

/** The checks that already showed the bank refuses an initiation it must refuse. */
const controlled = new WeakSet<CheckContext>();
/** The paymentIds each check was given so far. */
const given = new WeakMap<CheckContext, Set<string>>();

/**
 * Initiates, asserting 201 with the §2.3 answer and a paymentId no earlier initiation of the check
 * got. The first initiation of a check is preceded by its negative control: the same initiation
 * without creditorAccount, or else with a signature that does not verify, must be refused, or the
 * bank accepts anything and the check cannot judge (INCONCLUSIVE).
 */
export async function createPayment(
  ctx: CheckContext,
  body: Body,
  request: PaymentRequest = {},
): Promise<CreatedPayment> {
  if (!controlled.has(ctx)) {
    controlled.add(ctx);
    const { creditorAccount: _left, ...withoutCreditor } = body;
    await sendRefusedControls(ctx, [
      {
        request: { ...initiationRequest(withoutCreditor, request), label: undefined },
        what: 'the same initiation without creditorAccount (a required field, §2.2)',
      },
      {
        request: {
          ...initiationRequest(body, request),
          signing: { corruptSignature: true },
          label: undefined,
        },
        what: 'the same initiation with a signature that does not verify',
      },
    ]);
  }
  const exchange = await initiatePayment(ctx, body, request);
  if (isRefusal(exchange))
    await (request.refusedControl?.() ??
      requirePaymentsAccepted(ctx, request.label ?? 'the initiation'));
  expectAnswer(
    ctx,
    exchange,
    201,
    PaymentInitiationResponseSchema,
    request.label ?? 'payment initiation',
  );
  const answer = json<Record<string, JsonValue>>(exchange);
  const paymentId = answer?.paymentId;
  ctx.expect.true(
    typeof paymentId === 'string' && paymentId !== '',
    'the answer carries paymentId',
  );
  const ids = given.get(ctx) ?? new Set<string>();
  given.set(ctx, ids);
  ctx.expect.true(
    !ids.has(paymentId as string),
    `paymentId ${String(paymentId)} names a payment of its own (no earlier initiation of this check got it)`,
  );
  ids.add(paymentId as string);
  const href = scaRedirectOf(exchange);
  return {
    paymentId: paymentId as string,
    path: `/v1/${request.service ?? 'payments'}/${request.product ?? 'sepa-credit-transfers'}/${encodeURIComponent(paymentId as string)}`,
    ...(href ? { scaRedirect: absoluteHref(href, exchange) } : {}),
    answer,
    exchange,
  };
}

/** The PSU completes the payment's SCA in private context; asserts the §6.1 redirect. */
export async function approve(
  ctx: CheckContext,
  payment: { scaRedirect?: string },
  login?: string,
): Promise<SuccessfulSca> {
  login ??= (await paymentParty(ctx)).payer.login;
  ctx.expect.true(payment.scaRedirect !== undefined, 'the answer carries _links.scaRedirect');
  const redirect = await completeScaAsPsu(ctx, payment.scaRedirect!, { login, context: 'PRIVATE' });
  return expectSuccess(ctx, redirect, 'the payment SCA');
}

/** A PSU-ID for the payer: a single-SCA payment whose SCA identifies the PSU (1.17.0). */
export async function payerPsuHeaders(ctx: CheckContext): Promise<Record<string, string>> {
  const payment = await createPayment(ctx, sctBody(await paymentParty(ctx)), {
    label: 'a payment that identifies the PSU',
  });
  return psuHeaders(await approve(ctx, payment));
}

/** GET a payment's status, asserting 200. */
export async function paymentStatus(
  ctx: CheckContext,
  path: string,
  what = 'the payment status',
): Promise<{ transactionStatus?: string; fundsAvailable?: unknown }> {
  const exchange = await ctx.client.send({ method: 'GET', path: `${path}/status`, label: what });
  ctx.expect.status(exchange, 200, `GET ${what}`);
  return json(exchange) ?? {};
}

/** A 400 with a `code` entry on `field` whose text names it (decisions.md "Errors"). */
export function expectRefused(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  field: string,
  code: Parameters<CheckContext['expect']['tppMessage']>[1]['code'] = 'FORMAT_ERROR',
  status = 400,
): void {
  expectRefusal(
    ctx,
    exchange,
    { status, code, path: field, textIncludes: field },
    `refused: ${field}`,
  );
}

/**
 * The positive control of a check that initiates a payment with a defect: the same initiation
 * without it (`body`) is accepted with the §2.3 answer, or the check is INCONCLUSIVE.
 */
export function paymentControl(
  ctx: CheckContext,
  body: Body,
  what: string,
  request: PaymentRequest = {},
): Promise<EvidenceExchange> {
  return sendControl(
    ctx,
    { ...initiationRequest(body, request), label: `control: ${what}` },
    { what, status: 201, schema: PaymentInitiationResponseSchema },
  );
}
