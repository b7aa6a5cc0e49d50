/** Card accounts and their transactions: §2.5, §4.2.3, the card-account paths of decisions.md. */
import { BOOKING_STATUSES } from '../../main/core/spec/enums.js';
import {
  CARD_TRANSACTION_ID_MAX,
  DEFAULT_PAGE_SIZE,
  PAGE_LIMIT_MIN,
  PAGE_LIMIT_PARAMETER_DEFAULT,
  TRANSACTION_DETAILS_MAX,
} from '../../main/core/spec/limits.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const cardTransactionRules = rulesOf('card-transactions', [
  {
    id: 'CARD-ACCOUNTS-LIST-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/card-accounts answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARD-ACCOUNT-READ-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/card-accounts/{account-id} answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARD-ACCOUNT-BALANCES-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/card-accounts/{account-id}/balances answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-PATH',
    section: '§4.2.3',
    statement:
      'Card account transactions are read with GET /v1/card-accounts/{id}/transactions, id being an opaque encoded account reference.',
    testable: true,
  },
  {
    id: 'CARDTX-RESPONSE-200',
    section: '§4.2.3',
    seeAlso: ['§2.5'],
    statement: 'The read answers 200 with the card account transactions response of §2.5.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-BOOKING-STATUS-REQUIRED',
    section: '§4.2.3',
    statement: 'The query parameter bookingStatus is required.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-BOOKING-STATUS-VALUES',
    section: '§4.2.3',
    statement: `bookingStatus is ${BOOKING_STATUSES.join(', ')}.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-DATE-FROM-DEFAULT',
    section: '§4.2.3',
    statement:
      'A missing dateFrom raises no error; a default is used (kept for backward compatibility).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-DATE-FROM-FILTER',
    section: '§4.2.3',
    statement: 'dateFrom: transactions not before this date.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-DATE-TO-FILTER',
    section: '§4.2.3',
    statement: 'dateTo (optional): transactions not after this date.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-OFFSET-DEFAULT-0',
    section: '§4.2.3',
    statement: 'offset defaults to 0 and counts from the first transaction of the query.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-LIMIT-MIN-1',
    section: '§4.2.3',
    seeAlso: ['§8'],
    statement: `limit is at least ${PAGE_LIMIT_MIN}.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-LIMIT-DEFAULT-1',
    section: '§4.2.3',
    statement: `limit has the parameter default ${PAGE_LIMIT_PARAMETER_DEFAULT}.`,
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
    note: 'Read together with CARDTX-DEFAULT-PAGE-200: the default of 1 applies when another paging parameter (offset) is given without limit.',
  },
  {
    id: 'CARDTX-DEFAULT-PAGE-200',
    section: '§4.2.3',
    seeAlso: ['§8', '§9(4)'],
    statement: `When no paging parameter is given at all the service returns up to ${DEFAULT_PAGE_SIZE} transactions per call.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-PAGING-LINKS',
    section: '§2.5',
    seeAlso: ['§4.2.3'],
    statement: '_links includes the pagination links next and previous.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-NEXT-PAGE-OFFSET',
    section: '§4.2.3',
    statement:
      'The following page is fetched by raising offset by the limit and keeping the limit.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-LINKS-PREFERRED',
    section: '§4.2.3',
    statement: 'Following the next and previous links is preferred over computing offsets.',
    testable: false,
    reason:
      'Advice to the TPP, with no bank behaviour to observe; judged of the client by the paging module (state client).',
  },
  {
    id: 'CARDTX-PARAMETERS-RECOMMENDED',
    section: '§4.2.3',
    statement:
      'Giving the date range and paging parameters is recommended for performance and resilience.',
    testable: false,
    reason:
      'A recommendation, not an obligation, on either side: a read without them conforms (dateFrom has a default, and without paging parameters the bank returns up to 200 per call, §4.2.3), so neither a check of the bank nor a judgement of the client may fail on it.',
  },
  {
    id: 'CARDTX-CARD-ACCOUNT-FIELDS',
    section: '§2.5',
    statement: 'cardAccount has maskedPan (O) and currency (R, a Currency).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-BOOKED-AND-PENDING',
    section: '§2.5',
    statement: 'cardTransactions has booked and pending, each an array of CardTransaction.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CARDTX-ID-MAX-35',
    section: '§2.5',
    seeAlso: ['§8'],
    statement: `cardTransactionId has at most ${CARD_TRANSACTION_ID_MAX} characters.`,
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-DETAILS-MAX-140',
    section: '§2.5',
    seeAlso: ['§8'],
    statement: `transactionDetails has at most ${TRANSACTION_DETAILS_MAX} characters.`,
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-TRANSACTION-FIELD-TYPES',
    section: '§2.5',
    statement:
      'A CardTransaction has bookingDate and transactionDate (dates), transactionAmount and originalAmount (Amounts), merchantCategoryCode and proprietaryBankTransactionCode (strings), all optional.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-INVOICED-BOOLEAN',
    section: '§2.5',
    statement:
      'invoiced is a boolean: whether the underlying card transaction is already invoiced.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-CURRENCY-EXCHANGE-FIELDS',
    section: '§2.5',
    statement:
      'currencyExchange has sourceCurrency, targetCurrency, exchangeRate (string), unitCurrency and quotationDate (date), all required; currencies are Currency.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CARDTX-PENDING-FILTERED',
    section: '§8',
    statement:
      'Card account reads are unaffected by the pending-transactions issue: dateFrom, dateTo and limit filter pending transactions too.',
    testable: true,
    needs: ['psu-agent'],
  },
]);
