/**
 * TPP sessions and time (§3.4, §5.3.4, §5.3.7, §8) on the bank's virtual clock: GET /v1/user for a
 * PISP without AIS, session replacement and abort, the one-hour SCA, the 180-day consent and the
 * 90-day history rule, X-PSU-IDENTITY and TPP-Redirect-Preferred.
 */
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  requireAccountAccess,
  scaAgeAllowsHistory,
} from '../../../main/core/bank/domain/access.js';
import { consentableAccounts } from '../../../main/core/bank/domain/parties.js';
import { psuContextOf } from '../../../main/core/bank/context/accessors.js';
import { scaNeeded } from '../../../main/core/bank/context/sca-redirect.js';
import { isRejection, type RouteDefinition } from '../../../main/core/bank/index.js';
import {
  KARI,
  OLA,
  agreementsOf,
  firstCode,
  json,
  newSessionId,
  startHarness,
  type Harness,
  type Tpp,
} from './harness.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * What an AIS handler does with the exported checks (domain/access.ts): account-level consent,
 * then the 90-day rule, answering a fresh scaRedirect when history needs SCA.
 */
const historyProbe: RouteDefinition = {
  operationId: 'historyProbe',
  method: 'GET',
  path: '/v1/probe/accounts/{account-id}/history',
  summary: 'test route',
  description: 'test route',
  tag: 'test',
  modes: ['sandbox'],
  headers: {
    required: [
      'x-request-id',
      'tpp-session-id',
      'tpp-redirect-uri',
      'tpp-signature-certificate',
      'signature',
    ],
    optional: ['psu-id', 'psu-corporate-id', 'psu-context', 'digest', 'date'],
  },
  query: Type.Object({ dateFrom: Type.String() }),
  tppRole: 'AISP',
  signed: true,
  access: 'psu',
  responses: {},
  handle(ctx, env) {
    const psu = psuContextOf(ctx)!;
    const access = requireAccountAccess(
      env.state,
      psu,
      { kind: 'account', accountId: ctx.pathParams['account-id']! },
      ctx.now,
    );
    if (isRejection(access)) return access;
    const dateFrom = (ctx.query as { dateFrom: string }).dateFrom;
    if (!scaAgeAllowsHistory({ dateFrom, now: ctx.now, sessionScaAt: psu.session?.scaCompletedAt }))
      return scaNeeded(ctx, env, psu, 'SCA_EXPIRED', 'history older than 90 days needs SCA');
    return { status: 200, body: { dateFrom } };
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ routes: [historyProbe] });
});
afterAll(() => h.close());

async function consent(
  tpp: Tpp,
  nin: string,
  extra: Parameters<Tpp['complete']>[1] = { nationalIdentityNumber: nin },
) {
  const started = await tpp.startConsent();
  const result = await tpp.complete(started.scaRedirect, {
    context: 'PRIVATE',
    accounts: 'all',
    ...extra,
    nationalIdentityNumber: nin,
  });
  return { ...started, result };
}

const user = (tpp: Tpp, headers: Record<string, string | null> = {}) =>
  tpp.send('GET', '/v1/user', headers);

describe('GET /v1/user: PISP without the AISP role', () => {
  it('answers 401 SCA_NOT_FOUND with a scaRedirect; after SCA, 200 with the PSU id (§1 way 1)', async () => {
    const pisp = h.tpp({ certificate: await h.pki.issueSeal({ roles: ['PSP_PI'] }) });
    const first = await user(pisp);
    expect(first.response?.status).toBe(401);
    expect(firstCode(first)).toBe('SCA_NOT_FOUND');
    const links = json(first)._links;
    expect(links.scaRedirect.href).toMatch(/\/sca\//);
    const result = await pisp.complete(links.scaRedirect.href, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    expect(result.pages.map((p) => p.step).filter(Boolean)).toEqual([
      'login',
      'context',
      'authorise',
    ]);
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'PRIVATE' });
    const known = await user(pisp);
    expect(known.response?.status).toBe(200);
    expect(json(known)).toMatchObject({ psuId: pisp.session.psuId, context: 'PRIVATE' });
    expect(json(await pisp.send('GET', links.scaStatus.href))).toEqual({ scaStatus: 'FINALISED' });
  });

  it('delivers psu-corporate-id in the redirect when the PSU picks a corporate agreement', async () => {
    const pisp = h.tpp();
    const first = await user(pisp);
    const agreement = agreementsOf(KARI.customerNumber)[0]!;
    const result = await pisp.complete(json(first)._links.scaRedirect.href, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: { agreementName: agreement.name },
    });
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'CORPORATE' });
    expect(json(await user(pisp))).toMatchObject({
      context: 'CORPORATE',
      psuCorporateId: pisp.session.psuCorporateId,
    });
  });

  it('cancel on the identity page is SCA_INVALID (§6.2) and leaves no session', async () => {
    const pisp = h.tpp();
    const result = await pisp.complete(json(await user(pisp))._links.scaRedirect.href, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
      action: 'cancel',
    });
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'SCA_INVALID' });
    expect(firstCode(await user(pisp))).toBe('SCA_NOT_FOUND');
  });
});

