import { useEffect, useRef, useState } from 'react';
import { formatInstant, formatMs } from '../../../lib/format';
import type { CheckResult, EvidenceItem } from '../../../../../main/shared/run-result';
import { useRunnerStore } from '../store';
import { EvidenceSequence } from './EvidenceSequence';
import { ExchangeDetails } from './ExchangeDetails';
import { FoldedText, jsonText } from './FoldedText';
import { ReviewPanel } from './ReviewPanel';
import { RuleReference } from './RuleReference';
import { useViewedRun } from '../viewed-run';
import { StatusBadge } from './StatusBadge';

/** What a failed check expected and got, and the error when it was not an assertion. */
function FailureDetails({ failure }: { failure: NonNullable<CheckResult['failure']> }) {
  return (
    <section
      className="notice notice-error evidence-failure"
      data-testid="evidence-failure"
      aria-label="Failure"
    >
      <p>
        <strong>Failed: </strong>
        <span data-testid="evidence-failure-message">{failure.message}</span>
      </p>
      {failure.what && (
        <p>
          <span className="muted">Assertion </span>
          <span data-testid="evidence-assertion-what">{failure.what}</span>
        </p>
      )}
      {(failure.expected !== undefined || failure.actual !== undefined) && (
        <div className="expected-actual">
          <div>
            <h5>Expected</h5>
            <FoldedText
              text={jsonText(failure.expected)}
              label="Expected"
              testId="evidence-expected"
            />
          </div>
          <div>
            <h5>Actual</h5>
            <FoldedText text={jsonText(failure.actual)} label="Actual" testId="evidence-actual" />
          </div>
        </div>
      )}
      {failure.error && (
        <details className="folded">
          <summary>
            {failure.error.name}: {failure.error.message}
          </summary>
          {failure.error.stack && <FoldedText text={failure.error.stack} label="Stack" />}
        </details>
      )}
    </section>
  );
}

/** Why a check could not test its rules: the reason, where it stopped, any error inside it. */
function CouldNotTestDetails({ why }: { why: NonNullable<CheckResult['couldNotTest']> }) {
  return (
    <section
      className="notice notice-warn evidence-could-not-test"
      data-testid="evidence-could-not-test"
      aria-label="Could not test"
    >
      <p>
        <strong>Could not test: </strong>
        <span data-testid="evidence-could-not-test-reason">{why.reason}</span>
      </p>
      {why.step && <p className="muted">{why.step}</p>}
      {why.error && (
        <details className="folded">
          <summary>
            Error inside the check: {why.error.name}: {why.error.message}
          </summary>
          {why.error.stack && <FoldedText text={why.error.stack} label="Stack" />}
        </details>
      )}
    </section>
  );
}

function EvidenceEntry({
  item,
  failedExchangeId,
}: {
  item: EvidenceItem;
  failedExchangeId?: string;
}) {
  switch (item.kind) {
    case 'exchange': {
      const failed = item.exchange.id === failedExchangeId;
      return <ExchangeDetails exchange={item.exchange} open={failed} failed={failed} />;
    }
    case 'note':
      return (
        <p className="evidence-note">
          <span className="muted">Note </span>
          {item.text}
        </p>
      );
    case 'assertion':
      return (
        <div className={`evidence-assertion ${item.passed ? 'passed' : 'failed'}`}>
          <span aria-hidden="true">{item.passed ? '✓' : '✗'}</span>{' '}
          <span className="visually-hidden">{item.passed ? 'passed:' : 'failed:'}</span>
          {item.what}
          {(item.expected !== undefined || item.actual !== undefined) && (
            <span className="muted">
              {' '}
              — expected <code>{short(item.expected)}</code>, actual{' '}
              <code>{short(item.actual)}</code>
            </span>
          )}
        </div>
      );
    case 'screenshot':
      return (
        <figure className="evidence-screenshot">
          <img
            src={`data:image/png;base64,${item.pngBase64}`}
            alt={`The PSU's page at step ${item.step}`}
            style={{ maxWidth: '100%' }}
          />
          <figcaption className="muted">
            Screenshot: {item.step} — {item.url}
          </figcaption>
        </figure>
      );
  }
}

function short(value: unknown): string {
  const text = value === undefined ? '(nothing)' : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** Lets the user accept a failure in the baseline of expected failures, with a reason. */
function BaselineMark({ checkId }: { checkId: string }) {
  const entry = useRunnerStore((s) => s.baseline.entries.find((e) => e.checkId === checkId));
  const { markExpected, unmarkExpected } = useRunnerStore.getState();
  const [reason, setReason] = useState('');
  if (entry)
    return (
      <p className="notice notice-warn" data-testid="expected-failure">
        In the baseline as an expected failure: {entry.reason}{' '}
        <button type="button" className="link" onClick={() => unmarkExpected(checkId)}>
          Remove from the baseline
        </button>
      </p>
    );
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        markExpected(checkId, reason);
        setReason('');
      }}
    >
      <label className="inline-field">
        <span>Reason</span>
        <input
          value={reason}
          placeholder="e.g. the bank's ticket"
          data-testid="expected-reason"
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <button type="submit" data-testid="mark-expected">
        Mark as expected failure
      </button>
    </form>
  );
}

