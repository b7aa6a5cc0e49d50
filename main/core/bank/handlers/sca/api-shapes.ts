/**
 * Header sets and response shapes of the SCA, consent, user and agreement API routes. Berlin
 * Group 1.3.8 shapes where it has one (decisions.md); GET /v1/user and GET /v1/agreements are
 * the workbench's own (docs/sca.md).
 */
import { Type } from '@sinclair/typebox';
import { PSU_CONTEXTS, SCA_STATUSES } from '../../../spec/enums.js';
import { DATE_TIME } from '../../../spec/dates.js';
import { StringEnum } from '../../../spec/schemas/common.js';
import { ErrorResponseBlock, LinkBlock, LinksBlock } from '../../../spec/schemas/shared.js';
import {
  NEGOTIATION,
  PSU_HEADERS,
  SIGNED_OPTIONAL,
  SIGNED_REQUEST,
  headerSet,
} from '../header-sets.js';

/** Routes that may start an SCA: the TPP headers of §4.1 are required (§5.3.2). */
export const SCA_START_HEADERS = headerSet(
  [...SIGNED_REQUEST, 'tpp-session-id', 'tpp-redirect-uri'],
  [
    ...PSU_HEADERS,
    'tpp-redirect-preferred',
    'tpp-brand-logging-information',
    ...SIGNED_OPTIONAL,
    ...NEGOTIATION,
  ],
);

/** Reads of a TPP's own resources: signed; TPP and PSU headers optional. */
export const READ_HEADERS = headerSet(SIGNED_REQUEST, [
  'tpp-session-id',
  'tpp-redirect-uri',
  'tpp-redirect-preferred',
  ...PSU_HEADERS,
  ...SIGNED_OPTIONAL,
  ...NEGOTIATION,
]);

/** A §2.1 Link: the href and the verbs it takes (GET unless told). */
export const link = (href: string, verbs: ('GET' | 'POST' | 'PUT' | 'DELETE')[] = ['GET']) => ({
  href,
  verbs,
});

export const ConsentStatusBlock = StringEnum([
  'received',
  'valid',
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
] as const);

export const ConsentCreatedShape = Type.Object({
  consentStatus: ConsentStatusBlock,
  consentId: Type.String(),
  _links: Type.Object({
    scaRedirect: LinkBlock,
    self: LinkBlock,
    status: LinkBlock,
    scaStatus: LinkBlock,
  }),
});

const AccountReference = Type.Object({
  iban: Type.Optional(Type.String()),
  maskedPan: Type.Optional(Type.String()),
  currency: Type.String(),
});

export const ConsentInformationShape = Type.Object({
  access: Type.Object({
    accounts: Type.Optional(Type.Array(AccountReference)),
    balances: Type.Optional(Type.Array(AccountReference)),
    transactions: Type.Optional(Type.Array(AccountReference)),
  }),
  recurringIndicator: Type.Boolean(),
  validUntil: Type.String({ format: 'date' }),
  frequencyPerDay: Type.Integer(),
  lastActionDate: Type.String({ format: 'date' }),
  consentStatus: ConsentStatusBlock,
  _links: Type.Optional(LinksBlock),
});

export const ConsentStatusShape = Type.Object({ consentStatus: ConsentStatusBlock });

export const ScaStatusShape = Type.Object({ scaStatus: StringEnum(SCA_STATUSES) });

export const AuthorisationIdsShape = Type.Object({ authorisationIds: Type.Array(Type.String()) });

export const UserShape = Type.Object({
  psuId: Type.String({ format: 'uuid' }),
  context: StringEnum(PSU_CONTEXTS),
  psuCorporateId: Type.Optional(Type.String({ format: 'uuid' })),
  scaValidUntil: Type.String({
    pattern: DATE_TIME.source,
    description:
      'End of the SCA hour of this TPP session (§3.4), a §1 date-time (YYYY-MM-DDThh:mm:ss+00:00).',
  }),
});

export const AgreementsShape = Type.Object({
  agreements: Type.Array(
    Type.Object({
      psuCorporateId: Type.String({ format: 'uuid' }),
      name: Type.String(),
      corporationName: Type.Optional(Type.String()),
      consentStatus: Type.Optional(ConsentStatusBlock),
    }),
  ),
});

/** Berlin Group: a 401 needing SCA carries `_links.scaRedirect` next to tppMessages. */
export const ScaNeededShape = Type.Object({
  tppMessages: ErrorResponseBlock.properties.tppMessages,
  _links: Type.Optional(LinksBlock),
});
