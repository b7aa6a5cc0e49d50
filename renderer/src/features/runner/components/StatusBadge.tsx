import { CHECK_STATUS_LABELS, type CheckStatus } from '../../../../../main/shared/run-status';

/** WAITING is no result: a check that waits for a person's SCA (manual SCA), live only. */
export type ShownStatus = CheckStatus | 'WAITING';

const SYMBOL: Record<ShownStatus, string> = {
  WAITING: '…',
  PASS: '✓',
  FAIL: '✗',
  WARNING: '!',
  SKIPPED: '–',
  INCONCLUSIVE: '?',
  REVIEW: '◉',
};

/** A check's status: colour, a symbol and the word, so it reads without colour too. */
export function StatusBadge({ status, testId }: { status: ShownStatus; testId?: string }) {
  return (
    <span
      className={`run-badge run-badge-${status.toLowerCase()}`}
      data-status={status}
      data-testid={testId}
    >
      <span aria-hidden="true">{SYMBOL[status]}</span>{' '}
      {status === 'INCONCLUSIVE' || status === 'REVIEW' ? CHECK_STATUS_LABELS[status] : status}
    </span>
  );
}
