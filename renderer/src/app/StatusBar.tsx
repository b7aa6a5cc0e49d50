import { useBankStore } from '../features/bank/store';
import { PsuSessionStatus } from '../features/session/components/PsuSessionStatus';
import { useSessionStore } from '../features/session/store';
import { useActiveTarget } from '../features/targets/store';
import { bankNow, scaValidity } from '../lib/bank-clock';
import { formatDuration, formatInstant } from '../lib/format';
import { useNow } from './use-now';

/**
 * Active target and mode, its PSU session (with "New PSU session") and the SCA time left, and the
 * bank clock.
 */
export function StatusBar() {
  const now = useNow(1000);
  const target = useActiveTarget();
  const clock = useBankStore((s) => s.clock);
  const session = useSessionStore((s) => (target ? s.sessions[target.id] : undefined));
  const bankTime = clock ? bankNow(clock, now) : undefined;
  const sca = bankTime
    ? scaValidity(session?.scaCompletedAt, bankTime)
    : { state: 'none' as const };

  return (
    <footer className="status-bar" aria-label="Status">
      <span data-testid="status-target">
        <span className="muted">Target </span>
        {target ? (
          <>
            {target.name} <span className={`badge badge-${target.mode}`}>{target.mode}</span>
            {target.kind === 'embedded' && !target.running && (
              <span className="badge badge-stopped">stopped</span>
            )}
          </>
        ) : (
          '—'
        )}
      </span>
      <PsuSessionStatus target={target} />
      <span data-testid="status-sca">
        <span className="muted">SCA </span>
        {sca.state === 'valid' && <span className="ok">{formatDuration(sca.leftMs)} left</span>}
        {sca.state === 'expired' && (
          <span className="warn">expired {formatDuration(sca.agoMs)} ago</span>
        )}
        {sca.state === 'none' && <span className="muted">none</span>}
      </span>
      <span data-testid="status-clock" className="status-clock">
        <span className="muted">Bank clock </span>
        {bankTime ? formatInstant(bankTime) : '—'}
        {clock?.view.frozen && <span className="badge badge-warn">frozen</span>}
      </span>
    </footer>
  );
}
