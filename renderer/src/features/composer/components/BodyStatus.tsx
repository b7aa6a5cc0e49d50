import type { EditorProblem } from './BodyEditor';

/**
 * What the body is: not JSON (and why), JSON the endpoint's schema accepts, or JSON with the
 * schema's problems listed. A green "Valid JSON" over schema errors would tell the user the bank
 * will take a body it refuses.
 */
export function bodyVerdict(
  parseError: string | null | undefined,
  problems: readonly EditorProblem[],
): { text: string; tone: 'ok' | 'warn' | 'error' } {
  if (parseError) return { text: `Not valid JSON: ${parseError}`, tone: 'error' };
  if (problems.length === 0) return { text: 'Valid JSON', tone: 'ok' };
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return { text: `Valid JSON, but not what the bank's schema asks: ${count} below`, tone: 'warn' };
}

export function BodyStatus({
  parseError,
  problems,
}: {
  parseError: string | null | undefined;
  problems: readonly EditorProblem[];
}) {
  const verdict = bodyVerdict(parseError, problems);
  return (
    <>
      <p data-testid="body-status" className={verdict.tone} aria-live="polite">
        {verdict.text}
      </p>
      {!parseError && problems.length > 0 && (
        <ul className="error schema-problems" data-testid="body-problems" aria-live="polite">
          {problems.map((p, index) => (
            <li key={index}>
              Line {p.line}: {p.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
