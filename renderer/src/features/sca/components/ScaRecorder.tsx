import './sca-recorder.css';
import { useState } from 'react';
import type { ScaReplayScreenshot } from '../../../../../main/api/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { downloadText } from '../../../lib/download';
import { useScaRecording } from '../recording';
import { spentLinkText, useUsedLinks } from '../used-links';

/**
 * Record SCA steps by clicking (docs/sca.md, "Recording SCA steps"): the toggle for the next SCA
 * window, the steps the recording made (secrets as `${env:…}`), Save, and Replay in browser mode
 * on the scaRedirect of the answer shown, with a screenshot of every page — after the user
 * confirmed what it will type where (SECURITY.md).
 */
export function ScaRecorder(props: { targetId?: string; scaRedirect?: string }) {
  const uses = useUsedLinks((s) => s.uses);
  const { targetId, scaRedirect } = props;
  const spent = targetId && scaRedirect ? spentLinkText(uses, targetId, scaRedirect) : undefined;
  return <ScaRecorderView {...props} {...(spent ? { spent } : {})} {...useScaRecording()} />;
}

/** The panel for a state of the recording store (rendered on its own in tests). */
export function ScaRecorderView({
  targetId,
  scaRedirect,
  spent,
  record,
  attemptId,
  recording,
  replaying,
  replay,
  error,
  setRecord,
  stop,
  replayOn,
  confirming,
  confirmReplay,
  cancelReplay,
}: {
  targetId?: string;
  scaRedirect?: string;
  /** Why the answer's scaRedirect cannot be replayed (used-links.ts); none while it can. */
  spent?: string;
} & ReturnType<typeof useScaRecording.getState>) {
  const active = attemptId !== undefined && recording?.stopped !== true;
  return (
    <section
      className="sca-recorder"
      aria-labelledby="sca-recorder-title"
      data-testid="sca-recorder"
    >
      <h2 id="sca-recorder-title">Record SCA steps</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={record}
          disabled={active}
          onChange={(event) => setRecord(event.target.checked)}
          data-testid="sca-record-toggle"
        />{' '}
        Record what I do on the bank's pages when I open the next scaRedirect
      </label>
      <ErrorNotice error={error} doing="Recording" />
      {active && (
        <p role="status" data-testid="sca-recording-status">
          <span className="spinner" aria-hidden="true" /> Recording:{' '}
          <span data-testid="sca-recording-events">{recording?.events ?? 0}</span> reports from the
          bank's pages{recording?.redirected ? ', the bank sent the PSU back' : ''}.{' '}
          <button type="button" onClick={() => void stop()} data-testid="sca-record-stop">
            Stop recording
          </button>
        </p>
      )}
      {recording?.stopped && recording.problem && (
        <p className="warn" data-testid="sca-recording-problem">
          No steps: {recording.problem}
        </p>
      )}
      {recording?.stopped && recording.file && (
        <div data-testid="sca-recorded">
          {recording.secrets.length > 0 && (
            <p data-testid="sca-recorded-secrets">
              Secrets are read from the environment on replay:{' '}
              {recording.secrets.map((name) => (
                <code key={name}>{name}</code>
              ))}
            </p>
          )}
          {recording.warnings.length > 0 && (
            <ul className="warn" data-testid="sca-recorded-warnings">
              {recording.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          <pre className="sca-recorded-steps" tabIndex={0} data-testid="sca-recorded-steps">
            {recording.file.text}
          </pre>
          <div className="actions">
            <button
              type="button"
              onClick={() => downloadText(recording.file!.name, recording.file!.text)}
              data-testid="sca-record-save"
            >
              Save steps file
            </button>
            {!spent && (
              <button
                type="button"
                disabled={!scaRedirect || !targetId || replaying || confirming !== undefined}
                title={scaRedirect ? undefined : 'Send a request whose answer has an scaRedirect'}
                onClick={() => targetId && scaRedirect && void replayOn(targetId, scaRedirect)}
                data-testid="sca-replay"
              >
                Replay on this answer's scaRedirect (browser mode)
              </button>
            )}
          </div>
          {spent && (
            <p className="muted" data-testid="sca-replay-spent">
              {spent}
            </p>
          )}
        </div>
      )}
      {confirming && (
        <div className="notice" role="alertdialog" data-testid="sca-replay-confirm">
          <p>
            The replay will type these values into the pages of{' '}
            <code>{new URL(confirming.confirmation.url).origin}</code> and send them there. Values
            from the environment are shown by their variable's name.
          </p>
          <table>
            <thead>
              <tr>
                <th>Page</th>
                <th>Action</th>
                <th>Field</th>
                <th>Value</th>
              </tr>
            </thead>
            <tbody>
              {confirming.confirmation.typing.map((t, i) => (
                <tr key={i} data-testid="sca-replay-typing">
                  <td>{t.page}</td>
                  <td>{t.action}</td>
                  <td>
                    <code>{t.field}</code>
                  </td>
                  <td>
                    <code>{t.value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="actions">
            <button
              type="button"
              onClick={() => void confirmReplay()}
              data-testid="sca-replay-confirm-go"
            >
              Type these values and replay
            </button>
            <button type="button" onClick={cancelReplay} data-testid="sca-replay-confirm-cancel">
              Cancel
            </button>
          </div>
        </div>
      )}
      {replaying && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Replaying in Chromium…
        </p>
      )}
      {replay && (
        <div data-testid="sca-replay-result">
          <p
            className={
              replay.redirect?.outcome === 'success' ? 'notice notice-ok' : 'notice notice-error'
            }
            data-testid="sca-replay-outcome"
            data-outcome={replay.redirect?.outcome ?? 'error'}
          >
            {replay.redirect
              ? `The replay reached the redirect: ${replay.redirect.outcome}${replay.redirect.outcome === 'failure' ? ` (${replay.redirect.code ?? 'no code'})` : ''}.`
              : `The replay stopped: ${replay.error ?? 'no redirect'}`}
          </p>
          <ol className="sca-replay-shots">
            {replay.screenshots.map((shot) => (
              <ReplayShot key={shot.at + shot.step} shot={shot} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/**
 * A replay's screenshot at a size its text can be read at (the panel's width); a click shows it
 * at full size, scrolling within the panel, and another click fits it again.
 */
function ReplayShot({ shot }: { shot: ScaReplayScreenshot }) {
  const [full, setFull] = useState(false);
  return (
    <li data-testid="sca-replay-shot" className={full ? 'full' : undefined}>
      <figure>
        <button
          type="button"
          className="sca-replay-shot-open"
          aria-pressed={full}
          title={full ? 'Fit to the panel' : 'Show at full size'}
          onClick={() => setFull(!full)}
          data-testid="sca-replay-shot-open"
        >
          <img
            src={`data:image/png;base64,${shot.png}`}
            alt={`The bank's page at step ${shot.step}, before its submission`}
          />
        </button>
        <figcaption>
          <code>{shot.step}</code> {shot.url}
        </figcaption>
      </figure>
    </li>
  );
}
