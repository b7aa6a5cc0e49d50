import { REAL_TIME_SLACK_MS } from '../../../lib/format';
import { useBankStore } from '../../../state/bank-store';

/** True when the bank clock runs on real time: not frozen, within a second of it. */
export function atRealTime(view: { frozen: boolean; offsetMs: number }): boolean {
  return !view.frozen && Math.abs(view.offsetMs) < REAL_TIME_SLACK_MS;
}

/** "Now": the bank clock back to real time (resumed if frozen), from wherever it was moved. */
export function NowButton({ testId, className }: { testId: string; className?: string }) {
  const clock = useBankStore((s) => s.clock);
  const busy = useBankStore((s) => s.busy);
  const clockAction = useBankStore((s) => s.clockAction);
  const onRealTime = clock ? atRealTime(clock.view) : true;
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      disabled={!!busy || onRealTime}
      title={
        onRealTime
          ? 'The bank clock runs on real time.'
          : 'Returns the bank clock to real time (and resumes it if frozen).'
      }
      onClick={() => void clockAction('now')}
    >
      Now
    </button>
  );
}
