/**
 * §1 "Sandbox behaviour", §4.3: the initial state, POST /v1/sandbox/initialize, the fixed
 * test-data fill, the headers every sandbox operation needs, and production's 404 for /sandbox/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ROUTES } from '../../../main/core/bank/index.js';
import { validateNorwegianIdentityNumber } from '../../../main/core/spec/validators/national-identity-number.js';
import { validateIban } from '../../../main/core/spec/validators/iban.js';
import { isValidNorwegianBban } from '../../../main/core/spec/validators/norwegian-bban.js';
import { describeInitialData } from '../../../main/core/bank/handlers/sandbox/data-description.js';
import { accountBody, cardAccountBody, OLA, OLA_ACCOUNT } from './bodies.js';
import { NOW, expectError, startSandbox, type Sandbox } from './harness.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('the initial state (§1)', () => {
  it('has two private customers with two accounts and a card account each, two corporate with two accounts each', async () => {
    const customers = (await sandbox.call('GET', '/v1/sandbox/customers')).body;
    const accounts = (await sandbox.call('GET', '/v1/sandbox/accounts')).body;
    const ofType = (type: string) => customers.filter((c: { type: string }) => c.type === type);
    expect(ofType('PRIVATE')).toHaveLength(2);
    expect(ofType('CORPORATE')).toHaveLength(2);
    expect(customers).toHaveLength(4);
    for (const customer of customers) {
      const own = accounts.filter(
        (a: { customerNumber: string }) => a.customerNumber === customer.customerNumber,
      );
      expect(own, customer.name).toHaveLength(2);
      // decisions.md: a valid mock birth number or D-number
      expect(validateNorwegianIdentityNumber(customer.nationalIdentityNumber).ok).toBe(true);
    }
    const kinds = customers.map(
      (c: { nationalIdentityNumber: string }) =>
        (validateNorwegianIdentityNumber(c.nationalIdentityNumber) as { kind: string }).kind,
    );
    expect(new Set(kinds)).toEqual(new Set(['birth-number', 'd-number']));
    for (const cardAccount of ['card-10000001', 'card-10000002']) {
      const answer = await sandbox.call('GET', `/v1/sandbox/card-accounts/${cardAccount}`);
      expect(answer.status).toBe(200);
      expect(answer.body.cardAccount.status).toBe('enabled');
    }
  });

  it('holds realistic Norwegian accounts: valid BBANs and IBANs, NOK and one EUR, balances and credit lines', async () => {
    const accounts = (await sandbox.call('GET', '/v1/sandbox/accounts')).body as {
      bban: string;
      iban: string;
      currency: string;
      creditLine: number;
      balances: { balanceType: string; balanceAmount: { currency: string; amount: number } }[];
    }[];
    for (const account of accounts) {
      expect(isValidNorwegianBban(account.bban), account.bban).toBe(true);
      expect(validateIban(account.iban).ok, account.iban).toBe(true);
      expect(account.iban).toBe(`${account.iban.slice(0, 4)}${account.bban}`);
      expect(account.balances.map((b) => b.balanceType)).toEqual(['closingBooked', 'expected']);
      for (const balance of account.balances)
        expect(balance.balanceAmount.currency).toBe(account.currency);
    }
    expect(accounts.filter((a) => a.currency === 'EUR')).toHaveLength(1);
    expect(accounts.filter((a) => a.currency === 'NOK')).toHaveLength(accounts.length - 1);
    expect(accounts.some((a) => a.creditLine > 0)).toBe(true);
  });

  it('has a recent history: booked and pending account transactions, booked card transactions, dates from the bank date', async () => {
    const history = (
      await sandbox.call('GET', `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/transactions`)
    ).body;
    expect(history.length).toBeGreaterThanOrEqual(5);
    const dates = history.map((t: { bookingDate: string }) => t.bookingDate);
    expect(dates[0]).toBe(NOW.toISOString().slice(0, 10)); // the pending one, on the bank date
    expect(dates.every((d: string) => d <= '2025-03-14' && d >= '2025-01-01')).toBe(true);
    const cards = (
      await sandbox.call(
        'GET',
        '/v1/sandbox/card-accounts/card-10000001/transactions?bookingStatus=both',
      )
    ).body;
    expect(cards.cardTransactions.booked.length).toBeGreaterThanOrEqual(3);
    expect(
      cards.cardTransactions.booked.every(
        (t: { bookingDate: string }) => t.bookingDate < '2025-03-14',
      ),
    ).toBe(true);
  });

  it('is documented in the initialize route of /openapi.json, generated from the data', async () => {
    const document = (await sandbox.call('GET', '/openapi.json', undefined, { sign: false })).body;
    const description = document.paths['/v1/sandbox/initialize'].post.description as string;
    expect(description).toContain(describeInitialData());
    expect(description).toContain(OLA.nin);
  });
});

describe('POST /v1/sandbox/initialize', () => {
  it('after arbitrary changes gives byte-identical customer and account lists to a fresh bank at the same clock time', async () => {
    const changed = await startSandbox();
    const fresh = await startSandbox();
    try {
      expect((await changed.call('POST', '/v1/sandbox/accounts', accountBody())).status).toBe(201);
      expect(
        (await changed.call('POST', '/v1/sandbox/card-accounts', cardAccountBody())).status,
      ).toBe(201);
      expect((await changed.call('POST', '/v1/sandbox/fixed-test-data')).status).toBe(200);
      const balances = [{ balanceAmount: { currency: 'NOK', amount: 1 }, balanceType: 'expected' }];
      expect(
        (await changed.call('PUT', `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/balances`, balances))
          .status,
      ).toBe(200);
      const before = await changed.call('GET', '/v1/sandbox/accounts');
      expect(before.text).not.toBe((await fresh.call('GET', '/v1/sandbox/accounts')).text);

      const reset = await changed.call('POST', '/v1/sandbox/initialize', { ignored: true });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({});
      for (const path of ['/v1/sandbox/customers', '/v1/sandbox/accounts']) {
        const [after, expected] = await Promise.all([
          changed.call('GET', path),
          fresh.call('GET', path),
        ]);
        expect(after.status).toBe(200);
        expect(after.text).toBe(expected.text);
      }
    } finally {
      await Promise.all([changed.close(), fresh.close()]);
    }
  });

  it('removes created card accounts and their transactions', async () => {
    const created = await sandbox.call('POST', '/v1/sandbox/card-accounts', cardAccountBody());
    expect(created.status).toBe(201);
    await sandbox.call('POST', '/v1/sandbox/initialize');
    const gone = await sandbox.call('GET', `/v1/sandbox/card-accounts/${created.body.resourceId}`);
    expectError(gone, 404, 'RESOURCE_UNKNOWN', 'mockCardAccountId');
  });
});

describe('POST /v1/sandbox/fixed-test-data', () => {
  it('adds hundreds of account transactions, pending ones, and foreign-currency card transactions; again replaces; initialize removes', async () => {
    const bank = await startSandbox();
    try {
      const fill = await bank.call('POST', '/v1/sandbox/fixed-test-data');
      expect(fill.status).toBe(200);
      expect(fill.body.accountTransactions).toBeGreaterThanOrEqual(300);
      const [accountId] = fill.body.accounts;
      const [cardId] = fill.body.cardAccounts;
      const all = async () => {
        const pages = [];
        for (let offset = 0; ; offset += 200) {
          const answer = await bank.call(
            'GET',
            `/v1/sandbox/accounts/${accountId}/transactions?offset=${offset}&limit=200`,
          );
          pages.push(...answer.body);
          if (answer.body.length < 200) return pages;
        }
      };
      const entries = await all();
      expect(entries.length).toBeGreaterThanOrEqual(300);
      expect(
        new Set(entries.map((t: { bookingDate: string }) => t.bookingDate)).size,
      ).toBeGreaterThan(200);
      const cards = (
        await bank.call(
          'GET',
          `/v1/sandbox/card-accounts/${cardId}/transactions?bookingStatus=both`,
        )
      ).body;
      expect(cards.cardTransactions.pending.length).toBeGreaterThan(0);
      const foreign = cards.cardTransactions.booked.filter(
        (t: { originalAmount: { currency: string } }) => t.originalAmount.currency !== 'NOK',
      );
      expect(foreign.length).toBeGreaterThan(10);
      const state = bank.bank.state();
      const pending = state.accountTransactions.filter(
        (t) => t.accountId === accountId && t.status === 'pending',
      );
      expect(pending.length).toBeGreaterThan(0);
      expect(state.cardTransactions.some((t) => t.accountId === cardId && t.currencyExchange)).toBe(
        true,
      );

      const accountsText = (await bank.call('GET', '/v1/sandbox/accounts')).text;
      const again = await bank.call('POST', '/v1/sandbox/fixed-test-data');
      expect(again.body).toEqual(fill.body);
      expect((await bank.call('GET', '/v1/sandbox/accounts')).text).toBe(accountsText);
      expect(await all()).toEqual(entries);

      await bank.call('POST', '/v1/sandbox/initialize');
      const unknown = await bank.call('GET', `/v1/sandbox/accounts/${accountId}/transactions`);
      expectError(unknown, 404, 'RESOURCE_UNKNOWN', 'mockAccountId');
    } finally {
      await bank.close();
    }
  });
});

/** Every sandbox route with concrete path parameters. */
const SANDBOX_CALLS = BANK_ROUTES.filter((route) => route.path.includes('/sandbox/')).map(
  (route) => ({
    method: route.method,
    path: route.path
      .replace('{mockAccountId}', OLA_ACCOUNT.id)
      .replace('{mockTransactionId}', 'tx-0001')
      .replace('{mockCardAccountId}', 'card-10000001')
      .replace('{mockAgreementId}', 'agr-20000001'),
  }),
);

