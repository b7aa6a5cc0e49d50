/** §2.4 signing basket authorisation response. */
import { Type, type Static } from '@sinclair/typebox';
import { SCA_STATUSES } from '../enums.js';
import { StringEnum, publish } from './common.js';
import { LinksBlock } from './shared.js';

export const SigningBasketAuthorisationResponseBlock = Type.Object({
  scaStatus: Type.Optional(StringEnum(SCA_STATUSES)),
  _links: Type.Optional(LinksBlock),
});
export type SigningBasketAuthorisationResponse = Static<
  typeof SigningBasketAuthorisationResponseBlock
>;

export const SigningBasketAuthorisationResponseSchema = publish(
  'SigningBasketAuthorisationResponse',
  '§2.4',
  'Start signing basket authorisation response (201, §4.2.1).',
  SigningBasketAuthorisationResponseBlock,
);
