import { useState } from 'react';
import type { PsuSessionView } from '../../../../../main/api/contract';
import { problemOf } from '../../../lib/errors';
import { useSessionStore } from '../store';

interface PsuSessionStatusProps {
  /** The active target; none while the targets load. */
  target?: { id: string; name: string };
}

/** What "New PSU session" does, in its title: it forgets, it deletes nothing (§3.4, §5.3.4). */
export function newSessionTitle(targetName: string): string {
  return (
    `Starts a new TPP session on ${targetName}: a new TPP-Session-ID, and the PSU-ID, ` +
    'PSU-Corporate-ID, context and SCA time forgotten, so the next SCA starts a new SCA ' +
    'session and may be done as another PSU (§3.4, §5.3.4). Nothing at the bank is deleted: ' +
    'consents and payments stay; to act as a PSU again, complete an SCA.'
  );
}

/** The first characters of a TPP-Session-ID: enough to tell two sessions apart at a glance. */
export function shortSessionId(tppSessionId: string): string {
  return tppSessionId.length > 8 ? `${tppSessionId.slice(0, 8)}…` : tppSessionId;
}

/**
 * The status bar's PSU session of the active target: the PSU it carries (§5.3.8, §6.1), its
 * TPP-Session-ID, and "New PSU session", which starts a fresh one (`session.reset`).
 */
export function PsuSessionStatus({ target }: PsuSessionStatusProps) {
  const session = useSessionStore((s) => (target ? s.sessions[target.id] : undefined));
  const error = useSessionStore((s) => s.error);
  const reset = useSessionStore((s) => s.reset);
  const [busy, setBusy] = useState(false);
  /** The TPP-Session-ID the last click here started, to say so until a PSU is identified. */
  const [started, setStarted] = useState<string>();

  const startNew = async () => {
    if (!target || busy) return;
    setBusy(true);
    const done = await reset(target.id);
    setBusy(false);
    if (done) setStarted(useSessionStore.getState().sessions[target.id]?.tppSessionId);
  };

  return (
    <PsuSessionSummary
      target={target}
      session={session}
      error={error}
      busy={busy}
      fresh={session !== undefined && session.tppSessionId === started && !session.psuId}
      onNewSession={() => void startNew()}
    />
  );
}

interface PsuSessionSummaryProps extends PsuSessionStatusProps {
  session?: PsuSessionView;
  /** The session store's last failure (loading, resetting or updating a session). */
  error?: unknown;
  /** A reset is under way. */
  busy: boolean;
  /** The session is the one "New PSU session" just started, no PSU identified in it yet. */
  fresh: boolean;
  onNewSession(): void;
}

/** What `PsuSessionStatus` shows, from plain props. */
export function PsuSessionSummary({
  target,
  session,
  error,
  busy,
  fresh,
  onNewSession,
}: PsuSessionSummaryProps) {
  const problem = error === undefined ? undefined : problemOf(error);
  return (
    <span data-testid="status-psu">
      <span className="muted">PSU </span>
      {session?.psuId ? (
        <>
          <code data-testid="status-psu-id">{session.psuId}</code>
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
        {fresh && <span className="badge badge-ok">new session</span>}
      </span>{' '}
      <button
        type="button"
        className="link"
        data-testid="status-new-psu-session"
        title={target ? newSessionTitle(target.name) : 'No target chosen'}
        disabled={!target || busy}
        onClick={onNewSession}
      >
        New PSU session
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
