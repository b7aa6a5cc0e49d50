/**
 * Faults of account information (§6, §7): consents, accounts, card accounts and their
 * transactions.
 */
import type { FaultEntry } from './fault.js';

export const AIS_FAULTS = [
  // Honoured by handlers/consents.ts.
  {
    ruleId: 'CONSENT-POST-BODY-IGNORED',
    effect: 'refuses a POST /v1/consents body that is not an empty JSON object',
  },
  {
    ruleId: 'CONSENT-POST-SCA-REDIRECT-ONLY',
    effect: 'echoes the access asked for in the POST /v1/consents body into the answer',
  },
  { ruleId: 'CONSENT-CREATE-201', effect: 'answers POST /v1/consents with 200 instead of 201' },
  {
    ruleId: 'CONSENT-READ-200',
    effect: 'answers 404 RESOURCE_UNKNOWN for a consent the PSU has not authorised yet',
  },
  {
    ruleId: 'CONSENT-STATUS-200',
    effect: 'answers the consent status as { status } instead of { consentStatus }',
  },
  {
    ruleId: 'CONSENT-DELETE-204',
    effect: 'answers DELETE /v1/consents/{id} with 200 and the consent instead of 204',
  },
  {
    ruleId: 'CONSENT-SCA-RENEWABLE-180D',
    effect: 'lets a consent expire 90 days after its SCA instead of 180',
  },
  {
    ruleId: 'SCA-REDIRECT-LINK',
    effect: 'leaves _links.scaRedirect out of the POST /v1/consents answer',
  },
  { ruleId: 'ERR-STATUS-403', effect: 'answers CONSENT_UNKNOWN with 404 instead of 403' },
  {
    ruleId: 'GEN-PAYLOAD-DATE-FORMAT',
    effect: 'writes validUntil and lastActionDate of a consent as DD.MM.YYYY',
  },
  { ruleId: 'GEN-LINK-SHAPE', effect: 'writes the consent _links as bare href strings' },
  {
    ruleId: 'GEN-PRODUCTION-PATHS-IN-SANDBOX',
    effect: 'answers POST /v1/consents with 404 in sandbox mode (production interface not served)',
  },
  // Honoured by handlers/user.ts.
  {
    ruleId: 'GEN-PAYLOAD-DATE-TIME-FORM',
    effect:
      'writes scaValidUntil of GET /v1/user with milliseconds and Z (2026-11-24T18:25:09.164Z)',
  },
  // Honoured by handlers/ais/accounts.ts.
  { ruleId: 'ACCOUNTS-LIST-200', effect: 'does not serve GET /v1/accounts (404)' },
  { ruleId: 'ACCOUNT-READ-200', effect: 'does not serve GET /v1/accounts/{account-id} (404)' },
  {
    ruleId: 'ACCOUNT-BALANCES-200',
    effect: 'does not serve GET /v1/accounts/{account-id}/balances (404)',
  },
  {
    ruleId: 'ACCOUNTS-CLOSED-EMPTY-LIST',
    effect: 'answers the account list 404 RESOURCE_UNKNOWN when a consented account was closed',
  },
  {
    ruleId: 'FIX-CASH-ACCOUNT-TYPE-ISO',
    effect: 'writes cashAccountType in the legacy form even with cash-account-type-iso',
  },
  {
    ruleId: 'CONSENT-ONLY-CONSENTED-ACCOUNTS',
    effect: 'lists every account of the PSU’s context, granted to the TPP or not',
  },
  // Honoured by handlers/ais/card-accounts.ts.
  { ruleId: 'CARD-ACCOUNTS-LIST-200', effect: 'does not serve GET /v1/card-accounts (404)' },
  {
    ruleId: 'CARD-ACCOUNT-READ-200',
    effect: 'does not serve GET /v1/card-accounts/{account-id} (404)',
  },
  {
    ruleId: 'CARD-ACCOUNT-BALANCES-200',
    effect: 'does not serve GET /v1/card-accounts/{account-id}/balances (404)',
  },
  {
    ruleId: 'CARDTX-PATH',
    effect: 'links a card account’s transactions by its masked PAN instead of its resource id',
  },
  // Honoured by handlers/ais/common.ts (FIX-ACCEPT-FIX-COMMA-LIST by stages/fixes.ts too).
  {
    ruleId: 'FIX-ACCEPT-FIX-OPT-IN',
    effect:
      'ignores x-accept-fix on account information reads: a fix applies only from its default date',
  },
  {
    ruleId: 'FIX-ACCEPT-FIX-COMMA-LIST',
    effect:
      'reads only the first value of a comma-separated x-accept-fix on account information reads, and when looking for the value an endpoint requires (amount-as-string on a payment initiation)',
  },
  {
    ruleId: 'FIX-DEFAULT-AFTER-NOTICE',
    effect:
      'applies a fix on account information reads only when x-accept-fix asks for it, never by default',
  },
  {
    ruleId: 'FIX-V1-PREFIX',
    effect: 'writes account information links without the /v1 prefix',
  },
  {
    ruleId: 'FIX-AMOUNT-AS-STRING',
    effect: 'writes amounts as strings without the currency’s decimals (63356 instead of 63356.00)',
  },
  {
    ruleId: 'FIX-LONGER-NAMES',
    effect: 'cuts account and card account names to 35 characters even with longer-names',
  },
  {
    ruleId: 'CONSENT-HISTORY-90D-WITHOUT-SCA',
    effect: 'serves transaction history older than 90 days without a fresh SCA',
  },
  // Schema faults of the routes in handlers/ais/account-transactions.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'ACCTX-LIMIT-MIN-1',
    effect: 'accepts limit 0 or negative on account transactions (reads a page of 200)',
    waives: (problem, { route }) =>
      route.operationId === 'getTransactionList' &&
      problem.path === 'limit' &&
      problem.keyword === 'minimum',
  },
  // Honoured by handlers/ais/account-transactions.ts.
  {
    ruleId: 'ACCTX-LIST-200',
    effect: 'does not serve GET /v1/accounts/{account-id}/transactions (404)',
  },
  {
    ruleId: 'ACCTX-PENDING-NOT-FILTERED',
    effect:
      'filters pending transactions like booked ones: the documented known issue does not show',
  },
  {
    ruleId: 'ACCTX-PENDING-SANDBOX-UNAFFECTED',
    effect: 'shows the pending-transactions known issue on the sandbox’s account transaction reads',
  },
  {
    ruleId: 'ACCTX-DEFAULT-PAGE-200',
    effect: 'returns every account transaction when no paging parameter is given',
  },
  // Honoured by handlers/ais/transaction-view.ts.
  {
    ruleId: 'ACCTX-STABLE-IDS',
    effect: 'gives booked transactions a new transactionId on every read',
  },
  // Honoured by handlers/ais/transaction-details.ts.
  {
    ruleId: 'ACCTX-DETAILS-200',
    effect: 'does not serve GET /v1/accounts/{account-id}/transactions/{transactionId} (404)',
  },
  // Schema faults of the routes in handlers/card-account-transactions.ts:
  // the request-schema stage drops the problems `waives` matches while one is on.
  {
    ruleId: 'CARDTX-BOOKING-STATUS-REQUIRED',
    effect: 'accepts a card transactions read without bookingStatus (reads booked)',
    waives: (problem, { route }) =>
      route.operationId === 'getCardAccountTransactionList' &&
      problem.path === 'bookingStatus' &&
      problem.keyword === 'required',
  },
  {
    ruleId: 'CARDTX-BOOKING-STATUS-VALUES',
    effect: 'accepts any bookingStatus value (an unknown one reads both)',
    waives: (problem, { route }) =>
      route.operationId === 'getCardAccountTransactionList' &&
      problem.path === 'bookingStatus' &&
      problem.keyword === 'enum',
  },
  {
    ruleId: 'CARDTX-LIMIT-MIN-1',
    effect: 'accepts limit 0 or negative on card transactions (reads a page of 200)',
    waives: (problem, { route }) =>
      route.operationId === 'getCardAccountTransactionList' &&
      problem.path === 'limit' &&
      problem.keyword === 'minimum',
  },
  // Honoured by handlers/card-account-transactions.ts.
  {
    ruleId: 'CARDTX-RESPONSE-200',
    effect: 'puts the card transactions under `transactions` instead of `cardTransactions`',
  },
  {
    ruleId: 'CARDTX-DATE-FROM-DEFAULT',
    effect: 'answers 400 QUERY_PARAMETER_REQUIRED when dateFrom is missing',
  },
  { ruleId: 'CARDTX-DATE-FROM-FILTER', effect: 'ignores dateFrom on card transactions' },
  { ruleId: 'CARDTX-DATE-TO-FILTER', effect: 'ignores dateTo on card transactions' },
  { ruleId: 'CARDTX-OFFSET-DEFAULT-0', effect: 'defaults offset to 1 when only limit is given' },
  {
    ruleId: 'CARDTX-LIMIT-DEFAULT-1',
    effect: 'defaults limit to 200 when only offset is given (instead of 1)',
  },
  {
    ruleId: 'CARDTX-DEFAULT-PAGE-200',
    effect: 'returns every card transaction when no paging parameter is given',
  },
  { ruleId: 'CARDTX-PAGING-LINKS', effect: 'leaves out the previous link' },
  { ruleId: 'CARDTX-NEXT-PAGE-OFFSET', effect: 'raises offset by 1 instead of the limit in next' },
  { ruleId: 'CARDTX-CARD-ACCOUNT-FIELDS', effect: 'leaves currency out of cardAccount' },
  {
    ruleId: 'CARDTX-BOOKED-AND-PENDING',
    effect: 'leaves pending out of cardTransactions for bookingStatus both',
  },
  {
    ruleId: 'CARDTX-PENDING-FILTERED',
    effect: 'returns every pending card transaction, unfiltered by dateFrom, dateTo and limit',
  },
  {
    ruleId: 'LIMIT-NO-PSU-IP-4-PER-DAY',
    effect: 'does not count card transactions reads without PSU-IP-Address',
  },
  {
    ruleId: 'LIMIT-NO-PSU-IP-CONSENT-180D',
    effect:
      'serves card transactions reads without PSU-IP-Address from a consent older than 180 days',
  },
  {
    ruleId: 'LIMIT-PAGE-LINKS-CARRY-200',
    effect: 'leaves limit out of next/previous when the request gave no paging parameter',
  },
  {
    ruleId: 'LIMIT-TPP-MESSAGE-TEXT-512',
    effect: 'does not cut the text of an unknown card account error to 512 characters',
  },
  // Honoured by handlers/card-transactions-view.ts.
  {
    ruleId: 'FIX-CARD-AMOUNTS-SWITCH',
    effect:
      'keeps the legacy (switched) transactionAmount/originalAmount mapping, with the fix and after its default date',
  },
  {
    ruleId: 'CARDTX-ID-MAX-35',
    effect: 'prefixes cardTransactionId with the card account id (longer than 35 characters)',
  },
  {
    ruleId: 'CARDTX-DETAILS-MAX-140',
    effect: 'appends the card acceptor’s address to transactionDetails without cutting it to 140',
  },
  {
    ruleId: 'CARDTX-TRANSACTION-FIELD-TYPES',
    effect: 'writes bookingDate and transactionDate as date-times, not dates',
  },
  { ruleId: 'CARDTX-INVOICED-BOOLEAN', effect: "writes invoiced as the string 'true' or 'false'" },
  {
    ruleId: 'CARDTX-CURRENCY-EXCHANGE-FIELDS',
    effect: 'writes currencyExchange as a Berlin Group array without quotationDate',
  },
] as const satisfies readonly FaultEntry[];
