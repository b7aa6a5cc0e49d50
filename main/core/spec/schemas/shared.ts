/** §2.1 shared types: Amount, Link, TppMessage (and the sandbox int32 amount of §2.6). */
import { Type, type Static } from '@sinclair/typebox';
import { LINK_VERBS, TPP_MESSAGE_CATEGORIES } from '../enums.js';
import { ERROR_CODES } from '../errors.js';
import { TPP_MESSAGE_TEXT_MAX } from '../limits.js';
import { AMOUNT_KEYWORD, CurrencyBlock, Int32, StringEnum, publish } from './common.js';

export const AmountBlock = Type.Object(
  {
    amount: Type.String({
      pattern: '^-?[0-9]+(\\.[0-9]+)?$',
      description:
        'Decimal; precision 18, scale 5, fraction digits equal to the ISO 4217 minor units of `currency` (§2.1, §8).',
    }),
    currency: CurrencyBlock,
  },
  { [AMOUNT_KEYWORD]: true },
);
export type Amount = Static<typeof AmountBlock>;

/** §2.6: sandbox amounts are int32 minor units (decisions.md) with a plain string currency. */
export const SandboxAmountBlock = Type.Object({
  currency: Type.String(),
  amount: Int32({ description: 'Minor units of `currency` (decisions.md), int32.' }),
});
export type SandboxAmount = Static<typeof SandboxAmountBlock>;

export const LinkBlock = Type.Object({
  href: Type.String(),
  verbs: Type.Array(StringEnum(LINK_VERBS)),
});
export type Link = Static<typeof LinkBlock>;

/** A `_links` object: relation name → Link. */
export const LinksBlock = Type.Unsafe<Record<string, Link>>({
  type: 'object',
  additionalProperties: LinkBlock,
});
export type Links = Static<typeof LinksBlock>;

export const TppMessageBlock = Type.Object({
  category: StringEnum(TPP_MESSAGE_CATEGORIES),
  code: StringEnum(ERROR_CODES, { description: 'One of the §7.2 codes.' }),
  path: Type.Optional(Type.String()),
  text: Type.Optional(Type.String({ maxLength: TPP_MESSAGE_TEXT_MAX })),
});
export type TppMessageShape = Static<typeof TppMessageBlock>;

export const ErrorResponseBlock = Type.Object({
  tppMessages: Type.Array(TppMessageBlock, { minItems: 1 }),
});

export const AmountSchema = publish('Amount', '§2.1', 'Amount (production).', AmountBlock);
export const SandboxAmountSchema = publish(
  'SandboxAmount',
  '§2.6',
  'Sandbox amount: int32 minor units and a plain currency string.',
  SandboxAmountBlock,
);
export const LinkSchema = publish(
  'Link',
  '§2.1',
  'Link: href and the verbs it accepts.',
  LinkBlock,
);
export const LinksSchema = publish('Links', '§2.1', '`_links`: relation name to Link.', LinksBlock);
export const TppMessageSchema = publish(
  'TppMessage',
  '§2.1',
  'TppMessage, entry of `tppMessages`; text at most 512 characters.',
  TppMessageBlock,
);
export const ErrorResponseSchema = publish(
  'ErrorResponse',
  '§7.1',
  'Error body of every endpoint, production and sandbox (decisions.md "Errors").',
  ErrorResponseBlock,
);
