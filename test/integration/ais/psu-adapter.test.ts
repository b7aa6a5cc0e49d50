/**
 * The suites' PSU agent (main/core/runner/targets/psu-adapter.ts) over the headless PSU: a check's
 * PsuIntent (login, context, corporateAgreement, consent grant/revoke, outcome) played on the
 * bank's SCA pages, in both modes, ending at the TPP-Redirect-URI without fetching it (§6.1/§6.2).
 */
import type { BankMode } from '../../../main/shared/mode.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALL_ACCOUNTS,
  createSuitePsuAgent,
} from '../../../main/core/runner/targets/psu-adapter.js';
import { buildInitialState } from '../../../main/core/bank/domain/initial-data.js';
import { OLA, OLA_ACCOUNT, startAis, type AisHarness } from './harness.js';

/** Ola's accounts in `mode`'s initial data (production adds a bill account, domain/production-data.ts). */
function olaAccounts(mode: BankMode): number {
  const state = buildInitialState(new Date(), mode);
  state.ledger.close();
  return state.accounts.filter((a) => a.customerNumber === '10000001').length;
}

let h: AisHarness;
afterEach(() => h?.close());

const agent = createSuitePsuAgent();

async function consentLink(h: AisHarness) {
  const tpp = h.tpp();
  const started = await tpp.call('POST', '/v1/consents', { body: {} });
  expect(started.status, started.text).toBe(201);
  return {
    tpp,
    href: started.body._links.scaRedirect.href as string,
    consentId: started.body.consentId as string,
  };
}

describe('createSuitePsuAgent', () => {
  for (const mode of ['sandbox', 'production'] as const)
    it(`completes a private consent granting every account (${mode})`, async () => {
      h = await startAis({ mode });
      const { tpp, href } = await consentLink(h);
      const redirect = await agent.completeSca(href, {
        login: OLA.nin,
        consent: { grant: [ALL_ACCOUNTS] },
      });
      expect(redirect).toMatchObject({
        outcome: 'success',
        context: 'PRIVATE',
        tppSessionId: tpp.session.tppSessionId,
      });
      expect(redirect.url.startsWith('https://tpp.example/callback?')).toBe(true);
      if (redirect.outcome !== 'success') return;
      expect(redirect.params['psu-id']).toBe(redirect.psuId);
      tpp.session.psuId = redirect.psuId;
      expect((await tpp.get('/v1/accounts')).body.accounts).toHaveLength(olaAccounts(mode));
    });

  it('grants only the named accounts and revokes the named ones', async () => {
    h = await startAis();
    const first = await consentLink(h);
    await agent.completeSca(first.href, { login: OLA.nin, consent: { grant: [ALL_ACCOUNTS] } });
    const second = await consentLink(h);
    const redirect = await agent.completeSca(second.href, {
      login: OLA.nin,
      context: 'PRIVATE',
      consent: { grant: [OLA_ACCOUNT], revoke: ['card-10000001', 'NO8797100523454'] },
    });
    if (redirect.outcome !== 'success') throw new Error('SCA failed');
    second.tpp.session.psuId = redirect.psuId;
    const accounts = (await second.tpp.get('/v1/accounts')).body.accounts;
    expect(accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual([OLA_ACCOUNT]);
    expect((await second.tpp.get('/v1/card-accounts')).body.cardAccounts).toEqual([]);
  });

  it("revoke ['*'] grants exactly the named accounts, whatever the screen preselected", async () => {
    h = await startAis();
    const first = await consentLink(h);
    await agent.completeSca(first.href, { login: OLA.nin, consent: { grant: [ALL_ACCOUNTS] } });
    const second = await consentLink(h);
    const redirect = await agent.completeSca(second.href, {
      login: OLA.nin,
      context: 'PRIVATE',
      consent: { grant: [OLA_ACCOUNT], revoke: [ALL_ACCOUNTS] },
    });
    if (redirect.outcome !== 'success') throw new Error('SCA failed');
    second.tpp.session.psuId = redirect.psuId;
    const accounts = (await second.tpp.get('/v1/accounts')).body.accounts;
    expect(accounts.map((a: { resourceId: string }) => a.resourceId)).toEqual([OLA_ACCOUNT]);
    expect((await second.tpp.get('/v1/card-accounts')).body.cardAccounts).toEqual([]);
  });

  it('chooses a corporate agreement by its name and returns the psu-corporate-id', async () => {
    h = await startAis();
    const { href } = await consentLink(h);
    const redirect = await agent.completeSca(href, {
      login: OLA.nin,
      context: 'CORPORATE',
      corporateAgreement: 'Nordlys Rørlegger AS',
      consent: { grant: [ALL_ACCOUNTS] },
    });
    expect(redirect).toMatchObject({ outcome: 'success', context: 'CORPORATE' });
    expect(redirect.outcome === 'success' && redirect.psuCorporateId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('aborting reports the §6.2 failure redirect', async () => {
    h = await startAis();
    const { href } = await consentLink(h);
    const redirect = await agent.completeSca(href, { login: OLA.nin, outcome: 'abort' });
    expect(redirect).toMatchObject({
      outcome: 'failure',
      status: 401,
      code: 'SCA_INVALID',
      system: 'SCA',
    });
  });

  it('a script the pages cannot follow ends with an error naming the page', async () => {
    h = await startAis();
    const { href } = await consentLink(h);
    await expect(
      agent.completeSca(href, { login: OLA.nin, consent: { grant: ['NO0000000000000'] } }),
    ).rejects.toThrow(
      /PSU agent: account 'NO0000000000000' is not on the consent screen.*last page/,
    );
  });
});
