/**
 * Whether a completed SCA still holds for the target (§3.4): its TPP session is still the
 * target's, its PSU still identified, the bank has not marked it replaced, and the bank clock has
 * not passed the end of its hour. A consent the PSU confirmed with no account ticked grants
 * nothing. Pure.
 */
import type {
  BankSessionView,
  PsuSessionView,
  ScaAttemptView,
} from '../../../../main/api/contract';

export type ScaStanding =
  | { state: 'holds' }
  /** The SCA succeeded, but the resource says nothing was granted (`revokedByPsu`). */
  | { state: 'no-access'; resourceStatus: string }
  /** The target's TPP session is another one now (new session, forgotten PSU, bank reset). */
  | { state: 'new-session'; psuKept: boolean }
  | { state: 'replaced'; by?: string }
  | { state: 'expired'; at: string };

/** Resource statuses that mean the PSU granted nothing (§1: nothing ticked → revokedByPsu). */
const NOTHING_GRANTED = ['revokedByPsu'];

export function scaStanding(input: {
  attempt: Pick<ScaAttemptView, 'tppSessionId'>;
  /** The redirect's parameters: the TPP session the SCA completed in, when it names one. */
  outcome: { psuId?: string; tppSessionId?: string };
  session?: Pick<PsuSessionView, 'tppSessionId' | 'psuId'>;
  bankView?: Pick<BankSessionView, 'tppSessionId' | 'state' | 'scaValidUntil' | 'replacedBy'>;
  bankTime?: Date;
  /** The status of the resource the SCA authorised, read after the redirect (`consentStatus`). */
  resourceStatus?: string;
}): ScaStanding {
  const { attempt, outcome, session, bankView, bankTime, resourceStatus } = input;
  if (resourceStatus && NOTHING_GRANTED.includes(resourceStatus))
    return { state: 'no-access', resourceStatus };
  if (session && session.tppSessionId !== attempt.tppSessionId)
    return {
      state: 'new-session',
      psuKept: outcome.psuId !== undefined && session.psuId === outcome.psuId,
    };
  // The bank's word is about the session the SCA completed in (a TPP-Session-ID typed on the
  // request may differ from the workbench's).
  const scaSession = outcome.tppSessionId ?? attempt.tppSessionId;
  if (!bankView || bankView.tppSessionId !== scaSession) return { state: 'holds' };
  if (bankView.state === 'replaced')
    return { state: 'replaced', ...(bankView.replacedBy ? { by: bankView.replacedBy } : {}) };
  if (
    bankView.scaValidUntil &&
    bankTime &&
    bankTime.getTime() >= new Date(bankView.scaValidUntil).getTime()
  )
    return { state: 'expired', at: bankView.scaValidUntil };
  return { state: 'holds' };
}
