import { emptyDomainSnapshot, emptyDomainState } from '../../../main/core/bank/domain/model.js';
/** Request log, snapshots, reset, session hook, registry, trust store and /openapi.json. */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BankDatabase } from '../../../main/core/bank/store/bank-database.js';
import {
  BANK_ROUTES,
  RequestLog,
  SnapshotError,
  TppRegistry,
  TrustStore,
  createBank,
  parseRegistryJson,
  reject,
  type ExchangeRecord,
  type RouteDefinition,
} from '../../../main/core/bank/index.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { bankError } from '../../../main/core/spec/errors.js';
import {
  aisHeaders,
  cardTransaction,
  createPki,
  parse,
  signedRequest,
  snapshotWith,
  type Pki,
} from './fixtures.js';
import type { BankMode } from '../../../main/shared/mode.js';

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

const initialize = () =>
  signedRequest(pki, {
    method: 'POST',
    path: '/v1/sandbox/initialize',
    headers: { 'X-Request-ID': crypto.randomUUID() },
  });
const record = (log: RequestLog, status: number) =>
  log.record({
    mode: 'sandbox',
    receivedAt: new Date().toISOString(),
    durationMs: 1,
    stageTimings: {},
    request: { method: 'GET', target: '/', headers: {}, bodySize: 0 },
    response: { status, headers: {}, body: undefined },
  });

describe('request log', () => {
  it('keeps the newest exchanges up to its capacity', () => {
    const log = new RequestLog(3);
    for (const status of [200, 201, 400, 404, 413]) record(log, status);
    expect(log.entries().map((entry) => entry.response.status)).toEqual([400, 404, 413]);
    expect(log.entries().map((entry) => entry.id)).toEqual([3, 4, 5]);
  });

  it('streams to subscribers, survives a failing one, and unsubscribes', () => {
    const log = new RequestLog(10);
    const seen: number[] = [];
    log.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const unsubscribe = log.subscribe((entry) => seen.push(entry.response.status));
    record(log, 200);
    unsubscribe();
    record(log, 201);
    expect(seen).toEqual([200]);
    expect(log.size).toBe(2);
  });

  it('records each bank exchange with timings, request, response and the refusing rule', async () => {
    const bank = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      settings: { requestLogCapacity: 2 },
    });
    const seen: ExchangeRecord[] = [];
    bank.requestLog.subscribe((entry) => seen.push(entry));
    const ok = initialize();
    await bank.handle(ok);
    await bank.handle({ ...ok, target: '/v1/unknown' });
    const [first, second] = seen;
    expect(first).toMatchObject({
      operationId: 'initializeSandbox',
      response: { status: 200, body: {} },
      request: { method: 'POST', target: '/v1/sandbox/initialize' },
    });
    expect(first!.rejectedBy).toBeUndefined();
    expect(Object.keys(first!.stageTimings)).toEqual([
      'transport',
      'route',
      'headers',
      'fixes',
      'signature',
      'certificate',
      'session',
      'params',
      'request-schema',
      'handler',
    ]);
    expect(second!.rejectedBy).toEqual({ stage: 'route', rule: 'route.not-found' });
    expect(second!.response.body).toMatchObject({ tppMessages: [{ code: 'NOT_FOUND' }] });
    expect(first!.durationMs).toBeGreaterThan(0);
  });
});

