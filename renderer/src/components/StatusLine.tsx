interface StatusLineProps {
  busy?: string | undefined;
  done?: string | undefined;
  progress?: { step: number; total: number; text: string } | undefined;
  testId?: string;
}

/** The state of a long operation, announced to screen readers as it changes. */
export function StatusLine({ busy, done, progress, testId = 'status' }: StatusLineProps) {
  return (
    <p className="status-line" role="status" aria-live="polite" data-testid={testId}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busy}
          {progress ? ` — step ${progress.step} of ${progress.total}: ${progress.text}` : '…'}
          {progress && <progress max={progress.total} value={progress.step} aria-label={busy} />}
        </>
      ) : (
        (done ?? '')
      )}
    </p>
  );
}
