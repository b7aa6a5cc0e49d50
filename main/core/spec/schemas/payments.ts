/**
 * §2.2 SCT payment initiation request and §2.3 payment initiation response; the bulk and periodic
 * bodies, the structured remittance of §9(3) and the payment read and status answers follow
 * Berlin Group 1.3.8 where the spec says "not shown" (decisions.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { EXECUTION_RULES, PERIODIC_FREQUENCIES, TRANSACTION_STATUSES } from '../enums.js';
import {
  BULK_PAYMENTS_MAX,
  CREDITOR_NAME_MAX,
  END_TO_END_IDENTIFICATION_MAX,
  IBAN_MAX,
  MONTHS_OF_EXECUTION_MAX,
  PSU_MESSAGE_MAX,
  REMITTANCE_INFORMATION_STRUCTURED_ARRAY_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
  REMITTANCE_INFORMATION_UNSTRUCTURED_MIN,
  REMITTANCE_REFERENCE_MAX,
  STREET_MAX,
} from '../limits.js';
import {
  CountryBlock,
  CurrencyBlock,
  FreeText,
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
  street: Type.Optional(FreeText({ maxLength: STREET_MAX })),
  buildingNumber: Type.Optional(FreeText()),
  postalCode: Type.Optional(FreeText()),
  city: Type.Optional(FreeText()),
  country: CountryBlock,
});

/**
 * Berlin Group `remittance` (§9(3)): carries a KID (§7.3) on Norwegian domestic products.
 * `reference` is optional here on purpose: a structured remittance without it is KID_MISSING.
 */
export const RemittanceStructuredBlock = Type.Object({
  reference: Type.Optional(
    Type.String({
      maxLength: REMITTANCE_REFERENCE_MAX,
      description:
        'The payment reference; a KID (MOD10 or MOD11) on Norwegian domestic products. Absent or empty: KID_MISSING.',
    }),
  ),
  referenceType: Type.Optional(Type.String({ maxLength: REMITTANCE_REFERENCE_MAX })),
  referenceIssuer: Type.Optional(Type.String({ maxLength: REMITTANCE_REFERENCE_MAX })),
});
export type RemittanceStructured = Static<typeof RemittanceStructuredBlock>;

const structuredRemittance = {
  remittanceInformationStructured: Type.Optional(
    Type.Object(RemittanceStructuredBlock.properties, {
      description:
        '§9(3): removed on 2024-09-05 (bank clock) in favour of remittanceInformationStructuredArray.',
    }),
  ),
  remittanceInformationStructuredArray: Type.Optional(
    Type.Array(RemittanceStructuredBlock, {
      minItems: 1,
      maxItems: REMITTANCE_INFORMATION_STRUCTURED_ARRAY_MAX,
      description:
        '§9(3) replacement of remittanceInformationStructured (Berlin Group 1.3.8 array of remittance); one entry per credit transfer.',
    }),
  ),
};

export const PaymentInitiationSctBlock = Type.Object({
  endToEndIdentification: Type.Optional(
    FreeText({
      maxLength: END_TO_END_IDENTIFICATION_MAX,
      description: 'For diagnostics and audit.',
    }),
  ),
  instructedAmount: AmountBlock,
  creditorName: FreeText({ maxLength: CREDITOR_NAME_MAX }),
  creditorAccount: IbanAccountReferenceBlock,
  creditorAddress: Type.Optional(AddressBlock),
  debtorAccount: IbanAccountReferenceBlock,
  remittanceInformationUnstructured: Type.Optional(
    FreeText({
      minLength: REMITTANCE_INFORMATION_UNSTRUCTURED_MIN,
      maxLength: REMITTANCE_INFORMATION_UNSTRUCTURED_MAX,
      description: 'ASCII or UTF-8; may be truncated or re-encoded during processing.',
    }),
  ),
  ...structuredRemittance,
  requestedExecutionDate: Type.Optional(IsoDate()),
});
export type PaymentInitiationSct = Static<typeof PaymentInitiationSctBlock>;

const { requestedExecutionDate: _single, ...creditTransferFields } =
  PaymentInitiationSctBlock.properties;

