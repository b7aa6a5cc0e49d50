/** Payment initiation: §2.1 Amount, §2.2, §2.3, §3.2, §4.2.2, the payment paths of decisions.md, §9. */
import { NON_ISO_CURRENCIES } from '../../main/core/spec/currencies.js';
import {
  PAYMENT_PRODUCTS,
  PAYMENT_SERVICES,
  TRANSACTION_STATUSES,
} from '../../main/core/spec/enums.js';
import {
  AMOUNT_PRECISION,
  AMOUNT_SCALE,
  CREDITOR_NAME_MAX,
  END_TO_END_IDENTIFICATION_MAX,
  IBAN_MAX,
  PSU_MESSAGE_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
  STREET_MAX,
} from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const paymentRules = rulesOf('payments', [
  {
    id: 'PAY-INITIATION-PATH',
    section: 'decisions.md#Paths',
    seeAlso: ['§4.2.2'],
    statement: 'A payment is initiated with POST /v1/{payment-service}/{payment-product}.',
    testable: true,
  },
  {
    id: 'PAY-CREATE-201',
    section: '§4.2.2',
    seeAlso: ['§2.3'],
    statement:
      'Create SCT payment creates a payment initiation and returns 201 with the payment initiation response (§2.3).',
    testable: true,
  },
  {
    id: 'PAY-PAYMENT-SERVICES',
    section: 'decisions.md#Paths',
    statement: `payment-service is one of ${PAYMENT_SERVICES.join(', ')}.`,
    testable: true,
  },
  {
    id: 'PAY-PAYMENT-PRODUCTS',
    section: 'decisions.md#Paths',
    statement: `payment-product is one of ${PAYMENT_PRODUCTS.join(', ')}.`,
    testable: true,
  },
  {
    id: 'PAY-PRODUCT-UNKNOWN',
    section: 'decisions.md#Paths',
    statement: 'An unknown payment product answers PRODUCT_UNKNOWN.',
    testable: true,
  },
  {
    id: 'PAY-ALLOW-LOGICAL-DUPLICATE',
    section: '§4.2.2',
    statement:
      'The optional boolean query parameter allowLogicalDuplicate states whether logical duplicate payments are allowed.',
    testable: true,
    note: 'The default, and how a refused duplicate is answered, are not shown.',
  },
  {
    id: 'PAY-E2EID-MAX-35',
    section: '§2.2',
    seeAlso: ['§8'],
    statement: `endToEndIdentification (optional, for diagnostics and audit) has at most ${END_TO_END_IDENTIFICATION_MAX} characters.`,
    testable: true,
  },
  {
    id: 'PAY-INSTRUCTED-AMOUNT-REQUIRED',
    section: '§2.2',
    statement: 'instructedAmount (an Amount) is required.',
    testable: true,
  },
  {
    id: 'PAY-CREDITOR-NAME-REQUIRED',
    section: '§2.2',
    statement: 'creditorName is required.',
    testable: true,
  },
  {
    id: 'PAY-CREDITOR-NAME-MAX-70',
    section: '§2.2',
    seeAlso: ['§8'],
    statement: `creditorName has at most ${CREDITOR_NAME_MAX} characters.`,
    testable: true,
  },
  {
    id: 'PAY-CREDITOR-ACCOUNT-REQUIRED',
    section: '§2.2',
    statement: 'creditorAccount is required, with iban (R) and currency (R, a Currency).',
    testable: true,
  },
  {
    id: 'PAY-DEBTOR-ACCOUNT-REQUIRED',
    section: '§2.2',
    statement: 'debtorAccount is required, with iban (R) and currency (R, a Currency).',
    testable: true,
  },
  {
    id: 'PAY-IBAN-MAX-34',
    section: '§2.2',
    seeAlso: ['§8'],
    statement: `The creditorAccount and debtorAccount iban have at most ${IBAN_MAX} characters.`,
    testable: true,
  },
  {
    id: 'PAY-IBAN-VALID',
    section: '§2.2',
    seeAlso: ['decisions.md#Amounts and identities'],
    statement: 'An iban is an ISO 13616-1 IBAN, checked with ISO 13616 mod-97.',
    testable: true,
  },
  {
    id: 'PAY-CREDITOR-ADDRESS-COUNTRY',
    section: '§2.2',
    statement:
      'creditorAddress (optional) requires country (a Country); street, buildingNumber, postalCode and city are optional.',
    testable: true,
  },
  {
    id: 'PAY-CREDITOR-STREET-MAX-70',
    section: '§2.2',
    seeAlso: ['§8'],
    statement: `creditorAddress street has at most ${STREET_MAX} characters.`,
    testable: true,
  },
  {
    id: 'PAY-REMITTANCE-1-140',
    section: '§2.2',
    seeAlso: ['§8'],
    statement: `remittanceInformationUnstructured (optional) is non-empty and has at most ${REMITTANCE_INFORMATION_UNSTRUCTURED_MAX} characters.`,
    testable: true,
  },
  {
    id: 'PAY-REMITTANCE-MAY-BE-ALTERED',
    section: '§2.2',
    statement:
      'remittanceInformationUnstructured is ASCII or UTF-8 and may be truncated or re-encoded during processing.',
    testable: false,
    reason: 'A permission for the bank: any processing outcome conforms.',
  },
  {
    id: 'PAY-EXECUTION-DATE-ISO',
    section: '§2.2',
    statement: 'requestedExecutionDate (optional) is an ISO 8601 date.',
    testable: true,
  },
  {
    id: 'PAY-AMOUNT-DECIMAL-STRING',
    section: '§2.1',
    statement:
      "An Amount's amount (R) is a decimal string and its currency (R) an ISO 4217 alphabetic code from the spec's list.",
    testable: true,
  },
  {
    id: 'PAY-AMOUNT-MINOR-UNITS',
    section: '§2.1',
    seeAlso: ['§8', 'decisions.md#Amounts and identities'],
    statement:
      'The fraction digits of an amount must match the ISO 4217 minor units of the given currency.',
    testable: true,
  },
  {
    id: 'PAY-AMOUNT-PRECISION-18-5',
    section: '§2.1',
    seeAlso: ['§8'],
    statement: `Amount contract precision is ${AMOUNT_PRECISION} with scale ${AMOUNT_SCALE}.`,
    testable: true,
  },
  {
    id: 'PAY-AMOUNT-BANK-LIMIT',
    section: 'decisions.md#Ambiguities decided',
    seeAlso: ['§2.1', '§8', '§7(2)'],
    statement:
      "An amount within precision 18 and scale 5 with the currency's minor units is well-formed in every currency; one the bank cannot book (beyond its minor-unit store, e.g. 13 integer digits in BHD) is refused with PAYMENT_FAILED and a text naming the bank's limit, not FORMAT_ERROR, while the same digits in a currency with fewer minor units pass.",
    testable: true,
  },
  {
    id: 'PAY-AMOUNT-NON-ISO-CURRENCIES',
    section: 'decisions.md#Amounts and identities',
    statement: `Codes in the spec's currency list that ISO 4217 does not define (${NON_ISO_CURRENCIES.join(', ')}) take 2 fraction digits.`,
    testable: true,
  },
  {
    id: 'PAY-RESPONSE-PAYMENT-ID',
    section: '§2.3',
    statement: 'The payment initiation response carries paymentId (R).',
    testable: true,
  },
  {
    id: 'PAY-TRANSACTION-STATUS-VALUES',
    section: '§3.2',
    seeAlso: ['§2.3'],
    statement: `transactionStatus (R in the payment initiation response) is one of ${TRANSACTION_STATUSES.join(', ')}.`,
    testable: true,
  },
  {
    id: 'PAY-ANSWER-AMOUNTS-DECIMAL-STRING',
    section: '§2.1',
    seeAlso: ['§9(4)'],
    statement:
      "Amounts the bank answers with in payment initiation (transactionFees) and payment read (instructedAmount) answers are Amounts: amount a decimal string whose fraction digits match the currency's ISO 4217 minor units.",
    testable: true,
  },
  {
    id: 'PAY-FEE-INDICATOR',
    section: '§2.3',
    statement:
      'transactionFeeIndicator is true when the payment incurs a fee, and then the total is in transactionFees.',
    testable: true,
  },
  {
    id: 'PAY-FEES-TOTAL',
    section: '§2.3',
    statement:
      'transactionFees is the total fee, including currency conversion fees where applicable.',
    testable: false,
    reason: "The fee's composition is the bank's pricing, not observable over the API.",
  },
  {
    id: 'PAY-PSU-MESSAGE-MAX-512',
    section: '§2.3',
    seeAlso: ['§8'],
    statement: `psuMessage, text to show the PSU, has at most ${PSU_MESSAGE_MAX} characters.`,
    testable: true,
  },
  {
    id: 'PAY-NORWEGIAN-DOMESTIC-UNREADABLE-BEFORE-APPROVAL',
    section: '§3.2',
    statement:
      'For domestic Norwegian credit transfers, details and status of a payment initiation cannot be read before the payment is approved.',
    testable: true,
  },
  {
    id: 'PAY-READ-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/{payment-service}/{payment-product}/{paymentId} answers 200.',
    testable: true,
  },
  {
    id: 'PAY-STATUS-200',
    section: 'decisions.md#Paths',
    statement:
      'GET /v1/{payment-service}/{payment-product}/{paymentId}/status answers 200 with transactionStatus and fundsAvailable.',
    testable: true,
  },
  {
    id: 'PAY-FUNDS-AVAILABLE',
    section: '§2.6',
    seeAlso: ['§9(4)'],
    statement:
      'The fundsAvailable attribute of the payment status signals rejection because of lack of funds (release 1.14.2).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'PAY-DELETE-IN-SANDBOX',
    section: '§1',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'DELETE of a payment is available for all payment products in the sandbox, answering 204.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'PAY-KID-ERROR-400',
    section: '§7(3)',
    seeAlso: ['§9(4)'],
    statement: 'A KID (payment reference) error is answered 400, not 401 (release 1.7.0).',
    testable: true,
  },
  {
    id: 'PAY-INSTANT-OWN-ACCOUNTS',
    section: '§9(4)',
    statement:
      'Instant payments between own accounts in the same bank are supported (release 1.21.8).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'PAY-PERIODIC-MONTHLY-VARIABLE-DUPLICATES',
    section: '§9(4)',
    statement:
      'Periodic payment creation with frequency MonthlyVariable and duplicate month identifiers is rejected (release 1.18.1).',
    testable: true,
    note: 'The periodic payment body is not shown; a check follows the Berlin Group periodic payment shape.',
  },
  {
    id: 'PAY-ID-STABLE-ACROSS-CHANNELS',
    section: '§9(4)',
    statement: 'Payment ids stay valid after changes in other channels (release 1.18.0).',
    testable: false,
    reason: "Changes in the bank's other channels happen outside the API.",
  },
]);
