/**
 * §2.4 signing basket authorisation response; the basket resource itself is "not shown" (§2) and
 * follows Berlin Group 1.3.8 (decisions.md "Paths").
 */
import { Type, type Static } from '@sinclair/typebox';
import { SCA_STATUSES, SIGNING_BASKET_TRANSACTION_STATUSES } from '../enums.js';
import { PSU_MESSAGE_MAX, SIGNING_BASKET_PAYMENTS_MAX } from '../limits.js';
import { StringEnum, publish } from './common.js';
import { LinksBlock, TppMessageBlock } from './shared.js';

export const SigningBasketAuthorisationResponseBlock = Type.Object({
  scaStatus: Type.Optional(StringEnum(SCA_STATUSES)),
  /** Berlin Group startScaprocessResponse (required there; §2.4 does not list it). */
  authorisationId: Type.Optional(Type.String()),
  _links: Type.Optional(LinksBlock),
  psuMessage: Type.Optional(Type.String({ maxLength: PSU_MESSAGE_MAX })),
});
export type SigningBasketAuthorisationResponse = Static<
  typeof SigningBasketAuthorisationResponseBlock
>;

const BasketTransactionStatus = StringEnum(SIGNING_BASKET_TRANSACTION_STATUSES, {
  description: '§3.2: the worst case of the payments inside the basket.',
});

/** Berlin Group `signingBasket`: at least one entry (decisions.md: paymentIds, consentIds). */
export const SigningBasketRequestBlock = Type.Object({
  paymentIds: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      maxItems: SIGNING_BASKET_PAYMENTS_MAX,
    }),
  ),
  consentIds: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
});
export type SigningBasketRequest = Static<typeof SigningBasketRequestBlock>;

/** Berlin Group `signingBasketResponse-201`. */
export const SigningBasketCreatedBlock = Type.Object({
  transactionStatus: BasketTransactionStatus,
  basketId: Type.String(),
  _links: LinksBlock,
  psuMessage: Type.Optional(Type.String({ maxLength: PSU_MESSAGE_MAX })),
  tppMessages: Type.Optional(Type.Array(TppMessageBlock)),
});

/** Berlin Group `signingBasketResponse-200`. */
export const SigningBasketBlock = Type.Object({
  payments: Type.Optional(Type.Array(Type.String())),
  consents: Type.Optional(Type.Array(Type.String())),
  transactionStatus: BasketTransactionStatus,
  _links: Type.Optional(LinksBlock),
});

/** Berlin Group `signingBasketStatusResponse-200`. */
export const SigningBasketStatusBlock = Type.Object({ transactionStatus: BasketTransactionStatus });

export const SigningBasketAuthorisationResponseSchema = publish(
  'SigningBasketAuthorisationResponse',
  '§2.4',
  'Start signing basket authorisation response (201, §4.2.1).',
  SigningBasketAuthorisationResponseBlock,
);
export const SigningBasketRequestSchema = publish(
  'SigningBasketRequest',
  '§3.2',
  'Create signing basket (Berlin Group 1.3.8): paymentIds (no bulk or periodic payments: REFERENCE_MIX_INVALID) and consentIds.',
  SigningBasketRequestBlock,
);
export const SigningBasketCreatedSchema = publish(
  'SigningBasketCreated',
  '§3.2',
  'Signing basket created (201): basketId, transactionStatus and _links.',
  SigningBasketCreatedBlock,
);
export const SigningBasketSchema = publish(
  'SigningBasket',
  '§3.2',
  'Signing basket read (200): its payments and consents and its worst-case transactionStatus.',
  SigningBasketBlock,
);
export const SigningBasketStatusSchema = publish(
  'SigningBasketStatus',
  '§3.2',
  'Signing basket status (200): the worst case of its payments.',
  SigningBasketStatusBlock,
);
