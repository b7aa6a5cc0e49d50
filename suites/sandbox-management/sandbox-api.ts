/**
 * What the sandbox-management checks share: the sandbox operations they call (§4.3, decisions.md
 * "Paths"), valid request bodies to start from (§2.6), the records the answers hold, and a refusal
 * that names its field (decisions.md "Errors": 400 with a text that says which field).
 */
import {
  type Check,
  type CheckContext,
  defineCheck,
  type EvidenceExchange,
  type JsonObject,
  type JsonValue,
} from '../../main/core/runner/check-api/index.js';
import { freeNorwegianAccount } from '../kit/account-numbers.js';
import { json } from '../kit/answers.js';
import { privatePsu, type SandboxCustomer } from '../kit/test-psus.js';
import { expectAnswer, expectRefusal, sendRefusedControls } from '../kit/controls.js';
import { requireExplainedRefusals } from '../kit/probe.js';
import {
  SandboxAccountListItemSchema,
  SandboxAccountListSchema,
  SandboxAgreementSchema,
  SandboxCardAccountCreatedSchema,
} from '../../main/core/spec/schemas/sandbox.js';
import type { SandboxAgreement } from '../../main/core/spec/schemas/sandbox.js';

/**
 * A sandbox check: sandbox mode only, needs the /v1/sandbox/ operations (§4.3). It starts with
 * its negative control: a sandbox operation without X-Request-ID, or else one whose signature
 * does not verify, is refused (§4.3 requires both), else the sandbox answers anything and the
 * check cannot judge.
 */
export function sandboxCheck(check: Omit<Check, 'area' | 'modes'>): Check {
  return defineCheck({
    area: 'sandbox-management',
    modes: ['sandbox'],
    ...check,
    needs: [...new Set(['sandbox-api' as const, ...(check.needs ?? [])])],
    async run(ctx) {
      const customers = { method: 'GET', path: '/v1/sandbox/customers' } as const;
      await sendRefusedControls(ctx, [
        {
          // Signed over what it carries, so that only the missing header is wrong (§5.2(4)).
          request: {
            ...customers,
            omitHeaders: ['X-Request-ID'],
            signing: { signedHeaders: ['tpp-redirect-uri'] },
          },
          what: 'the sandbox customers without X-Request-ID (required, §4.3)',
        },
        {
          request: { ...customers, signing: { corruptSignature: true } },
          what: 'the sandbox customers with a signature that does not verify',
        },
      ]);
      await check.run(ctx);
    },
  });
}

/**
 * POST /v1/sandbox/initialize (§1), answered 200. A refusal is judged only from a bank that says
 * why it refuses (requireExplainedRefusals): one that refuses everything was not tested.
 */
export async function initialiseSandbox(ctx: CheckContext): Promise<void> {
  const init = await callSandbox(ctx, 'POST', '/v1/sandbox/initialize', 'initialise', { body: {} });
  await requireExplainedRefusals(ctx, init, 'POST /v1/sandbox/initialize');
  ctx.expect.status(init, 200, 'POST /v1/sandbox/initialize');
}

/** An engagement (§2.6, §4.3): all five request fields, both limits 0. */
export function engagementBody(
  customer: string,
  iban: string,
  roles: readonly string[] = ['REGISTER', 'VIEW'],
): JsonObject {
  return { customer, account: { iban }, roles: [...roles], registerLimit: 0, approvalLimit: 0 };
}

/** POST /v1/sandbox/agreements/{mockAgreementId}/engagements. */
export function postEngagement(
  ctx: CheckContext,
  agreementId: string,
  body: JsonValue,
  label: string,
): Promise<EvidenceExchange> {
  return callSandbox(
    ctx,
    'POST',
    `/v1/sandbox/agreements/${encodeURIComponent(agreementId)}/engagements`,
    label,
    { body },
  );
}

/** One sandbox operation as the TPP sends it (signed; no PSU headers: §4.3 needs none). */
export function callSandbox(
  ctx: CheckContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  label: string,
  extra: { body?: JsonValue; query?: Record<string, string | number | undefined> } = {},
): Promise<EvidenceExchange> {
  return ctx.client.send({ method, path, label, ...extra });
}

export function accountBody(customerNumber: string, overrides: JsonObject = {}): JsonObject {
  const { bban, iban } = freeNorwegianAccount();
  return {
    customerNumber,
    accountName: 'Workbench check account',
    bban,
    iban,
    currency: 'NOK',
    product: 'Brukskonto',
    cashAccountType: 'CACC',
    creditLine: 0,
    balances: [
      { balanceAmount: { currency: 'NOK', amount: 100_000 }, balanceType: 'closingBooked' },
      { balanceAmount: { currency: 'NOK', amount: 100_000 }, balanceType: 'expected' },
    ],
    ...overrides,
  };
}

