/**
 * The signing client through the contract, against the embedded banks over loopback: targets and
 * settings persisted across launches, the endpoint catalogue and editor schemas, preview (signing
 * string, header sources), send signed with keystore keys and accepted by the bank's signature
 * and certificate stages, follow, history with HAR export, PSU sessions and the SCA redirect.
 */
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import type {
  BankExchangeView,
  BankStatusView,
  ExchangeView,
  KeystoreEntryView,
  PsuSessionView,
  ScaAttemptView,
  ScaRedirectEvent,
} from '../../../main/api/contract';

import { ok, relaunch, services, tppReady, useServices } from './services-harness';

useServices();

describe('sending through the client', () => {
  it('previews without sending: headers marked by source, the signing string shown', async () => {
    const { qsealc } = await tppReady();
    await ok('bank.start', { mode: 'sandbox' });
    const exchange = await ok<ExchangeView>('tpp.preview', {
      targetId: 'embedded-sandbox',
      request: {
        method: 'POST',
        path: '/v1/sandbox/initialize',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      },
    });
    expect(exchange.sent).toBe(false);
    expect(exchange.response).toBeUndefined();
    expect(exchange.headerSources).toMatchObject({
      'X-Request-ID': 'generated',
      Digest: 'generated',
      Signature: 'generated',
      'TPP-Signature-Certificate': 'generated',
      'TPP-Session-ID': 'session',
      'TPP-Redirect-URI': 'session',
      'PSU-IP-Address': 'target',
      'Content-Type': 'request',
    });
    expect(exchange.signing!.keyId).toBe(
      `SN=${qsealc.certificates[0]!.serialNumber},CA=${qsealc.certificates[0]!.issuer}`,
    );
    expect(exchange.signing!.signingString).toContain('digest: SHA-256=');
    expect(exchange.curl).toMatch(/^curl --request POST '.*\/v1\/sandbox\/initialize'/);
    expect(await ok<ExchangeView[]>('tpp.history', {})).toEqual([]);
    expect(await ok<BankExchangeView[]>('bank.requestLog', { mode: 'sandbox' })).toEqual([]);
  });

  it('signs so the sandbox and the production bank accept the signature and certificate', async () => {
    await tppReady();
    await ok('bank.start', { mode: 'sandbox' });
    await ok('bank.start', { mode: 'production' });
    const added: ExchangeView[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'history.added') added.push(payload as ExchangeView);
    });

    const initialised = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-sandbox',
      request: { method: 'POST', path: '/v1/sandbox/initialize', body: '{}' },
      label: 'reset',
    });
    expect(initialised.error).toBeUndefined();
    expect(initialised.response).toMatchObject({ status: 200 });

    // An AIS request in production: certificate trusted, AISP in QCStatement and registry (§1).
    const production = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-production',
      request: { method: 'POST', path: '/v1/consents', body: '{}' },
    });
    expect(production.response).toMatchObject({ status: 201 });
    const [logged] = await ok<BankExchangeView[]>('bank.requestLog', { mode: 'production' });
    expect(logged!.rejectedBy).toBeUndefined();
    expect(logged!.request.headers['tpp-session-id']).toBe(
      production.request.headers['TPP-Session-ID'],
    );
    expect(added.map((e) => e.id)).toEqual([initialised.id, production.id]);

    // HAR export of the history, with the signing string in its custom field.
    const har = await ok<{ fileName: string; text: string }>('tpp.exportHar', {});
    expect(har.fileName).toMatch(/\.har$/);
    const entries = (JSON.parse(har.text) as { log: { entries: Record<string, unknown>[] } }).log
      .entries;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      request: { method: 'POST' },
      response: { status: 200 },
      comment: 'reset',
      _signingString: expect.stringContaining('x-request-id: '),
    });
    expect(await ok<ExchangeView[]>('tpp.history', { text: '/v1/consents' })).toHaveLength(1);
    // Signing and mTLS used keystore keys; none of it reaches a view (design property 2 of
    // docs/architecture.md).
    for (const text of [
      JSON.stringify(added),
      har.text,
      JSON.stringify(await ok('targets.list', {})),
    ]) {
      expect(text).not.toContain('PRIVATE KEY');
    }
  });

  it('the bank refuses a request signed with a key it does not trust in production', async () => {
    const ca = await ok<KeystoreEntryView>('certs.createCa', {
      commonName: 'Untrusted CA',
      organizationName: 'X',
      countryName: 'NO',
    });
    const seal = await ok<KeystoreEntryView>('certs.issue', {
      issuerHandle: ca.handle,
      kind: 'qsealc',
      commonName: 'X',
      organizationName: 'X',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-1',
      roles: ['PSP_AI'],
      ncaName: 'F',
      ncaId: 'NO-FSA',
    });
    await ok('targets.save', {
      target: {
        id: 'embedded-production',
        name: 'p',
        mode: 'production',
        signingCertificate: seal.handle,
        defaultHeaders: {},
      },
    });
    await ok('bank.start', { mode: 'production' });
    const exchange = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-production',
      request: {
        method: 'GET',
        path: '/v1/card-accounts/x/transactions',
        query: { bookingStatus: 'booked' },
        headers: { 'x-accept-fix': 'amount-as-string' },
      },
    });
    expect(exchange.response?.status).toBe(403);
  });

  it('says how to sign when the target has no signing certificate; unsigned is the bank’s to refuse', async () => {
    await ok('bank.start', { mode: 'sandbox' });
    const request = { method: 'POST', path: '/v1/sandbox/initialize', body: '{}' };
    expect(
      await services.dispatch('tpp.send', {
        targetId: 'embedded-sandbox',
        request: { ...request, sign: true },
      }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('has no signing certificate: choose a QSealC') },
    });
    const unsigned = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-sandbox',
      request: { ...request, sign: false },
    });
    expect(unsigned.signing).toBeUndefined();
    expect(unsigned.response?.status).toBe(400); // §5.2.1
  });

  it('refuses to send to a stopped bank, saying how to start it', async () => {
    expect(
      await services.dispatch('tpp.send', {
        targetId: 'embedded-sandbox',
        request: { method: 'GET', path: '/v1/x' },
      }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('start it in the Bank view') },
    });
  });

  it('follows a _links relation with the headers the user chose', async () => {
    await tppReady();
    const { url } = await ok<BankStatusView>('bank.start', { mode: 'sandbox' });
    // A bank stand-in is not needed: the sandbox's own answers carry links where the spec has them;
    // here a missing link is refused with a message.
    const first = await ok<ExchangeView>('tpp.send', {
      targetId: 'embedded-sandbox',
      request: { method: 'POST', path: '/v1/sandbox/initialize', body: '{}' },
    });
    expect(url).toBeDefined();
    expect(
      await services.dispatch('tpp.follow', { exchangeId: first.id, relation: 'next' }),
    ).toMatchObject({
      ok: false,
      error: { message: 'The response has no _links.next to follow.' },
    });
    expect(
      await services.dispatch('tpp.follow', { exchangeId: 'gone', relation: 'next' }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('no longer in the history') },
    });
  });
});

