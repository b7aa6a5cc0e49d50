import { problemOf } from '../lib/errors';

interface ErrorNoticeProps {
  error: unknown;
  /** What the user was doing, e.g. "Sending the request". */
  doing?: string;
  testId?: string;
  onDismiss?(): void;
}

/** A failed call: what went wrong (the contract's message and details) and what to do. */
export function ErrorNotice({ error, doing, testId = 'error', onDismiss }: ErrorNoticeProps) {
  if (error === undefined || error === null) return null;
  const problem = problemOf(error);
  return (
    <div role="alert" className="notice notice-error" data-testid={testId}>
      <p>
        {doing && <strong>{doing} failed: </strong>}
        {problem.what}
      </p>
      {problem.details.length > 0 && (
        <ul>
          {problem.details.map((detail) => (
            <li key={detail}>
              <code>{detail}</code>
            </li>
          ))}
        </ul>
      )}
      {problem.todo && <p className="muted">{problem.todo}</p>}
      {onDismiss && (
        <button type="button" className="link" onClick={onDismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