describe('snapshots and reset', () => {
  it('exports and imports the state', () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    bank.importSnapshot(snapshotWith([cardTransaction('t1', '2024-10-01', 1)]));
    const exported = bank.exportSnapshot();
    expect(exported).toMatchObject({
      format: 'psd2-workbench/bank-state',
      version: 1,
      mode: 'sandbox',
    });
    const other = createBank({ mode: 'production', clock: new VirtualClock() });
    other.importSnapshot(JSON.stringify(exported));
    expect(other.state()).toEqual(bank.state());
    expect(other.state().cardTransactions).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{oops', /not valid JSON/],
    ['an array', '[]', /must be a JSON object/],
    ['wrong format', JSON.stringify({ format: 'x', version: 1, state: {} }), /format must be/],
    [
      'a future version',
      JSON.stringify({ format: 'psd2-workbench/bank-state', version: 9, state: {} }),
      /version 9 is not supported/,
    ],
    [
      'no state',
      JSON.stringify({ format: 'psd2-workbench/bank-state', version: 1 }),
      /no state object/,
    ],
  ])('refuses %s with a clear message', (_name, input, message) => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    expect(() => bank.importSnapshot(input)).toThrow(SnapshotError);
    expect(() => bank.importSnapshot(input)).toThrow(message);
  });

  it('refuses invalid state naming the field and keeps the old state', () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    bank.importSnapshot(snapshotWith([]));
    const broken = snapshotWith([]);
    (broken.state.cardAccounts[0] as Record<string, unknown>).currency = 42;
    expect(() => bank.importSnapshot(broken)).toThrow(
      /cardAccounts\[0\]\.currency: must be string/,
    );
    const dangling = snapshotWith([
      { ...cardTransaction('t', '2024-01-01', 1), accountId: 'ghost' },
    ]);
    expect(() => bank.importSnapshot(dangling)).toThrow(/unknown card account 'ghost'/);
    const extra = { ...snapshotWith([]), state: { ...snapshotWith([]).state, surprise: [] } };
    expect(() => bank.importSnapshot(extra)).toThrow(/surprise/);
    expect(bank.state().cardAccounts).toHaveLength(1);
  });

  it('refuses an authorisation id twice: lookups by id rely on ids being unique', async () => {
    const bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
    const started = await bank.handle(
      signedRequest(pki, {
        method: 'POST',
        path: '/v1/consents',
        headers: { 'X-Request-ID': crypto.randomUUID(), ...aisHeaders() },
        body: Buffer.from('{}'),
      }),
    );
    expect(started.status).toBe(201);
    const snapshot = bank.exportSnapshot();
    const [authorisation] = snapshot.state.authorisations;
    snapshot.state.authorisations.push(structuredClone(authorisation!));
    expect(() => bank.importSnapshot(snapshot)).toThrow(
      `snapshot state has authorisation '${authorisation!.authorisationId}' twice`,
    );
  });

  it('reset() and POST /v1/sandbox/initialize return to the initial state', async () => {
    // An explicit initial state: the default one (the sandbox data) is tested in test/integration/sandbox.
    const bank = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      initialState: emptyDomainState,
    });
    bank.importSnapshot(snapshotWith([]));
    bank.reset();
    expect(bank.state()).toEqual(emptyDomainSnapshot());
    bank.importSnapshot(snapshotWith([]));
    const response = parse(await bank.handle(initialize()));
    expect(response).toMatchObject({ status: 200, body: {} });
    expect(bank.state().cardAccounts).toEqual([]);
  });
});

describe('bank console changes', () => {
  const bank = () => createBank({ mode: 'sandbox', clock: new VirtualClock() });

  it('update() validates the changed state: an invalid change leaves nothing changed', () => {
    const b = bank();
    const before = b.state();
    expect(() =>
      b.update((state) => {
        state.behaviour.pendingKnownIssue = !state.behaviour.pendingKnownIssue;
        state.accounts[0]!.creditLine = 1.5; // not integer minor units
      }),
    ).toThrow(SnapshotError);
    expect(b.state()).toEqual(before);
    expect(b.update((state) => (state.behaviour.pendingKnownIssue = false))).toBe(false);
    expect(b.state().behaviour.pendingKnownIssue).toBe(false);
  });

  it('commits a console change before act() and update() return (with a database)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lifecycle-db-'));
    const path = join(folder, 'bank.db');
    const b = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      database: await BankDatabase.open(path),
    });
    const accountId = b.state().accounts[0]!.id;
    b.act((state) => {
      state.accounts[0]!.paymentPermission = false;
    });
    b.update((state) => {
      state.behaviour.pendingKnownIssue = false;
    });
    // No request, no flush(): a second connection already reads both changes from the file.
    const reopened = await BankDatabase.open(path);
    const saved = reopened.load();
    expect(saved.accounts.find((a) => a.id === accountId)!.paymentPermission).toBe(false);
    expect(saved.behaviour.pendingKnownIssue).toBe(false);
    reopened.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('act() runs a domain operation on the live state and returns its result', () => {
    const b = bank();
    const [account] = b.state().accounts;
    expect(b.act((state) => state.accounts.find((a) => a.id === account!.id)!.id)).toBe(
      account!.id,
    );
    b.act((state) => {
      state.accounts[0]!.paymentPermission = false;
    });
    expect(b.state().accounts[0]!.paymentPermission).toBe(false);
  });
});

