import { downloadText } from '../../../lib/download';
import type { useScaRecording } from '../../../state/sca-recording';

type Recording = NonNullable<ReturnType<typeof useScaRecording.getState>['recording']>;

/**
 * The steps a stopped recording made (secrets as `${env:…}`, warnings), Save, and Replay on the
 * answer's scaRedirect unless that link is spent.
 */
export function RecordedStepList({
  recording: { file, secrets, warnings },
  targetId,
  scaRedirect,
  spent,
  busy,
  replayOn,
}: {
  recording: Recording & { file: NonNullable<Recording['file']> };
  targetId: string | undefined;
  scaRedirect: string | undefined;
  spent: string | undefined;
  /** A replay runs or waits for its confirmation: no second one. */
  busy: boolean;
  replayOn(targetId: string, scaRedirect: string): Promise<void>;
}) {
  return (
    <div data-testid="sca-recorded">
      {secrets.length > 0 && (
        <p data-testid="sca-recorded-secrets">
          Secrets are read from the environment on replay:{' '}
          {secrets.map((name) => (
            <code key={name}>{name}</code>
          ))}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="warn" data-testid="sca-recorded-warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <pre className="sca-recorded-steps" tabIndex={0} data-testid="sca-recorded-steps">
        {file.text}
      </pre>
      <div className="actions">
        <button
          type="button"
          onClick={() => downloadText(file.name, file.text)}
          data-testid="sca-record-save"
        >
          Save steps file
        </button>
        {!spent && (
          <button
            type="button"
            disabled={!scaRedirect || !targetId || busy}
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
  );
}
