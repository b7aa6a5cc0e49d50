import { useState } from 'react';
import { useNow } from '../../../app/use-now';
import { CLOCK_JUMPS, bankNow } from '../../../lib/bank-clock';
import { formatInstant, formatOffset } from '../../../lib/format';
import { NowButton } from './NowButton';
import { useBankStore } from '../../../state/bank-store';

/** The virtual bank clock both banks share (§3.4 hour, §5.3.7 90/180 days): jump, set, freeze. */
export function ClockControls() {
  const { clock, clockAction, busy } = useBankStore();
  const now = useNow(1000);
  const [when, setWhen] = useState('');
  if (!clock) return null;
  const time = bankNow(clock, now);
  const offset = clock.view.frozen ? undefined : formatOffset(clock.view.offsetMs);
  return (
    <div className="card clock" data-testid="bank-clock">
      <h2>Bank clock</h2>
      <p className="clock-now">
        <span data-testid="bank-clock-now">{formatInstant(time)}</span>{' '}
        {clock.view.frozen && <span className="badge badge-warn">frozen</span>}
        {offset !== undefined && (
          <span className="muted" data-testid="bank-clock-offset">
            {' '}
            ({offset} from real time)
          </span>
        )}
      </p>
      <div className="actions">
        {CLOCK_JUMPS.map((jump) => (
          <button
            key={jump.id}
            type="button"
            disabled={!!busy}
            data-testid={`clock-${jump.id}`}
            onClick={() => void clockAction('advance', jump.ms)}
          >
            {jump.label}
          </button>
        ))}
        <NowButton testId="clock-now" />
        {clock.view.frozen ? (
          <button type="button" disabled={!!busy} onClick={() => void clockAction('resume')}>
            Resume
          </button>
        ) : (
          <button type="button" disabled={!!busy} onClick={() => void clockAction('freeze')}>
            Freeze
          </button>
        )}
      </div>
      <form
        className="actions"
        onSubmit={(event) => {
          event.preventDefault();
          // datetime-local has no zone: the bank clock is shown and set in UTC.
          if (when) void clockAction('set', new Date(`${when}:00Z`).toISOString());
        }}
      >
        <label className="inline-field">
          <span>Set to (UTC)</span>
          <input
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            required
          />
        </label>
        <button type="submit" disabled={!!busy || !when}>
          Set
        </button>
      </form>
    </div>
  );
}
