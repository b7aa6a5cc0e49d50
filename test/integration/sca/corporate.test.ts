/**
 * Private and corporate context (§1): the context chosen during SCA, the corporate id delivered in
 * the redirect (way 1) or listed by GET /v1/agreements (way 2), consent per agreement limited to
 * REGISTER+VIEW engagements (§4.3 rule 5), and PSU-Corporate-ID required after corporate SCA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentableAccounts } from '../../../main/core/bank/domain/parties.js';
import {
  KARI,
  OLA,
  agreementsOf,
  firstCode,
  json,
  startHarness,
  type Harness,
  type Tpp,
} from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const offered = (customerNumber: string, agreementId?: string) =>
  consentableAccounts(h.bank.state(), {
    customerNumber,
    ...(agreementId ? { agreementId } : {}),
  });

/** An agreement of the initial data where `customerNumber` has consentable engagements. */
function agreementWithAccounts(customerNumber: string) {
  const agreement = agreementsOf(customerNumber).find(
    (a) => offered(customerNumber, a.id).length > 0,
  );
  if (!agreement) throw new Error('initial data: no consentable corporate engagement');
  return agreement;
}

async function privateSca(tpp: Tpp, nin: string) {
  const { scaRedirect } = await tpp.startConsent();
  await tpp.complete(scaRedirect, { nationalIdentityNumber: nin, context: 'PRIVATE' });
}

describe('corporate context', () => {
  it('way 1: the PSU picks an agreement during SCA; the redirect carries psu-corporate-id', async () => {
    const tpp = h.tpp();
    const agreement = agreementWithAccounts(OLA.customerNumber);
    const { consentId, scaRedirect } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: { agreementName: agreement.name },
      accounts: 'all',
    });
    expect(result.redirect).toMatchObject({
      outcome: 'success',
      context: 'CORPORATE',
      problems: [],
    });
    const contextPage = result.pages.find((p) => p.step === 'context')!;
    for (const option of agreementsOf(OLA.customerNumber))
      expect(contextPage.html).toContain(`data-label="${option.name}"`);
    expect(contextPage.html).toContain('value="PRIVATE"');

    // A corporate representative sees only its consentable engagements, no private accounts.
    const consentPage = result.pages.find((p) => p.step === 'consent')!;
    const listed = [...consentPage.html.matchAll(/data-account-id="([^"]+)"/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      offered(OLA.customerNumber, agreement.id)
        .map((a) => a.id)
        .sort(),
    );
    for (const own of offered(OLA.customerNumber)) expect(listed).not.toContain(own.id);

    const consent = json(await tpp.send('GET', `/v1/consents/${consentId}`));
    expect(consent.consentStatus).toBe('valid');
    expect(consent.access.accounts).toHaveLength(listed.length);
  });

  it('way 2: GET /v1/agreements lists corporate ids; PSU-Corporate-ID preselects the agreement', async () => {
    const tpp = h.tpp();
    await privateSca(tpp, KARI.nationalIdentityNumber);
    const listing = await tpp.send('GET', '/v1/agreements');
    expect(listing.response?.status).toBe(200);
    const agreements = json(listing).agreements as { psuCorporateId: string; name: string }[];
    expect(agreements.map((a) => a.name).sort()).toEqual(
      agreementsOf(KARI.customerNumber)
        .map((a) => a.name)
        .sort(),
    );
    const chosen = agreementWithAccounts(KARI.customerNumber);
    const psuCorporateId = agreements.find((a) => a.name === chosen.name)!.psuCorporateId;
    expect(json(await tpp.send('GET', '/v1/agreements')).agreements).toEqual(agreements); // stable

    const { consentId, scaRedirect } = await tpp.startConsent({
      'PSU-Corporate-ID': psuCorporateId,
    });
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      accounts: 'all',
    });
    expect(result.pages.map((p) => p.step).filter(Boolean)).toEqual(['login', 'consent']);
    expect(result.redirect).toMatchObject({
      outcome: 'success',
      context: 'CORPORATE',
      psuCorporateId,
    });
    expect(json(await tpp.send('GET', `/v1/consents/${consentId}`)).access.accounts).toHaveLength(
      offered(KARI.customerNumber, chosen.id).length,
    );
    const after = json(await tpp.send('GET', '/v1/agreements')).agreements;
    expect(after.find((a: { name: string }) => a.name === chosen.name).consentStatus).toBe('valid');
  });

  it('an engagement without REGISTER+VIEW is never offered (§4.3 rule 5)', async () => {
    const tpp = h.tpp();
    const viewOnly = agreementsOf(KARI.customerNumber).find(
      (a) => offered(KARI.customerNumber, a.id).length === 0,
    );
    expect(viewOnly, 'the initial data has a VIEW-only engagement for Kari').toBeDefined();
    const { scaRedirect } = await tpp.startConsent();
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: { agreementName: viewOnly!.name },
    });
    const page = result.pages.find((p) => p.step === 'consent')!;
    expect(page.html).toContain('data-testid="no-accounts"');
  });

  it('PSU-Context CORPORATE offers only corporate agreements', async () => {
    const tpp = h.tpp();
    const { scaRedirect } = await tpp.startConsent({ 'PSU-Context': 'CORPORATE' });
    const agreement = agreementWithAccounts(OLA.customerNumber);
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: { agreementName: agreement.name },
    });
    const page = result.pages.find((p) => p.step === 'context')!;
    expect(page.html).not.toContain('value="PRIVATE"');
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'CORPORATE' });
  });
});