describe('session hook', () => {
  it('passes through by default and can refuse with a catalogue error', async () => {
    const request = signedRequest(pki, {
      method: 'GET',
      path: '/v1/card-accounts/c/transactions?bookingStatus=booked',
      headers: aisHeaders(),
    });
    const bank = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      sessionHook: (ctx) =>
        ctx.request.headers['psu-id'] === undefined
          ? reject(
              'session.consent-unknown',
              bankError('CONSENT_UNKNOWN', 'no consent for this PSU'),
            )
          : ctx,
    });
    const response = parse(await bank.handle(request));
    expect(response).toMatchObject({
      status: 403,
      body: { tppMessages: [{ code: 'CONSENT_UNKNOWN' }] },
    });
    expect(bank.requestLog.entries().at(-1)!.rejectedBy).toEqual({
      stage: 'session',
      rule: 'session.consent-unknown',
    });
  });
});

describe('session hook context', () => {
  it('hands a new context object from the hook on to the handler', async () => {
    const probe: RouteDefinition = {
      ...BANK_ROUTES[1]!,
      operationId: 'sessionProbe',
      path: '/v1/sandbox/session-probe',
      handle: (ctx) => ({ status: 200, body: { session: ctx.session } }),
    };
    const bank = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      routes: [...BANK_ROUTES, probe],
      sessionHook: (ctx) => ({ ...ctx, session: { psuId: 'psu-1' } }),
    });
    const request = signedRequest(pki, {
      method: 'POST',
      path: '/v1/sandbox/session-probe',
      headers: { 'X-Request-ID': crypto.randomUUID() },
    });
    expect(parse(await bank.handle(request)).body).toEqual({ session: { psuId: 'psu-1' } });
  });
});

describe('bank bugs', () => {
  it('answer SYSTEM_ERROR and the bank keeps serving', async () => {
    const broken: RouteDefinition = {
      ...BANK_ROUTES[1]!,
      operationId: 'broken',
      path: '/v1/sandbox/broken',
      handle: () => {
        throw new Error('boom');
      },
    };
    const bank = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      routes: [...BANK_ROUTES, broken],
    });
    const request = signedRequest(pki, {
      method: 'POST',
      path: '/v1/sandbox/broken',
      headers: { 'X-Request-ID': crypto.randomUUID() },
    });
    const response = parse(await bank.handle(request));
    expect(response.status).toBe(500);
    expect(response.body.tppMessages[0]).toMatchObject({
      code: 'SYSTEM_ERROR',
      text: expect.stringContaining('boom'),
    });
    expect((await bank.handle(initialize())).status).toBe(200);
  });

  it('refuses two routes with the same method and path shape', () => {
    expect(() =>
      createBank({
        mode: 'sandbox',
        clock: new VirtualClock(),
        routes: [...BANK_ROUTES, { ...BANK_ROUTES[1]!, operationId: 'twin' }],
      }),
    ).toThrow(/clash/);
  });
});

