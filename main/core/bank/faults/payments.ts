/**
 * Faults of payment initiation and payment reads (§2.3, §4.2): schema faults switch off part
 * of the request schema; the handlers and the domain honour the rest.
 */
import { NON_ISO_CURRENCIES } from '../../spec/currencies.js';
import type { SchemaProblem } from '../../spec/validation.js';
import type { FaultEntry } from './fault.js';

/** The field a problem is about, without a bulk element's `payments[n].` prefix. */
const fieldOf = (problem: SchemaProblem): string => problem.path.replace(/^payments\[\d+\]\./, '');

/** A schema fault of the initiation routes (operation ids `initiate…`), judged by field. */
const waiver =
  (test: (field: string, problem: SchemaProblem) => boolean) =>
  (problem: SchemaProblem, where: { route: { operationId: string } }) =>
    where.route.operationId.startsWith('initiate') && test(fieldOf(problem), problem);

const isAmountProblem = (problem: SchemaProblem, words: string) =>
  problem.keyword === 'x-psd2-amount' && problem.message.includes(words);

const nonIsoCurrency = (problem: SchemaProblem) =>
  NON_ISO_CURRENCIES.some((code) => problem.message.includes(` ${code} `));

export const PAYMENTS_FAULTS = [
  // Schema faults of the routes in handlers/payments/:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'PAY-E2EID-MAX-35',
    effect: 'accepts an endToEndIdentification longer than 35 characters',
    waives: waiver((f, p) => f === 'endToEndIdentification' && p.keyword === 'maxLength'),
  },
  {
    ruleId: 'PAY-INSTRUCTED-AMOUNT-REQUIRED',
    effect: 'accepts a payment without instructedAmount (and rejects it later)',
    waives: waiver((f, p) => f.startsWith('instructedAmount') && p.keyword === 'required'),
  },
  {
    ruleId: 'PAY-CREDITOR-NAME-REQUIRED',
    effect: 'accepts a payment without creditorName',
    waives: waiver((f, p) => f === 'creditorName' && p.keyword === 'required'),
  },
  {
    ruleId: 'PAY-CREDITOR-NAME-MAX-70',
    effect: 'accepts a creditorName longer than 70 characters',
    waives: waiver((f, p) => f === 'creditorName' && p.keyword === 'maxLength'),
  },
  {
    ruleId: 'PAY-CREDITOR-ACCOUNT-REQUIRED',
    effect: 'accepts a payment without creditorAccount, iban or currency (and rejects it later)',
    waives: waiver((f, p) => f.startsWith('creditorAccount') && p.keyword === 'required'),
  },
  {
    ruleId: 'PAY-DEBTOR-ACCOUNT-REQUIRED',
    effect: 'accepts a payment without debtorAccount, iban or currency (and rejects it later)',
    waives: waiver((f, p) => f.startsWith('debtorAccount') && p.keyword === 'required'),
  },
  {
    ruleId: 'PAY-IBAN-MAX-34',
    effect: 'checks neither the length nor the form of an IBAN (35 characters and more pass)',
    waives: waiver(
      (f, p) => f.endsWith('Account.iban') && (p.keyword === 'maxLength' || p.keyword === 'format'),
    ),
  },
  {
    ruleId: 'PAY-IBAN-VALID',
    effect: 'does not check IBANs (ISO 13616 country format and mod-97 check digits)',
    waives: waiver((f, p) => f.endsWith('Account.iban') && p.keyword === 'format'),
  },
  {
    ruleId: 'PAY-CREDITOR-ADDRESS-COUNTRY',
    effect: 'accepts a creditorAddress without country, or with a country outside the list',
    waives: waiver((f) => f === 'creditorAddress.country'),
  },
  {
    ruleId: 'PAY-CREDITOR-STREET-MAX-70',
    effect: 'accepts a creditorAddress street longer than 70 characters',
    waives: waiver((f, p) => f === 'creditorAddress.street' && p.keyword === 'maxLength'),
  },
  {
    ruleId: 'PAY-REMITTANCE-1-140',
    effect: 'accepts an empty remittanceInformationUnstructured and one over 140 characters',
    waives: waiver(
      (f, p) =>
        f === 'remittanceInformationUnstructured' &&
        (p.keyword === 'minLength' || p.keyword === 'maxLength'),
    ),
  },
  {
    ruleId: 'PAY-EXECUTION-DATE-ISO',
    effect: 'accepts a requestedExecutionDate (or startDate, endDate) that is not an ISO 8601 date',
    waives: waiver(
      (f, p) =>
        ['requestedExecutionDate', 'startDate', 'endDate'].includes(f) && p.keyword === 'format',
    ),
  },
  {
    ruleId: 'PAY-AMOUNT-DECIMAL-STRING',
    effect: 'accepts an amount given as a JSON number and a currency outside the §2.1 list',
    waives: waiver(
      (f, p) =>
        (f === 'instructedAmount.amount' && (p.keyword === 'type' || p.keyword === 'pattern')) ||
        (f === 'instructedAmount.currency' && p.keyword === 'enum') ||
        isAmountProblem(p, 'not a decimal') ||
        isAmountProblem(p, 'is not in the §2.1 list'),
    ),
  },
  {
    ruleId: 'PAY-AMOUNT-MINOR-UNITS',
    effect: "accepts amounts whose fraction digits differ from the currency's minor units",
    waives: waiver((_f, p) => isAmountProblem(p, 'minor units')),
  },
  {
    ruleId: 'PAY-AMOUNT-PRECISION-18-5',
    effect: 'accepts amounts with more than 13 integer digits',
    waives: waiver((_f, p) => isAmountProblem(p, 'precision')),
  },
  {
    ruleId: 'PAY-AMOUNT-NON-ISO-CURRENCIES',
    effect: 'takes GGP, IMP, JEP, SPL and TVD as currencies without minor units',
    waives: waiver((_f, p) => isAmountProblem(p, 'minor units') && nonIsoCurrency(p)),
  },
  {
    ruleId: 'PAY-PERIODIC-MONTHLY-VARIABLE-DUPLICATES',
    effect: 'accepts monthsOfExecution with duplicate month identifiers',
    waives: waiver((f, p) => f === 'monthsOfExecution' && p.keyword === 'uniqueItems'),
  },
  // Honoured by handlers/payments/.
  {
    ruleId: 'PAY-AMOUNT-BANK-LIMIT',
    effect:
      "refuses an amount valid per §2.1 but beyond the bank's minor-unit store as FORMAT_ERROR",
  },
  {
    ruleId: 'FIX-REMITTANCE-STRUCTURED-REMOVED',
    effect: 'still accepts remittanceInformationStructured after it was removed on 2024-09-05',
  },
  { ruleId: 'PAY-INITIATION-PATH', effect: 'answers 404 for POST /v1/payments/{payment-product}' },
  { ruleId: 'PAY-CREATE-201', effect: 'answers a created payment with 200 instead of 201' },
  { ruleId: 'PAY-PAYMENT-SERVICES', effect: 'answers 404 for the bulk-payments service' },
  {
    ruleId: 'PAY-PAYMENT-PRODUCTS',
    effect: 'does not know instant-norwegian-domestic-credit-transfers-straks (PRODUCT_UNKNOWN)',
  },
  { ruleId: 'PAY-PRODUCT-UNKNOWN', effect: 'answers an unknown product with 400 FORMAT_ERROR' },
  {
    ruleId: 'PAY-ALLOW-LOGICAL-DUPLICATE',
    effect: 'accepts logical duplicates without allowLogicalDuplicate',
  },
  { ruleId: 'PAY-RESPONSE-PAYMENT-ID', effect: 'leaves paymentId out of the 201 answer' },
  {
    ruleId: 'PAY-TRANSACTION-STATUS-VALUES',
    effect: "answers transactionStatus 'RECEIVED' instead of an ISO 20022 code",
  },
  {
    ruleId: 'PAY-FEE-INDICATOR',
    effect: 'sends transactionFees without transactionFeeIndicator',
  },
  { ruleId: 'PAY-PSU-MESSAGE-MAX-512', effect: 'sends a psuMessage longer than 512 characters' },
  {
    ruleId: 'PAY-NORWEGIAN-DOMESTIC-UNREADABLE-BEFORE-APPROVAL',
    effect: 'lets details and status of a Norwegian domestic transfer be read before approval',
  },
  {
    ruleId: 'PAY-ANSWER-AMOUNTS-DECIMAL-STRING',
    effect:
      'writes transactionFees.amount of an initiation answer and instructedAmount.amount of a payment read as JSON numbers (250 for 250.00)',
  },
  { ruleId: 'PAY-READ-200', effect: 'answers a payment read with 204 and no body' },
  { ruleId: 'PAY-STATUS-200', effect: 'leaves fundsAvailable out of the payment status' },
  { ruleId: 'PAY-FUNDS-AVAILABLE', effect: 'answers fundsAvailable true whatever the funds' },
  {
    ruleId: 'PAY-DELETE-IN-SANDBOX',
    effect: 'refuses DELETE for every product but sepa-credit-transfers (PRODUCT_INVALID)',
  },
  { ruleId: 'PAY-KID-ERROR-400', effect: 'answers KID errors with 401 (as before release 1.7.0)' },
  {
    ruleId: 'HDR-PAYMENT-REQUIRED',
    effect: 'does not require PSU-IP-Address on payment initiation',
  },
  {
    ruleId: 'HDR-PAYMENT-OPTIONAL',
    effect: 'refuses TPP-Brand-Logging-Information on payment initiation',
  },
  {
    ruleId: 'HDR-PAYMENT-PSU-CONTEXT-SINGLE-SCA',
    effect: 'accepts a single-SCA payment initiation (no PSU-ID) without PSU-Context',
  },
  {
    ruleId: 'SCA-SINGLE-SCA-PISP-JOURNEY',
    effect:
      'refuses a payment initiation without PSU-ID: the PSU must first be identified by another SCA',
  },
  // Honoured by domain/payments-approval.ts.
  {
    ruleId: 'PAY-INSTANT-OWN-ACCOUNTS',
    effect:
      'instant payments between own accounts wait for the batch run (ACTC) instead of settling at once',
  },
  // Honoured by domain/payments-settlement.ts.
  {
    ruleId: 'SANDBOX-ACCTX-INCLUDES-PAYMENTS',
    effect:
      'settles payments without ledger entries: balances move, but no transaction is listed for them',
  },
  // Honoured by domain/batch.ts.
  {
    ruleId: 'SANDBOX-BATCH-5-PER-DAY',
    effect: 'runs the payment batch once a day (at the first batch time) instead of five times',
  },
  {
    ruleId: 'SANDBOX-BATCH-NOT-PERIODIC',
    effect: 'settles periodic payments in the batch run like single payments (ACSC at once)',
  },
] as const satisfies readonly FaultEntry[];
