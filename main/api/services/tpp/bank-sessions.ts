/**
 * The bank's view of a target's TPP session (§3.4), for the status bar: an embedded bank is asked
 * (its own session record decides valid, expired or replaced); an external bank cannot be, so the
 * workbench estimates from the SCA it saw complete, and says so.
 */
import { findSessionById, scaValidUntil, sessionState } from '../../../core/bank/index.js';
import type { Clock } from '../../../core/clock.js';
import { SCA_SESSION_VALIDITY_MS } from '../../../core/spec/limits.js';
import type { PsuSession } from '../../../core/tpp/psu-session.js';
import type { BankMode, BankSessionView } from '../../contract/index.js';
import { EMBEDDED_TARGET_IDS } from '../../contract/targets.js';
import type { BankService } from '../bank/bank-service.js';

/** The embedded bank mode a target id names, if it names one. */
export function embeddedModeOf(targetId: string): BankMode | undefined {
  return (Object.entries(EMBEDDED_TARGET_IDS) as [BankMode, string][]).find(
    ([, id]) => id === targetId,
  )?.[0];
}

export function bankSessionView(
  deps: { banks: BankService; clock: Clock },
  targetId: string,
  session: PsuSession,
): BankSessionView {
  const mode = embeddedModeOf(targetId);
  if (mode) {
    return deps.banks.bank(mode).inspect((state, now) => {
      const record = findSessionById(state, session.tppSessionId);
      return {
        targetId,
        tppSessionId: session.tppSessionId,
        source: 'bank',
        state: sessionState(record, now),
        ...(record
          ? {
              scaCompletedAt: record.scaCompletedAt,
              scaValidUntil: scaValidUntil(record).toISOString(),
            }
          : {}),
        ...(record?.replacedBy ? { replacedBy: record.replacedBy } : {}),
        bankNow: now.toISOString(),
      };
    });
  }
  const now = deps.clock.now();
  const completed = session.scaCompletedAt ? new Date(session.scaCompletedAt) : undefined;
  const until = completed ? new Date(completed.getTime() + SCA_SESSION_VALIDITY_MS) : undefined;
  return {
    targetId,
    tppSessionId: session.tppSessionId,
    source: 'workbench',
    state: !until ? 'none' : now < until ? 'valid' : 'expired',
    ...(completed && until
      ? { scaCompletedAt: completed.toISOString(), scaValidUntil: until.toISOString() }
      : {}),
    bankNow: now.toISOString(),
  };
}
