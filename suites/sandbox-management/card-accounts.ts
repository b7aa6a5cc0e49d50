/**
 * Sandbox card accounts (§4.3, §2.6, §3.3): POST /v1/sandbox/card-accounts and its answer, GET
 * /v1/sandbox/card-accounts/{id}, the status values; and how a new card account joins agreements
 * (§4.3 rule 4: a private customer's by itself, a corporation's only when engaged explicitly), and
 * in which list a private customer's new card account shows (decisions.md "Ambiguities decided").
 */
import { CARD_ACCOUNT_STATUSES } from '../../main/core/spec/enums.js';
import {
  SandboxCardAccountCreatedSchema,
  SandboxCardAccountResponseSchema,
} from '../../main/core/spec/schemas/sandbox.js';
import { DEFAULT_PAGE_SIZE } from '../../main/core/spec/limits.js';
import type { Check, CheckContext } from '../../main/core/runner/check-api/index.js';
import { ibanOfNorwegianBban } from '../kit/account-numbers.js';
import { cardAccountsOf } from '../kit/account-information.js';
import { json } from '../kit/answers.js';
import { grantedConsent } from '../kit/consent.js';
import { corporateRepresentative, privatePsu } from '../kit/test-psus.js';
import type { JsonObject } from '../../main/core/runner/check-api/index.js';
import {
  type AccountItem,
  callSandbox,
  cardAccountBody,
  createCardAccount,
  expectSandboxFieldRefused,
  engagementBody,
  getAgreement,
  postEngagement,
  ownedPrivateAgreement,
  sandboxCheck,
} from './sandbox-api.js';

export const cardAccountChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-CREATED',
    title: 'POST /v1/sandbox/card-accounts creates a card account that can be read back',
    rules: ['SANDBOX-CARD-ACCOUNT-CREATE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const created = await createCardAccount(
        ctx,
        cardAccountBody((await privatePsu(ctx)).customerNumber),
      );
      ctx.expect.true(typeof created.resourceId === 'string', 'the answer has a resourceId');
      const read = await callSandbox(
        ctx,
        'GET',
        `/v1/sandbox/card-accounts/${encodeURIComponent(String(created.resourceId))}`,
        'read the created card account',
      );
      ctx.expect.status(read, 200, 'the created card account can be read');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-CREATE-ANSWER',
    title: 'The created card account has resourceId, every request field and _links',
    rules: ['SANDBOX-CARD-ACCOUNT-CREATE-RESPONSE'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const body = cardAccountBody((await privatePsu(ctx)).customerNumber);
      const created = await createCardAccount(ctx, body);
      ctx.expect.schema(
        created,
        SandboxCardAccountCreatedSchema,
        'the created card account (§2.6)',
      );
      for (const [field, value] of Object.entries(body))
        if (field !== 'customerNumber')
          ctx.expect.equal(created[field], value, `created card account ${field}`);
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-READ',
    title: 'GET /v1/sandbox/card-accounts/{id} answers the card account wrapped in cardAccount',
    rules: ['SANDBOX-CARD-ACCOUNT-GET'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const body = cardAccountBody((await privatePsu(ctx)).customerNumber);
      const created = await createCardAccount(ctx, body);
      const read = await callSandbox(
        ctx,
        'GET',
        `/v1/sandbox/card-accounts/${encodeURIComponent(String(created.resourceId))}`,
        'read one card account',
      );
      ctx.expect.status(read, 200, 'GET /v1/sandbox/card-accounts/{id}');
      ctx.expect.schema(json(read), SandboxCardAccountResponseSchema, 'the card account (§2.6)');
      const card = json<{ cardAccount?: JsonObject }>(read).cardAccount;
      ctx.expect.equal(card?.resourceId, created.resourceId, 'cardAccount.resourceId');
      ctx.expect.equal(card?.maskedPan, body.maskedPan, 'cardAccount.maskedPan');
    },
  }),
  sandboxCheck({
    id: 'SBX-CARD-ACCOUNT-STATUS-VALUES',
    title: 'A card account status is enabled, deleted or blocked',
    rules: ['SANDBOX-CARD-ACCOUNT-STATUS'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const owner = (await privatePsu(ctx)).customerNumber;
      for (const status of CARD_ACCOUNT_STATUSES) {
        const created = await createCardAccount(ctx, cardAccountBody(owner, { status }));
        ctx.expect.equal(created.status, status, `a card account created with status ${status}`);
      }
      const refused = await callSandbox(ctx, 'POST', '/v1/sandbox/card-accounts', 'status active', {
        body: cardAccountBody(owner, { status: 'active' }),
      });
      expectSandboxFieldRefused(ctx, refused, 'status', 'status active (not a §3.3 value)');
    },
  }),
];

/**
 * Every page of GET /v1/sandbox/accounts (workbench paging: offset, limit, §8 page size), so a card
 * account listed past the first page is seen too. Stops at a short page, or at a page that starts
 * with an account already seen (a bank that ignores the paging query).
 */
