/**
 * Sandbox agreements and engagements (§2.6, §4.3 rules 4, 5, 7; decisions.md): POST
 * /v1/sandbox/agreements, GET /v1/sandbox/agreements/{mockAgreementId}, POST
 * .../{mockAgreementId}/engagements. §2.6 "Meaning of engagement fields": `customer` is the PSU
 * who will see the account; the account is not owned by that PSU but by the corporation that owns
 * the agreement. Engagements are created on corporate agreements only: a private customer's own
 * accounts join the private agreement by themselves (§4.3 rule 4).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IBAN_MAX } from '../../../spec/limits.js';
import { Int32 } from '../../../spec/schemas/common.js';
import {
  SandboxAgreementSchema,
  SandboxEngagementCreationBlock,
  SandboxEngagementSchema,
} from '../../../spec/schemas/sandbox.js';
import { newResourceId } from '../../domain/ids.js';
import { faultActive } from '../../faults/index.js';
import type { Agreement, Customer, DomainState, Engagement } from '../../domain/model.js';
import {
  engagementAccountOf,
  holdingByIban,
  ownerOfHolding,
  rightsOfRoles,
} from '../../domain/parties.js';
import { isRejection, type Rejection } from '../../http/refusal.js';
import type { RequestContext } from '../../context/request-context.js';
import {
  CREATE_ERROR_RESPONSES,
  ERROR_RESPONSES,
  SANDBOX_READ_HEADERS,
  SANDBOX_WRITE_HEADERS,
  fieldProblem,
  sandboxRoute,
  unknownResource,
} from './common.js';
import { presentAgreement, presentEngagement } from './views.js';
import { checkCustomer, checkIban } from './validation.js';

/** §2.6 engagement creation request, with roles at least one and non-negative limits. */
export const EngagementCreationBody = Type.Object({
  ...SandboxEngagementCreationBlock.properties,
  customer: Type.String({
    description: 'The PSU (a PRIVATE customer): customer number or mock identity number.',
  }),
  account: Type.Object({ iban: Type.String({ maxLength: IBAN_MAX }) }),
  roles: Type.Array(SandboxEngagementCreationBlock.properties.roles.items, {
    minItems: 1,
    uniqueItems: true,
    description: 'Offered for consent only with both REGISTER and VIEW (§4.3 rule 5).',
  }),
  registerLimit: Int32({ minimum: 0, description: 'Minor units; at least 0.' }),
  approvalLimit: Int32({ minimum: 0, description: 'Minor units; at least 0.' }),
});
type EngagementCreation = Static<typeof EngagementCreationBody>;

export const AgreementCreationBody = Type.Object({
  name: Type.String({ minLength: 1 }),
  owner: Type.String({ description: 'The corporation (a CORPORATE customer).' }),
  engagements: Type.Array(EngagementCreationBody),
});
type AgreementCreation = Static<typeof AgreementCreationBody>;

const ENGAGEMENT_RULES =
  '`customer` is the PSU who will see the account: an existing PRIVATE customer, by customer number or mock identity number (§4.3 rule 7); `account.iban` is an account or card account of this sandbox (a card account’s IBAN is the Norwegian IBAN of its accountNumber) that the PSU does not own and that the corporation owning the agreement owns (§2.6); roles at least one, no repeats (values of §2.6); registerLimit and approvalLimit int32 minor units, at least 0. An engagement for a customer and account the agreement already has replaces that one (same id; this is how roles change, the sandbox has no update operation). accessRights, paymentRights and transferRights follow from the roles (VIEW/OWNER: access; REGISTER, APPROVE, DISPOSAL, OWNER: payment; INTERNAL_TRANSFER, DISPOSAL, OWNER: transfer).';

