/**
 * The embedded banks through the contract, as the UI drives them: lifecycle of both modes at
 * once, live request log events, the shared clock, registry, trust store and snapshots.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createServices, type Services } from '../../../main/api/services';
import type {
  BankEventView,
  BankExchangeView,
  BankStatusView,
  CallOutcome,
  ClockView,
  PsuSessionView,
} from '../../../main/api/contract';
import { createTestCa } from '../../../main/core/certs/index';

let services: Services;
beforeEach(() => {
  services = createServices({ kind: 'web' });
});
afterEach(() => services.dispose());

async function ok<T>(outcome: Promise<CallOutcome>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.result as T;
}

describe('bank lifecycle through the contract', () => {
  it('runs a sandbox and a production bank at once, each answering on its own port', async () => {
    const sandbox = await ok<BankStatusView>(services.dispatch('bank.start', { mode: 'sandbox' }));
    const production = await ok<BankStatusView>(
      services.dispatch('bank.start', { mode: 'production' }),
    );
    expect(sandbox.url).not.toBe(production.url);
    // Production answers 404 for every /sandbox/ path; the sandbox knows the route (it wants a signature).
    const inProduction = await request(`${production.url}/v1/sandbox/initialize`, {
      method: 'POST',
    });
    const inSandbox = await request(`${sandbox.url}/v1/sandbox/initialize`, { method: 'POST' });
    expect(inProduction.statusCode).toBe(404);
    expect(inSandbox.statusCode).toBe(400);
    await Promise.all([inProduction.body.text(), inSandbox.body.text()]);
    expect(await ok<BankStatusView[]>(services.dispatch('bank.status', {}))).toEqual([
      expect.objectContaining({ mode: 'sandbox', running: true }),
      expect.objectContaining({ mode: 'production', running: true }),
    ]);
    await ok(services.dispatch('bank.stop', { mode: 'production' }));
    const again = await services.dispatch('bank.stop', { mode: 'production' });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: 'The production bank is not running.' },
    });
  });

  it('streams each answered request as a bank.exchange event and keeps it in the log', async () => {
    const seen: BankExchangeView[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'bank.exchange') seen.push(payload as BankExchangeView);
    });
    const { url } = await ok<BankStatusView>(services.dispatch('bank.start', { mode: 'sandbox' }));
    await (await request(`${url}/v1/card-accounts/x/transactions`)).body.text();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      mode: 'sandbox',
      request: { method: 'GET', target: '/v1/card-accounts/x/transactions' },
      response: { status: 400 },
    });
    expect(seen[0]!.rejectedBy?.stage).toBe('headers');
    expect(
      await ok<BankExchangeView[]>(services.dispatch('bank.requestLog', { mode: 'sandbox' })),
    ).toEqual(seen);
  });

  it('moves the shared clock and says so', async () => {
    const changes: ClockView[] = [];
    services.events.subscribe(
      (name, payload) => name === 'clock.changed' && changes.push(payload as ClockView),
    );
    // Freeze first: a running clock moves on between two calls.
    await ok(services.dispatch('clock.freeze', {}));
    await ok(services.dispatch('clock.set', { now: '2026-03-01T10:00:00Z' }));
    const later = await ok<ClockView>(services.dispatch('clock.advance', { ms: 91 * 86_400_000 }));
    expect(later).toMatchObject({ now: '2026-05-31T10:00:00.000Z', frozen: true });
    expect(services.banks.bank('sandbox').clock.now().toISOString()).toBe(
      '2026-05-31T10:00:00.000Z',
    );
    expect(changes).toHaveLength(3);
  });

  it('passes the view the user opened on as app.viewShown, refusing what is not a view id', async () => {
    const seen: unknown[] = [];
    services.events.subscribe((name, payload) => name === 'app.viewShown' && seen.push(payload));
    await ok(services.dispatch('app.viewShown', { view: 'runner' }));
    const bad = await services.dispatch('app.viewShown', { view: '../../etc/passwd' });
    expect(bad.ok).toBe(false);
    expect(seen).toEqual([{ view: 'runner' }]);
  });

  it('keeps the clock within 2000–2199, refusing a move beyond and leaving the clock where it was', async () => {
    await ok(services.dispatch('clock.freeze', {}));
    await ok(services.dispatch('clock.set', { now: '2026-03-01T10:00:00Z' }));
    const early = await services.dispatch('clock.set', { now: '1970-01-01T00:00:00Z' });
    expect(early.ok).toBe(false);
    expect(!early.ok && early.error.message).toMatch(
      /^clock\.set: the bank clock would leave 2000-01-01T00:00:00Z to 2199-12-31T23:59:59Z/,
    );
    await ok(services.dispatch('clock.set', { now: '2195-03-01T10:00:00Z' }));
    const late = await services.dispatch('clock.advance', { ms: 10 * 365 * 86_400_000 });
    expect(!late.ok && late.error.message).toMatch(/^clock\.advance: .*would be 2205-/);
    expect(services.banks.bank('sandbox').clock.now().toISOString()).toBe(
      '2195-03-01T10:00:00.000Z',
    );
  });

  it('edits the registry and trust store, refusing what is not there or not a certificate', async () => {
    const entry = { organizationIdentifier: 'PSDNO-FSA-42', name: 'TPP', roles: ['AISP'] as const };
    expect(
      await ok(
        services.dispatch('registry.put', {
          mode: 'production',
          entry: { ...entry, roles: [...entry.roles] },
        }),
      ),
    ).toEqual([entry]);
    expect(
      await ok(
        services.dispatch('registry.remove', {
          mode: 'production',
          organizationIdentifier: 'PSDNO-FSA-42',
        }),
      ),
    ).toEqual([]);
    expect(
      await services.dispatch('registry.remove', {
        mode: 'production',
        organizationIdentifier: 'PSDNO-FSA-42',
      }),
    ).toMatchObject({ ok: false });

    const ca = await createTestCa();
    const anchors = await ok<{ fingerprint256: string }[]>(
      services.dispatch('trustStore.add', { mode: 'production', pem: ca.chainPem }),
    );
    expect(anchors).toHaveLength(2);
    const bad = await services.dispatch('trustStore.add', {
      mode: 'production',
      pem: '-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----',
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/No CA certificate could be read/) },
    });
    expect(
      await ok(
        services.dispatch('trustStore.remove', {
          mode: 'production',
          fingerprint256: anchors[0]!.fingerprint256,
        }),
      ),
    ).toHaveLength(1);
  });

  it('exports a snapshot, refuses a corrupt one naming the problem, and keeps the state', async () => {
    const { snapshot } = await ok<{ snapshot: { state: object } }>(
      services.dispatch('bank.exportSnapshot', { mode: 'sandbox' }),
    );
    const refused = await services.dispatch('bank.importSnapshot', {
      mode: 'sandbox',
      snapshot: { ...snapshot, state: { customers: 'nope' } },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        message: expect.stringMatching(/refused and the bank state is unchanged: .*customers/),
      },
    });
    const after = await ok<{ snapshot: unknown }>(
      services.dispatch('bank.exportSnapshot', { mode: 'sandbox' }),
    );
    expect((after.snapshot as { state: unknown }).state).toEqual(snapshot.state);
    expect(
      await ok(services.dispatch('bank.importSnapshot', { mode: 'sandbox', snapshot })),
    ).toMatchObject({ mode: 'sandbox' });
  });

  it('acts as the bank: behaviour switches, fault profiles, payment permission, revoking a grant', async () => {
    const behaviour = await ok<{ pendingKnownIssue: boolean; faultProfiles: string[] }>(
      services.dispatch('bank.setBehaviour', {
        mode: 'sandbox',
        pendingKnownIssue: false,
        faultProfiles: ['SIGN-INVALID-400'],
      }),
    );
    expect(behaviour).toMatchObject({
      pendingKnownIssue: false,
      faultProfiles: ['SIGN-INVALID-400'],
    });
    expect(services.banks.bank('sandbox').state().behaviour.pendingKnownIssue).toBe(false);
    expect(
      await services.dispatch('bank.setBehaviour', {
        mode: 'sandbox',
        faultProfiles: ['NO-SUCH-RULE'],
      }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Unknown fault profiles: NO-SUCH-RULE.' },
    });

    const account = services.banks.bank('sandbox').state().accounts[0]!;
    expect(account.paymentPermission).toBe(true);
    expect(
      await ok(
        services.dispatch('bank.setPaymentPermission', {
          mode: 'sandbox',
          accountId: account.id,
          allowed: false,
        }),
      ),
    ).toEqual({ changed: true });
    expect(services.banks.bank('sandbox').state().accounts[0]!.paymentPermission).toBe(false);
    expect(
      await ok(
        services.dispatch('bank.setPaymentPermission', {
          mode: 'sandbox',
          accountId: 'no-such',
          allowed: false,
        }),
      ),
    ).toEqual({ changed: false });
    expect(
      await ok(
        services.dispatch('bank.revokeGrant', {
          mode: 'sandbox',
          tppId: 'PSDNO-FSA-1',
          customerNumber: account.customerNumber,
          accountId: account.id,
        }),
      ),
    ).toEqual({ revoked: false });
  });

  it('records every console action and clock move as a bank event, streamed and listed in order', async () => {
    const streamed: BankEventView[] = [];
    services.events.subscribe((name, payload) => {
      if (name === 'bank.event') streamed.push(payload as BankEventView);
    });
    await ok(
      services.dispatch('bank.setCardAccountStatus', {
        mode: 'sandbox',
        cardAccountId: 'card-10000001',
        status: 'blocked',
      }),
    );
    // Blocking a blocked card changes nothing: no event.
    await ok(
      services.dispatch('bank.setCardAccountStatus', {
        mode: 'sandbox',
        cardAccountId: 'card-10000001',
        status: 'blocked',
      }),
    );
    // A refused action (no such consent) is no event either.
    const refused = await services.dispatch('bank.revokeConsent', {
      mode: 'production',
      consentId: 'no-such',
    });
    expect(refused.ok).toBe(false);
    await ok(services.dispatch('clock.advance', { ms: 3_600_000 }));
    await ok(services.dispatch('bank.reset', { mode: 'production' }));
    await ok(
      services.dispatch('bank.setBehaviour', {
        mode: 'sandbox',
        faultProfiles: ['SIGN-INVALID-400'],
        pendingKnownIssue: false,
      }),
    );
    await ok(
      services.dispatch('registry.put', {
        mode: 'production',
        entry: { organizationIdentifier: 'PSDNO-FSA-9', name: 'Nine', roles: ['AISP'] },
      }),
    );

    const listed = await ok<BankEventView[]>(services.dispatch('bank.events', {}));
    expect(listed.map((e) => [e.key.split(':')[0], e.kind, e.actor, e.text])).toEqual([
      ['sandbox', 'card-account-status', 'bank', 'Bank blocked card account card-10000001 (§3.3)'],
      ['clock', 'clock', 'bank', 'Bank clock advanced +1 h'],
      ['production', 'reset', 'bank', 'Bank reset to its initial state'],
      [
        'sandbox',
        'behaviour',
        'bank',
        'Bank behaviour set: fault profiles SIGN-INVALID-400; pending known issue off',
      ],
      ['production', 'registry', 'bank', 'Registry: PSDNO-FSA-9 registered for AISP'],
    ]);
    expect(streamed).toEqual(listed);
    // The bank time is the bank clock's after the move, an hour ahead of the real time.
    const jump = listed[1]!;
    expect(Date.parse(jump.bankTime) - Date.parse(jump.arrivedAt)).toBeGreaterThan(3_590_000);
  });

  it("a reset forgets the PSU of the reset bank's targets: a new TPP session without PSU-ID", async () => {
    const psuId = '5f0c9a52-3b1e-4c55-9a52-0d7e3f7b2a11';
    for (const targetId of ['embedded-sandbox', 'embedded-production'])
      await ok(services.dispatch('session.update', { targetId, psuId }));
    const before = await ok<PsuSessionView[]>(services.dispatch('session.list', {}));
    await ok(services.dispatch('bank.reset', { mode: 'sandbox' }));
    const after = await ok<PsuSessionView[]>(services.dispatch('session.list', {}));
    const of = (list: PsuSessionView[], id: string) => list.find((s) => s.targetId === id)!;
    expect(of(after, 'embedded-sandbox').psuId).toBeUndefined();
    expect(of(after, 'embedded-sandbox').tppSessionId).not.toBe(
      of(before, 'embedded-sandbox').tppSessionId,
    );
    // The production bank was not reset: its target keeps its session and PSU.
    expect(of(after, 'embedded-production')).toEqual(of(before, 'embedded-production'));
  });
});