/** One check's outcome: its rules, the failure, every exchange, assertion and note, warnings. */
/** The verdicts this check had in the run's earlier attempts, newest first, each openable. */
function EarlierAttempts({
  check,
  failedExchangeId,
}: {
  check: CheckResult;
  failedExchangeId: string | undefined;
}) {
  const earlier = [...(check.earlierAttempts ?? [])].reverse();
  return (
    <div className="earlier-attempts" data-testid="earlier-attempts">
      <h3>Earlier attempts in this run (the verdict above is attempt {check.attempt ?? 1})</h3>
      {earlier.map((attempt) => (
        <details key={attempt.attempt} data-testid="earlier-attempt" data-attempt={attempt.attempt}>
          <summary>
            Attempt {attempt.attempt}: <StatusBadge status={attempt.status} />{' '}
            {attempt.startedAt && formatInstant(attempt.startedAt)} · took{' '}
            {formatMs(attempt.durationMs)}
            {attempt.failure && <span className="muted"> · {attempt.failure.message}</span>}
          </summary>
          {attempt.failure && <FailureDetails failure={attempt.failure} />}
          {attempt.couldNotTest && <CouldNotTestDetails why={attempt.couldNotTest} />}
          {attempt.skipReason && (
            <p className="notice notice-warn">Skipped: {attempt.skipReason}</p>
          )}
          <ol className="evidence-list">
            {attempt.evidence.map((item, index) => (
              <li key={index}>
                <EvidenceEntry item={item} failedExchangeId={failedExchangeId} />
              </li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  );
}

export function CheckEvidence({ check }: { check: CheckResult }) {
  const rules = useRunnerStore((s) => s.catalogue?.rules);
  const openCheck = useRunnerStore((s) => s.openCheck);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
    ref.current?.focus({ preventScroll: true });
  }, [check.checkId]);
  const failedExchangeId = check.failure?.exchangeId;
  const readOnly = useViewedRun().summary?.bundle !== undefined;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="card check-evidence"
      data-testid="check-evidence"
      aria-labelledby="evidence-title"
    >
      <header className="evidence-header">
        <h2 id="evidence-title">
          <StatusBadge status={check.status} testId="evidence-status" />{' '}
          <code>{check.checkId}</code>
        </h2>
        <button type="button" onClick={() => openCheck(undefined)} aria-label="Close the evidence">
          Close
        </button>
      </header>
      <p>{check.title}</p>
      <p className="muted">
        {check.area}
        {check.startedAt && ` · started ${formatInstant(check.startedAt)}`} · took{' '}
        {formatMs(check.durationMs)}
        {check.tags.length > 0 && ` · ${check.tags.join(', ')}`}
      </p>
      <ul className="evidence-rules">
        {check.rules.map((id) => {
          const rule = rules?.find((r) => r.id === id);
          return (
            <li key={id}>
              <code>{id}</code> {rule && <RuleReference reference={rule.section} />}{' '}
              {rule?.statement}
            </li>
          );
        })}
      </ul>
      {check.expectedFailure && (
        <p className="notice notice-warn">Expected failure: {check.expectedFailure.reason}</p>
      )}
      {check.failure && <FailureDetails failure={check.failure} />}
      {check.couldNotTest && <CouldNotTestDetails why={check.couldNotTest} />}
      {(check.status === 'REVIEW' || check.review) && (
        <ReviewPanel key={check.checkId} check={check} readOnly={readOnly} />
      )}
      {check.status === 'FAIL' && <BaselineMark checkId={check.checkId} />}
      {check.skipReason && (
        <p className="notice notice-warn" data-testid="evidence-skip">
          Skipped: {check.skipReason}
        </p>
      )}
      {check.warnings.length > 0 && (
        <ul className="notice notice-warn evidence-warnings" data-testid="evidence-warnings">
          {check.warnings.map((warning, index) => (
            <li key={index}>{warning}</li>
          ))}
        </ul>
      )}
      {check.earlierAttempts && check.earlierAttempts.length > 0 && (
        <EarlierAttempts check={check} failedExchangeId={failedExchangeId} />
      )}
      <EvidenceSequence check={check} />
      <h3>Evidence{check.attempt ? ` (attempt ${check.attempt})` : ''}</h3>
      {check.evidence.length === 0 ? (
        <p className="muted">No evidence recorded.</p>
      ) : (
        <ol className="evidence-list">
          {check.evidence.map((item, index) => (
            <li key={index}>
              <EvidenceEntry item={item} failedExchangeId={failedExchangeId} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
