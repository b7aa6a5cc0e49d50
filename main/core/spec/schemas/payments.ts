/** §2.2 SCT payment initiation request and §2.3 payment initiation response. */
import { Type, type Static } from '@sinclair/typebox';
import { TRANSACTION_STATUSES } from '../enums.js';
import {
  CREDITOR_NAME_MAX,
  END_TO_END_IDENTIFICATION_MAX,
  IBAN_MAX,
  PSU_MESSAGE_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MIN,
  STREET_MAX,
} from '../limits.js';
import {
  CountryBlock,
  CurrencyBlock,
  IBAN_FORMAT,
  IsoDate,
  StringEnum,
  publish,
} from './common.js';
import { AmountBlock, LinksBlock, TppMessageBlock } from './shared.js';

/** §2.2 creditorAccount / debtorAccount. */
export const IbanAccountReferenceBlock = Type.Object({
  iban: Type.String({
    maxLength: IBAN_MAX,
    format: IBAN_FORMAT,
    description: 'ISO 13616-1 IBAN, electronic format; mod-97 checked.',
  }),
  currency: CurrencyBlock,
});

/** §2.2 creditorAddress and §2.6 cardAcceptorAddress: `country` required inside the object. */
export const AddressBlock = Type.Object({
  street: Type.Optional(Type.String({ maxLength: STREET_MAX })),
  buildingNumber: Type.Optional(Type.String()),
  postalCode: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  country: CountryBlock,
});

export const PaymentInitiationSctBlock = Type.Object({
  endToEndIdentification: Type.Optional(
    Type.String({
      maxLength: END_TO_END_IDENTIFICATION_MAX,
      description: 'For diagnostics and audit.',
    }),
  ),
  instructedAmount: AmountBlock,
  creditorName: Type.String({ maxLength: CREDITOR_NAME_MAX }),
  creditorAccount: IbanAccountReferenceBlock,
  creditorAddress: Type.Optional(AddressBlock),
  debtorAccount: IbanAccountReferenceBlock,
  remittanceInformationUnstructured: Type.Optional(
    Type.String({
      minLength: REMITTANCE_INFORMATION_UNSTRUCTURED_MIN,
      maxLength: REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
      description: 'ASCII or UTF-8; may be truncated or re-encoded during processing.',
    }),
  ),
  requestedExecutionDate: Type.Optional(IsoDate()),
});
export type PaymentInitiationSct = Static<typeof PaymentInitiationSctBlock>;

export const PaymentInitiationResponseBlock = Type.Object({
  paymentId: Type.String(),
  transactionStatus: StringEnum(TRANSACTION_STATUSES),
  transactionFees: Type.Optional(AmountBlock),
  transactionFeeIndicator: Type.Optional(Type.Boolean()),
  tppMessages: Type.Optional(Type.Array(TppMessageBlock)),
  psuMessage: Type.Optional(Type.String({ maxLength: PSU_MESSAGE_MAX })),
  _links: Type.Optional(LinksBlock),
});
export type PaymentInitiationResponse = Static<typeof PaymentInitiationResponseBlock>;

export const PaymentInitiationSctSchema = publish(
  'PaymentInitiationSct',
  '§2.2',
  'SCT payment initiation request. Additional Berlin Group fields are accepted and ignored.',
  PaymentInitiationSctBlock,
);
export const PaymentInitiationResponseSchema = publish(
  'PaymentInitiationResponse',
  '§2.3',
  'Payment initiation response (201).',
  PaymentInitiationResponseBlock,
);
