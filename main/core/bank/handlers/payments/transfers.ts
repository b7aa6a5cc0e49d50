/**
 * One credit transfer of an initiation body (§2.2; a bulk element or the single/periodic body):
 * the rules a JSON Schema cannot state, after the request-schema stage checked lengths, lists,
 * formats and minor units. Structured remittance and KID (§7.3, §9(3), release 1.7.0), amounts
 * above zero, and the product rules of docs/payments.md. Each refusal names the field.
 */
import { NON_ISO_CURRENCIES, isCurrency } from '../../../spec/currencies.js';
import type { PaymentProduct } from '../../../spec/enums.js';
import { REMITTANCE_INFORMATION_STRUCTURED_REMOVED_ON } from '../../../spec/limits.js';
import { bankAmountLimitText } from '../../../spec/validators/amount.js';
import { validateKid } from '../../../spec/validators/kid.js';
import { faultActive } from '../../faults/index.js';
import type { CreditTransfer } from '../../domain/payments.js';
import { isNorwegianDomestic } from '../../domain/payments.js';
import type { RequestContext } from '../../context/request-context.js';
import type { Rejection } from '../../http/refusal.js';
import { amountToMinor, fieldError } from './shapes.js';

export type JsonFields = Record<string, unknown>;

export const asObject = (value: unknown): JsonFields | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonFields)
    : undefined;
export const asString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export interface ReadTransfer {
  transfer: CreditTransfer;
  /** Why it cannot be executed although accepted (only when a fault profile let a gap through). */
  unprocessable?: string;
}

/** §7.3 / 1.7.0: KID errors are 400 (401 under the fault profile, as before 1.7.0). */
function kidError(
  ctx: RequestContext,
  code: 'KID_MISSING' | 'KID_INVALID',
  path: string,
  text: string,
) {
  return fieldError(
    code.toLowerCase(),
    code,
    path,
    text,
    faultActive(ctx, 'PAY-KID-ERROR-400') ? 401 : undefined,
  );
}

/**
 * §9(3): `remittanceInformationStructured` is refused from 2024-09-05 on the bank clock in favour
 * of `remittanceInformationStructuredArray` (one entry). Returns the structured reference, if any.
 */
function readReference(
  ctx: RequestContext,
  element: JsonFields,
  prefix: string,
  product: PaymentProduct,
): { reference?: string } | Rejection {
  const single = asObject(element.remittanceInformationStructured);
  const array = Array.isArray(element.remittanceInformationStructuredArray)
    ? element.remittanceInformationStructuredArray
    : undefined;
  if (single && array)
    return fieldError(
      'structured-remittance-twice',
      'FORMAT_ERROR',
      `${prefix}remittanceInformationStructured`,
      'send either remittanceInformationStructured or remittanceInformationStructuredArray, not both',
    );
  const today = ctx.now.toISOString().slice(0, 10);
  if (
    single &&
    today >= REMITTANCE_INFORMATION_STRUCTURED_REMOVED_ON &&
    !faultActive(ctx, 'FIX-REMITTANCE-STRUCTURED-REMOVED')
  )
    return fieldError(
      'structured-remittance-removed',
      'FORMAT_ERROR',
      `${prefix}remittanceInformationStructured`,
      `removed on ${REMITTANCE_INFORMATION_STRUCTURED_REMOVED_ON}; send remittanceInformationStructuredArray with one entry { reference, referenceType?, referenceIssuer? } (§9(3))`,
    );
  const entry = single ?? asObject(array?.[0]);
  if (!entry) return {};
  const path = single
    ? `${prefix}remittanceInformationStructured.reference`
    : `${prefix}remittanceInformationStructuredArray[0].reference`;
  const reference = asString(entry.reference)?.trim() ?? '';
  if (reference === '')
    return kidError(
      ctx,
      'KID_MISSING',
      path,
      isNorwegianDomestic(product)
        ? 'a structured remittance needs its reference: the KID (§7.3)'
        : 'a structured remittance needs its reference',
    );
  if (isNorwegianDomestic(product)) {
    const check = validateKid(reference);
    if (!check.ok)
      return kidError(
        ctx,
        'KID_INVALID',
        path,
        `'${reference}' is not a valid KID: ${check.problem} (§7.3)`,
      );
  }
  return { reference };
}

/**
 * Reads one credit transfer. `prefix` is `payments[i].` for a bulk element. Amounts go to minor
 * units; debit and fee are filled in once the fees are quoted.
 */