async function everySandboxAccount(ctx: CheckContext): Promise<AccountItem[]> {
  const all: AccountItem[] = [];
  const seen = new Set<string>();
  for (let offset = 0; ; offset += DEFAULT_PAGE_SIZE) {
    const exchange = await callSandbox(
      ctx,
      'GET',
      '/v1/sandbox/accounts',
      `sandbox accounts from ${offset}`,
      {
        query: { offset, limit: DEFAULT_PAGE_SIZE },
      },
    );
    ctx.expect.status(exchange, 200, 'GET /v1/sandbox/accounts');
    const items = json<AccountItem[]>(exchange);
    ctx.expect.true(Array.isArray(items), 'GET /v1/sandbox/accounts answers an array');
    if (items.length === 0 || seen.has(items[0]!.id)) return all;
    for (const item of items) seen.add(item.id);
    all.push(...items);
    if (items.length < DEFAULT_PAGE_SIZE) return all;
  }
}

export const cardAccountAgreementChecks: Check[] = [
  sandboxCheck({
    id: 'SBX-PRIVATE-CARD-ACCOUNT-JOINS-AGREEMENT',
    title: "A private customer's new card account joins the customer's agreement",
    rules: ['SANDBOX-PRIVATE-CARD-ACCOUNT-IN-AGREEMENT'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const owner = await privatePsu(ctx);
      const body = cardAccountBody(owner.customerNumber);
      await createCardAccount(ctx, body);
      const agreement = ownedPrivateAgreement(owner);
      ctx.expect.true(agreement !== undefined, `${owner.name} has a private agreement`);
      const engagements = (await getAgreement(ctx, agreement!.id)).engagements;
      ctx.expect.true(
        engagements.some((e) => e.account.bban === body.accountNumber),
        `the private agreement has an engagement for the new card account ${String(body.accountNumber)}`,
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-PRIVATE-CARD-ACCOUNT-IN-TPP-LIST',
    title:
      "A private customer's new card account shows in the TPP's GET /v1/card-accounts, not in GET /v1/sandbox/accounts",
    rules: ['SANDBOX-PRIVATE-CARD-ACCOUNT-LISTED'],
    effects: ['sandbox-data'],
    needs: ['psu-agent'],
    async run(ctx) {
      const owner = await privatePsu(ctx);
      const body = cardAccountBody(owner.customerNumber);
      const created = await createCardAccount(ctx, body);
      const id = created.resourceId;
      ctx.expect.true(typeof id === 'string', 'the created card account carries resourceId');
      // decisions.md "Ambiguities decided": the sandbox account list is the §2.6 list of accounts;
      // a card account is not one of them, whatever its number.
      const sandboxList = await everySandboxAccount(ctx);
      ctx.expect.true(
        !sandboxList.some((a) => a.id === id || a.bban === body.accountNumber),
        `GET /v1/sandbox/accounts does not list card account ${String(id)} (${String(body.accountNumber)})`,
      );
      // §4.3 rule 4 "shows in the account list": the list the PSU's TPP reads under a consent.
      const session = await grantedConsent(
        ctx,
        { login: owner.nationalIdentityNumber, context: 'PRIVATE', consent: { grant: ['*'] } },
        `consent of ${owner.name} over everything offered`,
      );
      const { cardAccounts } = await cardAccountsOf(ctx, session);
      ctx.expect.true(
        cardAccounts.some((c) => c.resourceId === id),
        `GET /v1/card-accounts lists the new card account ${String(id)}`,
      );
    },
  }),
  sandboxCheck({
    id: 'SBX-CORPORATE-CARD-ACCOUNT-EXPLICIT',
    title: "A corporate customer's card account is in an agreement only once added explicitly",
    rules: ['SANDBOX-CORPORATE-CARD-ACCOUNT-EXPLICIT'],
    effects: ['sandbox-data'],
    async run(ctx) {
      const { psu, agreement } = await corporateRepresentative(ctx);
      const corporation = (await getAgreement(ctx, agreement.id)).owner;
      ctx.expect.true(corporation !== undefined, 'the corporate agreement names its owner');
      const body = cardAccountBody(corporation!);
      await createCardAccount(ctx, body);
      const has = async () =>
        (await getAgreement(ctx, agreement.id)).engagements.some(
          (e) => e.account.bban === body.accountNumber,
        );
      ctx.expect.true(!(await has()), 'the new corporate card account is in no agreement yet');
      const engagement = await postEngagement(
        ctx,
        agreement.id,
        engagementBody(psu.customerNumber, ibanOfNorwegianBban(String(body.accountNumber))),
        'add it explicitly',
      );
      ctx.expect.status(engagement, 201, 'POST .../engagements for the card account');
      ctx.expect.true(await has(), 'the card account is in the agreement once added');
    },
  }),
];
