/** §2.5 card account transactions response (production) and the §4.2.3 query. */
import { Type, type Static } from '@sinclair/typebox';
import { BOOKING_STATUSES } from '../enums.js';
import { CARD_TRANSACTION_ID_MAX, PAGE_LIMIT_MIN, TRANSACTION_DETAILS_MAX } from '../limits.js';
import { CurrencyBlock, Int32, IsoDate, StringEnum, publish } from './common.js';
import { AmountBlock, LinksBlock } from './shared.js';

/** §2.5 currencyExchange: an object here (Berlin Group 1.3.8 has an array of them). */
export const CardCurrencyExchangeBlock = Type.Object({
  sourceCurrency: CurrencyBlock,
  targetCurrency: CurrencyBlock,
  exchangeRate: Type.String(),
  unitCurrency: CurrencyBlock,
  quotationDate: IsoDate(),
});

export const CardTransactionBlock = Type.Object({
  cardTransactionId: Type.Optional(Type.String({ maxLength: CARD_TRANSACTION_ID_MAX })),
  bookingDate: Type.Optional(IsoDate()),
  transactionDate: Type.Optional(IsoDate()),
  transactionAmount: Type.Optional(AmountBlock),
  currencyExchange: Type.Optional(CardCurrencyExchangeBlock),
  originalAmount: Type.Optional(AmountBlock),
  merchantCategoryCode: Type.Optional(Type.String()),
  invoiced: Type.Optional(
    Type.Boolean({ description: 'Whether the underlying card transaction is already invoiced.' }),
  ),
  proprietaryBankTransactionCode: Type.Optional(Type.String()),
  transactionDetails: Type.Optional(Type.String({ maxLength: TRANSACTION_DETAILS_MAX })),
});
export type CardTransaction = Static<typeof CardTransactionBlock>;

export const CardAccountTransactionsResponseBlock = Type.Object({
  cardAccount: Type.Optional(
    Type.Object({ maskedPan: Type.Optional(Type.String()), currency: CurrencyBlock }),
  ),
  cardTransactions: Type.Optional(
    Type.Object({
      booked: Type.Optional(Type.Array(CardTransactionBlock)),
      pending: Type.Optional(Type.Array(CardTransactionBlock)),
    }),
  ),
  _links: Type.Optional(LinksBlock),
});
export type CardAccountTransactionsResponse = Static<typeof CardAccountTransactionsResponseBlock>;

/** §4.2.3 query. Values arrive as strings; the bank coerces integers before validating. */
export const CardAccountTransactionsQueryBlock = Type.Object({
  bookingStatus: StringEnum(BOOKING_STATUSES),
  dateFrom: Type.Optional(
    IsoDate({
      description:
        'Required by §4.2.3, but a missing value raises no error: a default is used (backward compatibility).',
    }),
  ),
  dateTo: Type.Optional(IsoDate()),
  offset: Type.Optional(Int32({ minimum: 0, description: 'Default 0.' })),
  limit: Type.Optional(
    Int32({
      minimum: PAGE_LIMIT_MIN,
      description:
        'At least 1. Parameter default 1; with no paging parameter at all, up to 200 per call.',
    }),
  ),
});
export type CardAccountTransactionsQuery = Static<typeof CardAccountTransactionsQueryBlock>;

export const CardTransactionSchema = publish(
  'CardTransaction',
  '§2.5',
  'CardTransaction. transactionAmount/originalAmount mapping depends on the fix cardaccount-switch-originalamount-and-transactionamount (§9.2).',
  CardTransactionBlock,
);
export const CardAccountTransactionsResponseSchema = publish(
  'CardAccountTransactionsResponse',
  '§2.5',
  'Card account transactions response (production, 200).',
  CardAccountTransactionsResponseBlock,
);
export const CardAccountTransactionsQuerySchema = publish(
  'CardAccountTransactionsQuery',
  '§4.2.3',
  'Query of GET /v1/card-accounts/{account-id}/transactions.',
  CardAccountTransactionsQueryBlock,
);
