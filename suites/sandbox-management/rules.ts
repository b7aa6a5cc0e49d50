/**
 * Sandbox management: §1 "Sandbox behaviour", the §2.6 resources, §3.3, §4.3 (operations and
 * behaviour rules 1–7) and the sandbox paths and identity choices of decisions.md.
 */
import {
  BOOKING_STATUSES,
  CARD_ACCOUNT_STATUSES,
  CASH_ACCOUNT_TYPES,
  ENGAGEMENT_ROLES,
  SANDBOX_BALANCE_TYPES,
} from '../../main/core/spec/enums.js';
import {
  BANK_TRANSACTION_CODE_MAX,
  BANK_TRANSACTION_CODE_MIN,
  CARD_TRANSACTION_ID_MAX,
  PAGE_LIMIT_MIN,
  STREET_MAX,
} from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const sandboxManagementRules = rulesOf('sandbox-management', [
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
  {
    id: 'SANDBOX-ACCOUNT-CREATE',
    section: 'decisions.md#Paths',
    statement: 'Sandbox accounts are created with POST /v1/sandbox/accounts.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCOUNTS-LIST',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement: 'GET /v1/sandbox/accounts answers an array of account list items.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCOUNT-LIST-ITEM-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox account list item has id, customerNumber, accountName, bban, iban, currency, product, cashAccountType, creditLine (int32), balances and _links (self, transactions).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-CASH-ACCOUNT-TYPE-VALUES',
    section: '§2.6',
    statement: `cashAccountType is one of ${CASH_ACCOUNT_TYPES.join(', ')}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-BBAN-MOD-11',
    section: 'decisions.md#Amounts and identities',
    statement: 'Norwegian BBANs are checked with mod-11.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-BALANCES-CHANGE',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'PUT /v1/sandbox/accounts/{mockAccountId}/balances takes an array of Balance (the balances to update) and succeeds.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-CREATE',
    section: 'decisions.md#Paths',
    statement:
      'Sandbox account transactions are created with POST /v1/sandbox/accounts/{mockAccountId}/transactions.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-LIST',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/accounts/{mockAccountId}/transactions answers an array of account transactions, with optional fromDate, toDate, offset and limit.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-GET-ONE',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/accounts/{mockAccountId}/transactions/{mockTransactionId} answers one account transaction.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox account transaction has id, amount (int32), currency, valueDate, remittanceInformationUnstructured, creditorName, creditorAccount (iban, bban), debtorName, debtorAccount (iban, bban), bankTransactionCode, ultimateDebtor, ultimateCreditor, purposeCode, bookingDate and _links (self).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-BTC-4-14',
    section: '§2.6',
    seeAlso: ['§8'],
    statement: `bankTransactionCode has ${BANK_TRANSACTION_CODE_MIN} to ${BANK_TRANSACTION_CODE_MAX} characters, an ISO 20022 bank transaction code when supported by underlying services.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-LIST-ALL',
    section: '§4.3(1)',
    statement:
      'Listing account transactions returns all transactions of an account created with POST /v1/sandbox/accounts, including those created by POST /v1/sandbox/accounts/{mockAccountId}/transactions.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ACCTX-INCLUDES-PAYMENTS',
    section: '§4.3(1)',
    statement:
      'Listing account transactions of a sandbox account includes the transactions created by payments made in the sandbox.',
    testable: true,
    needs: ['sandbox-api', 'psu-agent'],
  },
  {
    id: 'SANDBOX-ACCTX-OTHER-DEBTOR-ERROR',
    section: '§4.3(6)',
    statement:
      'Creating an account transaction with another account as the debtor returns an error.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AGREEMENT-CREATE',
    section: 'decisions.md#Paths',
    seeAlso: ['§4.3(4)'],
    statement: 'Sandbox agreements are created with POST /v1/sandbox/agreements.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AGREEMENT-GET',
    section: '§4.3',
    seeAlso: ['decisions.md#Paths'],
    statement:
      'GET /v1/sandbox/agreements/{mockAgreementId} answers the agreement (private or corporate).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-AGREEMENT-FIELDS',
    section: '§2.6',
    statement:
      'A sandbox agreement has id (R), name (R), owner (O, the corporation customer for a corporate agreement), engagements (R) and _links (R).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ENGAGEMENT-FIELDS',
    section: '§2.6',
    statement:
      'An engagement has id, customer, account (bban, iban), roles, accessRights, paymentRights, transferRights, registerLimit and approvalLimit (all R) and name (O).',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ENGAGEMENT-ROLES',
    section: '§2.6',
    statement: `Engagement roles are drawn from ${ENGAGEMENT_ROLES.join(', ')}.`,
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'SANDBOX-ENGAGEMENT-CREATE-201',
    section: '§4.3',
    seeAlso: ['§2.6', 'decisions.md#Paths'],
    statement:
      'POST /v1/sandbox/agreements/{mockAgreementId}/engagements with customer, account (iban), roles, registerLimit and approvalLimit, all required, answers 201 with the same fields.',
    testable: true,
    needs: ['sandbox-api'],
    note: 'The spec lists five request fields and says the response has "the same four fields"; the workbench expects all five.',
  },
  {
    id: 'SANDBOX-ENGAGEMENT-REGISTER-AND-VIEW',
    section: '§4.3(5)',
    statement:
      'An engagement is available for granting consent in the sandbox only when its roles include both REGISTER and VIEW.',
    testable: true,
    needs: ['sandbox-api', 'psu-agent'],
  },
  {
    id: 'SANDBOX-VALIDATES-PSU-ID',
    section: '§4.3(7)',
    statement:
      'The sandbox validates the PSU-ID format and the customer type and returns a message when they are wrong.',
    testable: true,
    needs: ['sandbox-api'],
  },
]);
