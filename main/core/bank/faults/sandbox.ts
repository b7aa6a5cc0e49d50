/**
 * Faults of the sandbox management API (§2.6, §4.3).
 */
import type { FaultEntry } from './fault.js';

const CARD_TRANSACTIONS_PATH = '/v1/sandbox/card-accounts/{mockCardAccountId}/transactions';

/** `[0].field` or `[0].object.field` of the sandbox card transaction creation body. */
const cardTransactionField =
  (...fields: string[]) =>
  (problem: { path: string }, where: { route: { path: string }; part: string }) =>
    where.route.path === CARD_TRANSACTIONS_PATH &&
    where.part === 'body' &&
    fields.includes(problem.path.replace(/^\[\d+\]\./, ''));

export const SANDBOX_FAULTS = [
  // Schema faults of the routes in handlers/sandbox/common.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'SANDBOX-LIST-LIMIT-MIN-1',
    effect: 'accepts limit 0 on sandbox lists (and answers an empty page)',
    waives: (problem, { route, part }) =>
      part === 'query' && route.path.startsWith('/v1/sandbox/') && problem.path === 'limit',
  },
  // Honoured by handlers/sandbox/initialize.ts.
  {
    ruleId: 'SANDBOX-INIT-KNOWN-STATE',
    effect: 'keeps the changed balances of the initial accounts on initialisation',
  },
  {
    ruleId: 'SANDBOX-INIT-REMOVES-MANUAL-DATA',
    effect: 'keeps accounts and card accounts created by hand on initialisation',
  },
  // Honoured by handlers/sandbox/fixed-test-data.ts.
  {
    ruleId: 'SANDBOX-FIXED-TEST-DATA',
    effect: 'answers POST /v1/sandbox/fixed-test-data with 200 without adding anything',
  },
  // Honoured by handlers/sandbox/customers.ts.
  {
    ruleId: 'SANDBOX-CUSTOMERS-LIST',
    effect: 'answers GET /v1/sandbox/customers with an empty list',
  },
  {
    ruleId: 'SANDBOX-INITIAL-CUSTOMERS',
    effect: 'leaves the last customer out of GET /v1/sandbox/customers',
  },
  {
    ruleId: 'SANDBOX-CUSTOMER-NIN',
    effect: 'shows identity numbers with the last check digit off by one',
  },
  // Honoured by handlers/sandbox/accounts.ts.
  {
    ruleId: 'SANDBOX-AMOUNT-INT32',
    effect: 'answers sandbox account amounts as decimal strings in major units ("123.45")',
  },
  {
    ruleId: 'SANDBOX-AMOUNT-MINOR-UNITS',
    effect: 'reads the int32 amounts of a new sandbox account as major units (12345 → 12345.00)',
  },
  {
    ruleId: 'SANDBOX-BALANCE-FIELDS',
    effect: "names the expected balance 'interimAvailable' in sandbox account lists",
  },
  {
    ruleId: 'SANDBOX-ACCOUNT-CREATE',
    effect: 'answers POST /v1/sandbox/accounts with 201 but does not keep the account',
  },
  {
    ruleId: 'SANDBOX-ACCOUNTS-LIST',
    effect: 'answers GET /v1/sandbox/accounts with an object { accounts: [...] }, not an array',
  },
  {
    ruleId: 'SANDBOX-ACCOUNT-LIST-ITEM-FIELDS',
    effect: 'leaves bban and _links.transactions out of sandbox account list items',
  },
  {
    ruleId: 'SANDBOX-CASH-ACCOUNT-TYPE-VALUES',
    effect: 'lists cashAccountType by name (e.g. CurrentAccount) instead of the §2.6 code',
  },
  { ruleId: 'SANDBOX-BBAN-MOD-11', effect: 'accepts any 11-digit BBAN without the mod-11 check' },
  {
    ruleId: 'SANDBOX-BALANCES-CHANGE',
    effect: 'answers PUT /v1/sandbox/accounts/{id}/balances with 200 but changes nothing',
  },
  {
    ruleId: 'GEN-UTF-8',
    effect: 'reads the account name as ISO-8859-1, so æ, ø and å come back garbled',
  },
  { ruleId: 'GEN-CURRENCY-CODES', effect: 'accepts any three letters as an account currency' },
  {
    ruleId: 'ERR-STATUS-409',
    effect: 'answers a duplicate account (CONFLICT) with 400 instead of 409',
  },
  // Honoured by handlers/sandbox/account-transactions.ts.
  {
    ruleId: 'SANDBOX-ACCTX-CREATE',
    effect: 'creates only the first account transaction of the array',
  },
  { ruleId: 'SANDBOX-ACCTX-LIST', effect: 'ignores offset when listing account transactions' },
  {
    ruleId: 'SANDBOX-ACCTX-GET-ONE',
    effect: "answers the account's newest transaction whatever transaction id is asked for",
  },
  {
    ruleId: 'SANDBOX-ACCTX-FIELDS',
    effect: 'leaves ultimateDebtor, ultimateCreditor and purposeCode out of account transactions',
  },
  {
    ruleId: 'SANDBOX-ACCTX-LIST-ALL',
    effect: 'leaves transactions created with POST …/transactions out of the list',
  },
  // SANDBOX-ACCTX-INCLUDES-PAYMENTS is listed with the payment faults (domain/payments-settlement.ts).
  {
    ruleId: 'SANDBOX-ACCTX-OTHER-DEBTOR-ERROR',
    effect: 'accepts another account of this bank as the debtor of a created transaction',
  },
  // Schema faults of the routes in handlers/sandbox/account-transactions.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'SANDBOX-ACCTX-BTC-4-14',
    effect: 'accepts a bankTransactionCode shorter than 4 or longer than 14 characters',
    waives: (problem, { route, part }) =>
      part === 'body' &&
      route.path === '/v1/sandbox/accounts/{mockAccountId}/transactions' &&
      /^\[\d+\]\.bankTransactionCode$/.test(problem.path),
  },
  // Honoured by handlers/sandbox/card-accounts.ts.
  {
    ruleId: 'SANDBOX-CARD-ACCOUNT-CREATE',
    effect: 'answers POST /v1/sandbox/card-accounts with 201 but does not keep the card account',
  },
  {
    ruleId: 'SANDBOX-CARD-ACCOUNT-CREATE-RESPONSE',
    effect: 'leaves _links.transactions and cardIdVNo out of the created card account',
  },
  {
    ruleId: 'SANDBOX-CARD-ACCOUNT-GET',
    effect: 'answers one card account without the cardAccount wrapper',
  },
  {
    ruleId: 'SANDBOX-PATHS',
    effect: 'links a created card account at /v1/card-accounts/… instead of its /sandbox/ path',
  },
  {
    ruleId: 'SANDBOX-PRIVATE-CARD-ACCOUNT-IN-AGREEMENT',
    effect: "does not add a private customer's new card account to the private agreement",
  },
  {
    ruleId: 'SANDBOX-PRIVATE-CARD-ACCOUNT-LISTED',
    effect:
      "lists private customers' card accounts in GET /v1/sandbox/accounts, dressed as accounts",
  },
  {
    ruleId: 'SANDBOX-CORPORATE-CARD-ACCOUNT-EXPLICIT',
    effect:
      "adds a corporate customer's new card account to the corporation's agreements by itself",
  },
  // Schema faults of the routes in handlers/sandbox/card-accounts.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'SANDBOX-CARD-ACCOUNT-STATUS',
    effect: 'accepts any card account status, not only enabled, deleted or blocked',
    waives: (problem, { route }) =>
      route.path === '/v1/sandbox/card-accounts' && problem.path === 'status',
  },
  // Honoured by handlers/sandbox/card-transactions.ts.
  {
    ruleId: 'SANDBOX-CARD-TX-CREATE',
    effect: 'creates only the first card transaction of the array',
  },
  {
    ruleId: 'SANDBOX-CARD-TX-RESPONSE',
    effect: 'answers booked card transactions without originalAmount and merchantCategoryCode',
  },
  {
    ruleId: 'SANDBOX-CARD-TX-LIST',
    effect: 'ignores fromDate and toDate when listing sandbox card transactions',
  },
  {
    ruleId: 'SANDBOX-CARD-TX-ONLY-CREATED',
    effect: "lists the transactions of the owner's other card accounts too",
  },
  {
    ruleId: 'SANDBOX-CARD-TX-DATES-IN-PAST',
    effect: 'accepts card transactions dated in the future',
  },
  {
    ruleId: 'SANDBOX-CARD-TX-BOOKING-NOT-AFTER-VALUE',
    effect: 'accepts a booking date after the value date',
  },
  // Schema faults of the routes in handlers/sandbox/card-transactions.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'SANDBOX-CARD-TX-REQUIRED-FIELDS',
    effect: 'does not require terminalId and cardAcceptorId on sandbox card transactions',
    waives: (problem, where) =>
      problem.keyword === 'required' &&
      cardTransactionField('terminalId', 'cardAcceptorId')(problem, where),
  },
  {
    ruleId: 'SANDBOX-CARD-TX-ID-MAX-35',
    effect: 'accepts a sandbox cardTransactionId longer than 35 characters',
    waives: (problem, where) =>
      problem.keyword === 'maxLength' && cardTransactionField('cardTransactionId')(problem, where),
  },
  {
    ruleId: 'SANDBOX-CARD-TX-INVOICED-STRING',
    effect: "accepts invoiced as a JSON boolean or any string, not only 'true' or 'false'",
    waives: cardTransactionField('invoiced'),
  },
  {
    ruleId: 'SANDBOX-CARD-TX-CURRENCY-EXCHANGE',
    effect: 'does not require unitCurrency and quotationDate in currencyExchange',
    waives: (problem, where) =>
      problem.keyword === 'required' &&
      cardTransactionField('currencyExchange.unitCurrency', 'currencyExchange.quotationDate')(
        problem,
        where,
      ),
  },
  {
    ruleId: 'SANDBOX-CARD-ACCEPTOR-ADDRESS',
    effect: 'accepts a card acceptor street longer than 70 characters',
    waives: (problem, where) =>
      problem.keyword === 'maxLength' &&
      cardTransactionField('cardAcceptorAddress.street')(problem, where),
  },
  {
    ruleId: 'GEN-COUNTRY-CODES',
    effect: 'accepts any card acceptor country, not only the §2.1 codes',
    waives: cardTransactionField('cardAcceptorAddress.country'),
  },
  // Honoured by handlers/sandbox/agreements.ts.
  {
    ruleId: 'SANDBOX-AGREEMENT-CREATE',
    effect: 'answers POST /v1/sandbox/agreements with 201 but does not keep the agreement',
  },
  { ruleId: 'SANDBOX-AGREEMENT-GET', effect: 'answers 404 for private agreements' },
  { ruleId: 'SANDBOX-AGREEMENT-FIELDS', effect: 'leaves _links out of sandbox agreements' },
  {
    ruleId: 'SANDBOX-ENGAGEMENT-FIELDS',
    effect: 'leaves accessRights, paymentRights and transferRights out of engagements',
  },
  {
    ruleId: 'SANDBOX-ENGAGEMENT-CREATE-201',
    effect: 'answers a created engagement with 200 instead of 201',
  },
  {
    ruleId: 'CORP-ENGAGEMENT-CUSTOMER-SEES-ACCOUNT',
    effect: 'stores a new engagement under the corporation as customer instead of the PSU',
  },
  {
    ruleId: 'CORP-ENGAGEMENT-ACCOUNT-NOT-OWNED-BY-PSU',
    effect: 'accepts an engagement on an account the PSU owns itself',
  },
  {
    ruleId: 'CORP-AGREEMENT-OWNER-IS-CORPORATION',
    effect: "names the first representative as a corporate agreement's owner",
  },
  {
    ruleId: 'SANDBOX-VALIDATES-PSU-ID',
    effect: 'does not check that an agreement owner is a corporate customer',
  },
  // Schema faults of the routes in handlers/sandbox/agreements.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'SANDBOX-ENGAGEMENT-ROLES',
    effect: 'accepts any role name in an engagement',
    waives: (problem, { route, part }) =>
      part === 'body' &&
      route.path.startsWith('/v1/sandbox/agreements') &&
      /(^|\.)roles\[\d+\]$/.test(problem.path),
  },
] as const satisfies readonly FaultEntry[];
