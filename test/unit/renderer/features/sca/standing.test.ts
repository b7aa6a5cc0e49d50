/** Whether a completed SCA still holds: session, PSU, the bank's word, the hour, what was granted. */
import { describe, expect, it } from 'vitest';
import { scaStanding } from '../../../../../renderer/src/features/sca/standing';

const attempt = { tppSessionId: 's1' };
const outcome = { psuId: 'p1' };
const session = { tppSessionId: 's1', psuId: 'p1' };
const bankView = {
  tppSessionId: 's1',
  state: 'valid' as const,
  scaValidUntil: '2026-01-01T13:00:00.000Z',
};

describe('SCA standing', () => {
  it('holds within its session and hour', () => {
    const bankTime = new Date('2026-01-01T12:59:59Z');
    expect(scaStanding({ attempt, outcome, session, bankView, bankTime })).toEqual({
      state: 'holds',
    });
  });

  it('is expired from the end of the hour the bank gave it, on the bank clock', () => {
    const bankTime = new Date('2026-01-01T13:00:00Z');
    expect(scaStanding({ attempt, outcome, session, bankView, bankTime })).toEqual({
      state: 'expired',
      at: bankView.scaValidUntil,
    });
  });

  it('does not cover a new TPP session; says whether the PSU stayed', () => {
    expect(scaStanding({ attempt, outcome, session: { tppSessionId: 's2', psuId: 'p1' } })).toEqual(
      { state: 'new-session', psuKept: true },
    );
    // A forgotten PSU or a reset bank: a new session without the PSU.
    expect(scaStanding({ attempt, outcome, session: { tppSessionId: 's2' } })).toEqual({
      state: 'new-session',
      psuKept: false,
    });
  });

  it("takes the bank's word that another session replaced it", () => {
    expect(
      scaStanding({
        attempt,
        outcome,
        session,
        bankView: { ...bankView, state: 'replaced', replacedBy: 's9' },
        bankTime: new Date('2026-01-01T12:00:00Z'),
      }),
    ).toEqual({ state: 'replaced', by: 's9' });
    // An SCA completed under another TPP-Session-ID (typed on the request) is not the one the
    // bank marks replaced: the workbench's session was.
    expect(
      scaStanding({
        attempt,
        outcome: { psuId: 'p1', tppSessionId: 's9' },
        session,
        bankView: { ...bankView, state: 'replaced', replacedBy: 's9' },
        bankTime: new Date('2026-01-01T12:00:00Z'),
      }),
    ).toEqual({ state: 'holds' });
  });

  it('says no access was granted when the consent came back revokedByPsu', () => {
    expect(scaStanding({ attempt, outcome, session, resourceStatus: 'revokedByPsu' })).toEqual({
      state: 'no-access',
      resourceStatus: 'revokedByPsu',
    });
    expect(scaStanding({ attempt, outcome, session, resourceStatus: 'valid' })).toEqual({
      state: 'holds',
    });
  });
});
