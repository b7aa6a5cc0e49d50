import { useCallback, useEffect, useState } from 'react';
import type { BankClockView } from '../../../../../main/api/contract';
import { api } from '../../../api';
import { ErrorNotice } from '../../../components/ErrorNotice';

/**
 * The run's pre-flight of the bank clock, as `workbench run` says it on stderr: for a
 * profile target with an admin API, a bank clock more than a minute from real time is shown above
 * the run buttons, with a button that sets it back to real time (as `--reset-clock`).
 */
export function BankClockNotice({ profileId, locked }: { profileId: string; locked: boolean }) {
  const [clock, setClock] = useState<BankClockView>();
  const [error, setError] = useState<unknown>();
  const [resetting, setResetting] = useState(false);
  const read = useCallback(async () => {
    try {
      setClock(await api.call('targets.bankClock', { id: profileId }));
      setError(undefined);
    } catch (failure) {
      setError(failure);
    }
  }, [profileId]);
  // Read when the target is chosen and again after each run (locked → unlocked).
  useEffect(() => {
    setClock(undefined);
    if (!locked) void read();
  }, [read, locked]);
  const reset = async () => {
    setResetting(true);
    try {
      setClock(await api.call('targets.resetBankClock', { id: profileId }));
      setError(undefined);
    } catch (failure) {
      setError(failure);
    } finally {
      setResetting(false);
    }
  };
  if (error !== undefined) return <ErrorNotice error={error} doing="Reading the bank clock" />;
  if (clock?.kind !== 'read' || !clock.farOff) return null;
  return (
    <div className="notice notice-warn" role="alert" data-testid="runner-bank-clock">
      <p>{clock.text}</p>
      <button
        type="button"
        disabled={locked || resetting}
        data-testid="runner-reset-bank-clock"
        onClick={() => void reset()}
      >
        {resetting ? 'Resetting…' : 'Reset the bank clock'}
      </button>
    </div>
  );
}
