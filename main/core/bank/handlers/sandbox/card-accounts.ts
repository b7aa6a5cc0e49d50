/**
 * Sandbox card accounts (§4.3, §2.6): POST /v1/sandbox/card-accounts creates one,
 * GET /v1/sandbox/card-accounts/{mockCardAccountId} reads it wrapped in `cardAccount`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACCOUNT_NAME_MAX_WITH_LONGER_NAMES } from '../../../spec/limits.js';
import { MaskedPan } from '../../../spec/schemas/common.js';
import {
  SandboxCardAccountCreatedSchema,
  SandboxCardAccountRequestBlock,
  SandboxCardAccountResponseSchema,
} from '../../../spec/schemas/sandbox.js';
import { newResourceId } from '../../domain/ids.js';
import { faultActive } from '../../faults/index.js';
import type { CardAccount } from '../../domain/model.js';
import {
  cardAccountIban,
  isBbanInUse,
  joinPrivateAgreement,
  rightsOfRoles,
} from '../../domain/parties.js';
import { isRejection } from '../../http/refusal.js';
import {
  CREATE_ERROR_RESPONSES,
  ERROR_RESPONSES,
  SANDBOX_READ_HEADERS,
  SANDBOX_WRITE_HEADERS,
  fieldProblem,
  sandboxRoute,
  sandboxCardAccountOf,
} from './common.js';
import { presentCardAccount, presentCreatedCardAccount } from './views.js';
import {
  checkBalances,
  checkCustomer,
  checkNorwegianBban,
  checkSameCurrency,
  checkCurrency,
} from './validation.js';

/** Card expiry: `YYYY-MM` (ISO 8601) or `MM/YY` as printed on cards. */
const EXPIRY = /^([0-9]{4}-(0[1-9]|1[0-2])|(0[1-9]|1[0-2])\/[0-9]{2})$/;

const nonEmpty = (description?: string) =>
  Type.String({ minLength: 1, ...(description ? { description } : {}) });

/** §2.6 request with the workbench's field rules (every field required). */
export const SandboxCardAccountCreationBody = Type.Object({
  ...SandboxCardAccountRequestBlock.properties,
  customerNumber: nonEmpty('Owner: customer number or mock identity number (§4.3 rule 7).'),
  maskedPan: MaskedPan({ description: 'e.g. 525412******3241 or 123456xxxxxx1234' }),
  cardId: nonEmpty(),
  cardIdVNo: nonEmpty(),
  accountNumber: nonEmpty(
    'Norwegian BBAN (mod-11), unique; the card account’s IBAN is its Norwegian IBAN.',
  ),
  expiry: Type.String({ pattern: EXPIRY.source, description: 'YYYY-MM or MM/YY.' }),
  name: Type.String({ minLength: 1, maxLength: ACCOUNT_NAME_MAX_WITH_LONGER_NAMES }),
  product: nonEmpty(),
});
type SandboxCardAccountCreation = Static<typeof SandboxCardAccountCreationBody>;