/** One engagement's rules; `at` prefixes the field paths. */
function engagementOf(
  ctx: RequestContext,
  state: DomainState,
  agreement: { owner: string; engagements: readonly Engagement[] },
  corporation: Customer,
  request: EngagementCreation,
  at: string,
): Engagement | Rejection {
  const psu = checkCustomer(state, request.customer, `${at}customer`, {
    type: 'PRIVATE',
    because: 'an engagement’s customer is the person (PSU) who will see the account (§2.6)',
  });
  if (isRejection(psu)) return psu;
  const ibanProblem = checkIban(request.account.iban, `${at}account.iban`);
  if (ibanProblem) return ibanProblem;
  const holding = holdingByIban(state, request.account.iban);
  if (!holding)
    return fieldProblem(
      'BAD_REQUEST',
      `${at}account.iban`,
      `${request.account.iban} is not an account or card account of this sandbox`,
    );
  const owner = ownerOfHolding(holding);
  const ownAccount = owner === psu.customerNumber;
  if (ownAccount && !faultActive(ctx, 'CORP-ENGAGEMENT-ACCOUNT-NOT-OWNED-BY-PSU'))
    return fieldProblem(
      'BAD_REQUEST',
      `${at}account.iban`,
      `${request.account.iban} is owned by the PSU ${psu.customerNumber} itself; an engagement gives a PSU an account of the corporation (§2.6)`,
    );
  if (owner !== corporation.customerNumber && !ownAccount)
    return fieldProblem(
      'BAD_REQUEST',
      `${at}account.iban`,
      `${request.account.iban} is owned by customer ${owner}, not by ${corporation.customerNumber} (${corporation.name}), the corporation that owns the agreement (§2.6)`,
    );
  const account = engagementAccountOf(holding);
  const earlier = agreement.engagements.find(
    (engagement) =>
      engagement.customer === psu.customerNumber && engagement.account.bban === account.bban,
  );
  return {
    ...(earlier?.name !== undefined ? { name: earlier.name } : {}),
    id: earlier?.id ?? newResourceId(),
    customer: faultActive(ctx, 'CORP-ENGAGEMENT-CUSTOMER-SEES-ACCOUNT')
      ? corporation.customerNumber
      : psu.customerNumber,
    account,
    roles: [...request.roles],
    ...rightsOfRoles(request.roles),
    registerLimit: request.registerLimit,
    approvalLimit: request.approvalLimit,
  };
}

/** Adds an engagement, or replaces the one for the same customer and account (same id). */
function putEngagement(agreement: Agreement, engagement: Engagement): void {
  const index = agreement.engagements.findIndex((candidate) => candidate.id === engagement.id);
  if (index < 0) agreement.engagements.push(engagement);
  else agreement.engagements[index] = engagement;
}

function corporationOf(state: DomainState, reference: string, path: string): Customer | Rejection {
  return checkCustomer(state, reference, path, {
    type: 'CORPORATE',
    because: 'a corporate agreement is owned by the corporation whose accounts it grants (§2.6)',
  });
}

export const createSandboxAgreement = sandboxRoute({
  operationId: 'createSandboxAgreement',
  method: 'POST',
  path: '/v1/sandbox/agreements',
  summary: 'Create a sandbox corporate agreement',
  description: [
    '§4.3 rule 4, §2.6 (body not shown by the spec). Creates a corporate agreement: `name` (at least one character), `owner` the corporation (an existing CORPORATE customer, §4.3 rule 7), and `engagements`, an array (possibly empty) of engagement creation requests.',
    `Each engagement: ${ENGAGEMENT_RULES}`,
    'All engagements are checked before the agreement is created. Private agreements are not created here: each private customer has one, and its own accounts join it (§4.3 rule 4).',
    'Answer: 201 with the agreement (§2.6; `_links` not shown by the spec: `self`, and `engagements` to add more).',
  ].join(' '),
  headers: SANDBOX_WRITE_HEADERS,
  body: { schema: AgreementCreationBody },
  responses: {
    201: { description: 'The agreement (§2.6).', schema: SandboxAgreementSchema },
    ...CREATE_ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const body = ctx.body as AgreementCreation;
    const corporation = faultActive(ctx, 'SANDBOX-VALIDATES-PSU-ID')
      ? checkCustomer(env.state, body.owner, 'owner')
      : corporationOf(env.state, body.owner, 'owner');
    if (isRejection(corporation)) return corporation;
    const agreement: Agreement = {
      id: newResourceId(),
      name: body.name,
      type: 'CORPORATE',
      owner: corporation.customerNumber,
      engagements: [],
      origin: 'sandbox',
    };
    for (const [index, request] of body.engagements.entries()) {
      const engagement = engagementOf(
        ctx,
        env.state,
        agreement,
        corporation,
        request,
        `engagements[${index}].`,
      );
      if (isRejection(engagement)) return engagement;
      if (agreement.engagements.some((earlier) => earlier.id === engagement.id))
        return fieldProblem(
          'CONFLICT',
          `engagements[${index}].account.iban`,
          `a second engagement for customer ${engagement.customer} on ${engagement.account.iban}`,
        );
      agreement.engagements.push(engagement);
    }
    if (!faultActive(ctx, 'SANDBOX-AGREEMENT-CREATE')) env.state.agreements.push(agreement);
    return { status: 201, body: presentAgreement(agreement) };
  },
});

