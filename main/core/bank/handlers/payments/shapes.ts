/**
 * Header sets and small helpers of the payment and signing-basket routes (§4.2.1, §4.2.2,
 * decisions.md "Paths"). Response shapes live with the spec (main/core/spec/schemas).
 */
import { bankError, type ErrorCode } from '../../../spec/errors.js';
import { OTHER_PSU_HEADERS } from '../../../spec/headers.js';
import { minorUnits } from '../../../spec/currencies.js';
import { BANK_AMOUNT_MINOR_UNITS_MAX } from '../../../spec/limits.js';
import { reject, type Rejection } from '../../http/refusal.js';
import { NEGOTIATION, PSU_HEADERS, SIGNED_REQUEST, headerSet } from '../header-sets.js';

/**
 * §4.2.2 Create payment. PSU-ID is listed as required, but a single-SCA initiation (release
 * 1.17.0: no PSU-ID yet) sends PSU-Context instead, so the handler enforces "PSU-ID, or
 * X-PSU-IDENTITY, or PSU-Context" itself (docs/payments.md).
 */
export const PAYMENT_INITIATION_HEADERS = headerSet(
  [
    'x-accept-fix',
    ...SIGNED_REQUEST,
    'tpp-session-id',
    'tpp-redirect-uri',
    'digest',
    'psu-ip-address',
  ],
  [
    ...PSU_HEADERS,
    'tpp-redirect-preferred',
    'tpp-brand-logging-information',
    'date',
    ...NEGOTIATION,
  ],
);

/** §4.2.1 Start signing basket authorisation (PSU-ID last: other headers are named first). */
export const BASKET_AUTHORISATION_HEADERS = headerSet(
  [
    'x-accept-fix',
    ...SIGNED_REQUEST,
    'tpp-session-id',
    'tpp-redirect-uri',
    'psu-ip-address',
    'psu-id',
  ],
  [
    'tpp-redirect-preferred',
    'psu-corporate-id',
    ...OTHER_PSU_HEADERS,
    'digest',
    'date',
    ...NEGOTIATION,
  ],
);

/** Create signing basket (not shown; Berlin Group): signed, with a body. */
export const BASKET_CREATION_HEADERS = headerSet(
  [...SIGNED_REQUEST, 'digest'],
  [
    'x-accept-fix',
    'tpp-session-id',
    'tpp-redirect-uri',
    'tpp-redirect-preferred',
    ...PSU_HEADERS,
    'date',
    ...NEGOTIATION,
  ],
);

/** A 4xx naming the field (decisions.md "Errors": the text says exactly what was wrong). */
export function fieldError(
  rule: string,
  code: ErrorCode,
  path: string,
  text: string,
  status?: number,
): Rejection {
  return reject(
    `handler.payment.${rule}`,
    bankError(code, `${path}: ${text}`, { path, ...(status !== undefined ? { status } : {}) }),
  );
}

/**
 * An instructed amount in minor units (§2.1). The schema checked the decimal string; under fault
 * profiles a JSON number or extra fraction digits arrive too: those are read leniently (rounded
 * half up). Undefined when it is no amount at all; ±Infinity beyond the bank's minor-unit store.
 */
export function amountToMinor(amount: unknown, currency: string): number | undefined {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  if (typeof text !== 'string') return undefined;
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!match) return undefined;
  const units = minorUnits(currency) ?? 2;
  const fraction = match[3] ?? '';
  let minor =
    BigInt(match[2]!) * 10n ** BigInt(units) +
    BigInt(fraction.slice(0, units).padEnd(units, '0') || '0');
  if (fraction.length > units && Number(fraction[units]) >= 5) minor += 1n;
  if (match[1] === '-') minor = -minor;
  // Beyond the minor-unit store (decisions.md "Ambiguities decided"): ±Infinity, which the caller
  // refuses (a negative amount as not positive, a positive one as the bank's limit).
  if (minor > BigInt(BANK_AMOUNT_MINOR_UNITS_MAX)) return Number.POSITIVE_INFINITY;
  if (minor < -BigInt(BANK_AMOUNT_MINOR_UNITS_MAX)) return Number.NEGATIVE_INFINITY;
  return Number(minor);
}
