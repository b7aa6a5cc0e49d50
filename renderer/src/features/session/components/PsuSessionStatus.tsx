import { useState } from 'react';
import type { PsuSessionView } from '../../../../../main/api/contract';
import { problemOf } from '../../../lib/errors';
import { useSessionStore } from '../../../state/session-store';

interface PsuSessionStatusProps {
  /** The active target; none while the targets load. */
  target?: { id: string; name: string };
}

/** What "New TPP session" does, in its title (§3.4): same PSU, new session id, SCA again. */
export function newSessionTitle(targetName: string): string {
  return (
    `Starts a new TPP session on ${targetName}: a new TPP-Session-ID for the same PSU (PSU-ID, ` +
    'PSU-Corporate-ID and context kept). The PSU completes SCA again in it; when that SCA ' +
    'completes, the bank marks the old session replaced (§3.4). Nothing at the bank is deleted.'
  );
}

/** What "Forget PSU" does, in its title: it forgets, it deletes nothing (§3.4, §5.3.4). */
export function forgetPsuTitle(targetName: string): string {
  return (
    `Forgets the PSU on ${targetName}: a new TPP-Session-ID, and the PSU-ID, PSU-Corporate-ID, ` +
    'context and SCA time forgotten, so the next SCA may be done as another PSU (§3.4, §5.3.4). ' +
    'Nothing at the bank is deleted: consents and payments stay. Undo brings the session back.'
  );
}

/** The first characters of a TPP-Session-ID: enough to tell two sessions apart at a glance. */
export function shortSessionId(tppSessionId: string): string {
  return tppSessionId.length > 8 ? `${tppSessionId.slice(0, 8)}…` : tppSessionId;
}

/**
 * The status bar's PSU session of the active target: the PSU it carries (§5.3.8, §6.1), its
 * TPP-Session-ID, "New TPP session" (same PSU) and "Forget PSU" (with undo): `session.reset`.
 */
export function PsuSessionStatus({ target }: PsuSessionStatusProps) {
  const session = useSessionStore((s) => (target ? s.sessions[target.id] : undefined));
  const error = useSessionStore((s) => s.error);
  const undoable = useSessionStore((s) => (target ? (s.undoable[target.id] ?? false) : false));
  const { reset, undoReset } = useSessionStore.getState();
  const [busy, setBusy] = useState(false);
  /** What the last click here did, to say so while its session is current. */
  const [last, setLast] = useState<{ tppSessionId: string; kind: ResetKind }>();

  const act = async (kind: ResetKind | 'undo') => {
    if (!target || busy) return;
    setBusy(true);
    const done =
      kind === 'undo'
        ? await undoReset(target.id)
        : await reset(target.id, kind === 'same-psu' ? 'psu' : undefined);
    setBusy(false);
    const id = useSessionStore.getState().sessions[target.id]?.tppSessionId;
    setLast(done && kind !== 'undo' && id ? { tppSessionId: id, kind } : undefined);
  };

  const current = last && session?.tppSessionId === last.tppSessionId ? last.kind : undefined;
  return (
    <PsuSessionSummary
      target={target}
      session={session}
      error={error}
      busy={busy}
      lastReset={current}
      undoable={undoable && current !== undefined}
      onNewSession={() => void act('same-psu')}
      onForget={() => void act('forget')}
      onUndo={() => void act('undo')}
    />
  );
}

/** The two resets: a new session for the same PSU, or forgetting the PSU. */
export type ResetKind = 'same-psu' | 'forget';

interface PsuSessionSummaryProps extends PsuSessionStatusProps {
  session?: PsuSessionView;
  /** The session store's last failure (loading, resetting or updating a session). */
  error?: unknown;
  /** A reset is under way. */
  busy: boolean;
  /** The reset (made here) that started the current session, if one did. */
  lastReset?: ResetKind;
  /** The last reset can be undone. */
  undoable: boolean;
  onNewSession(): void;
  onForget(): void;
  onUndo(): void;
}

/** What `PsuSessionStatus` shows, from plain props. */
export function PsuSessionSummary({
  target,
  session,
  error,
  busy,
  lastReset,
  undoable,
  onNewSession,
  onForget,
  onUndo,
}: PsuSessionSummaryProps) {
  const problem = error === undefined ? undefined : problemOf(error);
  return (
    <span data-testid="status-psu" className="status-psu">
      {/* The ids give way on a narrow bar (cut, whole in their titles); the buttons do not. */}
      <span className="status-psu-who">
        <span className="muted">PSU </span>
        {session?.psuId ? (
          <>
            <code className="status-psu-id" title={session.psuId} data-testid="status-psu-id">
              {session.psuId}
            </code>
            {session.context && <span className="badge">{session.context}</span>}
            {session.psuCorporateId && (
              <>
                {' '}
                <span className="muted">corporate </span>
                <code data-testid="status-psu-corporate-id">{session.psuCorporateId}</code>
              </>
            )}
          </>
        ) : (
          <span className="muted" data-testid="status-psu-none">
            not identified yet
          </span>
        )}
        {session && (
          <>
            {' '}
            <span className="muted">TPP session </span>
            <code
              data-testid="status-tpp-session-id"
              data-session-id={session.tppSessionId}
              title={`TPP-Session-ID ${session.tppSessionId}`}
            >
              {shortSessionId(session.tppSessionId)}
            </code>
          </>
        )}
        <span role="status" aria-live="polite" data-testid="status-psu-notice">
          {lastReset === 'same-psu' && (
            <span className="badge badge-ok">new session, same PSU</span>
          )}
          {lastReset === 'forget' && <span className="badge badge-ok">PSU forgotten</span>}
        </span>
      </span>
      {undoable && (
        <button
          type="button"
          className="link"
          data-testid="status-undo-reset"
          disabled={busy}
          onClick={onUndo}
          title="Brings back the TPP session and PSU the last reset replaced"
        >
          Undo
        </button>
      )}{' '}
      <button
        type="button"
        className="link"
        data-testid="status-new-tpp-session"
        title={target ? newSessionTitle(target.name) : 'No target chosen'}
        disabled={!target || busy}
        onClick={onNewSession}
      >
        New <span className="status-label">TPP </span>session
      </button>{' '}
      <button
        type="button"
        className="link"
        data-testid="status-forget-psu"
        title={target ? forgetPsuTitle(target.name) : 'No target chosen'}
        disabled={!target || busy || !session?.psuId}
        onClick={onForget}
      >
        Forget PSU
      </button>
      {problem && (
        <span
          className="warn"
          role="alert"
          data-testid="status-psu-error"
          title={[...problem.details, problem.todo].filter(Boolean).join('\n') || undefined}
        >
          {' '}
          PSU session: {problem.what}
        </span>
      )}
    </span>
  );
}