export const createSandboxCardAccount = sandboxRoute({
  operationId: 'createSandboxCardAccount',
  method: 'POST',
  path: '/v1/sandbox/card-accounts',
  summary: 'Create a sandbox card account',
  description: [
    '§4.3, §2.6. Body: the sandbox card account request, every field required.',
    'Rules (workbench, where §2.6 gives only "string"): the customer exists (customer number or mock identity number, §4.3 rule 7); currency from the §2.1 list; creditLimit and balances in that currency, creditLimit at least 0, each balanceType at most once;',
    'accountNumber is a Norwegian BBAN (mod-11) not used by another account or card account (409 CONFLICT) — the card account’s IBAN, which engagements name, is the Norwegian IBAN of it;',
    'maskedPan like 525412******3241 or 123456xxxxxx1234 (digits, `*`/`X`/`x` masking); expiry YYYY-MM or MM/YY; name 1 to 70 characters (§8 longer-names); status enabled, deleted or blocked (§3.3).',
    'A private customer’s card account joins the customer’s private agreement and shows in the consent screen; a corporate customer’s is seen only through an agreement or an engagement (§4.3 rule 4).',
    'Answer: 201 with resourceId (a new UUID), every request field and `_links` self and transactions (§2.6).',
  ].join(' '),
  headers: SANDBOX_WRITE_HEADERS,
  body: { schema: SandboxCardAccountCreationBody },
  responses: {
    201: {
      description: 'The created card account (§2.6).',
      schema: SandboxCardAccountCreatedSchema,
    },
    ...CREATE_ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const body = ctx.body as SandboxCardAccountCreation;
    const state = env.state;
    const owner = checkCustomer(state, body.customerNumber, 'customerNumber');
    if (isRejection(owner)) return owner;
    const problem =
      checkCurrency(body.currency, 'currency') ??
      checkSameCurrency(
        body.creditLimit.currency,
        body.currency,
        'creditLimit.currency',
        'card account',
      ) ??
      (body.creditLimit.amount < 0
        ? fieldProblem('FORMAT_ERROR', 'creditLimit.amount', 'must be at least 0')
        : undefined) ??
      checkBalances(body.balances, body.currency, 'balances', 'card account') ??
      checkNorwegianBban(body.accountNumber, 'accountNumber');
    if (problem) return problem;
    if (isBbanInUse(state, body.accountNumber))
      return fieldProblem(
        'CONFLICT',
        'accountNumber',
        `${body.accountNumber} is already an account of the sandbox`,
      );
    const cardAccount: CardAccount = {
      resourceId: newResourceId(),
      customerNumber: owner.customerNumber,
      maskedPan: body.maskedPan,
      currency: body.currency,
      creditLimit: { ...body.creditLimit },
      balances: body.balances.map((balance) => ({
        balanceAmount: { ...balance.balanceAmount },
        balanceType: balance.balanceType,
      })),
      cardId: body.cardId,
      cardIdVNo: body.cardIdVNo,
      accountNumber: body.accountNumber,
      expiry: body.expiry,
      name: body.name,
      product: body.product,
      status: body.status,
      origin: 'sandbox',
      createdAt: ctx.now.toISOString(),
    };
    const body201: Record<string, unknown> = presentCreatedCardAccount(cardAccount);
    if (faultActive(ctx, 'SANDBOX-CARD-ACCOUNT-CREATE-RESPONSE')) {
      delete body201.cardIdVNo;
      body201._links = { self: (body201._links as { self: unknown }).self };
    }
    if (faultActive(ctx, 'SANDBOX-PATHS'))
      body201._links = JSON.parse(
        JSON.stringify(body201._links).replaceAll('/v1/sandbox/', '/v1/'),
      ) as unknown;
    if (faultActive(ctx, 'SANDBOX-CARD-ACCOUNT-CREATE')) return { status: 201, body: body201 };
    state.cardAccounts.push(cardAccount);
    const holding = { bban: cardAccount.accountNumber, iban: cardAccountIban(cardAccount)! };
    // §4.3 rule 4: only a private customer's card account joins an agreement by itself.
    if (owner.type === 'PRIVATE' && !faultActive(ctx, 'SANDBOX-PRIVATE-CARD-ACCOUNT-IN-AGREEMENT'))
      joinPrivateAgreement(state, owner, holding);
    if (owner.type === 'CORPORATE' && faultActive(ctx, 'SANDBOX-CORPORATE-CARD-ACCOUNT-EXPLICIT'))
      for (const agreement of state.agreements) {
        const representative = agreement.engagements[0]?.customer;
        if (agreement.owner !== owner.customerNumber || representative === undefined) continue;
        agreement.engagements.push({
          id: newResourceId(),
          customer: representative,
          account: holding,
          roles: ['REGISTER', 'VIEW'],
          ...rightsOfRoles(['REGISTER', 'VIEW']),
          registerLimit: 0,
          approvalLimit: 0,
        });
      }
    return { status: 201, body: body201 };
  },
});

export const getSandboxCardAccount = sandboxRoute({
  operationId: 'getSandboxCardAccount',
  method: 'GET',
  path: '/v1/sandbox/card-accounts/{mockCardAccountId}',
  summary: 'Get one sandbox card account',
  description:
    '§4.3 "Get one card account" (path not shown; decisions.md). The card account wrapped in `cardAccount` (§2.6 "response to get one", without customerNumber), whatever its status.',
  headers: SANDBOX_READ_HEADERS,
  pathParameters: { mockCardAccountId: { description: 'resourceId of a sandbox card account.' } },
  responses: {
    200: { description: 'The card account (§2.6).', schema: SandboxCardAccountResponseSchema },
    ...ERROR_RESPONSES,
  },
  handle(ctx, env) {
    const id = ctx.pathParams.mockCardAccountId!;
    const cardAccount = sandboxCardAccountOf(env.state, id);
    if (isRejection(cardAccount)) return cardAccount;
    const answer = presentCardAccount(cardAccount);
    if (faultActive(ctx, 'SANDBOX-CARD-ACCOUNT-GET'))
      return { status: 200, body: answer.cardAccount };
    return { status: 200, body: answer };
  },
});
