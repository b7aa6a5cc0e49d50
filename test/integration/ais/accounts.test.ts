/**
 * Accounts and card accounts over loopback (decisions.md paths, §1 consent, §7.3, §8 names, §9.2
 * fixes): only the consented holdings of the PSU's context, Berlin Group shapes valid against the
 * project's schemas, closed accounts leave the list (empty, never 404), and the name and
 * cashAccountType fixes before and after their default date.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  AccountBalancesResponseSchema,
  AccountDetailsResponseSchema,
  AccountListSchema,
  CardAccountBalancesResponseSchema,
  CardAccountDetailsResponseSchema,
  CardAccountListSchema,
} from '../../../main/core/spec/schemas/accounts.js';
import { closeHolding } from '../../../main/core/bank/domain/ais.js';
import { revokeGrant } from '../../../main/core/bank/domain/access.js';
import {
  KARI,
  OLA,
  OLA_ACCOUNT,
  OLA_CARD,
  OLA_SAVINGS,
  codeOf,
  startAis,
  type AisHarness,
} from './harness.js';

const validator = new SpecValidator();
const valid = (schema: Parameters<SpecValidator['check']>[0], body: unknown) =>
  expect(validator.check(schema, body)).toEqual({ ok: true });

let h: AisHarness;
afterEach(() => h?.close());

describe('GET /v1/accounts and /v1/card-accounts', () => {
  it('list only the accounts the PSU granted this TPP, in Berlin Group shapes', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({
      nationalIdentityNumber: OLA.nin,
      accounts: { grant: [OLA_ACCOUNT, OLA_CARD] },
    });

    const accounts = await tpp.get('/v1/accounts');
    expect(accounts.status, accounts.text).toBe(200);
    valid(AccountListSchema, accounts.body);
    expect(accounts.body.accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual([
      OLA_ACCOUNT,
    ]);
    expect(accounts.body.accounts[0]).toMatchObject({
      iban: 'NO5297100512347',
      bban: '97100512347',
      currency: 'NOK',
      name: 'Brukskonto',
      cashAccountType: 'CACC',
      status: 'enabled',
      usage: 'PRIV',
      _links: {
        balances: { href: `/v1/accounts/${OLA_ACCOUNT}/balances` },
        transactions: { href: `/v1/accounts/${OLA_ACCOUNT}/transactions` },
      },
    });
    expect(accounts.body.accounts[0].balances).toBeUndefined();

    const cards = await tpp.get('/v1/card-accounts', { withBalance: 'true' });
    expect(cards.status, cards.text).toBe(200);
    valid(CardAccountListSchema, cards.body);
    expect(cards.body.cardAccounts).toHaveLength(1);
    expect(cards.body.cardAccounts[0]).toMatchObject({
      resourceId: OLA_CARD,
      maskedPan: '525412******3241',
      currency: 'NOK',
      name: 'Mastercard Platinum',
      creditLimit: { amount: '50000.00', currency: 'NOK' },
      _links: { transactions: { href: `/v1/card-accounts/${OLA_CARD}/transactions` } },
    });
    expect(
      cards.body.cardAccounts[0].balances.map((b: { balanceType: string }) => b.balanceType),
    ).toEqual(['closingBooked', 'expected']);

    // The savings account was not granted: unknown to this TPP, like any other (docs/sca.md).
    const savings = await tpp.get(`/v1/accounts/${OLA_SAVINGS}`);
    expect([savings.status, codeOf(savings)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('reads one account and its balances from the ledger; another PSU cannot', async () => {
    h = await startAis();
    const ola = h.tpp();
    await ola.consent({ nationalIdentityNumber: OLA.nin });
    const account = await ola.get(`/v1/accounts/${OLA_ACCOUNT}`, { withBalance: 'true' });
    expect(account.status, account.text).toBe(200);
    valid(AccountDetailsResponseSchema, account.body);
    expect(account.body.account.balances).toEqual([
      {
        balanceAmount: { amount: '63356.00', currency: 'NOK' },
        balanceType: 'closingBooked',
        creditLimitIncluded: false,
        referenceDate: '2025-03-14',
      },
      {
        balanceAmount: { amount: '62066.00', currency: 'NOK' },
        balanceType: 'expected',
        creditLimitIncluded: false,
        referenceDate: '2025-03-14',
      },
    ]);
    const balances = await ola.get(`/v1/accounts/${OLA_ACCOUNT}/balances`);
    valid(AccountBalancesResponseSchema, balances.body);
    expect(balances.body.account).toEqual({ iban: 'NO5297100512347', currency: 'NOK' });

    const card = await ola.get(`/v1/card-accounts/${OLA_CARD}`);
    valid(CardAccountDetailsResponseSchema, card.body);
    const cardBalances = await ola.get(`/v1/card-accounts/${OLA_CARD}/balances`);
    valid(CardAccountBalancesResponseSchema, cardBalances.body);
    expect(cardBalances.body.balances[0].balanceAmount).toEqual({
      amount: '-4221.69',
      currency: 'NOK',
    });

    const kari = h.tpp();
    await kari.consent({ nationalIdentityNumber: KARI.nin });
    for (const path of [`/v1/accounts/${OLA_ACCOUNT}`, `/v1/card-accounts/${OLA_CARD}/balances`]) {
      const answer = await kari.get(path);
      expect([answer.status, codeOf(answer)], path).toEqual([404, 'RESOURCE_UNKNOWN']);
    }
  });

  it('needs a PSU and a valid consent', async () => {
    h = await startAis();
    const tpp = h.tpp();
    const noPsu = await tpp.get('/v1/accounts');
    expect([noPsu.status, codeOf(noPsu)]).toEqual([400, 'HTTP_HEADER_REQUIRED']);
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    h.advanceDays(181);
    const expired = await tpp.get('/v1/accounts');
    expect([expired.status, codeOf(expired)]).toEqual([401, 'CONSENT_EXPIRED']);
  });

  it('a corporate representative sees only the accounts granted in that agreement (§1)', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    const privateIds = (await tpp.get('/v1/accounts')).body.accounts.map(
      (a: { resourceId: string }) => a.resourceId,
    );
    await tpp.consent({
      nationalIdentityNumber: OLA.nin,
      context: { agreementName: 'Nordlys Rørlegger AS' },
      accounts: { grant: ['acc-20000001-driftskonto'] },
    });
    expect(tpp.session.psuCorporateId).toBeDefined();
    const corporate = await tpp.get('/v1/accounts');
    expect(corporate.status, corporate.text).toBe(200);
    expect(
      corporate.body.accounts.map((a: { resourceId: string; usage: string }) => [
        a.resourceId,
        a.usage,
      ]),
    ).toEqual([['acc-20000001-driftskonto', 'ORGA']]);
    expect((await tpp.get('/v1/card-accounts')).body.cardAccounts).toEqual([]);
    const other = await tpp.get('/v1/accounts/acc-20000001-skattetrekk');
    expect([other.status, codeOf(other)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    // Back in private context the private consent still shows the private accounts.
    const privately = await tpp.get(
      '/v1/accounts',
      {},
      { 'PSU-Corporate-ID': null, 'PSU-Context': 'PRIVATE' },
    );
    expect(privately.body.accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual(
      privateIds,
    );
  });

  it('§7.3: consented accounts closed in the backend leave the list, which may be empty (not 404)', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({
      nationalIdentityNumber: OLA.nin,
      accounts: { grant: [OLA_ACCOUNT, OLA_CARD] },
    });
    h.bank.update((state) => {
      closeHolding(state, 'account', OLA_ACCOUNT);
      closeHolding(state, 'card-account', OLA_CARD);
    });
    for (const [path, key] of [
      ['/v1/accounts', 'accounts'],
      ['/v1/card-accounts', 'cardAccounts'],
    ] as const) {
      const list = await tpp.get(path);
      expect(list.status, list.text).toBe(200);
      expect(list.body).toEqual({ [key]: [] });
    }
    const read = await tpp.get(`/v1/accounts/${OLA_ACCOUNT}`);
    expect([read.status, codeOf(read)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('§7.3: an account removed from the backend (sandbox re-fill) leaves an empty list', async () => {
    h = await startAis();
    const tpp = h.tpp();
    expect((await tpp.call('POST', '/v1/sandbox/fixed-test-data', { body: {} })).status).toBe(200);
    const created = await tpp.call('POST', '/v1/sandbox/accounts', {
      body: {
        customerNumber: '30000001',
        accountName: 'Ekstrakonto',
        bban: '97102498767',
        iban: 'NO4997102498767',
        currency: 'NOK',
        product: 'Sparekonto',
        cashAccountType: 'SVGS',
        creditLine: 0,
        balances: [],
      },
    });
    expect(created.status, created.text).toBe(201);
    await tpp.consent({
      nationalIdentityNumber: '24059222232',
      accounts: { grant: ['NO4997102498767'] },
    });
    expect((await tpp.get('/v1/accounts')).body.accounts).toHaveLength(1);
    expect((await tpp.call('POST', '/v1/sandbox/fixed-test-data', { body: {} })).status).toBe(200);
    const after = await tpp.get('/v1/accounts');
    expect([after.status, after.body]).toEqual([200, { accounts: [] }]);
  });

  it('a grant the PSU revoked in the bank leaves the list at once (§1)', async () => {
    h = await startAis();
    const tpp = h.tpp();
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    const tppId = h.bank.state().grants[0]!.tppId;
    h.bank.update((state, now) =>
      revokeGrant(
        state,
        { tppId, customerNumber: OLA.customerNumber, accountId: OLA_SAVINGS },
        now,
      ),
    );
    const list = await tpp.get('/v1/accounts');
    expect(list.body.accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual([
      OLA_ACCOUNT,
    ]);
  });
});

describe('§8 names and §9.2 cash-account-type-iso / longer-names', () => {
  const longName = 'Sparekonto for ferie, hytte og alt det andre vi drømmer om';

  async function withLongName(now: Date) {
    h = await startAis({ now });
    const tpp = h.tpp();
    const created = await tpp.call('POST', '/v1/sandbox/accounts', {
      body: {
        customerNumber: OLA.customerNumber,
        accountName: longName,
        bban: '97101833333',
        iban: 'NO3997101833333',
        currency: 'NOK',
        product: 'Sparekonto med et produktnavn lengre enn trettifem tegn',
        cashAccountType: 'SVGS',
        creditLine: 0,
        balances: [],
      },
    });
    expect(created.status, created.text).toBe(201);
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    const read = async (fix?: string) => {
      const answer = await tpp.get('/v1/accounts', {}, { 'x-accept-fix': fix ?? null });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.accounts.find((a: { iban: string }) => a.iban === 'NO3997101833333');
    };
    return read;
  }

  it('before 05-Sep-2024: names cut to 35 characters and legacy cashAccountType, unless asked for', async () => {
    const read = await withLongName(new Date('2024-09-04T23:59:00Z'));
    const legacy = await read();
    expect(longName.length).toBeGreaterThan(35);
    expect(legacy.name).toBe(longName.slice(0, 35));
    expect(legacy.cashAccountType).toBe('Savings');
    expect(legacy.product).toHaveLength(35);
    const fixed = await read('longer-names,cash-account-type-iso');
    expect(fixed.name).toBe(longName);
    expect(fixed.cashAccountType).toBe('SVGS');
    expect((await read('cash-account-type-iso')).name).toBe(longName.slice(0, 35));
  });

  it('from 05-Sep-2024 on the bank clock: full names and ISO 20022 codes by default', async () => {
    const read = await withLongName(new Date('2024-09-05T00:00:00Z'));
    expect(await read()).toMatchObject({ name: longName, cashAccountType: 'SVGS' });
  });

  it('the card account name follows longer-names too', async () => {
    h = await startAis({ now: new Date('2024-06-01T12:00:00Z') });
    const tpp = h.tpp();
    const name = 'Mastercard Platinum med reiseforsikring og lounge';
    const created = await tpp.call('POST', '/v1/sandbox/card-accounts', {
      body: {
        customerNumber: OLA.customerNumber,
        maskedPan: '525412******9911',
        currency: 'NOK',
        creditLimit: { currency: 'NOK', amount: 2_000_000 },
        balances: [],
        cardId: 'card-id-test',
        cardIdVNo: '01',
        accountNumber: '97101722221',
        expiry: '2028-06',
        name,
        product: 'MASTERCARD',
        status: 'enabled',
      },
    });
    expect(created.status, created.text).toBe(201);
    await tpp.consent({ nationalIdentityNumber: OLA.nin });
    const names = async (fix: string | null) =>
      (await tpp.get('/v1/card-accounts', {}, { 'x-accept-fix': fix })).body.cardAccounts.map(
        (c: { name: string }) => c.name,
      );
    expect(await names(null)).toContain(name.slice(0, 35));
    expect(await names('longer-names')).toContain(name);
  });
});
