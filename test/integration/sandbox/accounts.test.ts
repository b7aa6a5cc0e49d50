/**
 * POST and GET /v1/sandbox/accounts, PUT /v1/sandbox/accounts/{mockAccountId}/balances (§4.3,
 * §2.6; the creation body is not shown: the account list item without id and _links), rule 4
 * for accounts, rule 7 for the owner, and paging of sandbox reads.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { consentableAccounts } from '../../../main/core/bank/domain/parties.js';
import { SandboxAccountListItemSchema } from '../../../main/core/spec/schemas/sandbox.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { FREE_ACCOUNTS, KARI, NORDLYS, OLA, OLA_ACCOUNT, accountBody } from './bodies.js';
import { expectError, startSandbox, type Sandbox } from './harness.js';

const validator = new SpecValidator();
let sandbox: Sandbox;
beforeEach(async () => {
  await sandbox?.close();
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const create = (overrides: Record<string, unknown> = {}) =>
  sandbox.call('POST', '/v1/sandbox/accounts', accountBody(overrides));

describe('POST /v1/sandbox/accounts', () => {
  it('answers 201 with the §2.6 list item, a new UUID id and the given balances', async () => {
    const answer = await create();
    expect(answer.status).toBe(201);
    expect(validator.check(SandboxAccountListItemSchema, answer.body)).toEqual({ ok: true });
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).toMatchObject({
      customerNumber: OLA.customerNumber,
      iban: FREE_ACCOUNTS[0].iban,
      balances: [
        { balanceType: 'closingBooked', balanceAmount: { currency: 'NOK', amount: 100_000 } },
        { balanceType: 'expected', balanceAmount: { currency: 'NOK', amount: 90_000 } },
      ],
      _links: { transactions: { href: `/v1/sandbox/accounts/${answer.body.id}/transactions` } },
    });
    const list = (await sandbox.call('GET', '/v1/sandbox/accounts')).body;
    expect(list.at(-1)).toEqual(answer.body);
  });

  it('a balance type not given equals the other one; none given is 0', async () => {
    const booked = {
      balanceAmount: { currency: 'NOK', amount: 7_700 },
      balanceType: 'closingBooked',
    };
    const one = await create({ balances: [booked] });
    expect(
      one.body.balances.map((b: { balanceAmount: { amount: number } }) => b.balanceAmount.amount),
    ).toEqual([7_700, 7_700]);
    const none = await create({ balances: [], ...FREE_ACCOUNTS[1] });
    expect(
      none.body.balances.map((b: { balanceAmount: { amount: number } }) => b.balanceAmount.amount),
    ).toEqual([0, 0]);
  });

  it('§4.3 rule 4: a private customer’s account joins the private agreement and is offered for consent', async () => {
    const answer = await create();
    const offered = consentableAccounts(sandbox.bank.state(), {
      customerNumber: OLA.customerNumber,
    });
    expect(offered.map((a) => a.id)).toContain(answer.body.id);
    const agreement = (await sandbox.call('GET', '/v1/sandbox/agreements/agr-10000001')).body;
    expect(agreement.engagements.at(-1)).toMatchObject({
      customer: OLA.customerNumber,
      account: { iban: FREE_ACCOUNTS[0].iban, bban: FREE_ACCOUNTS[0].bban },
      roles: expect.arrayContaining(['REGISTER', 'VIEW']),
    });
  });

  it('§4.3 rule 4: a corporate customer’s account is offered to nobody until an engagement adds it', async () => {
    const answer = await create({ customerNumber: NORDLYS.customerNumber });
    expect(answer.status).toBe(201);
    const state = sandbox.bank.state();
    for (const psu of [OLA, KARI]) {
      for (const agreementId of [undefined, NORDLYS.agreementId]) {
        const offered = consentableAccounts(state, {
          customerNumber: psu.customerNumber,
          ...(agreementId ? { agreementId } : {}),
        });
        expect(offered.map((a) => a.id)).not.toContain(answer.body.id);
      }
    }
  });

  it('§4.3 rule 7: accepts the owner’s identity number and refuses a wrong one, an unknown one and a wrong format', async () => {
    const byNin = await create({ customerNumber: KARI.nin });
    expect(byNin.status).toBe(201);
    expect(byNin.body.customerNumber).toBe(KARI.customerNumber);
    expectError(
      await create({
        customerNumber: '15038512364',
        bban: FREE_ACCOUNTS[1].bban,
        iban: FREE_ACCOUNTS[1].iban,
      }),
      400,
      'FORMAT_ERROR',
      'customerNumber',
      /check digit/,
    );
    expectError(
      await create({ customerNumber: '01010112345' }),
      400,
      'FORMAT_ERROR',
      'customerNumber',
      /birth number or D-number/,
    );
    expectError(
      await create({ customerNumber: '99999999' }),
      400,
      'BAD_REQUEST',
      'customerNumber',
      /not a sandbox customer/,
    );
    expectError(
      await create({ customerNumber: '24059222232' }),
      400,
      'BAD_REQUEST',
      'customerNumber',
      /no sandbox customer/,
    );
    expectError(
      await create({ customerNumber: 'ola' }),
      400,
      'FORMAT_ERROR',
      'customerNumber',
      /neither a customer number/,
    );
  });

  it('checks the BBAN (mod-11), the IBAN (mod-97, Norwegian, of the BBAN) and their uniqueness', async () => {
    expectError(await create({ bban: '97102498768' }), 400, 'FORMAT_ERROR', 'bban', /mod-11/);
    expectError(await create({ iban: 'NO4897102498767' }), 400, 'FORMAT_ERROR', 'iban', /mod-97/);
    expectError(
      await create({ iban: FREE_ACCOUNTS[1].iban }),
      400,
      'FORMAT_ERROR',
      'iban',
      /IBAN of bban/,
    );
    expectError(
      await create({ bban: OLA_ACCOUNT.bban, iban: OLA_ACCOUNT.iban }),
      409,
      'CONFLICT',
      'bban',
      /already/,
    );
    // a card account's accountNumber is taken too
    expectError(
      await create({ bban: '97100612341', iban: 'NO1597100612341' }),
      409,
      'CONFLICT',
      'bban',
    );
  });

  it('checks currency, cashAccountType, accountName length, creditLine and int32', async () => {
    expectError(await create({ currency: 'XXX' }), 400, 'FORMAT_ERROR', 'currency', /§2.1/);
    expectError(
      await create({ cashAccountType: 'SAVINGS' }),
      400,
      'FORMAT_ERROR',
      'cashAccountType',
      /one of/,
    );
    expect((await create({ accountName: 'N'.repeat(70) })).status).toBe(201);
    expectError(
      await create({
        accountName: 'N'.repeat(71),
        bban: FREE_ACCOUNTS[1].bban,
        iban: FREE_ACCOUNTS[1].iban,
      }),
      400,
      'FORMAT_ERROR',
      'accountName',
      /at most 70/,
    );
    expectError(await create({ creditLine: -1 }), 400, 'FORMAT_ERROR', 'creditLine', />= 0/);
    expect(
      (
        await create({
          creditLine: 2_147_483_647,
          bban: FREE_ACCOUNTS[1].bban,
          iban: FREE_ACCOUNTS[1].iban,
        })
      ).status,
    ).toBe(201);
    expectError(
      await create({ creditLine: 2_147_483_648 }),
      400,
      'FORMAT_ERROR',
      'creditLine',
      /<= 2147483647/,
    );
    expectError(await create({ creditLine: 1.5 }), 400, 'FORMAT_ERROR', 'creditLine', /integer/);
  });

  it('requires every field, naming it', async () => {
    for (const field of Object.keys(accountBody())) {
      const body: Record<string, unknown> = accountBody();
      delete body[field];
      const answer = await sandbox.call('POST', '/v1/sandbox/accounts', body);
      expectError(answer, 400, 'FORMAT_ERROR', field, /is required/);
    }
  });

  it('checks balances: the account currency, each type once, the balanceType enumeration', async () => {
    const balance = (currency: string, balanceType: string) => ({
      balanceAmount: { currency, amount: 1 },
      balanceType,
    });
    expectError(
      await create({ balances: [balance('EUR', 'expected')] }),
      400,
      'BAD_REQUEST',
      'balances[0].balanceAmount.currency',
      /must be NOK/,
    );
    expectError(
      await create({ balances: [balance('NOK', 'expected'), balance('NOK', 'expected')] }),
      400,
      'BAD_REQUEST',
      'balances[1].balanceType',
      /twice/,
    );
    expectError(
      await create({ balances: [balance('NOK', 'interimAvailable')] }),
      400,
      'FORMAT_ERROR',
      'balances[0].balanceType',
      /closingBooked, expected/,
    );
  });
});

describe('GET /v1/sandbox/accounts and /v1/sandbox/customers: paging', () => {
  it.each(['/v1/sandbox/accounts', '/v1/sandbox/customers'])(
    '%s pages with offset and limit',
    async (path) => {
      const all = (await sandbox.call('GET', path)).body;
      const second = (await sandbox.call('GET', `${path}?offset=1&limit=1`)).body;
      expect(second).toEqual([all[1]]);
      expect((await sandbox.call('GET', `${path}?limit=2`)).body).toEqual(all.slice(0, 2));
      expect((await sandbox.call('GET', `${path}?offset=${all.length}`)).body).toEqual([]);
      expectError(
        await sandbox.call('GET', `${path}?limit=0`),
        400,
        'FORMAT_ERROR',
        'limit',
        />= 1/,
      );
      expectError(
        await sandbox.call('GET', `${path}?limit=-3`),
        400,
        'FORMAT_ERROR',
        'limit',
        />= 1/,
      );
      expectError(
        await sandbox.call('GET', `${path}?offset=-1`),
        400,
        'FORMAT_ERROR',
        'offset',
        />= 0/,
      );
      expectError(
        await sandbox.call('GET', `${path}?limit=ten`),
        400,
        'FORMAT_ERROR',
        'limit',
        /integer/,
      );
    },
  );

  it('lists customers with their identity numbers and agreements', async () => {
    const customers = (await sandbox.call('GET', '/v1/sandbox/customers')).body;
    const ola = customers.find(
      (c: { customerNumber: string }) => c.customerNumber === OLA.customerNumber,
    );
    expect(ola).toMatchObject({ type: 'PRIVATE', nationalIdentityNumber: OLA.nin });
    expect(
      ola.agreements.map((a: { id: string; relation: string }) => `${a.id}:${a.relation}`),
    ).toEqual(['agr-10000001:owner', 'agr-20000001:representative', 'agr-20000002:representative']);
  });
});

describe('PUT /v1/sandbox/accounts/{mockAccountId}/balances', () => {
  const path = `/v1/sandbox/accounts/${OLA_ACCOUNT.id}/balances`;
  const balance = (amount: number, balanceType = 'closingBooked', currency = 'NOK') => ({
    balanceAmount: { currency, amount },
    balanceType,
  });

  it('answers 200 with the account; a type not given keeps its value', async () => {
    const before = (await sandbox.call('GET', '/v1/sandbox/accounts')).body[0];
    const answer = await sandbox.call('PUT', path, [balance(-2_147_483_648)]);
    expect(answer.status).toBe(200);
    expect(answer.body.balances).toEqual([balance(-2_147_483_648), before.balances[1]]);
    expect((await sandbox.call('GET', '/v1/sandbox/accounts')).body[0]).toEqual(answer.body);
  });

  it('refuses another currency, a type twice, an empty list, int32 overflow, an unknown account', async () => {
    expectError(
      await sandbox.call('PUT', path, [balance(1, 'expected', 'EUR')]),
      400,
      'BAD_REQUEST',
      '[0].balanceAmount.currency',
      /NOK/,
    );
    expectError(
      await sandbox.call('PUT', path, [balance(1), balance(2)]),
      400,
      'BAD_REQUEST',
      '[1].balanceType',
    );
    expectError(await sandbox.call('PUT', path, []), 400, 'FORMAT_ERROR', 'body', /at least one/);
    expectError(
      await sandbox.call('PUT', path, [balance(2_147_483_648)]),
      400,
      'FORMAT_ERROR',
      '[0].balanceAmount.amount',
    );
    expectError(
      await sandbox.call('PUT', '/v1/sandbox/accounts/nope/balances', [balance(1)]),
      404,
      'RESOURCE_UNKNOWN',
      'mockAccountId',
    );
  });
});
