/**
 * Sandbox management: §1 "Sandbox behaviour", the §2.6 resources, §3.3, §4.3 (operations and
 * behaviour rules 1–7) and the sandbox paths and identity choices of decisions.md. This file holds
 * initialisation, customers, batch runs, paths, amounts and card accounts with their transactions;
 * accounts, account transactions, agreements and engagements are in account-rules.ts.
 */
import {
  BOOKING_STATUSES,
  CARD_ACCOUNT_STATUSES,
  SANDBOX_BALANCE_TYPES,
} from '../../main/core/spec/enums.js';
import {
  CARD_TRANSACTION_ID_MAX,
  PAGE_LIMIT_MIN,
  STREET_MAX,
} from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';
import { sandboxAccountRules } from './account-rules.js';

const sandboxDataRules = rulesOf('sandbox-management', [
  {
    id: 'SANDBOX-INIT-KNOWN-STATE',
    section: '§1',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'An initialisation operation (POST /v1/sandbox/initialize) resets the sandbox to a known state.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-INIT-REMOVES-MANUAL-DATA',
    section: '§1',
    statement: 'Initialisation also removes customers and accounts created manually.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-INITIAL-CUSTOMERS',
    section: '§1',
    statement:
      'The initial state has two private customers, each with two accounts and a card account, and two corporate customers, each with two accounts.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CUSTOMER-NIN',
    section: '§1',
    seeAlso: ['decisions.md#Amounts and identities'],
    statement:
      'Each initial customer has a mock national identity number: a valid Norwegian birth number or D-number (two mod-11 check digits; a D-number adds 4 to the first digit).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CUSTOMERS-LIST',
    section: '§1',
    seeAlso: ['decisions.md#Paths'],
    statement: 'The sandbox customers can be listed with GET /v1/sandbox/customers.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-FIXED-TEST-DATA',
    section: 'decisions.md#Paths',
    seeAlso: ['§9(4)'],
    statement: 'A fixed test-data fill is available with POST /v1/sandbox/fixed-test-data.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-BATCH-5-PER-DAY',
    section: '§1',
    seeAlso: ['§8', '§9(4)'],
    statement: 'The sandbox runs a simulated payment batch process five times a day.',
    testable: true,
    needs: ['sandbox-api', 'clock-control', 'psu-agent'],
  },
  {
    id: 'SANDBOX-BATCH-NOT-PERIODIC',
    section: '§1',
    statement: 'The sandbox payment batch process covers all payments except periodic ones.',
    testable: true,
    needs: ['sandbox-api', 'clock-control', 'psu-agent'],
  },
  {
    id: 'SANDBOX-PATHS',
    section: '§1',
    statement: 'Sandbox paths contain /sandbox/.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-NOT-IN-PRODUCTION',
    section: '§1',
    seeAlso: ['§4.3', 'decisions.md#Paths'],
    statement:
      'The sandbox management operations are not part of the production interface: production mode answers 404 for every /sandbox/ path.',
    testable: true,
    note: 'Observable on a production-mode target only, which has no sandbox API.',
  },
  {
    id: 'SANDBOX-AMOUNT-INT32',
    section: '§2.1',
    seeAlso: ['§2.6'],
    statement:
      'In sandbox resources an amount is a 32-bit integer (int32) and a currency is a plain string.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AMOUNT-MINOR-UNITS',
    section: 'decisions.md#Amounts and identities',
    statement:
      'Sandbox int32 amounts are minor units of their currency (12345 with NOK is 123.45 NOK); both the sandbox and the production view read one ledger.',
    testable: true,
    needs: ['sandbox-api', 'psu-agent'],
  },
  {
    id: 'SANDBOX-BALANCE-FIELDS',
    section: '§2.6',
    statement: `A sandbox Balance has balanceAmount (currency string, int32 amount) and balanceType ${SANDBOX_BALANCE_TYPES.join(' or ')}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-ACCOUNT-CREATE',
    section: '§4.3',
    seeAlso: ['§2.6'],
    statement:
      'POST /v1/sandbox/card-accounts takes a sandbox card account (customerNumber, maskedPan, currency, creditLimit, balances, cardId, cardIdVNo, accountNumber, expiry, name, product, status) and answers the created card account.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-ACCOUNT-CREATE-RESPONSE',
    section: '§2.6',
    statement:
      'The created card account has resourceId, all request fields, and _links with self and transactions.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-ACCOUNT-GET',
    section: '§4.3',
    seeAlso: ['§2.6', 'decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/card-accounts/{mockCardAccountId} answers the card account wrapped in cardAccount, with the fields of the create response.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-ACCOUNT-STATUS',
    section: '§3.3',
    seeAlso: ['§2.6'],
    statement: `A sandbox card account status is ${CARD_ACCOUNT_STATUSES.join(', ')}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-CREATE',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'POST /v1/sandbox/card-accounts/{mockCardAccountId}/transactions takes an array of sandbox card transactions and answers the card transactions (§2.6).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-REQUIRED-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox card transaction requires cardTransactionId, terminalId, bookingDate, transactionDate, transactionAmount, originalAmount, merchantCategoryCode, cardAcceptorId, cardAcceptorAddress, maskedPan, transactionDetails, invoiced and proprietaryBankTransactionCode; currencyExchange is optional.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-ID-MAX-35',
    section: '§2.6',
    seeAlso: ['§8'],
    statement: `A sandbox card transaction's cardTransactionId has 1 to ${CARD_TRANSACTION_ID_MAX} characters; a longer one is refused.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-INVOICED-STRING',
    section: '§2.6',
    statement: "A sandbox card transaction's invoiced is a string with value true or false.",
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-CURRENCY-EXCHANGE',
    section: '§2.6',
    statement:
      'A sandbox currencyExchange requires sourceCurrency, targetCurrency and unitCurrency (Currency), exchangeRate, quotationDate (date), markupFee (currency, int32 amount) and markupFeePercentage.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-ACCEPTOR-ADDRESS',
    section: '§2.6',
    seeAlso: ['§8'],
    statement: `cardAcceptorAddress requires country (a Country); street (at most ${STREET_MAX} characters), buildingNumber, postalCode and city are optional.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-RESPONSE',
    section: '§2.6',
    statement:
      'The sandbox card transactions response has cardAccount (maskedPan) and cardTransactions with booked (cardTransactionId, bookingDate, transactionDate, transactionAmount, originalAmount, merchantCategoryCode) and pending (array of string).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-LIST',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement: `Listing sandbox card account transactions takes bookingStatus (R: ${BOOKING_STATUSES.join(', ')}) and optional fromDate, toDate, offset and limit.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-LIST-LIMIT-MIN-1',
    section: '§4.3',
    statement: `The limit of the sandbox transaction list operations is at least ${PAGE_LIMIT_MIN}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-ONLY-CREATED',
    section: '§4.3(2)',
    statement:
      'Listing card account transactions returns only transactions created through the card-transaction create operation, for a card account created with POST /v1/sandbox/card-accounts.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CARD-TX-DATES-IN-PAST',
    section: '§4.3(3)',
    statement:
      'Creating a card transaction requires booking date and value date to lie before the current time.',
    testable: true,
    needs: ['sandbox-api'],
    note: 'The sandbox card transaction has no field named value date; the workbench reads it as transactionDate.',
  },
  {
    id: 'SANDBOX-CARD-TX-BOOKING-NOT-AFTER-VALUE',
    section: '§4.3(3)',
    statement:
      'Creating a card transaction requires the booking date not to be after the value date.',
    testable: true,
    needs: ['sandbox-api'],
    note: 'The sandbox card transaction has no field named value date; the workbench reads it as transactionDate.',
  },
  {
    id: 'SANDBOX-PRIVATE-CARD-ACCOUNT-IN-AGREEMENT',
    section: '§4.3(4)',
    seeAlso: ['decisions.md#Ambiguities decided'],
    statement:
      "A private customer's new card account is added automatically to the customer's agreement and shows in the account list — the AIS card account list of that agreement, not GET /v1/sandbox/accounts (decisions.md).",
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-PRIVATE-CARD-ACCOUNT-LISTED',
    section: '§4.3(4)',
    seeAlso: ['decisions.md#Ambiguities decided', '§2.6'],
    statement:
      "A private customer's new card account shows in the account list the TPP sees under a consent for that PSU (GET /v1/card-accounts), and not in GET /v1/sandbox/accounts, the §2.6 list of accounts (decisions.md).",
    testable: true,
    needs: ['sandbox-api', 'psu-agent'],
  },
  {
    id: 'SANDBOX-CORPORATE-CARD-ACCOUNT-EXPLICIT',
    section: '§4.3(4)',
    statement:
      'For a corporate customer a new card account must be added explicitly through an agreement (POST /v1/sandbox/agreements, or engagement creation).',
    testable: true,
    needs: ['sandbox-api'],
  },
]);

/** In catalogue order: the data and card-account rules, then the account and agreement ones. */
export const sandboxManagementRules = [...sandboxDataRules, ...sandboxAccountRules];
