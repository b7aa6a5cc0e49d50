/**
 * The ledger's records: an entry on an account and a card transaction, and the JSON scalars every
 * collection of the domain uses (domain/model.ts). A leaf of the domain, so the ledger store
 * (store/ledger-store.ts) reads the records without importing the domain model, which holds the
 * store: the domain and the store import each other no more.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SandboxCardTransactionBlock } from '../../spec/schemas/sandbox.js';
import { StringEnum } from '../../spec/schemas/common.js';

export const IsoInstant = Type.String({ description: 'ISO 8601 date-time (bank clock)' });
export const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const MinorUnits = Type.Integer({ description: 'Integer minor units of the currency' });

export const AccountRef = Type.Object({ iban: Type.String(), bban: Type.String() });

/**
 * One entry on an account (§2.6 "Sandbox account transaction" plus status and origin). Booked
 * entries keep their id forever (1.18.0 "stable transaction ids for booked transactions").
 */
export const AccountTransactionRecordSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  accountId: Type.String(),
  /** Signed: negative debits the account. */
  amount: MinorUnits,
  currency: Type.String(),
  status: StringEnum(['booked', 'pending'] as const),
  bookingDate: IsoDay,
  valueDate: IsoDay,
  remittanceInformationUnstructured: Type.String(),
  creditorName: Type.String(),
  creditorAccount: AccountRef,
  debtorName: Type.String(),
  debtorAccount: AccountRef,
  bankTransactionCode: Type.String(),
  ultimateDebtor: Type.String(),
  ultimateCreditor: Type.String(),
  purposeCode: Type.String(),
  origin: StringEnum(['initial', 'fixed-test-data', 'sandbox', 'payment'] as const),
  /** The payment that made this entry, for payment-made transactions (§4.3 rule 1). */
  paymentId: Type.Optional(Type.String()),
  createdAt: IsoInstant,
});
export type AccountTransactionRecord = Static<typeof AccountTransactionRecordSchema>;

/** A card transaction (§2.6 request item) on a card account; only created ones exist (§4.3 rule 2). */
export const CardTransactionRecordSchema = Type.Object({
  accountId: Type.String({ minLength: 1 }),
  ...SandboxCardTransactionBlock.properties,
  /** Pending card transactions are listed under `pending`; created ones are booked by default. */
  status: StringEnum(['booked', 'pending'] as const),
  createdAt: IsoInstant,
});
export type CardTransactionRecord = Static<typeof CardTransactionRecordSchema>;
