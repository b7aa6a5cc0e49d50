import { afterEach, describe, expect, it } from 'vitest';
import { completeSca } from '../../../main/core/bank/domain/sessions';
import { createServices, type Services } from '../../../main/api/services';
import type { CallName, CallResult } from '../../../main/api/contract';

let services: Services | undefined;
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});

async function call<N extends CallName>(name: N, args: unknown): Promise<CallResult<N>> {
  const outcome = await services!.dispatch(name, args);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result as CallResult<N>;
}

/** The bank records a completed SCA for a session id, as its SCA pages do (§3.4). */
function bankCompletes(tppSessionId: string, customerNumber = 'C1') {
  services!.banks
    .bank('sandbox')
    .act((state, now) =>
      completeSca(state, { tppId: 'TPP', tppSessionId, customerNumber, context: 'PRIVATE' }, now),
    );
}

describe("the status bar's TPP session comes from the bank (§3.4)", () => {
  it('reads none, valid, replaced and expired from the embedded bank', async () => {
    services = createServices({ kind: 'web' });
    const [first] = (await call('session.list', {})).filter(
      (s) => s.targetId === 'embedded-sandbox',
    );
    const id = first!.tppSessionId;
    expect(await call('session.bankView', { targetId: 'embedded-sandbox' })).toMatchObject({
      source: 'bank',
      state: 'none',
      tppSessionId: id,
    });

    bankCompletes(id);
    const valid = await call('session.bankView', { targetId: 'embedded-sandbox' });
    expect(valid.state).toBe('valid');
    expect(
      new Date(valid.scaValidUntil!).getTime() - new Date(valid.scaCompletedAt!).getTime(),
    ).toBe(3_600_000);

    bankCompletes('second-session');
    expect(await call('session.bankView', { targetId: 'embedded-sandbox' })).toMatchObject({
      state: 'replaced',
      replacedBy: 'second-session',
    });

    await call('session.update', { targetId: 'embedded-sandbox', psuId: null });
    const fresh = await call('session.reset', { targetId: 'embedded-sandbox' });
    bankCompletes(fresh.tppSessionId, 'C2');
    await call('clock.advance', { ms: 3_600_001 });
    expect(await call('session.bankView', { targetId: 'embedded-sandbox' })).toMatchObject({
      state: 'expired',
      tppSessionId: fresh.tppSessionId,
    });
  });

  it('refuses an unknown target with a message', async () => {
    services = createServices({ kind: 'web' });
    const outcome = await services.dispatch('session.bankView', { targetId: 'nope' });
    expect(outcome).toMatchObject({
      ok: false,
      error: { message: "There is no target 'nope'; choose one in Settings." },
    });
  });
});

describe('new TPP session for the same PSU, forget the PSU, undo', () => {
  it('keeps the PSU on request, forgets it otherwise, and undo brings the old session back', async () => {
    services = createServices({ kind: 'web' });
    const psuId = '11111111-2222-4333-8444-555555555555';
    const before = await call('session.update', {
      targetId: 'embedded-sandbox',
      psuId,
      context: 'PRIVATE',
    });

    const same = await call('session.reset', { targetId: 'embedded-sandbox', keep: 'psu' });
    expect(same.tppSessionId).not.toBe(before.tppSessionId);
    expect(same).toMatchObject({ psuId, context: 'PRIVATE' });
    expect(same.scaCompletedAt).toBeUndefined();

    const forgotten = await call('session.reset', { targetId: 'embedded-sandbox' });
    expect(forgotten.psuId).toBeUndefined();
    const undone = await call('session.undoReset', { targetId: 'embedded-sandbox' });
    expect(undone).toMatchObject({ tppSessionId: same.tppSessionId, psuId });

    // Only the last reset, and only once.
    const again = await services.dispatch('session.undoReset', { targetId: 'embedded-sandbox' });
    expect(again).toMatchObject({ ok: false, error: { message: /nothing to undo/ } });
  });
});