describe('PSU session and SCA redirect', () => {
  it('updates the target session from the bank redirect (§6.1) on the bank clock', async () => {
    await ok('bank.start', { mode: 'sandbox' });
    // Frozen first, then set: the bank time stands exactly where it was put.
    await ok('clock.freeze', {});
    await ok('clock.set', { now: '2026-04-01T12:00:00Z' });
    const [session] = await ok<PsuSessionView[]>('session.list', {});
    expect(session).toMatchObject({ targetId: 'embedded-sandbox' });
    expect(session!.tppRedirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const attempt = await ok<ScaAttemptView>('sca.begin', {
      targetId: 'embedded-sandbox',
      href: '/sca/start?authorisation=1',
    });
    expect(attempt.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sca\/start\?authorisation=1$/);
    const redirects: ScaRedirectEvent[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'sca.redirect') redirects.push(payload as ScaRedirectEvent);
    });
    const psuId = '0b7e6f7c-2d1a-4c3b-9a8e-1f2d3c4b5a69';
    const corporate = '6a5b4c3d-2e1f-4a0b-8c9d-0e1f2a3b4c5d';
    const back = new URL(session!.tppRedirectUri);
    back.search = new URLSearchParams({
      'psu-id': psuId,
      'psu-corporate-id': corporate,
      'tpp-session-id': session!.tppSessionId,
      context: 'CORPORATE',
    }).toString();
    const page = await request(back);
    expect(await page.body.text()).toContain('Authorisation complete');
    expect(redirects).toHaveLength(1);
    expect(redirects[0]).toMatchObject({
      attemptId: attempt.id,
      targetId: 'embedded-sandbox',
      redirect: { outcome: 'success', psuId, problems: [] },
      session: {
        psuId,
        psuCorporateId: corporate,
        context: 'CORPORATE',
        scaCompletedAt: '2026-04-01T12:00:00.000Z',
      },
    });
    // Later requests carry the PSU identity.
    await tppReady();
    const next = await ok<ExchangeView>('tpp.preview', {
      targetId: 'embedded-sandbox',
      request: { method: 'GET', path: '/v1/accounts' },
    });
    expect(next.request.headers).toMatchObject({ 'PSU-ID': psuId, 'PSU-Corporate-ID': corporate });
    expect(next.headerSources['PSU-ID']).toBe('session');

    const failure = new URL(session!.tppRedirectUri);
    failure.search = 'status=401&code=PSU_CREDENTIALS_INVALID&message=Wrong%20number';
    await (await request(failure)).body.text();
    expect(redirects[1]).toMatchObject({
      redirect: {
        outcome: 'failure',
        status: 401,
        code: 'PSU_CREDENTIALS_INVALID',
        message: 'Wrong number',
      },
    });
    expect(redirects[1]!.session).toBeUndefined();

    const reset = await ok<PsuSessionView>('session.reset', { targetId: 'embedded-sandbox' });
    expect(reset.tppSessionId).not.toBe(session!.tppSessionId);
    expect(reset.psuId).toBeUndefined();

    // A late redirect for the old TPP session does not give the new one an SCA (§3.4).
    await (await request(back)).body.text();
    expect(redirects[2]).toMatchObject({ redirect: { outcome: 'success' } });
    expect(redirects[2]!.session).toBeUndefined();
    const [after] = await ok<PsuSessionView[]>('session.list', {});
    expect(after).toEqual(reset);
  });
});

describe('saved collections', () => {
  it('saves requests into named collections on disk', async () => {
    const request = {
      method: 'GET',
      path: '/v1/accounts',
      headers: { 'PSU-IP-Address': '192.0.2.1' },
    };
    await ok('collections.saveRequest', { collection: 'AIS', name: 'Accounts', request });
    await ok('collections.saveRequest', {
      collection: 'AIS',
      name: 'Accounts',
      request: { ...request, path: '/v1/accounts?withBalance=true' },
    });
    await relaunch();
    const collections = await ok<{ name: string; items: { name: string; request: unknown }[] }[]>(
      'collections.list',
      {},
    );
    expect(collections).toHaveLength(1);
    expect(collections[0]!.items).toHaveLength(1);
    expect(collections[0]!.items[0]!.request).toMatchObject({
      path: '/v1/accounts?withBalance=true',
    });
  });
});
