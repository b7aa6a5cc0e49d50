import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatInstant } from '../../../lib/format';
import { useSessionStore } from '../../session/store';
import { useScaStore } from '../store';

/**
 * The SCA in progress: the popup the PSU completes, the scaStatus steps seen meanwhile, and the
 * redirect back — the PSU session it set (§6.1) or the failure parameters (§6.2).
 */
export function ScaPanel() {
  const { attempt, popupBlocked, steps, outcome, pollError, error, dismiss } = useScaStore();
  const session = useSessionStore((s) => (attempt ? s.sessions[attempt.targetId] : undefined));
  if (!attempt && !error) return null;
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
        <ol className="sca-steps" data-testid="sca-steps" aria-label="scaStatus as it changed">
          {steps.map((step) => (
            <li key={step.at}>
              <code>{step.scaStatus}</code> <span className="muted">{formatInstant(step.at)}</span>
            </li>
          ))}
        </ol>
      )}
      {pollError && <p className="muted">scaStatus not readable: {pollError}</p>}
      {outcome?.outcome === 'success' && (
        <div className="notice notice-ok" role="status" data-testid="sca-success">
          <p>
            <strong>Authorisation complete.</strong> The PSU session of this target now carries:
          </p>
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
            {session?.scaCompletedAt && (
              <>
                <dt>SCA completed</dt>
                <dd>{formatInstant(session.scaCompletedAt)} (bank clock; valid one hour, §3.4)</dd>
              </>
            )}
          </dl>
          {attempt && session && session.tppSessionId !== attempt.tppSessionId && (
            <p className="muted" data-testid="sca-session-replaced">
              A new PSU session has been started since: this PSU is no longer in it.
            </p>
          )}
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
