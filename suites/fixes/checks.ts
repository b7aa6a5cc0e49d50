/**
 * §9 versioning on the account information reads: the /v1 prefix, x-accept-fix as an early opt-in
 * (several values comma-separated), fixes that become the default after their date, and each
 * published fix (amount-as-string, the card amount mapping, longer-names, cash-account-type-iso).
 * Checks that move the bank clock before a default date run in the sandbox: a production bank
 * checks certificates against its clock, and the suites' certificates are made today.
 */
import { CASH_ACCOUNT_TYPES } from '../../main/core/spec/enums.js';
import { FIXES, type FixName } from '../../main/core/spec/fixes.js';
import { DEFAULT_PAGE_SIZE } from '../../main/core/spec/limits.js';
import { AmountSchema } from '../../main/core/spec/schemas/shared.js';
import {
  defineCheck,
  type Check,
  type CheckContext,
} from '../../main/core/runner/check-api/index.js';
import {
  accountsOf,
  aisGet,
  cardAccountsOf,
  cardTransactionsPath,
  postSandboxAccount,
  firstCardAccount,
  follow,
  type AccountView,
  type CardAccountView,
  type CardTransactionView,
  type CardTransactionsBody,
} from '../kit/account-information.js';
import {
  expectRefused,
  initiatePayment,
  paymentControl,
  sctBody,
  paymentParty,
} from '../kit/payments.js';
import { json, pathOf } from '../kit/answers.js';
import { aisConsent, type AisSession } from '../kit/consent.js';
import { knownPsu } from '../kit/test-psus.js';
import { readBankDay } from '../kit/dates.js';

const AREA = 'fixes';
const ISO_TYPES: readonly string[] = CASH_ACCOUNT_TYPES;

const defaultFrom = (name: FixName) => FIXES.find((fix) => fix.name === name)!.defaultFrom;

/** Moves the target's clock to noon UTC, 30 days before `day` (before that fix's default). */
async function moveBefore(ctx: CheckContext, day: string): Promise<void> {
  const target = Date.parse(`${day}T12:00:00Z`) - 30 * 24 * 60 * 60 * 1000;
  const now = await ctx.clock.now();
  await ctx.clock.advance(target - now.getTime());
  ctx.evidence.note(`bank clock moved to ${new Date(target).toISOString()}`);
}

/** GET /v1/accounts with exactly this x-accept-fix value (none: undefined). */
function accountsWith(ctx: CheckContext, session: AisSession, acceptFix: string | undefined) {
  return accountsOf(ctx, session, {
    query: { withBalance: 'true' },
    ...(acceptFix === undefined
      ? { omitHeaders: ['x-accept-fix'], label: 'accounts without x-accept-fix' }
      : {
          headers: { 'x-accept-fix': acceptFix },
          label: `accounts with x-accept-fix: ${acceptFix}`,
        }),
  });
}

const cashAccountTypes = (accounts: AccountView[]) => accounts.map((a) => a.cashAccountType ?? '');

/** The card transactions of the first card account with this x-accept-fix (§4.2.3 requires one). */
export async function cardTransactionsWith(
  ctx: CheckContext,
  session: AisSession,
  card: CardAccountView,
  acceptFix: string,
  history: { dateFrom?: string; limit?: number } = {},
): Promise<CardTransactionView[]> {
  const exchange = await aisGet(ctx, session, cardTransactionsPath(card.resourceId), {
    query: { bookingStatus: 'booked', ...history },
    headers: { 'x-accept-fix': acceptFix },
    label: `card transactions with x-accept-fix: ${acceptFix}`,
  });
  ctx.expect.status(exchange, 200, `card transactions with x-accept-fix: ${acceptFix}`);
  return json<CardTransactionsBody>(exchange).cardTransactions?.booked ?? [];
}

/** Card transactions paid in another currency than the card account's. */
function foreignOnes(ctx: CheckContext, card: CardAccountView, list: CardTransactionView[]) {
  const foreign = list.filter(
    (t) =>
      t.transactionAmount !== undefined &&
      t.originalAmount !== undefined &&
      t.transactionAmount.currency !== t.originalAmount.currency,
  );
  if (foreign.length === 0)
    ctx.skip(`card account ${card.resourceId} has no transaction in a foreign currency`);
  return foreign;
}

/** §2.5/§9.2 correct mapping: transactionAmount in the card account's currency. */
export const correctlyMapped = (card: CardAccountView, list: CardTransactionView[]) =>
  list.every((t) => t.transactionAmount?.currency === card.currency);

