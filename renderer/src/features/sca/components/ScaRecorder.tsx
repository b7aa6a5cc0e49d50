import './sca-recorder.css';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useScaRecording } from '../../../state/sca-recording';
import { spentLinkText, useUsedLinks } from '../../../state/used-links';
import { RecordedStepList } from './RecordedStepList';
import { ReplayConfirm, ReplayResult } from './ScaReplay';

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
  /** Why the answer's scaRedirect cannot be replayed (state/used-links.ts); none while it can. */
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
        <RecordedStepList
          recording={{ ...recording, file: recording.file }}
          targetId={targetId}
          scaRedirect={scaRedirect}
          spent={spent}
          busy={replaying || confirming !== undefined}
          replayOn={replayOn}
        />
      )}
      {confirming && (
        <ReplayConfirm
          confirming={confirming}
          confirmReplay={confirmReplay}
          cancelReplay={cancelReplay}
        />
      )}
      {replaying && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Replaying in Chromium…
        </p>
      )}
      {replay && <ReplayResult replay={replay} />}
    </section>
  );
}
