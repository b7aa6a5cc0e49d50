import type { CheckStatus } from '../../../../../main/shared/run-status';

const SYMBOL: Record<CheckStatus, string> = {
  PASS: '✓',
  FAIL: '✗',
  WARNING: '!',
  SKIPPED: '–',
};

/** A check's status: colour, a symbol and the word, so it reads without colour too. */
export function StatusBadge({ status, testId }: { status: CheckStatus; testId?: string }) {
  return (
    <span
      className={`run-badge run-badge-${status.toLowerCase()}`}
      data-status={status}
      data-testid={testId}
    >
      <span aria-hidden="true">{SYMBOL[status]}</span> {status}
    </span>
  );
}
