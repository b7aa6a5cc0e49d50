import { useEffect } from 'react';
import type { BankSessionView } from '../../../../../main/api/contract';
import { scaIndicator } from '../../../lib/bank-clock';
import { formatDuration, formatInstant } from '../../../lib/format';
import { useSessionStore } from '../../../state/session-store';
import { shortSessionId } from './PsuSessionStatus';

interface ScaSessionStatusProps {
  targetId?: string;
  /** The bank clock now, as the status bar reads it; none until the clock is known. */
  bankTime?: Date;
}

/**
 * The SCA of the active target's TPP session as the bank sees it (§3.4): valid with the time left,
 * expired, replaced by a newer session's SCA, or none. Read from the embedded bank's own record;
 * for an external bank the workbench's estimate, marked as such.
 */
export function ScaSessionStatus({ targetId, bankTime }: ScaSessionStatusProps) {
  const view = useSessionStore((s) => (targetId ? s.bankViews[targetId] : undefined));
  const tppSessionId = useSessionStore((s) =>
    targetId ? s.sessions[targetId]?.tppSessionId : undefined,
  );
  useEffect(() => {
    if (targetId && tppSessionId) void useSessionStore.getState().refreshBankView(targetId);
  }, [targetId, tppSessionId]);
  const current = view && view.tppSessionId === tppSessionId ? view : undefined;
  return <ScaSessionSummary view={current} bankTime={bankTime} />;
}

/** What `ScaSessionStatus` shows, from plain props. */
export function ScaSessionSummary({ view, bankTime }: { view?: BankSessionView; bankTime?: Date }) {
  const sca = view && bankTime ? scaIndicator(view, bankTime) : undefined;
  const source =
    view?.source === 'workbench'
      ? 'Estimated by the workbench from the SCA it saw complete: an external bank cannot be asked.'
      : "The bank's own record of this TPP-Session-ID (§3.4).";
  return (
    <span
      data-testid="status-sca"
      data-state={sca?.state ?? 'unknown'}
      data-source={view?.source}
      title={
        view?.scaValidUntil
          ? `${source}\nSCA completed ${formatInstant(view.scaCompletedAt!)}, valid until ${formatInstant(view.scaValidUntil)} (bank clock).`
          : source
      }
    >
      <span className="muted">SCA </span>
      {!sca && <span className="muted">…</span>}
      {sca?.state === 'valid' && (
        <span className="ok">
          valid, {formatDuration(sca.leftMs)} left
          {sca.clockBeforeSca && (
            <span className="badge badge-warn" data-testid="status-sca-clock-back">
              clock set back before the SCA
            </span>
          )}
        </span>
      )}
      {sca?.state === 'expired' && (
        <span className="warn">expired {formatDuration(sca.agoMs)} ago</span>
      )}
      {sca?.state === 'replaced' && (
        <span className="warn">
          replaced{sca.by ? ` by ${shortSessionId(sca.by)}` : ''}, SCA needed
        </span>
      )}
      {sca?.state === 'none' && <span className="muted">none</span>}
      {view?.source === 'workbench' && <span className="muted"> (estimate)</span>}
    </span>
  );
}