describe('PSU-Corporate-ID after corporate SCA', () => {
  it('is required with PSU-ID: missing → 400 HTTP_HEADER_REQUIRED naming the header (§7.3)', async () => {
    const tpp = h.tpp();
    const agreement = agreementWithAccounts(OLA.customerNumber);
    const { scaRedirect } = await tpp.startConsent();
    await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: { agreementName: agreement.name },
    });
    expect(tpp.session.psuCorporateId).toBeDefined();

    const missing = await tpp.send('GET', '/v1/user', { 'PSU-Corporate-ID': null });
    expect(missing.response?.status).toBe(400);
    expect(json(missing).tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-Corporate-ID',
    });
    const both = await tpp.send('GET', '/v1/user');
    expect(both.response?.status).toBe(200);
    expect(json(both)).toMatchObject({
      psuId: tpp.session.psuId,
      context: 'CORPORATE',
      psuCorporateId: tpp.session.psuCorporateId,
    });
    const privately = await tpp.send('GET', '/v1/user', {
      'PSU-Corporate-ID': null,
      'PSU-Context': 'PRIVATE',
    });
    expect(json(privately)).toMatchObject({ context: 'PRIVATE' });
    expect(json(privately)).not.toHaveProperty('psuCorporateId');
    // GET /v1/agreements serves the choice of context: no corporate id needed there.
    expect(
      (await tpp.send('GET', '/v1/agreements', { 'PSU-Corporate-ID': null })).response?.status,
    ).toBe(200);
  });

  it('an unknown PSU-Corporate-ID or PSU-ID is PSU_CREDENTIALS_INVALID 401', async () => {
    const tpp = h.tpp();
    await privateSca(tpp, OLA.nationalIdentityNumber);
    const badCorporate = await tpp.send('GET', '/v1/agreements', {
      'PSU-Corporate-ID': '11111111-1111-4111-8111-111111111111',
    });
    expect(badCorporate.response?.status).toBe(401);
    expect(json(badCorporate).tppMessages[0]).toMatchObject({
      code: 'PSU_CREDENTIALS_INVALID',
      path: 'PSU-Corporate-ID',
    });
    const badPsu = await tpp.send('GET', '/v1/agreements', {
      'PSU-ID': '22222222-2222-4222-8222-222222222222',
    });
    expect(firstCode(badPsu)).toBe('PSU_CREDENTIALS_INVALID');
  });

  it('GET /v1/agreements needs a PSU: PSU-ID or X-PSU-IDENTITY', async () => {
    const tpp = h.tpp();
    const none = await tpp.send('GET', '/v1/agreements');
    expect(none.response?.status).toBe(400);
    expect(json(none).tppMessages[0]).toMatchObject({
      code: 'HTTP_HEADER_REQUIRED',
      path: 'PSU-ID',
    });
    const byNumber = await tpp.send('GET', '/v1/agreements', {
      'X-PSU-IDENTITY': KARI.nationalIdentityNumber,
    });
    expect(byNumber.response?.status).toBe(200);
    expect(json(byNumber).agreements).toHaveLength(agreementsOf(KARI.customerNumber).length);
  });
});
