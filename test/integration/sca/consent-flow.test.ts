/**
 * Private AIS consent over loopback (§1 consent model, §5.3, §6): POST /v1/consents, the headless
 * PSU agent on the bank's pages, the §6.1/§6.2 redirect, and the consent as the TPP reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentableAccounts } from '../../../main/core/bank/domain/parties.js';
import { PsuAgentError } from '../../../main/core/tpp/psu-agent/agent.js';
import { KARI, OLA, REDIRECT_URI, firstCode, json, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const olaPrivateAccounts = () =>
  consentableAccounts(h.bank.state(), { customerNumber: OLA.customerNumber });

describe('private AIS consent', () => {
  it('grants every ticked account and redirects with psu-id, tpp-session-id and context (§6.1)', async () => {
    const tpp = h.tpp();
    const { consentId, scaRedirect, scaStatus, exchange } = await tpp.startConsent();
    expect(json(exchange)).toMatchObject({ consentStatus: 'received', consentId });
    expect(scaRedirect.startsWith(`${h.baseUrl}/sca/`)).toBe(true);
    expect(json(await tpp.send('GET', scaStatus))).toEqual({ scaStatus: 'RECEIVED' });

    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: 'all',
    });
    expect(result.redirect).toMatchObject({
      outcome: 'success',
      tppSessionId: tpp.session.tppSessionId,
      context: 'PRIVATE',
      problems: [],
    });
    expect(result.redirect).not.toHaveProperty('psuCorporateId');
    expect(result.redirectUrl.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    expect(result.pages.map((p) => p.step).filter(Boolean)).toEqual([
      'login',
      'context',
      'consent',
    ]);

    const consent = json(await tpp.send('GET', `/v1/consents/${consentId}`));
    const expected = olaPrivateAccounts();
    expect(consent.consentStatus).toBe('valid');
    expect(consent.access.accounts).toHaveLength(expected.length);
    expect(consent.access.accounts).toEqual(
      expect.arrayContaining(
        expected.map((a) =>
          a.iban
            ? { iban: a.iban, currency: a.currency }
            : { maskedPan: a.maskedPan, currency: a.currency },
        ),
      ),
    );
    expect(json(await tpp.send('GET', `/v1/consents/${consentId}/status`))).toEqual({
      consentStatus: 'valid',
    });
    expect(json(await tpp.send('GET', scaStatus))).toEqual({ scaStatus: 'FINALISED' });

    // The PSU-ID is stable for this TPP and bank (§5.3.8): a second SCA delivers the same one.
    const again = await tpp.startConsent();
    const second = await tpp.complete(again.scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    expect(second.redirect.outcome === 'success' && second.redirect.psuId).toBe(
      result.redirect.outcome === 'success' && result.redirect.psuId,
    );
  });

  it('pre-selects granted accounts; unticking revokes only those (grant then partial revoke)', async () => {
    const tpp = h.tpp();
    const [first, second, ...rest] = olaPrivateAccounts();
    const start = await tpp.startConsent();
    await tpp.complete(start.scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: { grant: [first!.name, second!.id], revoke: rest.map((a) => a.id) },
    });
    const renewal = await tpp.startConsent({ 'PSU-Context': 'PRIVATE' });
    const result = await tpp.complete(renewal.scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      accounts: { grant: [], revoke: [second!.id] },
    });
    // PSU-Context preselected the context: no context page.
    expect(result.pages.map((p) => p.step).filter(Boolean)).toEqual(['login', 'consent']);
    const consentPage = result.pages.find((p) => p.step === 'consent')!;
    const checked = [...consentPage.html.matchAll(/data-account-id="([^"]+)"[^>]*checked/g)].map(
      (m) => m[1],
    );
    expect(checked.sort()).toEqual([first!.id, second!.id].sort());
    expect(consentPage.submitted!.filter(([name]) => name === 'account')).toEqual([
      ['account', `${first!.kind}:${first!.id}`],
    ]);
    const access = json(await tpp.send('GET', `/v1/consents/${renewal.consentId}`)).access;
    expect(access.accounts).toHaveLength(1);
    // The older consent of the same PSU and context gave way to the renewal.
    expect(json(await tpp.send('GET', `/v1/consents/${start.consentId}/status`))).toEqual({
      consentStatus: 'expired',
    });
  });

  it('fails after three wrong logins with PSU_CREDENTIALS_INVALID 401 (§6.2); consent rejected', async () => {
    const tpp = h.tpp();
    const { consentId, scaRedirect, scaStatus } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, { nationalIdentityNumber: '01017012345' });
    expect(result.redirect).toMatchObject({
      outcome: 'failure',
      status: 401,
      code: 'PSU_CREDENTIALS_INVALID',
      system: 'SCA',
      problems: [],
    });
    expect(result.pages.filter((p) => p.step === 'login').map((p) => p.status)).toEqual([
      200, 400, 400,
    ]);
    expect(result.pages[1]!.error).toMatch(/not a valid Norwegian birth number/);
    expect(json(await tpp.send('GET', `/v1/consents/${consentId}/status`))).toEqual({
      consentStatus: 'rejected',
    });
    expect(json(await tpp.send('GET', scaStatus))).toEqual({ scaStatus: 'FAILED' });
  });

  it("refuses a corporate customer's number naming the customer type (§4.3 rule 7)", async () => {
    const tpp = h.tpp();
    const { scaRedirect } = await tpp.startConsent();
    const corporate = (await import('./harness.js')).CORPORATION;
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: corporate.nationalIdentityNumber,
    });
    expect(result.pages[1]!.error).toContain('belongs to a corporate customer');
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'PSU_CREDENTIALS_INVALID' });
  });

  it('cancel on the consent screen redirects with SCA_INVALID 401 and rejects the consent', async () => {
    const tpp = h.tpp();
    const { consentId, scaRedirect } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
      action: 'cancel',
    });
    expect(result.redirect).toMatchObject({
      outcome: 'failure',
      status: 401,
      code: 'SCA_INVALID',
      tppSessionId: tpp.session.tppSessionId,
    });
    expect(json(await tpp.send('GET', `/v1/consents/${consentId}/status`))).toEqual({
      consentStatus: 'rejected',
    });
  });

  it('cancel on the login page ends the SCA too', async () => {
    const tpp = h.tpp();
    const { scaRedirect } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: '',
      action: 'cancel',
      cancelAt: 'login',
    });
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'SCA_INVALID' });
  });
});

describe('consent resource', () => {
  it("answers CONSENT_UNKNOWN 403 for another TPP's consent", async () => {
    const owner = h.tpp();
    const { consentId } = await owner.startConsent();
    const other = h.tpp({
      certificate: await h.pki.issueSeal({ organizationIdentifier: 'PSDNO-FSA-999999999' }),
    });
    for (const path of [`/v1/consents/${consentId}`, `/v1/consents/${consentId}/status`]) {
      const exchange = await other.send('GET', path);
      expect(exchange.response?.status).toBe(403);
      expect(firstCode(exchange)).toBe('CONSENT_UNKNOWN');
    }
    expect((await other.send('DELETE', `/v1/consents/${consentId}`)).response?.status).toBe(403);
  });

  it('DELETE terminates the consent and revokes its accounts (204, idempotent)', async () => {
    const tpp = h.tpp();
    const { consentId, scaRedirect } = await tpp.startConsent();
    await tpp.complete(scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: 'all',
    });
    expect((await tpp.send('DELETE', `/v1/consents/${consentId}`)).response?.status).toBe(204);
    expect((await tpp.send('DELETE', `/v1/consents/${consentId}`)).response?.status).toBe(204);
    const consent = json(await tpp.send('GET', `/v1/consents/${consentId}`));
    expect(consent).toMatchObject({ consentStatus: 'terminatedByTpp', access: {} });
    const next = await tpp.startConsent();
    const result = await tpp.complete(next.scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    const page = result.pages.find((p) => p.step === 'consent')!;
    expect(page.html).not.toMatch(/data-account-id="[^"]+"[^>]*checked/);
  });

  it('lists its authorisations; an unknown authorisation is RESOURCE_UNKNOWN 404', async () => {
    const tpp = h.tpp();
    const { consentId, scaStatus } = await tpp.startConsent();
    const ids = json(await tpp.send('GET', `/v1/consents/${consentId}/authorisations`));
    expect(ids.authorisationIds).toEqual([scaStatus.split('/').pop()]);
    const unknown = await tpp.send(
      'GET',
      `/v1/consents/${consentId}/authorisations/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.response?.status).toBe(404);
    expect(firstCode(unknown)).toBe('RESOURCE_UNKNOWN');
  });

  it('ignores the POST body but refuses one that is not JSON (decisions.md)', async () => {
    const tpp = h.tpp();
    const ignored = await tpp.send(
      'POST',
      '/v1/consents',
      {},
      { access: { allPsd2: 'allAccounts' } },
    );
    expect(ignored.response?.status).toBe(201);
    const broken = await tpp.client.send({
      method: 'POST',
      path: '/v1/consents',
      body: 'not json',
    });
    expect(broken.response?.status).toBe(400);
  });

  it('agent reports an error page as PsuAgentError with the pages as evidence', async () => {
    const tpp = h.tpp();
    const { scaRedirect } = await tpp.startConsent();
    const broken = scaRedirect.replace(/t=[^&]+/, 't=forged');
    const error = await tpp
      .complete(broken, { nationalIdentityNumber: OLA.nationalIdentityNumber })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PsuAgentError);
    expect((error as PsuAgentError).pages[0]).toMatchObject({ status: 403, step: 'error' });
  });
});
