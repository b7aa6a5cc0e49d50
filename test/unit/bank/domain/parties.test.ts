/** domain/parties.ts: the queries the consent screen calls (§1, §2.6, §4.3 rules 4, 5, 7). */
import { describe, expect, it } from 'vitest';
import { buildInitialState } from '../../../../main/core/bank/domain/initial-data.js';
import {
  agreementsRepresentedBy,
  consentableAccounts,
  customerByIdentityNumber,
  joinPrivateAgreement,
  resolveCustomer,
} from '../../../../main/core/bank/domain/parties.js';
import { emptyDomainState } from '../../../../main/core/bank/domain/model.js';

const NOW = new Date('2025-03-14T10:00:00Z');
const ids = (list: { id: string }[]) => list.map((a) => a.id);

describe('parties', () => {
  it('customerByIdentityNumber finds the sandbox login', () => {
    const state = buildInitialState(NOW);
    expect(customerByIdentityNumber(state, '15038512363')?.customerNumber).toBe('10000001');
    expect(customerByIdentityNumber(state, '15038512364')).toBeUndefined();
  });

  it('resolveCustomer: number, identity number, and the §4.3 rule 7 problems', () => {
    const state = buildInitialState(NOW);
    expect(resolveCustomer(state, '20000001')).toMatchObject({
      ok: true,
      customer: { type: 'CORPORATE' },
    });
    expect(resolveCustomer(state, '62079045611')).toMatchObject({
      ok: true,
      customer: { customerNumber: '10000002' },
    });
    expect(resolveCustomer(state, '62079045612')).toMatchObject({ ok: false, reason: 'format' });
    expect(resolveCustomer(state, '24059222232')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(resolveCustomer(state, '12345678')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(resolveCustomer(state, 'x')).toMatchObject({ ok: false, reason: 'format' });
  });

  it('consentableAccounts, private context: the private agreement’s engagements', () => {
    const state = buildInitialState(NOW);
    expect(consentableAccounts(state, { customerNumber: '10000001' })).toEqual([
      {
        kind: 'account',
        id: 'acc-10000001-brukskonto',
        name: 'Brukskonto',
        iban: 'NO5297100512347',
        currency: 'NOK',
      },
      {
        kind: 'account',
        id: 'acc-10000001-sparekonto',
        name: 'Høyrentekonto',
        iban: 'NO8797100523454',
        currency: 'NOK',
      },
      {
        kind: 'card-account',
        id: 'card-10000001',
        name: 'Mastercard Platinum',
        maskedPan: '525412******3241',
        currency: 'NOK',
      },
    ]);
    expect(consentableAccounts(state, { customerNumber: 'nobody' })).toEqual([]);
  });

  it('consentableAccounts, corporate context: only REGISTER+VIEW engagements naming the PSU (§4.3 rule 5)', () => {
    const state = buildInitialState(NOW);
    expect(
      ids(consentableAccounts(state, { customerNumber: '10000001', agreementId: 'agr-20000001' })),
    ).toEqual(['acc-20000001-driftskonto', 'acc-20000001-skattetrekk']);
    expect(
      consentableAccounts(state, { customerNumber: '10000002', agreementId: 'agr-20000001' }),
    ).toEqual([]);
    expect(
      consentableAccounts(state, { customerNumber: '10000001', agreementId: 'agr-20000002' }),
    ).toEqual([]);
    expect(consentableAccounts(state, { customerNumber: '10000001', agreementId: 'nope' })).toEqual(
      [],
    );
    const engagement = state.agreements.find((a) => a.id === 'agr-20000001')!.engagements[2]!;
    engagement.roles.push('REGISTER');
    expect(
      ids(consentableAccounts(state, { customerNumber: '10000002', agreementId: 'agr-20000001' })),
    ).toEqual(['acc-20000001-driftskonto']);
    engagement.name = 'Drift (Kari)';
    expect(
      consentableAccounts(state, { customerNumber: '10000002', agreementId: 'agr-20000001' })[0]!
        .name,
    ).toBe('Drift (Kari)');
  });

  it('leaves out closed accounts and deleted card accounts (§7.3), keeps blocked cards', () => {
    const state = buildInitialState(NOW);
    state.accounts.find((a) => a.id === 'acc-10000001-sparekonto')!.status = 'closed';
    state.cardAccounts.find((c) => c.resourceId === 'card-10000001')!.status = 'blocked';
    expect(ids(consentableAccounts(state, { customerNumber: '10000001' }))).toEqual([
      'acc-10000001-brukskonto',
      'card-10000001',
    ]);
    state.cardAccounts.find((c) => c.resourceId === 'card-10000001')!.status = 'deleted';
    expect(ids(consentableAccounts(state, { customerNumber: '10000001' }))).toEqual([
      'acc-10000001-brukskonto',
    ]);
  });

  it('a customer without a private agreement (imported snapshot) is offered its own accounts', () => {
    const state = buildInitialState(NOW);
    state.agreements = state.agreements.filter((a) => a.id !== 'agr-10000002');
    expect(ids(consentableAccounts(state, { customerNumber: '10000002' }))).toEqual([
      'acc-10000002-brukskonto',
      'acc-10000002-bsu',
      'card-10000002',
    ]);
  });

  it('agreementsRepresentedBy: corporate agreements with an engagement naming the customer', () => {
    const state = buildInitialState(NOW);
    expect(ids(agreementsRepresentedBy(state, '10000001'))).toEqual([
      'agr-20000001',
      'agr-20000002',
    ]);
    expect(ids(agreementsRepresentedBy(state, '20000001'))).toEqual([]);
  });

  it('joinPrivateAgreement adds an OWNER engagement, creating the agreement when missing (§4.3 rule 4)', () => {
    const state = emptyDomainState();
    const customer = {
      customerNumber: '1',
      type: 'PRIVATE' as const,
      name: 'P',
      nationalIdentityNumber: '15038512363',
      origin: 'sandbox' as const,
    };
    state.customers.push(customer);
    const engagement = joinPrivateAgreement(state, customer, {
      bban: '97102498767',
      iban: 'NO4997102498767',
    });
    expect(state.agreements).toHaveLength(1);
    expect(state.agreements[0]).toMatchObject({
      type: 'PRIVATE',
      owner: '1',
      engagements: [engagement],
    });
    expect(engagement.roles).toEqual(expect.arrayContaining(['OWNER', 'REGISTER', 'VIEW']));
    joinPrivateAgreement(state, customer, { bban: '97101833333', iban: 'NO3997101833333' });
    expect(state.agreements).toHaveLength(1);
    expect(state.agreements[0]!.engagements).toHaveLength(2);
  });
});
