import { describe, expect, it } from 'vitest';
import { createDispatcher, CallRefused, type Implementation } from '../../../main/api/dispatch';
import { callNames, type CallName } from '../../../main/api/contract';
import { createServices } from '../../../main/api/services';

/** Only the calls these tests make; the rest are never dispatched here. */
function implementation(overrides: Partial<Implementation> = {}): Implementation {
  return {
    'app.info': () => ({
      name: 'x',
      version: '1',
      host: 'web',
      platform: 'p',
      versions: { node: '20', v8: '1' },
    }),
    'diagnostics.ping': ({ message }: { message: string }) => ({ message, receivedAt: 'now' }),
    ...overrides,
  } as Implementation;
}

describe('createDispatcher', () => {
  it('answers a known call with valid arguments', async () => {
    const dispatch = createDispatcher(implementation());
    expect(await dispatch('diagnostics.ping', { message: 'hi' })).toEqual({
      ok: true,
      result: { message: 'hi', receivedAt: 'now' },
    });
  });

  it('refuses a name that is not in the contract', async () => {
    const outcome = await createDispatcher(implementation())('bank.selfDestruct', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CALL' } });
  });

  it.each([
    ['a missing property', {}],
    ['a wrong type', { message: 42 }],
    ['an extra property', { message: 'x', extra: true }],
    ['a value over its limit', { message: 'x'.repeat(1025) }],
    ['no object at all', 'message'],
  ])('refuses %s with the schema path in the details', async (_label, args) => {
    const outcome = await createDispatcher(implementation())('diagnostics.ping', args);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('INVALID_ARGUMENTS');
    expect(outcome.error.details?.length).toBeGreaterThan(0);
  });

  it('turns a refusal into a FAILED error carrying its message', async () => {
    const dispatch = createDispatcher(
      implementation({
        'app.info': () => {
          throw new CallRefused('No bank is running.', ['start one first']);
        },
      }),
    );
    expect(await dispatch('app.info', {})).toEqual({
      ok: false,
      error: { code: 'FAILED', message: 'No bank is running.', details: ['start one first'] },
    });
  });

  it('never throws into the host when an implementation crashes', async () => {
    const dispatch = createDispatcher(
      implementation({
        'app.info': () => {
          throw new TypeError('boom');
        },
      }),
    );
    expect(await dispatch('app.info', {})).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringContaining('boom') },
    });
  });
});