describe('TPP sessions (§3.4)', () => {
  it('an aborted SCA under a new session id leaves the old one valid; a completed one replaces it', async () => {
    const tpp = h.tpp();
    await consent(tpp, OLA.nationalIdentityNumber);
    const old = tpp.session.tppSessionId;
    expect((await user(tpp)).response?.status).toBe(200);

    tpp.session.tppSessionId = newSessionId();
    const aborted = await tpp.startConsent();
    await tpp.complete(aborted.scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      action: 'cancel',
      cancelAt: 'login',
    });
    expect((await user(tpp, { 'TPP-Session-ID': old })).response?.status).toBe(200);

    const replacement = tpp.session.tppSessionId;
    await consent(tpp, OLA.nationalIdentityNumber);
    const stale = await user(tpp, { 'TPP-Session-ID': old });
    expect(stale.response?.status).toBe(401);
    expect(firstCode(stale)).toBe('SCA_INVALID');
    expect(json(stale)._links.scaRedirect.href).toMatch(/\/sca\//);
    expect((await user(tpp, { 'TPP-Session-ID': replacement })).response?.status).toBe(200);
  });

  it("refuses a session id holding another PSU's SCA (SCA_INVALID)", async () => {
    const ola = h.tpp();
    await consent(ola, OLA.nationalIdentityNumber);
    const kari = h.tpp({ session: { tppSessionId: ola.session.tppSessionId } });
    await consent(kari, KARI.nationalIdentityNumber);
    // Kari's SCA took over the session id; Ola's PSU-ID no longer matches it.
    const answer = await user(ola);
    expect(firstCode(answer)).toBe('SCA_INVALID');
  });

  it('the SCA lasts one hour on the bank clock; then SCA_EXPIRED 401 with a new scaRedirect', async () => {
    const tpp = h.tpp();
    await consent(tpp, OLA.nationalIdentityNumber);
    h.clock.advance(59 * 60 * 1000);
    expect((await user(tpp)).response?.status).toBe(200);
    h.clock.advance(2 * 60 * 1000);
    const expired = await user(tpp);
    expect(expired.response?.status).toBe(401);
    expect(json(expired).tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'SCA_EXPIRED' });
    const href = json(expired)._links.scaRedirect.href;

    // The new SCA was started for the PSU of PSU-ID: someone else cannot complete it.
    const wrong = await tpp.complete(href, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
    });
    expect(wrong.pages[1]!.error).toMatch(/started for another PSU/);
    expect(wrong.redirect).toMatchObject({ outcome: 'failure', code: 'PSU_CREDENTIALS_INVALID' });

    const renewed = await user(tpp);
    const result = await tpp.complete(json(renewed)._links.scaRedirect.href, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    expect(result.redirect.outcome).toBe('success');
    expect((await user(tpp)).response?.status).toBe(200);
  });
});

