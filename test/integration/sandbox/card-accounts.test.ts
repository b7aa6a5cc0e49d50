/**
 * POST /v1/sandbox/card-accounts and GET /v1/sandbox/card-accounts/{mockCardAccountId} (§4.3,
 * §2.6): the field rules, §4.3 rule 4 (a private customer's card account joins the private
 * agreement; a corporate one does not) and rule 7 (the owner).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { consentableAccounts } from '../../../main/core/bank/domain/parties.js';
import {
  SandboxCardAccountCreatedSchema,
  SandboxCardAccountResponseSchema,
} from '../../../main/core/spec/schemas/sandbox.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import { FREE_ACCOUNTS, KARI, NORDLYS, OLA, OLA_ACCOUNT, cardAccountBody } from './bodies.js';
import { expectError, startSandbox, type Sandbox } from './harness.js';

const validator = new SpecValidator();
let sandbox: Sandbox;
beforeEach(async () => {
  await sandbox?.close();
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const create = (overrides: Record<string, unknown> = {}) =>
  sandbox.call('POST', '/v1/sandbox/card-accounts', cardAccountBody(overrides));
const other = { accountNumber: FREE_ACCOUNTS[2].bban };

describe('POST /v1/sandbox/card-accounts', () => {
  it('answers 201 with resourceId, every request field and _links; GET one wraps it in cardAccount', async () => {
    const answer = await create();
    expect(answer.status).toBe(201);
    expect(validator.check(SandboxCardAccountCreatedSchema, answer.body)).toEqual({ ok: true });
    const { resourceId, _links, ...fields } = answer.body;
    expect(fields).toEqual(cardAccountBody());
    expect(_links).toEqual({
      self: { href: `/v1/sandbox/card-accounts/${resourceId}`, verbs: ['GET'] },
      transactions: {
        href: `/v1/sandbox/card-accounts/${resourceId}/transactions`,
        verbs: ['GET'],
      },
    });
    const read = await sandbox.call('GET', _links.self.href);
    expect(read.status).toBe(200);
    expect(validator.check(SandboxCardAccountResponseSchema, read.body)).toEqual({ ok: true });
    const { customerNumber: _owner, ...withoutOwner } = answer.body;
    expect(read.body).toEqual({ cardAccount: withoutOwner });
  });

  it('decisions.md "Masked PANs": the Berlin Group example 123456xxxxxx1234 (lower-case x) is a masked PAN', async () => {
    const answer = await create({ maskedPan: '123456xxxxxx1234' });
    expect(answer.status).toBe(201);
    expect(answer.body.maskedPan).toBe('123456xxxxxx1234');
    expect((await create({ maskedPan: '492500XXXXXX7391', ...other })).status).toBe(201);
  });

  it('§4.3 rule 4: a private customer’s card account is offered to the customer; a corporate one to nobody', async () => {
    const own = await create();
    const corporate = await create({ customerNumber: NORDLYS.customerNumber, ...other });
    expect(corporate.status).toBe(201);
    const state = sandbox.bank.state();
    const privateOffer = consentableAccounts(state, { customerNumber: OLA.customerNumber });
    expect(privateOffer).toContainEqual({
      kind: 'card-account',
      id: own.body.resourceId,
      name: 'Mastercard Gold',
      maskedPan: '525412******9911',
      currency: 'NOK',
    });
    for (const psu of [OLA, KARI])
      for (const agreementId of [undefined, NORDLYS.agreementId])
        expect(
          consentableAccounts(state, {
            customerNumber: psu.customerNumber,
            ...(agreementId ? { agreementId } : {}),
          }).map((a) => a.id),
        ).not.toContain(corporate.body.resourceId);
  });

  it('§4.3 rule 7: the owner by customer number or identity number; wrong ones named', async () => {
    const byNin = await create({ customerNumber: OLA.nin });
    expect(byNin.body.customerNumber).toBe(OLA.customerNumber);
    expectError(
      await create({ customerNumber: '12345678', ...other }),
      400,
      'BAD_REQUEST',
      'customerNumber',
      /rule 7/,
    );
    expectError(
      await create({ customerNumber: '1234', ...other }),
      400,
      'FORMAT_ERROR',
      'customerNumber',
      /rule 7/,
    );
  });

  it('checks accountNumber (Norwegian BBAN, unique among accounts and card accounts)', async () => {
    expectError(
      await create({ accountNumber: '97101501234' }),
      400,
      'FORMAT_ERROR',
      'accountNumber',
      /mod-11/,
    );
    expectError(
      await create({ accountNumber: OLA_ACCOUNT.bban }),
      409,
      'CONFLICT',
      'accountNumber',
    );
    expectError(await create({ accountNumber: '97100612341' }), 409, 'CONFLICT', 'accountNumber');
  });

  it('checks status, currency, creditLimit, balances, maskedPan, expiry and name length', async () => {
    expectError(
      await create({ status: 'active' }),
      400,
      'FORMAT_ERROR',
      'status',
      /enabled, deleted, blocked/,
    );
    for (const status of ['blocked', 'deleted'])
      expect(
        (
          await create({
            status,
            accountNumber: status === 'blocked' ? FREE_ACCOUNTS[3].bban : FREE_ACCOUNTS[4].bban,
          })
        ).status,
      ).toBe(201);
    expectError(await create({ currency: 'NOKK' }), 400, 'FORMAT_ERROR', 'currency');
    expectError(
      await create({ creditLimit: { currency: 'EUR', amount: 1 } }),
      400,
      'BAD_REQUEST',
      'creditLimit.currency',
      /NOK/,
    );
    expectError(
      await create({ creditLimit: { currency: 'NOK', amount: -1 } }),
      400,
      'FORMAT_ERROR',
      'creditLimit.amount',
    );
    expectError(
      await create({ creditLimit: { currency: 'NOK', amount: 2_147_483_648 } }),
      400,
      'FORMAT_ERROR',
      'creditLimit.amount',
    );
    expectError(
      await create({
        balances: [{ balanceAmount: { currency: 'SEK', amount: 1 }, balanceType: 'expected' }],
      }),
      400,
      'BAD_REQUEST',
      'balances[0].balanceAmount.currency',
    );
    expectError(await create({ maskedPan: '5254123456783241' }), 400, 'FORMAT_ERROR', 'maskedPan');
    for (const unsafe of ['525412/*****3241', '525412%2F****3241', '525412------3241'])
      expectError(await create({ maskedPan: unsafe }), 400, 'FORMAT_ERROR', 'maskedPan');
    expectError(await create({ expiry: '2028-13' }), 400, 'FORMAT_ERROR', 'expiry');
    expect((await create({ expiry: '06/28', ...other })).status).toBe(201);
    expect(
      (await create({ name: 'N'.repeat(70), accountNumber: FREE_ACCOUNTS[5].bban })).status,
    ).toBe(201);
    expectError(await create({ name: 'N'.repeat(71) }), 400, 'FORMAT_ERROR', 'name', /at most 70/);
    for (const field of Object.keys(cardAccountBody())) {
      const body: Record<string, unknown> = cardAccountBody();
      delete body[field];
      expectError(
        await sandbox.call('POST', '/v1/sandbox/card-accounts', body),
        400,
        'FORMAT_ERROR',
        field,
        /required/,
      );
    }
  });
});

describe('GET /v1/sandbox/card-accounts/{mockCardAccountId}', () => {
  it('404 RESOURCE_UNKNOWN for an unknown id', async () => {
    expectError(
      await sandbox.call('GET', '/v1/sandbox/card-accounts/nope'),
      404,
      'RESOURCE_UNKNOWN',
      'mockCardAccountId',
    );
  });
});