/** Berlin Group `periodicPaymentInitiation_json`: the §2.2 fields plus the schedule. */
export const PeriodicPaymentInitiationBlock = Type.Object({
  ...creditTransferFields,
  startDate: IsoDate({ description: 'First execution day (bank date); not in the past.' }),
  endDate: Type.Optional(IsoDate({ description: 'Last possible execution day.' })),
  executionRule: Type.Optional(StringEnum(EXECUTION_RULES)),
  frequency: StringEnum(PERIODIC_FREQUENCIES),
  dayOfExecution: Type.Optional(
    StringEnum(
      Array.from({ length: 31 }, (_, day) => String(day + 1)),
      { description: '"31" is the last day of the month.' },
    ),
  ),
  monthsOfExecution: Type.Optional(
    Type.Array(StringEnum(Array.from({ length: 12 }, (_, month) => String(month + 1))), {
      minItems: 1,
      maxItems: MONTHS_OF_EXECUTION_MAX,
      uniqueItems: true,
      description:
        'Only with frequency MonthlyVariable; duplicate month identifiers are rejected (§9(4) 1.18.1).',
    }),
  ),
});
export type PeriodicPaymentInitiation = Static<typeof PeriodicPaymentInitiationBlock>;

const { debtorAccount: _debtor, ...bulkElementFields } = creditTransferFields;

/** Berlin Group `paymentInitiationBulkElement_json`. */
export const BulkPaymentElementBlock = Type.Object(bulkElementFields);

/** Berlin Group `bulkPaymentInitiation_json`: one debtor account, several credit transfers. */
export const BulkPaymentInitiationBlock = Type.Object({
  batchBookingPreferred: Type.Optional(Type.Boolean()),
  debtorAccount: IbanAccountReferenceBlock,
  requestedExecutionDate: Type.Optional(IsoDate()),
  requestedExecutionTime: Type.Optional(Type.String({ format: 'date-time' })),
  payments: Type.Array(BulkPaymentElementBlock, { minItems: 1, maxItems: BULK_PAYMENTS_MAX }),
});
export type BulkPaymentInitiation = Static<typeof BulkPaymentInitiationBlock>;

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

/** Berlin Group `paymentInitiationStatusResponse-200_json` (decisions.md: with fundsAvailable). */
export const PaymentStatusResponseBlock = Type.Object({
  transactionStatus: StringEnum(TRANSACTION_STATUSES),
  fundsAvailable: Type.Optional(Type.Boolean()),
  psuMessage: Type.Optional(Type.String({ maxLength: PSU_MESSAGE_MAX })),
});
export type PaymentStatusResponse = Static<typeof PaymentStatusResponseBlock>;

/** GET payment: the initiation body as received, plus its transactionStatus (Berlin Group). */
// The initiation body as received comes back with it (§3.2): its fields are stated open
// (additionalProperties true), since tools that read an unstated one as closed (Redocly's example
// check) would refuse the answer the bank gives.
export const PaymentInformationResponseBlock = Type.Object(
  {
    transactionStatus: StringEnum(TRANSACTION_STATUSES),
    _links: Type.Optional(LinksBlock),
  },
  { additionalProperties: true },
);

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
export const PeriodicPaymentInitiationSchema = publish(
  'PeriodicPaymentInitiation',
  '§2.2',
  'Periodic payment initiation: the §2.2 fields plus the Berlin Group 1.3.8 schedule (startDate, endDate, executionRule, frequency, dayOfExecution, monthsOfExecution).',
  PeriodicPaymentInitiationBlock,
);
export const BulkPaymentInitiationSchema = publish(
  'BulkPaymentInitiation',
  '§2.2',
  'Bulk payment initiation (Berlin Group 1.3.8): one debtorAccount and up to 100 credit transfers with the §2.2 field rules.',
  BulkPaymentInitiationBlock,
);
export const PaymentStatusResponseSchema = publish(
  'PaymentStatusResponse',
  '§3.2',
  'Payment status (200): transactionStatus and fundsAvailable (release 1.14.2).',
  PaymentStatusResponseBlock,
);
export const PaymentInformationResponseSchema = publish(
  'PaymentInformationResponse',
  '§3.2',
  'Payment read (200): the initiation body as received plus transactionStatus.',
  PaymentInformationResponseBlock,
);