const agreementParameter = {
  mockAgreementId: {
    description: 'Id of a sandbox agreement (GET /v1/sandbox/customers lists them).',
  },
};

export const getSandboxAgreement = sandboxRoute({
  operationId: 'getSandboxAgreement',
  method: 'GET',
  path: '/v1/sandbox/agreements/{mockAgreementId}',
  summary: 'Get one sandbox agreement',
  description:
    '§4.3 (path not shown; decisions.md). A private or corporate agreement (§2.6) with its engagements; `owner` is present for a corporate agreement (the corporation). `_links` (not shown): `self`, `engagements`.',
  headers: SANDBOX_READ_HEADERS,
  pathParameters: agreementParameter,
  responses: {
    200: { description: 'The agreement (§2.6).', schema: SandboxAgreementSchema },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const id = ctx.pathParams.mockAgreementId!;
    const agreement = env.state.agreements.find((candidate) => candidate.id === id);
    if (!agreement || (agreement.type === 'PRIVATE' && faultActive(ctx, 'SANDBOX-AGREEMENT-GET')))
      return unknownResource('mockAgreementId', 'agreement', id);
    const answer: Record<string, unknown> = presentAgreement(agreement);
    if (
      faultActive(ctx, 'CORP-AGREEMENT-OWNER-IS-CORPORATION') &&
      agreement.type === 'CORPORATE' &&
      agreement.engagements[0] !== undefined
    )
      answer.owner = agreement.engagements[0].customer;
    if (faultActive(ctx, 'SANDBOX-AGREEMENT-FIELDS')) delete answer._links;
    if (faultActive(ctx, 'SANDBOX-ENGAGEMENT-FIELDS'))
      answer.engagements = agreement.engagements.map((engagement) => {
        const {
          accessRights: _a,
          paymentRights: _p,
          transferRights: _t,
          ...rest
        } = presentEngagement(engagement);
        return rest;
      });
    return { status: 200, body: answer };
  },
});

export const createSandboxEngagement = sandboxRoute({
  operationId: 'createSandboxEngagement',
  method: 'POST',
  path: '/v1/sandbox/agreements/{mockAgreementId}/engagements',
  summary: 'Create an engagement for a sandbox agreement',
  description: [
    '§4.3, §2.6 "Meaning of engagement fields". Body: the engagement creation request (customer, account.iban, roles, registerLimit, approvalLimit; all required).',
    `Rules: the agreement is a corporate one (a private agreement answers 400 BAD_REQUEST); ${ENGAGEMENT_RULES}`,
    'Only an engagement whose roles include both REGISTER and VIEW is offered on the consent screen (§4.3 rule 5).',
    'Answer: 201 with the engagement (§2.6: the creation fields, plus id, the account’s bban and the rights), also when it replaced an earlier one.',
  ].join(' '),
  headers: SANDBOX_WRITE_HEADERS,
  pathParameters: agreementParameter,
  body: { schema: EngagementCreationBody },
  responses: {
    201: { description: 'The engagement (§2.6).', schema: SandboxEngagementSchema },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const id = ctx.pathParams.mockAgreementId!;
    const agreement = env.state.agreements.find((candidate) => candidate.id === id);
    if (!agreement) return unknownResource('mockAgreementId', 'agreement', id);
    if (agreement.type !== 'CORPORATE')
      return fieldProblem(
        'BAD_REQUEST',
        'mockAgreementId',
        `${id} is a private agreement; engagements are added to corporate agreements (a private customer's own accounts join the private agreement by themselves, §4.3 rule 4)`,
      );
    const corporation = corporationOf(env.state, agreement.owner, 'mockAgreementId');
    if (isRejection(corporation)) return corporation;
    const engagement = engagementOf(
      ctx,
      env.state,
      agreement,
      corporation,
      ctx.body as EngagementCreation,
      '',
    );
    if (isRejection(engagement)) return engagement;
    putEngagement(agreement, engagement);
    return {
      status: faultActive(ctx, 'SANDBOX-ENGAGEMENT-CREATE-201') ? 200 : 201,
      body: presentEngagement(engagement),
    };
  },
});