describe('the contract', () => {
  // One valid argument set per call: a new call without an entry here fails this test.
  const sampleArgs: Record<CallName, unknown> = {
    'app.info': {},
    'app.viewShown': { view: 'runner' },
    'diagnostics.ping': { message: 'm' },
    'bank.status': {},
    'bank.start': { mode: 'sandbox' },
    'bank.stop': { mode: 'sandbox' },
    'bank.reset': { mode: 'sandbox' },
    'bank.exportSnapshot': { mode: 'sandbox' },
    'bank.importSnapshot': { mode: 'sandbox', snapshot: {} },
    'bank.requestLog': { mode: 'sandbox' },
    'bank.events': {},
    'clock.get': {},
    'clock.advance': { ms: 1000 },
    'clock.set': { now: '2026-01-01T00:00:00Z' },
    'clock.freeze': {},
    'clock.resume': {},
    'registry.list': { mode: 'production' },
    'registry.put': {
      mode: 'production',
      entry: { organizationIdentifier: 'PSDNO-FSA-1', name: 'T', roles: ['AISP'] },
    },
    'registry.remove': { mode: 'production', organizationIdentifier: 'PSDNO-FSA-1' },
    'trustStore.list': { mode: 'production' },
    'trustStore.add': { mode: 'production', pem: 'not a certificate' },
    'trustStore.remove': { mode: 'production', fingerprint256: 'AA' },
    'keystore.status': {},
    'keystore.unlock': { passphrase: 'p' },
    'certs.list': {},
    'certs.describe': { handle: 'none' },
    'certs.createCa': { commonName: 'CA', organizationName: 'O', countryName: 'NO' },
    'certs.issue': {
      issuerHandle: 'none',
      kind: 'qsealc',
      commonName: 'T',
      organizationName: 'T',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-1',
      roles: ['PSP_AI'],
      ncaName: 'Finanstilsynet',
      ncaId: 'NO-FSA',
    },
    'certs.import': { dataBase64: 'AAAA' },
    'certs.rename': { handle: 'none', label: 'x' },
    'certs.remove': { handle: 'none' },
    'certs.exportCertificate': { handle: 'none', format: 'pem' },
    'certs.requestKeyExport': { handle: 'none', format: 'pkcs12' },
    'certs.exportPrivateKey': {
      handle: 'none',
      format: 'pkcs8',
      passphrase: 'long enough phrase',
      confirmation: 'ABCDE-FGHJK',
    },
    'certs.registerInBank': { handle: 'none' },
    'targets.list': {},
    'targets.save': { target: { name: 'T', mode: 'sandbox', defaultHeaders: {} } },
    'targets.remove': { id: 'none' },
    'targets.setActive': { id: 'embedded-sandbox' },
    'tpp.endpoints': {},
    'spec.schemas': {},
    'tpp.preview': { targetId: 'embedded-sandbox', request: { method: 'GET', path: '/v1/x' } },
    'tpp.send': { targetId: 'embedded-sandbox', request: { method: 'GET', path: '/v1/x' } },
    'tpp.follow': { exchangeId: 'none', relation: 'next' },
    'tpp.history': {},
    'tpp.exportHar': {},
    'tpp.clearHistory': {},
    'session.list': {},
    'session.reset': { targetId: 'embedded-sandbox', keep: 'psu' },
    'session.undoReset': { targetId: 'embedded-sandbox' },
    'session.bankView': { targetId: 'embedded-sandbox' },
    'session.update': { targetId: 'embedded-sandbox', context: 'PRIVATE' },
    'targets.addProfile': { path: '/no/such/workbench-profile.json' },
    // Refused before anything is written: the certificate files do not exist.
    'targets.createProfile': {
      path: '/no/such/dir/workbench-profile.json',
      form: {
        baseUrl: 'http://127.0.0.1:1',
        mode: 'sandbox',
        signing: { certificate: '/no/such/qsealc.pem', key: '/no/such/qsealc.key.pem' },
        scaMode: 'none',
      },
    },
    'targets.removeProfile': { id: 'profile-none' },
    'targets.preflight': { id: 'profile-none' },
    'targets.bankClock': { id: 'profile-none' },
    'targets.resetBankClock': { id: 'profile-none' },
    'sca.begin': { targetId: 'embedded-sandbox', href: 'http://127.0.0.1:1/sca' },
    'sca.recording': { attemptId: 'a1' },
    'sca.replay': { targetId: 'embedded-sandbox', href: 'http://127.0.0.1:1/sca', steps: {} },
    'collections.list': {},
    'collections.saveRequest': {
      collection: 'c',
      name: 'r',
      request: { method: 'GET', path: '/v1/accounts' },
    },
    'collections.create': { collection: 'c' },
    'collections.rename': { collection: 'c', to: 'd' },
    'collections.remove': { collection: 'c' },
    'collections.addFolder': { collection: 'c', name: 'f' },
    'collections.renameItem': { collection: 'c', id: 'none', name: 'n' },
    'collections.removeItem': { collection: 'c', id: 'none' },
    'collections.moveItem': { collection: 'c', id: 'none', folderId: null },
    'collections.import': { format: 'postman', text: '{}' },
    'collections.export': { collection: 'c', format: 'postman' },
    'collections.run': { collection: 'c', targetId: 'sandbox' },
    'collections.setAssertions': { collection: 'c', id: 'none', assertions: ['status 201'] },
    'settings.get': {},
    'settings.update': { theme: 'light' },
    'bank.behaviour': { mode: 'sandbox' },
    'bank.setBehaviour': { mode: 'sandbox', pendingKnownIssue: false },
    'bank.revokeGrant': {
      mode: 'sandbox',
      tppId: 'PSDNO-FSA-1',
      customerNumber: '10000001',
      accountId: 'x',
    },
    'bank.runBatch': { mode: 'sandbox' },
    'bank.setPaymentPermission': { mode: 'sandbox', accountId: 'x', allowed: false },
    'bank.revokeConsent': { mode: 'sandbox', consentId: 'none' },
    'bank.setCardAccountStatus': { mode: 'sandbox', cardAccountId: 'none', status: 'blocked' },
    'bank.sessions': { mode: 'sandbox' },
    'plan.list': {},
    'plan.state': {},
    'plan.choose': { plan: 'basic' },
    'plan.startModule': { module: 'NO-SUCH-MODULE' },
    'plan.finishModule': {},
    'plan.report': { format: 'json' },
    'runner.catalogue': {},
    'runner.start': { target: 'embedded-sandbox', selection: { checkIds: ['NO-SUCH-CHECK'] } },
    'runner.cancel': { runId: 'none' },
    'runner.list': {},
    'runner.result': { runId: 'none' },
    'runner.import': { json: '{}' },
    'runner.importBundle': { fileName: 'evidence.zip', bytes: 'bm90IGEgemlw' },
    'runner.compare': { previousRunId: 'a', currentRunId: 'b' },
    'runner.report': { runId: 'none', format: 'junit' },
    'runner.review': {
      runId: 'none',
      checkId: 'CONSENT-SCREEN-KEEPS-GRANTED-TICKED',
      decision: 'PASS',
      note: '',
    },
    'runner.faults': {},
    'workspace.variables': {},
    'workspace.saveVariables': {
      targetId: 'embedded-sandbox',
      variables: { active: 'default', environments: { default: {} } },
    },
    'workspace.importEnvironment': {
      targetId: 'embedded-sandbox',
      format: 'bruno',
      text: 'vars {\n}\n',
    },
    'workspace.exportEnvironment': {
      targetId: 'embedded-sandbox',
      environment: 'default',
      format: 'postman',
    },
    'workspace.tabs': {},
    'workspace.saveTabs': { tabs: [] },
  };

  it('has an implementation for every call that accepts its sample arguments', async () => {
    const services = createServices({ kind: 'web' });
    expect(Object.keys(sampleArgs).sort()).toEqual([...callNames].sort());
    for (const name of callNames) {
      const outcome = await services.dispatch(name, sampleArgs[name]);
      if (!outcome.ok) {
        // Refusals with a reason are fine (e.g. stopping a bank that does not run); an unknown
        // call or a schema mismatch is a contract defect.
        expect(
          ['UNKNOWN_CALL', 'INVALID_ARGUMENTS'],
          `${name}: ${outcome.error.message}`,
        ).not.toContain(outcome.error.code);
      }
    }
    await services.dispose();
  });

  it('pushes diagnostics.pong after answering diagnostics.ping', async () => {
    const services = createServices({ kind: 'web' });
    const seen: unknown[] = [];
    services.events.subscribe((name, payload) => seen.push({ name, payload }));
    await services.dispatch('diagnostics.ping', { message: 'one' });
    expect(seen).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([
      { name: 'diagnostics.pong', payload: expect.objectContaining({ message: 'one', seq: 1 }) },
    ]);
  });
});