export function cardAccountBody(customerNumber: string, overrides: JsonObject = {}): JsonObject {
  return {
    customerNumber,
    maskedPan: '525412******7788',
    currency: 'NOK',
    creditLimit: { currency: 'NOK', amount: 1_000_000 },
    balances: [{ balanceAmount: { currency: 'NOK', amount: 0 }, balanceType: 'closingBooked' }],
    cardId: 'workbench-card',
    cardIdVNo: '01',
    accountNumber: freeNorwegianAccount().bban,
    expiry: '2030-12',
    name: 'Workbench check card',
    product: 'MASTERCARD',
    status: 'enabled',
    ...overrides,
  };
}

export interface AccountItem {
  id: string;
  customerNumber: string;
  iban: string;
  bban: string;
  currency: string;
  cashAccountType: string;
  creditLine: number;
  balances: { balanceAmount: { currency: string; amount: number }; balanceType: string }[];
  _links?: Record<string, { href: string }>;
}

export async function listAccounts(ctx: CheckContext): Promise<AccountItem[]> {
  const exchange = await callSandbox(ctx, 'GET', '/v1/sandbox/accounts', 'list sandbox accounts');
  await requireExplainedRefusals(ctx, exchange, 'GET /v1/sandbox/accounts');
  expectAnswer(ctx, exchange, 200, SandboxAccountListSchema, 'GET /v1/sandbox/accounts');
  return json<AccountItem[]>(exchange);
}

export async function createAccount(ctx: CheckContext, body: JsonObject): Promise<AccountItem> {
  const exchange = await callSandbox(
    ctx,
    'POST',
    '/v1/sandbox/accounts',
    'create a sandbox account',
    {
      body,
    },
  );
  expectAnswer(ctx, exchange, 201, SandboxAccountListItemSchema, 'POST /v1/sandbox/accounts');
  const created = json<AccountItem>(exchange);
  ctx.expect.equal(
    [created.bban, created.iban],
    [body.bban, body.iban],
    'the created account is the one asked for (bban, iban)',
  );
  return created;
}

export async function createCardAccount(ctx: CheckContext, body: JsonObject): Promise<JsonObject> {
  const exchange = await callSandbox(
    ctx,
    'POST',
    '/v1/sandbox/card-accounts',
    'create a card account',
    {
      body,
    },
  );
  expectAnswer(
    ctx,
    exchange,
    201,
    SandboxCardAccountCreatedSchema,
    'POST /v1/sandbox/card-accounts',
  );
  return json<JsonObject>(exchange);
}

export const sandboxAccountTransactionsPath = (id: string) =>
  `/v1/sandbox/accounts/${encodeURIComponent(id)}/transactions`;

export async function getAgreement(ctx: CheckContext, id: string): Promise<SandboxAgreement> {
  const exchange = await callSandbox(
    ctx,
    'GET',
    `/v1/sandbox/agreements/${encodeURIComponent(id)}`,
    `agreement ${id}`,
  );
  expectAnswer(ctx, exchange, 200, SandboxAgreementSchema, `GET /v1/sandbox/agreements/${id}`);
  ctx.expect.equal(
    json<SandboxAgreement>(exchange).id,
    id,
    'the agreement read is the one asked for',
  );
  return json<SandboxAgreement>(exchange);
}

/** A fresh card account of the first private customer; answers its resourceId. */
export async function newCardAccount(ctx: CheckContext): Promise<string> {
  const owner = await privatePsu(ctx);
  const created = await createCardAccount(ctx, cardAccountBody(owner.customerNumber));
  return String(created.resourceId);
}

/** A fresh account of the first private customer. */
export async function newAccount(
  ctx: CheckContext,
  overrides: JsonObject = {},
): Promise<AccountItem> {
  const owner = await privatePsu(ctx);
  return createAccount(ctx, accountBody(owner.customerNumber, overrides));
}

/** 400 with an entry on field `path` whose text names it (decisions.md: the text says which field). */
export function expectSandboxFieldRefused(
  ctx: CheckContext,
  exchange: EvidenceExchange,
  path: string,
  what: string,
): void {
  expectRefusal(
    ctx,
    exchange,
    { code: ['FORMAT_ERROR', 'BAD_REQUEST'], path, textIncludes: path },
    what,
  );
}

export const ownedPrivateAgreement = (customer: SandboxCustomer) =>
  customer.agreements.find((a) => a.type === 'PRIVATE' && a.relation === 'owner');
