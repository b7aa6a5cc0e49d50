/**
 * TPP sessions (§3.4, §5.3.4, §8): one SCA is valid for one TPP and one PSU, across TPP roles,
 * under one TPP-Session-ID, for one hour on the bank clock. Completing SCA under a new session id
 * invalidates the old one; aborting it leaves the old one valid (nothing happens here on abort).
 */
import { SCA_SESSION_VALIDITY_MS } from '../../spec/limits.js';
import type { PsuContext } from '../../spec/enums.js';
import type { TppSession, DomainEntities } from './model.js';
import { KeyIndex, replaceAt } from './collection-index.js';

/** A record's TPP, session id and PSU never change in place (completeSca replaces the record). */
const sessionsByKey = new KeyIndex<TppSession>((session) =>
  JSON.stringify([session.tppId, session.tppSessionId]),
);
const sessionsById = KeyIndex.ofField<TppSession>('tppSessionId');
const sessionsByPsu = new KeyIndex<TppSession>((session) =>
  JSON.stringify([session.tppId, session.customerNumber]),
);

/** The records of one TPP and PSU (every session id), in the order they were made. */
export function sessionsOfPsu(
  state: Readonly<Pick<DomainEntities, 'sessions'>>,
  tppId: string,
  customerNumber: string,
): TppSession[] {
  return sessionsByPsu.all(state.sessions, JSON.stringify([tppId, customerNumber]));
}

export type SessionState = 'valid' | 'expired' | 'replaced' | 'none';

/** The session record a TPP keeps under `tppSessionId` (any state), if any. */
export function findSession(
  state: DomainEntities,
  tppId: string,
  tppSessionId: string,
): TppSession | undefined {
  return sessionsByKey.first(state.sessions, JSON.stringify([tppId, tppSessionId]));
}

/**
 * The record of a TPP-Session-ID whatever TPP used it (the views know the id, not the bank's TPP
 * id); when several TPPs used the same id, the one whose SCA completed last.
 */
export function findSessionById(
  state: Readonly<Pick<DomainEntities, 'sessions'>>,
  tppSessionId: string,
): TppSession | undefined {
  let found: TppSession | undefined;
  for (const session of sessionsById.all(state.sessions, tppSessionId)) {
    if (!found || session.scaCompletedAt > found.scaCompletedAt) found = session;
  }
  return found;
}

/** When the session's SCA stops covering calls that need SCA (§3.4: 1 hour). */
export function scaValidUntil(session: TppSession): Date {
  return new Date(new Date(session.scaCompletedAt).getTime() + SCA_SESSION_VALIDITY_MS);
}

/** §3.4 state of a session record at `now`. */
export function sessionState(session: TppSession | undefined, now: Date): SessionState {
  if (!session) return 'none';
  if (session.state === 'replaced') return 'replaced';
  return now < scaValidUntil(session) ? 'valid' : 'expired';
}

export interface CompletedSca {
  tppId: string;
  tppSessionId: string;
  customerNumber: string;
  context: PsuContext;
  agreementId?: string;
}

/**
 * §3.4 "New session id used and its SCA completed → old id invalid; new id becomes valid". The
 * session id's record is (re)started at `now`; every other session of the same TPP and PSU that
 * is still inside its hour is marked replaced. Returns the valid session.
 */
export function completeSca(state: DomainEntities, sca: CompletedSca, now: Date): TppSession {
  for (const other of sessionsOfPsu(state, sca.tppId, sca.customerNumber)) {
    if (other.tppSessionId !== sca.tppSessionId && sessionState(other, now) === 'valid') {
      other.state = 'replaced';
      other.replacedBy = sca.tppSessionId;
    }
  }
  const session: TppSession = {
    tppId: sca.tppId,
    tppSessionId: sca.tppSessionId,
    customerNumber: sca.customerNumber,
    context: sca.context,
    scaCompletedAt: now.toISOString(),
    state: 'valid',
  };
  if (sca.agreementId !== undefined) session.agreementId = sca.agreementId;
  const at = sessionsByKey.position(state.sessions, JSON.stringify([sca.tppId, sca.tppSessionId]));
  // The record keeps its place (and row); its PSU may differ, which the indexes are told.
  if (at >= 0) replaceAt(state.sessions, at, session);
  else state.sessions.push(session);
  return session;
}
