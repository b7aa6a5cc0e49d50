import { useState } from 'react';
import type { ScaWaitingView } from '../../../../../main/api/contract';
import { api } from '../../../api';
import { formatInstant } from '../../../lib/format';
import { openWaitingSca, waitingKey } from '../waiting-sca';
import { StatusBadge } from './StatusBadge';

function WaitingCheck({ runId, waiting }: { runId: string; waiting: ScaWaitingView }) {
  const [blocked, setBlocked] = useState(false);
  // The desktop app lets no page open windows; there the link is opened by hand in a browser on
  // this machine (the loopback listener takes the redirect from any of them).
  const canOpen = api.host === 'web';
  return (
    <li data-testid="waiting-check" data-check={waiting.checkId}>
      <p>
        <StatusBadge status="WAITING" testId="waiting-status" /> <code>{waiting.checkId}</code>{' '}
        {waiting.checkTitle}
      </p>
      <p>
        Complete SCA at{' '}
        <a href={waiting.scaRedirect} target="_blank" rel="noreferrer" data-testid="waiting-link">
          {waiting.scaRedirect}
        </a>
      </p>
      <p data-testid="waiting-instructions">On the bank&apos;s pages: {waiting.instructions}.</p>
      <p className="muted">
        The check gives up at{' '}
        <span data-testid="waiting-deadline">{formatInstant(waiting.deadline)}</span>.
      </p>
      {canOpen && (
        <button
          type="button"
          className="primary"
          data-testid="waiting-open-sca"
          onClick={() =>
            setBlocked(!openWaitingSca(waitingKey(runId, waiting.checkId), waiting.scaRedirect))
          }
        >
          Open the SCA window
        </button>
      )}
      {blocked && (
        <p className="notice notice-error" role="alert">
          The browser blocked the window: open the link above instead.
        </p>
      )}
    </li>
  );
}

/**
 * Checks of the run shown that wait for a person to complete SCA (a profile with manual SCA): the
 * bank's link, what to do there, and a button that opens the SCA window on it. A check leaves the
 * list when the bank's redirect reaches the run (or its wait ends).
 */
export function WaitingChecks({
  runId,
  waiting,
}: {
  runId: string;
  waiting: readonly ScaWaitingView[];
}) {
  if (waiting.length === 0) return null;
  return (
    <section aria-label="Checks waiting for SCA" data-testid="run-waiting">
      <ul className="run-waiting">
        {waiting.map((w) => (
          <WaitingCheck key={w.checkId} runId={runId} waiting={w} />
        ))}
      </ul>
    </section>
  );
}