export const fixChecks: Check[] = [
  defineCheck({
    id: 'FIX-REMITTANCE-STRUCTURED-REFUSED',
    title: 'remittanceInformationStructured is refused after its removal on 2024-09-05',
    area: 'fixes',
    rules: ['FIX-REMITTANCE-STRUCTURED-REMOVED'],
    async run(ctx) {
      const party = await paymentParty(ctx);
      if ((await readBankDay(ctx)) < '2024-09-05')
        ctx.skip('the target’s clock is before 2024-09-05');
      await paymentControl(ctx, sctBody(party), 'the same payment with an unstructured remittance');
      const body = sctBody(party, { remittanceInformationStructured: { reference: '1234567897' } });
      delete (body as Record<string, unknown>).remittanceInformationUnstructured;
      const exchange = await initiatePayment(ctx, body);
      expectRefused(ctx, exchange, 'remittanceInformationStructured');
    },
  }),
  defineCheck({
    id: 'FIX-LINKS-UNDER-V1',
    title: 'The account information links are paths under /v1',
    area: AREA,
    rules: ['FIX-V1-PREFIX'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const { accounts } = await accountsOf(ctx, session);
      const { cardAccounts } = await cardAccountsOf(ctx, session);
      const hrefs = [...accounts, ...cardAccounts].flatMap((item) =>
        Object.values(item._links ?? {}).map((link) => link.href),
      );
      ctx.expect.true(hrefs.length > 0, 'the accounts carry links');
      for (const href of hrefs)
        ctx.expect.true(pathOf(href).startsWith('/v1/'), `${href} is under /v1`);
      const transactions = accounts[0]?._links?.transactions?.href;
      if (transactions !== undefined) {
        const exchange = await follow(
          ctx,
          session,
          `${transactions}?bookingStatus=booked`,
          'follow transactions',
        );
        ctx.expect.status(exchange, 200, 'the linked transactions');
      }
    },
  }),
  defineCheck({
    id: 'FIX-OPT-IN-BEFORE-DEFAULT',
    title: 'Before its default date a fix applies when x-accept-fix asks for it',
    area: AREA,
    rules: ['FIX-ACCEPT-FIX-OPT-IN'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      await moveBefore(ctx, defaultFrom('cash-account-type-iso'));
      const session = await aisConsent(ctx);
      const legacy = cashAccountTypes(
        (await accountsWith(ctx, session, 'amount-as-string')).accounts,
      );
      ctx.expect.true(
        legacy.length > 0 && legacy.every((type) => !ISO_TYPES.includes(type)),
        `without the fix: the legacy cashAccountType (${legacy.join(', ')})`,
      );
      const iso = cashAccountTypes(
        (await accountsWith(ctx, session, 'amount-as-string,cash-account-type-iso')).accounts,
      );
      ctx.expect.true(
        iso.every((type) => ISO_TYPES.includes(type)),
        `with x-accept-fix cash-account-type-iso: ISO 20022 codes (${iso.join(', ')})`,
      );
    },
  }),
  defineCheck({
    id: 'FIX-COMMA-SEPARATED-VALUES',
    title: 'Every value of a comma-separated x-accept-fix applies',
    area: AREA,
    rules: ['FIX-ACCEPT-FIX-COMMA-LIST'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      await moveBefore(ctx, defaultFrom('cash-account-type-iso'));
      const session = await aisConsent(ctx);
      const types = cashAccountTypes(
        (await accountsWith(ctx, session, 'amount-as-string, longer-names , cash-account-type-iso'))
          .accounts,
      );
      ctx.expect.true(
        types.length > 0 && types.every((type) => ISO_TYPES.includes(type)),
        `the third value cash-account-type-iso applies (${types.join(', ')})`,
      );
    },
  }),
  defineCheck({
    id: 'FIX-DEFAULTS-AFTER-DATE',
    title: 'After their default dates the fixes apply without x-accept-fix',
    area: AREA,
    rules: ['FIX-DEFAULT-AFTER-NOTICE'],
    needs: ['psu-agent'],
    async run(ctx) {
      const latest = FIXES.map((fix) => fix.defaultFrom)
        .sort()
        .at(-1)!;
      if ((await readBankDay(ctx)) < latest) ctx.skip(`the bank's today is before ${latest}`);
      const session = await aisConsent(ctx);
      const { accounts } = await accountsWith(ctx, session, undefined);
      ctx.expect.true(accounts.length > 0, 'accounts to judge');
      for (const account of accounts) {
        ctx.expect.true(
          ISO_TYPES.includes(account.cashAccountType ?? ''),
          `cash-account-type-iso by default: ${account.cashAccountType} is an ISO 20022 code`,
        );
        for (const balance of account.balances ?? [])
          ctx.expect.schema(balance.balanceAmount, AmountSchema, 'amount-as-string by default');
      }
      const card = await firstCardAccount(ctx, session);
      const foreign = foreignOnes(
        ctx,
        card,
        // All the history on a full page, as FIX-CARD-AMOUNT-MAPPING reads it first: the bank
        // clock may have moved ahead of the seeded transactions on a bank that is not fresh.
        await cardTransactionsWith(ctx, session, card, 'longer-names', {
          dateFrom: '2000-01-01',
          limit: DEFAULT_PAGE_SIZE,
        }),
      );
      ctx.expect.true(
        correctlyMapped(card, foreign),
        'the card amount mapping is correct by default: transactionAmount in the card currency',
      );
    },
  }),
  defineCheck({
    id: 'FIX-AMOUNTS-STRINGS-WITH-DECIMALS',
    title: 'Amounts are strings with the currency’s decimals',
    area: AREA,
    rules: ['FIX-AMOUNT-AS-STRING'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const { accounts } = await accountsWith(ctx, session, 'amount-as-string');
      const amounts = accounts.flatMap((a) => (a.balances ?? []).map((b) => b.balanceAmount));
      const card = await firstCardAccount(ctx, session);
      for (const t of await cardTransactionsWith(ctx, session, card, 'amount-as-string'))
        amounts.push(...[t.transactionAmount, t.originalAmount].flatMap((a) => (a ? [a] : [])));
      ctx.expect.true(amounts.length > 0, 'amounts to judge');
      for (const amount of amounts)
        ctx.expect.schema(amount, AmountSchema, `amount ${JSON.stringify(amount)}`);
    },
  }),
  defineCheck({
    id: 'FIX-CARD-AMOUNT-MAPPING',
    title:
      'transactionAmount/originalAmount: switched before the fix, correct with it and after its date',
    area: AREA,
    rules: ['FIX-CARD-AMOUNTS-SWITCH'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'clock-control'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const card = await firstCardAccount(ctx, session);
      const today = foreignOnes(
        ctx,
        card,
        // All the account's history on a full page: on a bank that is not fresh the clock may
        // have moved far ahead of the seeded transactions (the default 90 days miss them), and
        // ones other checks added in the card's own currency may push the foreign ones off a
        // shorter page. (Older than 90 days needs the SCA of this hour, which was just done.)
        await cardTransactionsWith(ctx, session, card, 'amount-as-string', {
          dateFrom: '2000-01-01',
          limit: DEFAULT_PAGE_SIZE,
        }),
      );
      ctx.expect.true(
        correctlyMapped(card, today),
        'after the default date: transactionAmount in the card currency',
      );
      await moveBefore(ctx, defaultFrom('cardaccount-switch-originalamount-and-transactionamount'));
      const legacy = foreignOnes(
        ctx,
        card,
        await cardTransactionsWith(ctx, session, card, 'amount-as-string'),
      );
      ctx.expect.true(
        legacy.every((t) => t.transactionAmount?.currency !== card.currency),
        'before it, without the fix: the two amounts switched',
      );
      const fixed = foreignOnes(
        ctx,
        card,
        await cardTransactionsWith(
          ctx,
          session,
          card,
          'amount-as-string,cardaccount-switch-originalamount-and-transactionamount',
        ),
      );
      ctx.expect.true(
        correctlyMapped(card, fixed),
        'before it, with the fix: transactionAmount in the card currency',
      );
    },
  }),
  defineCheck({
    id: 'FIX-LONGER-NAMES-70',
    title: 'Account names up to 70 characters with longer-names (and after its date), cut before',
    area: AREA,
    rules: ['FIX-LONGER-NAMES'],
    effects: ['sandbox-data'],
    modes: ['sandbox'],
    needs: ['psu-agent', 'sandbox-api', 'clock-control'],
    async run(ctx) {
      const name = 'Workbench sparekonto med et navn på over trettifem tegn ok';
      const { iban } = await postSandboxAccount(ctx, '10000001', { accountName: name });
      const session = await aisConsent(ctx, knownPsu(ctx, 'private').login);
      const nameOf = async (acceptFix: string | undefined) =>
        (await accountsWith(ctx, session, acceptFix)).accounts.find((a) => a.iban === iban)?.name;
      ctx.expect.equal(
        await nameOf(undefined),
        name,
        `after the default date: the ${name.length}-character name`,
      );
      await moveBefore(ctx, defaultFrom('longer-names'));
      const legacy = (await nameOf('amount-as-string')) ?? '';
      ctx.expect.true(
        legacy.length <= 35 && name.startsWith(legacy),
        `before it, without the fix: the name cut to the legacy length ('${legacy}')`,
      );
      ctx.expect.equal(
        await nameOf('amount-as-string,longer-names'),
        name,
        'before it, with longer-names',
      );
    },
  }),
  defineCheck({
    id: 'FIX-CASH-ACCOUNT-TYPE-ISO-CODES',
    title: 'cashAccountType is an ISO 20022 code with cash-account-type-iso (and after its date)',
    area: AREA,
    rules: ['FIX-CASH-ACCOUNT-TYPE-ISO'],
    needs: ['psu-agent'],
    async run(ctx) {
      const session = await aisConsent(ctx);
      const types = cashAccountTypes(
        (await accountsWith(ctx, session, 'amount-as-string,cash-account-type-iso')).accounts,
      );
      ctx.expect.true(types.length > 0, 'accounts to judge');
      for (const type of types)
        ctx.expect.true(ISO_TYPES.includes(type), `${type} is an ISO 20022 code`);
    },
  }),
];
