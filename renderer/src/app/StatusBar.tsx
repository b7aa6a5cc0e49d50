import { useBankStore } from '../features/bank/store';
import { PsuSessionStatus } from '../features/session/components/PsuSessionStatus';
import { ScaSessionStatus } from '../features/session/components/ScaSessionStatus';
import { useActiveTarget } from '../features/targets/store';
import { bankNow } from '../lib/bank-clock';
import { formatInstant } from '../lib/format';
import { useNow } from './use-now';

/**
 * Active target and mode, its PSU session (new TPP session, forget the PSU), the SCA as the bank
 * sees it (§3.4), and the bank clock.
 */
export function StatusBar() {
  const now = useNow(1000);
  const target = useActiveTarget();
  const clock = useBankStore((s) => s.clock);
  const bankTime = clock ? bankNow(clock, now) : undefined;

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
      <ScaSessionStatus targetId={target?.id} bankTime={bankTime} />
      <span data-testid="status-clock" className="status-clock">
        <span className="muted">Bank clock </span>
        {bankTime ? formatInstant(bankTime) : '—'}
        {clock?.view.frozen && <span className="badge badge-warn">frozen</span>}
      </span>
    </footer>
  );
}