describe('consent age (§5.3.7, §8)', () => {
  it('a consent expires 180 days after its SCA; a new consent flow renews the access', async () => {
    const tpp = h.tpp();
    const { consentId } = await consent(tpp, KARI.nationalIdentityNumber);
    const account = consentableAccounts(h.bank.state(), {
      customerNumber: KARI.customerNumber,
    }).find((a) => a.kind === 'account')!;
    const probe = (dateFrom: string) =>
      tpp.send('GET', `/v1/probe/accounts/${account.id}/history?dateFrom=${dateFrom}`);
    const today = () => h.clock.now().toISOString().slice(0, 10);
    expect((await probe(today())).response?.status).toBe(200);

    h.clock.advance(179 * DAY);
    expect(json(await tpp.send('GET', `/v1/consents/${consentId}/status`)).consentStatus).toBe(
      'valid',
    );
    expect((await probe(today())).response?.status).toBe(200);
    h.clock.advance(2 * DAY);
    expect(json(await tpp.send('GET', `/v1/consents/${consentId}/status`)).consentStatus).toBe(
      'expired',
    );
    const refused = await probe(today());
    expect(refused.response?.status).toBe(401);
    expect(firstCode(refused)).toBe('CONSENT_EXPIRED');

    const renewal = await consent(tpp, KARI.nationalIdentityNumber);
    expect((await probe(today())).response?.status).toBe(200);
    expect(json(await tpp.send('GET', `/v1/consents/${renewal.consentId}`)).validUntil).toBe(
      new Date(h.clock.now().getTime() + 180 * DAY).toISOString().slice(0, 10),
    );
  });

  it('history older than 90 days needs SCA inside the session hour', async () => {
    const tpp = h.tpp();
    await consent(tpp, OLA.nationalIdentityNumber);
    const account = consentableAccounts(h.bank.state(), {
      customerNumber: OLA.customerNumber,
    }).find((a) => a.kind === 'account')!;
    const daysAgo = (days: number) =>
      new Date(h.clock.now().getTime() - days * DAY).toISOString().slice(0, 10);
    const probe = (days: number) =>
      tpp.send('GET', `/v1/probe/accounts/${account.id}/history?dateFrom=${daysAgo(days)}`);
    expect((await probe(120)).response?.status).toBe(200); // SCA just done
    h.clock.advance(2 * HOUR);
    expect((await probe(89)).response?.status).toBe(200);
    const old = await probe(120);
    expect(old.response?.status).toBe(401);
    expect(firstCode(old)).toBe('SCA_EXPIRED');
    await tpp.complete(json(old)._links.scaRedirect.href, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    expect((await probe(120)).response?.status).toBe(200);
  });

  it('an account not granted, or unknown, is RESOURCE_UNKNOWN 404; no consent is CONSENT_INVALID', async () => {
    const tpp = h.tpp();
    const [granted, other] = consentableAccounts(h.bank.state(), {
      customerNumber: OLA.customerNumber,
    }).filter((a) => a.kind === 'account');
    const started = await tpp.startConsent();
    await tpp.complete(started.scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
      context: 'PRIVATE',
      accounts: { grant: [granted!.id], revoke: [other!.id] },
    });
    const today = h.clock.now().toISOString().slice(0, 10);
    for (const id of [other!.id, 'no-such-account']) {
      const answer = await tpp.send('GET', `/v1/probe/accounts/${id}/history?dateFrom=${today}`);
      expect(answer.response?.status).toBe(404);
      expect(firstCode(answer)).toBe('RESOURCE_UNKNOWN');
    }
    // PSU-Context CORPORATE with PSU-ID needs PSU-Corporate-ID (§1) before any consent check.
    const corporate = await tpp.send(
      'GET',
      `/v1/probe/accounts/${granted!.id}/history?dateFrom=${today}`,
      { 'PSU-Context': 'CORPORATE', 'PSU-Corporate-ID': null },
    );
    expect(firstCode(corporate)).toBe('HTTP_HEADER_REQUIRED');

    // A PSU known to the TPP (SCA through GET /v1/user) without any consent: CONSENT_INVALID.
    const pisp = h.tpp({
      certificate: await h.pki.issueSeal({ organizationIdentifier: 'PSDNO-FSA-555555555' }),
    });
    await pisp.complete(json(await user(pisp))._links.scaRedirect.href, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    const noConsent = await pisp.send(
      'GET',
      `/v1/probe/accounts/${granted!.id}/history?dateFrom=${today}`,
    );
    expect(noConsent.response?.status).toBe(401);
    expect(firstCode(noConsent)).toBe('CONSENT_INVALID');
  });
});

describe('PSU headers on the starting request (§4.1, §5.3.5, §5.3.6)', () => {
  it('X-PSU-IDENTITY names the PSU who must log in', async () => {
    const tpp = h.tpp();
    const { scaRedirect } = await tpp.startConsent({
      'X-PSU-IDENTITY': KARI.nationalIdentityNumber,
    });
    const wrong = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: OLA.nationalIdentityNumber,
    });
    expect(wrong.redirect).toMatchObject({ outcome: 'failure', code: 'PSU_CREDENTIALS_INVALID' });
    const again = await tpp.startConsent({ 'X-PSU-IDENTITY': KARI.nationalIdentityNumber });
    const right = await tpp.complete(again.scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    expect(right.redirect.outcome).toBe('success');
    const unknown = await tpp.send('POST', '/v1/consents', { 'X-PSU-IDENTITY': '01017012345' }, {});
    expect(unknown.response?.status).toBe(400); // not a valid birth number: the header stage
  });

  it('records TPP-Redirect-Preferred: false and tells the PSU the app flow is not available', async () => {
    const tpp = h.tpp();
    const { scaRedirect, scaStatus } = await tpp.startConsent({
      'TPP-Redirect-Preferred': 'false',
    });
    const result = await tpp.complete(scaRedirect, {
      nationalIdentityNumber: KARI.nationalIdentityNumber,
      context: 'PRIVATE',
    });
    expect(result.pages[0]!.html).toContain('data-testid="sca-channel"');
    const authorisation = h.bank
      .state()
      .authorisations.find((a) => a.authorisationId === scaStatus.split('/').pop())!;
    expect(authorisation).toMatchObject({ redirectPreferred: false, appLinkCandidate: true });
  });
});
