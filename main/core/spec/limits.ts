/** §8 Limits, one named constant per row (plus the field limits §2 states and §8 repeats). */

/** Calls without PSU-IP-Address per day on the card account transactions read (§8, §4.2.3). */
export const CALLS_WITHOUT_PSU_IP_ADDRESS_PER_DAY = 4;
/** Maximum consent age for calls without PSU-IP-Address (§8). */
export const CONSENT_MAX_AGE_WITHOUT_PSU_IP_ADDRESS_DAYS = 180;
/** SCA validity within a TPP session (§3.4, §5.3.4, §8). */
export const SCA_SESSION_VALIDITY_MS = 60 * 60 * 1000;
/** SCA renewal period of a consent (§5.3.7, §8). */
export const SCA_RENEWAL_PERIOD_DAYS = 180;
/** History fetch without SCA (§5.3.7, §8). */
export const HISTORY_WITHOUT_SCA_DAYS = 90;
/** Default page size when no paging parameter is given; next/previous links carry it (§8, §4.2.3).
 * */
export const DEFAULT_PAGE_SIZE = 200;
/** `limit` query parameter lower bound (§8, §4.2.3, §4.3). */
export const PAGE_LIMIT_MIN = 1;
/** `limit` parameter default when some paging parameter is given (§4.2.3). */
export const PAGE_LIMIT_PARAMETER_DEFAULT = 1;

/**
 * The name of a party to a payment (§2.2, §8 creditorName: at most 70). An account transaction
 * (§4.2.3, Berlin Group Max70Text) names its creditor, debtor and ultimate parties within it too.
 */
export const PARTY_NAME_MAX = 70;

/** §2.2 / §8 payment request field limits. */
export const END_TO_END_IDENTIFICATION_MAX = 35;
export const CREDITOR_NAME_MAX = PARTY_NAME_MAX;
export const IBAN_MAX = 34;
/** creditorAddress street and card acceptor street (§2.2, §2.6, §8). */
export const STREET_MAX = 70;
export const REMITTANCE_INFORMATION_UNSTRUCTURED_MIN = 1;
export const REMITTANCE_INFORMATION_UNSTRUCTURED_MAX = 140;

/** Berlin Group `remittance` reference, referenceType and referenceIssuer (KID, §7.3). */
export const REMITTANCE_REFERENCE_MAX = 35;
/**
 * §9(3): `remittanceInformationStructured` is removed on this date (bank clock) in favour of
 * `remittanceInformationStructuredArray`.
 */
export const REMITTANCE_INFORMATION_STRUCTURED_REMOVED_ON = '2024-09-05';
/**
 * Workbench choice: one structured reference per credit transfer (a Norwegian payment carries one
 * KID), so `remittanceInformationStructuredArray` holds exactly one entry.
 */
export const REMITTANCE_INFORMATION_STRUCTURED_ARRAY_MAX = 1;
/** Berlin Group `monthsOfExecution`: at most 11 entries, each month 1–12 once (§9(4) 1.18.1). */
export const MONTHS_OF_EXECUTION_MAX = 11;
/** Workbench choices (not shown): payments in one bulk, payments in one signing basket. */
export const BULK_PAYMENTS_MAX = 100;
export const SIGNING_BASKET_PAYMENTS_MAX = 50;

/** §2.1 / §8 amount: decimal(18, 5), fraction digits per ISO 4217 minor units. */
export const AMOUNT_PRECISION = 18;
export const AMOUNT_SCALE = 5;
/**
 * Workbench choice (decisions.md "Ambiguities decided"): the embedded bank books amounts as integer
 * minor units in a JavaScript number, so the largest amount it can hold is this many minor units of
 * the currency (9007199254740.991 BHD, 90071992547409.91 NOK). §2.1's decimal(18, 5) allows more
 * for currencies with 3 or 4 minor units; such an amount is well-formed and refused as a bank
 * limit.
 */
export const BANK_AMOUNT_MINOR_UNITS_MAX = Number.MAX_SAFE_INTEGER;

/** §2.1 / §2.3 / §8: TppMessage text and psuMessage. */
export const TPP_MESSAGE_TEXT_MAX = 512;
export const PSU_MESSAGE_MAX = 512;

/** §2.5 / §8 card transaction. */
export const CARD_TRANSACTION_ID_MAX = 35;
export const TRANSACTION_DETAILS_MAX = 140;

/** §2.6 / §8 sandbox account transaction. */
export const BANK_TRANSACTION_CODE_MIN = 4;
export const BANK_TRANSACTION_CODE_MAX = 14;

/** §8 account or card account name with the fix `longer-names` (§9.2). */
export const ACCOUNT_NAME_MAX_WITH_LONGER_NAMES = 70;

/** §1, §8: simulated payment batch runs per day in the sandbox (all payments except periodic). */
export const SANDBOX_BATCH_RUNS_PER_DAY = 5;

/** Request bodies above this answer 413. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Deepest JSON nesting a request body may have: a workbench choice (the spec names none). No
 * message of §2 nests deeper than 5; the limit keeps every walk over a body shallow.
 */
export const MAX_JSON_NESTING = 64;

/** `int32` bounds for sandbox amounts and paging parameters (§2.6, §4.2.3). */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
