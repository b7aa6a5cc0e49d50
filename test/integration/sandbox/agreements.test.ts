/**
 * Agreements and engagements (§2.6 "Meaning of engagement fields", §4.3 rules 4, 5, 7):
 * POST /v1/sandbox/agreements, GET /v1/sandbox/agreements/{mockAgreementId},
 * POST /v1/sandbox/agreements/{mockAgreementId}/engagements.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agreementsRepresentedBy,
  consentableAccounts,
} from '../../../main/core/bank/domain/parties.js';
import { SandboxAgreementSchema } from '../../../main/core/spec/schemas/sandbox.js';
import { SpecValidator } from '../../../main/core/spec/validation.js';
import {
  HAVBRIS,
  HAVBRIS_ACCOUNT,
  KARI,
  NORDLYS,
  NORDLYS_ACCOUNT,
  OLA,
  OLA_ACCOUNT,
  OUTSIDE,
  FREE_ACCOUNTS,
  cardAccountBody,
} from './bodies.js';
import { expectError, startSandbox, type Sandbox } from './harness.js';

const validator = new SpecValidator();
let sandbox: Sandbox;
beforeEach(async () => {
  await sandbox?.close();
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const engagementBody = (overrides: Record<string, unknown> = {}) => ({
  customer: KARI.customerNumber,
  account: { iban: NORDLYS_ACCOUNT.iban },
  roles: ['REGISTER', 'VIEW'],
  registerLimit: 0,
  approvalLimit: 0,
  ...overrides,
});
const engage = (overrides: Record<string, unknown> = {}, agreementId = NORDLYS.agreementId) =>
  sandbox.call(
    'POST',
    `/v1/sandbox/agreements/${agreementId}/engagements`,
    engagementBody(overrides),
  );
const offered = (customerNumber: string, agreementId?: string) =>
  consentableAccounts(sandbox.bank.state(), {
    customerNumber,
    ...(agreementId ? { agreementId } : {}),
  }).map((a) => a.id);

describe('GET /v1/sandbox/agreements/{mockAgreementId}', () => {
  it('reads a corporate agreement with owner and engagements, a private one without owner', async () => {
    const corporate = await sandbox.call('GET', `/v1/sandbox/agreements/${NORDLYS.agreementId}`);
    expect(corporate.status).toBe(200);
    expect(validator.check(SandboxAgreementSchema, corporate.body)).toEqual({ ok: true });
    expect(corporate.body).toMatchObject({
      id: NORDLYS.agreementId,
      owner: NORDLYS.customerNumber,
    });
    expect(corporate.body.engagements[0]).toMatchObject({
      customer: OLA.customerNumber,
      account: { iban: NORDLYS_ACCOUNT.iban, bban: NORDLYS_ACCOUNT.bban },
      roles: ['REGISTER', 'VIEW', 'APPROVE'],
      accessRights: true,
      paymentRights: true,
      transferRights: false,
    });
    const own = await sandbox.call('GET', '/v1/sandbox/agreements/agr-10000001');
    expect(own.body).not.toHaveProperty('owner');
    expect(own.body.engagements).toHaveLength(3);
    expectError(
      await sandbox.call('GET', '/v1/sandbox/agreements/nope'),
      404,
      'RESOURCE_UNKNOWN',
      'mockAgreementId',
    );
  });
});

describe('POST /v1/sandbox/agreements/{mockAgreementId}/engagements', () => {
  it('answers 201 with the engagement and, with REGISTER and VIEW, offers the account for consent (§4.3 rule 5)', async () => {
    expect(offered(KARI.customerNumber, NORDLYS.agreementId)).toEqual([]);
    const answer = await engage({ customer: KARI.nin, registerLimit: 2_147_483_647 });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      customer: KARI.customerNumber,
      account: { iban: NORDLYS_ACCOUNT.iban, bban: NORDLYS_ACCOUNT.bban },
      roles: ['REGISTER', 'VIEW'],
      registerLimit: 2_147_483_647,
      approvalLimit: 0,
      accessRights: true,
      paymentRights: true,
    });
    // Kari's VIEW-only engagement on this account is replaced (same id), not doubled
    expect(answer.body.id).toBe('eng-20000001-03');
    expect(offered(KARI.customerNumber, NORDLYS.agreementId)).toEqual([NORDLYS_ACCOUNT.id]);
    const agreement = (await sandbox.call('GET', `/v1/sandbox/agreements/${NORDLYS.agreementId}`))
      .body;
    expect(agreement.engagements.at(-1)).toEqual(answer.body);
  });

  it('creates a new engagement (new UUID) for a customer and account the agreement lacks', async () => {
    const card = await sandbox.call(
      'POST',
      '/v1/sandbox/card-accounts',
      cardAccountBody({ customerNumber: NORDLYS.customerNumber }),
    );
    const answer = await engage({ account: { iban: FREE_ACCOUNTS[1].iban } });
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(offered(KARI.customerNumber, NORDLYS.agreementId)).toEqual([card.body.resourceId]);
  });

  it.each([[['VIEW']], [['REGISTER']], [['VIEW', 'APPROVE', 'DISPOSAL']]])(
    '§4.3 rule 5: roles %j are not offered for consent',
    async (roles) => {
      expect((await engage({ roles, customer: OLA.customerNumber })).status).toBe(201);
      expect(offered(OLA.customerNumber, NORDLYS.agreementId)).toEqual([
        'acc-20000001-skattetrekk',
      ]);
      expect(
        (
          await engage({
            roles: [...roles, 'REGISTER', 'VIEW'].filter((r, i, all) => all.indexOf(r) === i),
            customer: OLA.customerNumber,
          })
        ).status,
      ).toBe(201);
      expect(offered(OLA.customerNumber, NORDLYS.agreementId)).toEqual([
        NORDLYS_ACCOUNT.id,
        'acc-20000001-skattetrekk',
      ]);
      expect((await engage({ roles })).status).toBe(201);
      expect(offered(KARI.customerNumber, NORDLYS.agreementId)).toEqual([]);
      expect(
        agreementsRepresentedBy(sandbox.bank.state(), KARI.customerNumber).map((a) => a.id),
      ).toContain(NORDLYS.agreementId);
    },
  );

  it('§2.6/§4.3 rule 7: customer is an existing PRIVATE customer', async () => {
    expectError(
      await engage({ customer: HAVBRIS.customerNumber }),
      400,
      'BAD_REQUEST',
      'customer',
      /CORPORATE customer.*PSU/,
    );
    expectError(
      await engage({ customer: '43057523469' }),
      400,
      'BAD_REQUEST',
      'customer',
      /CORPORATE/,
    );
    expectError(
      await engage({ customer: '77777777' }),
      400,
      'BAD_REQUEST',
      'customer',
      /not a sandbox customer/,
    );
    expectError(
      await engage({ customer: '62079045612' }),
      400,
      'FORMAT_ERROR',
      'customer',
      /check digit/,
    );
    expectError(await engage({ customer: 'kari' }), 400, 'FORMAT_ERROR', 'customer');
  });

  it('§2.6: the account is not the PSU’s own, and is owned by the corporation that owns the agreement', async () => {
    expectError(
      await engage({ customer: OLA.customerNumber, account: { iban: OLA_ACCOUNT.iban } }),
      400,
      'BAD_REQUEST',
      'account.iban',
      /owned by the PSU/,
    );
    expectError(
      await engage({ account: { iban: HAVBRIS_ACCOUNT.iban } }),
      400,
      'BAD_REQUEST',
      'account.iban',
      /not by 20000001/,
    );
    expectError(
      await engage({ account: { iban: OUTSIDE.iban } }),
      400,
      'BAD_REQUEST',
      'account.iban',
      /not an account or card account of this sandbox/,
    );
    expectError(
      await engage({ account: { iban: 'NO0000000000000' } }),
      400,
      'FORMAT_ERROR',
      'account.iban',
      /IBAN/,
    );
    expectError(await engage({ account: {} }), 400, 'FORMAT_ERROR', 'account.iban', /required/);
  });

  it('checks roles, limits and duplicates; refuses a private agreement and an unknown one', async () => {
    expectError(await engage({ roles: [] }), 400, 'FORMAT_ERROR', 'roles', /fewer than 1/);
    expectError(
      await engage({ roles: ['VIEW', 'VIEW'] }),
      400,
      'FORMAT_ERROR',
      'roles',
      /duplicate/,
    );
    expectError(
      await engage({ roles: ['READ'] }),
      400,
      'FORMAT_ERROR',
      'roles[0]',
      /one of the 7 values|OWNER/,
    );
    expectError(await engage({ registerLimit: -1 }), 400, 'FORMAT_ERROR', 'registerLimit', />= 0/);
    expectError(
      await engage({ approvalLimit: 2_147_483_648 }),
      400,
      'FORMAT_ERROR',
      'approvalLimit',
    );
    expectError(
      await engage({}, 'agr-10000002'),
      400,
      'BAD_REQUEST',
      'mockAgreementId',
      /private agreement/,
    );
    expectError(await engage({}, 'nope'), 404, 'RESOURCE_UNKNOWN', 'mockAgreementId');
    for (const field of Object.keys(engagementBody())) {
      const body: Record<string, unknown> = engagementBody();
      delete body[field];
      expectError(
        await sandbox.call(
          'POST',
          `/v1/sandbox/agreements/${NORDLYS.agreementId}/engagements`,
          body,
        ),
        400,
        'FORMAT_ERROR',
        field,
        /required/,
      );
    }
  });
});

describe('POST /v1/sandbox/agreements', () => {
  it('creates a corporate agreement with engagements (201); its representatives see the accounts', async () => {
    const answer = await sandbox.call('POST', '/v1/sandbox/agreements', {
      name: 'Havbris Eksport AS, regnskap',
      owner: HAVBRIS.customerNumber,
      engagements: [
        engagementBody({ customer: OLA.customerNumber, account: { iban: HAVBRIS_ACCOUNT.iban } }),
      ],
    });
    expect(answer.status).toBe(201);
    expect(validator.check(SandboxAgreementSchema, answer.body)).toEqual({ ok: true });
    expect(answer.body).toMatchObject({
      name: 'Havbris Eksport AS, regnskap',
      owner: HAVBRIS.customerNumber,
    });
    expect(answer.body._links.self.href).toBe(`/v1/sandbox/agreements/${answer.body.id}`);
    expect(offered(OLA.customerNumber, answer.body.id)).toEqual([HAVBRIS_ACCOUNT.id]);
    expect((await sandbox.call('GET', answer.body._links.self.href)).body).toEqual(answer.body);
    const customers = (await sandbox.call('GET', '/v1/sandbox/customers')).body;
    const ola = customers.find(
      (c: { customerNumber: string }) => c.customerNumber === OLA.customerNumber,
    );
    expect(ola.agreements.map((a: { id: string }) => a.id)).toContain(answer.body.id);
  });

  it('§4.3 rule 7: the owner is an existing CORPORATE customer; engagements are checked, naming their index', async () => {
    const create = (body: Record<string, unknown>) =>
      sandbox.call('POST', '/v1/sandbox/agreements', {
        name: 'X',
        owner: NORDLYS.customerNumber,
        engagements: [],
        ...body,
      });
    expect((await create({})).status).toBe(201);
    expectError(
      await create({ owner: OLA.customerNumber }),
      400,
      'BAD_REQUEST',
      'owner',
      /PRIVATE customer/,
    );
    expectError(await create({ owner: '20000009' }), 400, 'BAD_REQUEST', 'owner');
    expectError(await create({ name: '' }), 400, 'FORMAT_ERROR', 'name');
    expectError(
      await create({
        engagements: [engagementBody(), engagementBody({ customer: NORDLYS.customerNumber })],
      }),
      400,
      'BAD_REQUEST',
      'engagements[1].customer',
    );
    expectError(
      await create({ engagements: [engagementBody(), engagementBody()] }),
      409,
      'CONFLICT',
      'engagements[1].account.iban',
    );
  });
});