describe('headers and modes (§4.3, decisions.md)', () => {
  it('covers the sixteen sandbox operations of decisions.md', () => {
    expect(SANDBOX_CALLS).toHaveLength(16);
  });

  it.each(['X-Request-ID', 'TPP-Signature-Certificate', 'Signature'])(
    'refuses every sandbox operation without %s (HTTP_HEADER_REQUIRED naming it)',
    async (header) => {
      for (const { method, path } of SANDBOX_CALLS) {
        const answer = await sandbox.call(method, path, undefined, {
          afterSigning: (wire) => {
            for (const name of Object.keys(wire.headers))
              if (name.toLowerCase() === header.toLowerCase()) delete wire.headers[name];
          },
        });
        expectError(answer, 400, 'HTTP_HEADER_REQUIRED', header);
      }
    },
  );

  it('requires Digest on a body', async () => {
    const answer = await sandbox.call('POST', '/v1/sandbox/accounts', accountBody(), {
      afterSigning: (wire) => {
        delete wire.headers.Digest;
      },
    });
    expectError(answer, 400, 'HTTP_HEADER_REQUIRED', 'Digest');
  });

  it('refuses a signature that does not match the body', async () => {
    const answer = await sandbox.call('POST', '/v1/sandbox/accounts', accountBody(), {
      afterSigning: (wire) => {
        wire.body = Buffer.from(JSON.stringify(accountBody({ accountName: 'Changed' })));
      },
    });
    expect(answer.status).toBe(400);
    expect(
      (await sandbox.call('GET', '/v1/sandbox/accounts')).body.some(
        (a: { accountName: string }) => a.accountName === 'Changed',
      ),
    ).toBe(false);
  });

  it('production mode answers 404 for every /sandbox/ operation', async () => {
    const production = await startSandbox('production');
    try {
      for (const { method, path } of SANDBOX_CALLS) {
        const answer = await production.call(method, path);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.tppMessages[0].code).toBe('NOT_FOUND');
      }
    } finally {
      await production.close();
    }
  });
});
