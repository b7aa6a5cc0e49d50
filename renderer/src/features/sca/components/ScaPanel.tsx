import { useNow } from '../../../app/use-now';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { bankNow } from '../../../lib/bank-clock';
import { formatDuration, formatInstant } from '../../../lib/format';
import { SCA_SESSION_VALIDITY_MS } from '../../../../../main/core/spec/limits';
import { useBankStore } from '../../../state/bank-store';
import { useSessionStore } from '../../../state/session-store';
import { scaStanding, type ScaStanding } from '../standing';
import { useScaStore } from '../../../state/sca-store';

/** What a completed SCA no longer grants, in words; none while it holds. */
function standingText(standing: ScaStanding): string | undefined {
  switch (standing.state) {
    case 'holds':
      return undefined;
    case 'no-access':
      return `The PSU confirmed without ticking an account, and the consent is ${standing.resourceStatus}. Reads under it fail with CONSENT_INVALID.`;
    case 'new-session':
      return standing.psuKept
        ? 'A new TPP session has started since: this SCA does not cover it; the PSU completes SCA again (§3.4).'
        : 'A new PSU session has been started since: this PSU is no longer in it, and its SCA does not cover it (§3.4).';
    case 'replaced':
      return `Replaced: another TPP session of this PSU${standing.by ? ` (${standing.by.slice(0, 8)}…)` : ''} completed SCA since (§3.4).`;
    case 'expired':
      return `Expired at ${formatInstant(standing.at)} on the bank clock: the SCA hour is over; calls that need SCA are refused until the PSU authorises again (§3.4).`;
  }
}

/**
 * The SCA in progress: the popup the PSU completes, the scaStatus steps seen meanwhile, and the
 * redirect back — the PSU session it set (§6.1) or the failure parameters (§6.2).
 */
export function ScaPanel() {
  const { attempt, popupBlocked, steps, outcome, resourceStatus, pollError, error, dismiss } =
    useScaStore();
  const session = useSessionStore((s) => (attempt ? s.sessions[attempt.targetId] : undefined));
  const bankView = useSessionStore((s) => (attempt ? s.bankViews[attempt.targetId] : undefined));
  const clock = useBankStore((s) => s.clock);
  const now = useNow(1000);
  if (!attempt && !error) return null;
  const standing =
    attempt && outcome?.outcome === 'success'
      ? scaStanding({
          attempt,
          outcome,
          ...(session ? { session } : {}),
          ...(bankView ? { bankView } : {}),
          ...(clock ? { bankTime: bankNow(clock, now) } : {}),
          ...(resourceStatus ? { resourceStatus } : {}),
        })
      : undefined;
  const noLonger = standing ? standingText(standing) : undefined;
  return (
    <section className="sca-panel" aria-labelledby="sca-title" data-testid="sca-panel">
      <h2 id="sca-title">Strong customer authentication</h2>
      <ErrorNotice error={error} doing="Opening the SCA" />
      {attempt && !outcome && (
        <div role="status" aria-live="polite" data-testid="sca-waiting">
          <p>
            <span className="spinner" aria-hidden="true" /> Waiting for the PSU to complete the
            authorisation in the bank's window…
          </p>
          {popupBlocked && (
            <p className="warn">
              The browser blocked the window.{' '}
              <a href={attempt.url} target="psd2-workbench-sca" data-testid="sca-link">
                Open the bank's SCA page
              </a>
            </p>
          )}
        </div>
      )}
      {steps.length > 0 && (
        <>
          <p className="muted" id="sca-steps-clock" data-testid="sca-steps-clock">
            scaStatus as it changed, on the bank clock (the time the bank dated its answer)
          </p>
          <ol className="sca-steps" data-testid="sca-steps" aria-labelledby="sca-steps-clock">
            {steps.map((step) => (
              <li key={`${step.scaStatus} ${step.at}`} data-clock={step.clock}>
                <code>{step.scaStatus}</code>{' '}
                <span className="muted" data-testid="sca-step-at">
                  {formatInstant(step.at)}
                  {step.clock === 'workbench' && ' (workbench clock: the bank sent no Date)'}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      {pollError && <p className="muted">scaStatus not readable: {pollError}</p>}
      {outcome?.outcome === 'success' && (
        <div
          className={`notice ${noLonger ? 'notice-warn' : 'notice-ok'}`}
          role="status"
          data-testid={noLonger ? 'sca-no-longer' : 'sca-success'}
          data-state={standing?.state}
        >
          {noLonger ? (
            <p data-testid={standing?.state === 'new-session' ? 'sca-session-replaced' : undefined}>
              <strong>
                {standing?.state === 'no-access'
                  ? 'No access granted.'
                  : 'Authorisation completed earlier; it no longer holds.'}
              </strong>{' '}
              <span data-testid="sca-no-longer-why">{noLonger}</span>
            </p>
          ) : (
            <p>
              <strong>Authorisation complete.</strong> The PSU session of this target now carries:
            </p>
          )}
          <dl>
            <dt>PSU-ID</dt>
            <dd>
              <code data-testid="sca-psu-id">{outcome.psuId}</code>
            </dd>
            <dt>Context</dt>
            <dd data-testid="sca-context">{outcome.context}</dd>
            {outcome.psuCorporateId && (
              <>
                <dt>PSU-Corporate-ID</dt>
                <dd>
                  <code>{outcome.psuCorporateId}</code>
                </dd>
              </>
            )}
            {resourceStatus && (
              <>
                <dt>consentStatus</dt>
                <dd data-testid="sca-resource-status">{resourceStatus}</dd>
              </>
            )}
            {!noLonger && session?.scaCompletedAt && (
              <>
                <dt>SCA completed</dt>
                <dd data-testid="sca-completed-at">
                  {formatInstant(session.scaCompletedAt)} (bank clock; valid{' '}
                  {formatDuration(SCA_SESSION_VALIDITY_MS)}, §3.4)
                </dd>
              </>
            )}
          </dl>
        </div>
      )}
      {outcome?.outcome === 'failure' && (
        <div className="notice notice-error" role="alert" data-testid="sca-failure">
          <p>
            <strong>The authorisation failed</strong> (§6.2 redirect):
          </p>
          <dl>
            <dt>status</dt>
            <dd>{outcome.status ?? '—'}</dd>
            <dt>code</dt>
            <dd>
              <code>{outcome.code ?? '—'}</code>
            </dd>
            <dt>message</dt>
            <dd>{outcome.message ?? '—'}</dd>
            {outcome.system && (
              <>
                <dt>system</dt>
                <dd>{outcome.system}</dd>
              </>
            )}
          </dl>
        </div>
      )}
      {outcome && outcome.problems.length > 0 && (
        <ul className="warn" data-testid="sca-problems" aria-label="Where the redirect breaks §6">
          {outcome.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <button type="button" className="link" onClick={dismiss}>
        {outcome ? 'Close' : 'Cancel waiting'}
      </button>
    </section>
  );
}