export function readTransfer(
  ctx: RequestContext,
  element: JsonFields,
  prefix: string,
  product: PaymentProduct,
): ReadTransfer | Rejection {
  const gaps: string[] = [];
  const instructed = asObject(element.instructedAmount);
  const currency = asString(instructed?.currency) ?? '';
  if (!instructed) gaps.push('instructedAmount is missing');
  else if (!isCurrency(currency)) gaps.push(`currency '${currency}' is not in the §2.1 list`);
  const amountMinor =
    instructed && isCurrency(currency) ? amountToMinor(instructed.amount, currency) : 0;
  if (amountMinor === undefined) gaps.push('instructedAmount.amount is not a decimal amount');
  else if (amountMinor === Number.POSITIVE_INFINITY)
    // decisions.md "Ambiguities decided": the schema stage has passed the amount as §2.1 / §8
    // decimal(18, 5) with the currency's minor units, so it is well-formed; only the bank's
    // minor-unit store cannot hold it. PAYMENT_FAILED (§7.2: the initiation failed in the bank)
    // with a text naming the limit, not FORMAT_ERROR, which would blame the TPP's format.
    // Fault PAY-AMOUNT-BANK-LIMIT: the old answer, FORMAT_ERROR as if the amount were malformed.
    return faultActive(ctx, 'PAY-AMOUNT-BANK-LIMIT')
      ? fieldError(
          'amount-too-large',
          'FORMAT_ERROR',
          `${prefix}instructedAmount.amount`,
          'is not a valid amount',
        )
      : fieldError(
          'amount-beyond-bank-limit',
          'PAYMENT_FAILED',
          `${prefix}instructedAmount.amount`,
          bankAmountLimitText(asString(instructed?.amount) ?? String(instructed?.amount), currency),
        );
  else if (instructed && isCurrency(currency) && amountMinor <= 0)
    return fieldError(
      'amount-not-positive',
      'FORMAT_ERROR',
      `${prefix}instructedAmount.amount`,
      'must be greater than zero',
    );
  // Fault: the bank takes the non-ISO codes as currencies without minor units.
  const amountText = asString(instructed?.amount) ?? '';
  if (
    faultActive(ctx, 'PAY-AMOUNT-NON-ISO-CURRENCIES') &&
    (NON_ISO_CURRENCIES as readonly string[]).includes(currency) &&
    amountText.includes('.')
  )
    return fieldError(
      'amount-non-iso',
      'FORMAT_ERROR',
      `${prefix}instructedAmount.amount`,
      `${currency} has 0 minor units`,
    );

  const creditorAccount = asObject(element.creditorAccount);
  const creditorIban = asString(creditorAccount?.iban) ?? '';
  if (creditorIban === '') gaps.push('creditorAccount.iban is missing');
  const address = asObject(element.creditorAddress);

  const reference = readReference(ctx, element, prefix, product);
  if ('kind' in reference) return reference;

  // Product rules (docs/payments.md).
  if (isNorwegianDomestic(product)) {
    if (isCurrency(currency) && currency !== 'NOK')
      return fieldError(
        'product-currency',
        'FORMAT_ERROR',
        `${prefix}instructedAmount.currency`,
        `${product} carries NOK only`,
      );
    if (creditorIban !== '' && !creditorIban.startsWith('NO'))
      return fieldError(
        'product-creditor',
        'FORMAT_ERROR',
        `${prefix}creditorAccount.iban`,
        `${product} pays Norwegian accounts (NO IBANs) only`,
      );
  }
  if (product === 'cross-border-credit-transfers' && !address)
    return fieldError(
      'product-address',
      'FORMAT_ERROR',
      `${prefix}creditorAddress`,
      'is required for cross-border-credit-transfers (Berlin Group: conditional for cross-border)',
    );

  const transfer: CreditTransfer = {
    creditorName: asString(element.creditorName) ?? '',
    creditorIban,
    amountMinor: typeof amountMinor === 'number' && Number.isFinite(amountMinor) ? amountMinor : 0,
    currency: isCurrency(currency) ? currency : 'NOK',
    debitMinor: 0,
    feeMinor: 0,
  };
  const endToEnd = asString(element.endToEndIdentification);
  if (endToEnd !== undefined) transfer.endToEndIdentification = endToEnd;
  const country = asString(address?.country);
  if (country !== undefined) transfer.creditorCountry = country;
  const remittance = asString(element.remittanceInformationUnstructured);
  if (remittance !== undefined) transfer.remittanceInformationUnstructured = remittance;
  if (reference.reference !== undefined) transfer.reference = reference.reference;
  return gaps.length > 0 ? { transfer, unprocessable: gaps.join('; ') } : { transfer };
}
