/**
 * The signing client through the contract, against the embedded banks over loopback: targets and
 * settings persisted across launches, the endpoint catalogue and editor schemas, preview (signing
 * string, header sources), send signed with keystore keys and accepted by the bank's signature
 * and certificate stages, follow, history with HAR export, PSU sessions and the SCA redirect.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createServices, type Services } from '../../../main/api/services';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes';
import { PAYMENT_PRODUCTS } from '../../../main/core/spec/enums';
import { SpecValidator } from '../../../main/core/spec/validation';
import { tppReadyThrough } from '../../support/tpp-ready';
import type {
  BankExchangeView,
  BankStatusView,
  CallName,
  EndpointCatalogueView,
  ExchangeView,
  KeystoreEntryView,
  PsuSessionView,
  ScaAttemptView,
  ScaRedirectEvent,
  SettingsView,
  SpecSchemaView,
  TargetsView,
} from '../../../main/api/contract';

const PASSPHRASE = 'integration passphrase';
let dataDir: string;
let services: Services;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workbench-tpp-'));
  services = createServices({ kind: 'web', dataDir, keystorePassphrase: PASSPHRASE });
});
afterEach(async () => {
  await services.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function ok<T>(name: CallName, args: unknown): Promise<T> {
  const outcome = await services.dispatch(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

async function relaunch(): Promise<void> {
  await services.dispose();
  services = createServices({ kind: 'web', dataDir, keystorePassphrase: PASSPHRASE });
}

/** A CA, QSealC and QWAC, the TPP registered, and both embedded targets set to use them. */
const tppReady = () => tppReadyThrough(ok);

