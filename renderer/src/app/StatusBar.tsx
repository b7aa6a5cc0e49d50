import { useBankStore } from '../state/bank-store';
import { NowButton, atRealTime } from '../features/bank/components/NowButton';
import { PsuSessionStatus } from '../features/session/components/PsuSessionStatus';
import { ScaSessionStatus } from '../features/session/components/ScaSessionStatus';
import { useActiveTarget } from '../state/targets-store';
import { bankNow } from '../lib/bank-clock';
import { formatInstant, formatOffset } from '../lib/format';
import { useNow } from './use-now';

/**
 * One line at 1024 px and wider: the active target and mode, the SCA as the bank sees it (§3.4)
 * next to it where the eye starts, its PSU session (new TPP session, forget the PSU), and the bank
 * clock with its distance from real time and "Now".
 */
export function StatusBar() {
  const now = useNow(1000);
  const target = useActiveTarget();
  const clock = useBankStore((s) => s.clock);
  const bankTime = clock ? bankNow(clock, now) : undefined;
  const offset = clock && !clock.view.frozen ? formatOffset(clock.view.offsetMs) : undefined;

  return (
    <footer className="status-bar" aria-label="Status" data-testid="status-bar">
      <span data-testid="status-target" className="status-target">
        <span className="muted status-label">Target </span>
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
      <ScaSessionStatus targetId={target?.id} bankTime={bankTime} />
      <PsuSessionStatus target={target} />
      <span data-testid="status-clock" className="status-clock">
        <span className="muted status-label">Bank clock </span>
        {bankTime ? <ClockReading time={bankTime} /> : '—'}
        {clock?.view.frozen && <span className="badge badge-warn">frozen</span>}
        {offset && (
          <span className="badge badge-warn" data-testid="status-clock-offset">
            {offset}
          </span>
        )}
        {clock && !atRealTime(clock.view) && (
          <NowButton testId="status-clock-now" className="link" />
        )}
      </span>
    </footer>
  );
}

/** "2026-04-01 12:00:05 UTC"; below 1280 px the date gives way (whole in the title). */
function ClockReading({ time }: { time: Date }) {
  const text = formatInstant(time);
  const [date, rest] = [text.slice(0, 10), text.slice(11)];
  return (
    <span title={text}>
      <span className="status-date">{date} </span>
      {rest}
    </span>
  );
}