describe('registry and trust store', () => {
  it('registry: add, list, remove, role lookup, JSON file', () => {
    const registry = new TppRegistry();
    registry.add({ organizationIdentifier: 'PSDNO-FSA-1', name: 'A', roles: ['AISP'] });
    expect(registry.isRegisteredFor('PSDNO-FSA-1', 'AISP')).toBe(true);
    expect(registry.isRegisteredFor('PSDNO-FSA-1', 'PISP')).toBe(false);
    expect(registry.list()).toHaveLength(1);
    expect(registry.remove('PSDNO-FSA-1')).toBe(true);
    expect(registry.list()).toEqual([]);
    expect(() =>
      registry.add({ organizationIdentifier: 'x', name: 'A', roles: ['ASPSP' as never] }),
    ).toThrow(/roles\[0\]/);
    expect(
      parseRegistryJson('[{"organizationIdentifier":"o","name":"n","roles":["PISP"]}]'),
    ).toHaveLength(1);
    expect(() => parseRegistryJson('{')).toThrow(/not valid JSON/);
    expect(() => parseRegistryJson('[{"organizationIdentifier":"o","roles":[]}]')).toThrow(
      /name: is required/,
    );
  });

  it('trust store: add a PEM bundle, list, refuse non-CA certificates, remove', () => {
    const store = new TrustStore();
    const added = store.add(pki.ca.chainPem);
    expect(added).toHaveLength(2);
    expect(store.list().map((anchor) => anchor.subject)).toEqual([
      expect.stringContaining('Issuing CA'),
      expect.stringContaining('Root CA'),
    ]);
    expect(() => store.add(pki.seal.certificatePem)).toThrow(/not a CA certificate/);
    expect(() => store.add('garbage')).toThrow(/no PEM certificate/);
    expect(store.remove(added[0]!.fingerprint256)).toBe(true);
    expect(store.size).toBe(1);
  });
});

describe('/openapi.json', () => {
  it('is generated from the route definitions of the mode', () => {
    const sandboxDoc = createBank({ mode: 'sandbox', clock: new VirtualClock() }).openApiDocument();
    const productionDoc = createBank({
      mode: 'production',
      clock: new VirtualClock(),
    }).openApiDocument();
    const pathsOf = (mode: BankMode) => [
      ...new Set(
        BANK_ROUTES.filter((route) => !route.internal && route.modes.includes(mode)).map(
          (route) => route.path,
        ),
      ),
    ];
    expect(Object.keys(sandboxDoc.paths).sort()).toEqual(pathsOf('sandbox').sort());
    expect(Object.keys(sandboxDoc.paths)).toContain('/v1/sandbox/initialize');
    expect(Object.keys(productionDoc.paths).sort()).toEqual(pathsOf('production').sort());
    expect(Object.keys(productionDoc.paths)).toContain(
      '/v1/card-accounts/{account-id}/transactions',
    );
    expect(Object.keys(productionDoc.paths).filter((path) => path.includes('/sandbox/'))).toEqual(
      [],
    );
    const operation = productionDoc.paths['/v1/card-accounts/{account-id}/transactions']!.get!;
    const parameters = operation.parameters as { name: string; in: string; required: boolean }[];
    const required = parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name);
    expect(required).toEqual([
      'x-accept-fix',
      'X-Request-ID',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'TPP-Signature-Certificate',
      'Signature',
    ]);
    expect(parameters.find((p) => p.name === 'bookingStatus')).toMatchObject({
      in: 'query',
      required: true,
    });
    expect(parameters.find((p) => p.name === 'account-id')).toMatchObject({
      in: 'path',
      required: true,
    });
    expect(operation['x-tpp-role']).toBe('AISP');
    expect(operation.responses).toHaveProperty('403');
    expect(operation.description).toMatch(/Not shown by the spec/);
  });

  it('resolves every $ref and carries no JSON Schema keywords OpenAPI 3.0 lacks', () => {
    const document = createBank({ mode: 'sandbox', clock: new VirtualClock() }).openApiDocument();
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g))
      expect(document.components.schemas).toHaveProperty(name!);
    expect(text).not.toMatch(/"\$id"|"const"|"\$schema"|"patternProperties"/);
    expect(document.components.schemas).toHaveProperty('PaymentInitiationSct');
  });
});