describe('targets and settings', () => {
  it('lists the embedded banks with their URLs once started', async () => {
    let view = await ok<TargetsView>('targets.list', {});
    expect(view.activeTargetId).toBe('embedded-sandbox');
    expect(view.targets.map((t) => [t.id, t.kind, t.mode, t.running])).toEqual([
      ['embedded-sandbox', 'embedded', 'sandbox', false],
      ['embedded-production', 'embedded', 'production', false],
    ]);
    const changed: TargetsView[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'targets.changed') changed.push(payload as TargetsView);
    });
    const status = await ok<BankStatusView>('bank.start', { mode: 'sandbox' });
    view = await ok<TargetsView>('targets.list', {});
    expect(view.targets[0]).toMatchObject({ running: true, baseUrl: status.url });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changed.at(-1)?.targets[0]).toMatchObject({ running: true, baseUrl: status.url });
  });

  it('persists external targets, the active target and settings across launches', async () => {
    const saved = await ok<TargetsView>('targets.save', {
      target: {
        name: 'Bank test environment',
        mode: 'production',
        baseUrl: 'https://api.bank.example/',
        defaultHeaders: { 'PSU-IP-Address': '192.0.2.1', 'x-accept-fix': 'longer-names' },
      },
    });
    const external = saved.targets.find((t) => t.kind === 'external')!;
    expect(external).toMatchObject({ baseUrl: 'https://api.bank.example' });
    await ok('targets.setActive', { id: external.id });
    await ok('settings.update', { theme: 'light', requestTimeoutMs: 5000 });

    await relaunch();
    const view = await ok<TargetsView>('targets.list', {});
    expect(view.activeTargetId).toBe(external.id);
    expect(view.targets.find((t) => t.id === external.id)).toEqual(external);
    const settings = await ok<SettingsView>('settings.get', {});
    expect(settings).toMatchObject({
      settings: { theme: 'light', requestTimeoutMs: 5000, defaultPsuIpAddress: '127.0.0.1' },
      dataDir,
      notices: [],
    });
    expect((await readdir(dataDir)).sort()).toEqual(['settings.json', 'targets.json']);
  });

  it('refuses what cannot be a target or a setting, saying what is wrong', async () => {
    expect(
      await services.dispatch('targets.save', {
        target: { name: 'x', mode: 'sandbox', baseUrl: 'ftp://x', defaultHeaders: {} },
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(
      await services.dispatch('targets.save', {
        target: {
          name: 'x',
          mode: 'sandbox',
          baseUrl: 'https://x',
          defaultHeaders: { 'Bad Name': 'v' },
        },
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    expect(await services.dispatch('targets.remove', { id: 'embedded-sandbox' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('cannot be removed') },
    });
    expect(
      await services.dispatch('settings.update', { defaultPsuIpAddress: '999.1.1.1' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringContaining('PSU-IP-Address') } });
    expect(
      await services.dispatch('settings.update', { defaultAcceptFix: 'no-such-fix' }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('unknown fix') },
    });
  });

  it('reports a corrupt settings file, moved aside, and starts from the defaults', async () => {
    await services.dispose();
    await writeFile(join(dataDir, 'settings.json'), '{ "theme": "sepia" }');
    services = createServices({ kind: 'web', dataDir });
    const view = await ok<SettingsView>('settings.get', {});
    expect(view.settings.theme).toBe('dark');
    expect(view.notices).toHaveLength(1);
    expect(view.notices[0]!.message).toContain('settings.json could not be read');
    expect(await readFile(view.notices[0]!.movedTo!, 'utf8')).toBe('{ "theme": "sepia" }');
  });
});

describe('the composer catalogue', () => {
  it("derives endpoints from the bank's routes, production first, with example bodies", async () => {
    const catalogue = await ok<EndpointCatalogueView>('tpp.endpoints', {});
    const cardTransactions = catalogue.endpoints.find(
      (e) => e.operationId === 'getCardAccountTransactionList',
    )!;
    expect(cardTransactions).toMatchObject({
      method: 'GET',
      pathTemplate: '/v1/card-accounts/{account-id}/transactions',
      group: 'production',
      pathParameters: [{ name: 'account-id', required: true }],
      acceptFix: { required: true },
      body: 'none',
    });
    expect(cardTransactions.requiredHeaders).toContain('TPP-Redirect-URI');
    // The product of a payment path is one of the spec's list, offered as a choice.
    const paymentStatus = catalogue.endpoints.find((e) => e.operationId === 'getPaymentStatus')!;
    expect(paymentStatus.pathParameters).toContainEqual(
      expect.objectContaining({ name: 'payment-product', enum: [...PAYMENT_PRODUCTS] }),
    );
    expect(cardTransactions.query).toContainEqual(
      expect.objectContaining({
        name: 'bookingStatus',
        required: true,
        enum: ['booked', 'pending', 'both'],
      }),
    );
    const groups = catalogue.endpoints.map((e) => e.group);
    expect(groups.indexOf('sandbox')).toBeGreaterThan(groups.lastIndexOf('production'));
    expect(catalogue.endpoints.some((e) => e.operationId === 'getOpenApiDocument')).toBe(false);
    // Every example body passes the bank's own validator for that route's schema.
    const validator = new SpecValidator();
    for (const endpoint of catalogue.endpoints.filter((e) => e.exampleBody !== undefined)) {
      const route = BANK_ROUTES.find((r) => r.operationId === endpoint.operationId)!;
      const example: unknown = JSON.parse(endpoint.exampleBody!);
      if (route.body && 'schema' in route.body) {
        expect(validator.check(route.body.schema, example), endpoint.operationId).toEqual({
          ok: true,
        });
      }
    }
    const schemas = await ok<SpecSchemaView[]>('spec.schemas', {});
    for (const endpoint of catalogue.endpoints.filter((e) => e.bodySchemaId)) {
      expect(
        schemas.map((s) => s.uri),
        endpoint.operationId,
      ).toContain(endpoint.bodySchemaId);
    }
    expect(catalogue.fixes.map((f) => f.name)).toContain('amount-as-string');
  });
});

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
    // Signing and mTLS used keystore keys; none of it reaches a view (ARCHITECTURE property 2).
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
