import { useState } from 'react';
import type { ScaReplayScreenshot } from '../../../../../main/api/contract';
import type { useScaRecording } from '../../../state/sca-recording';

type RecordingState = ReturnType<typeof useScaRecording.getState>;

/**
 * What the replay will type where, for the user to confirm before anything is sent to the bank's
 * pages (SECURITY.md): values from the environment by their variable's name.
 */
export function ReplayConfirm({
  confirming,
  confirmReplay,
  cancelReplay,
}: {
  confirming: NonNullable<RecordingState['confirming']>;
  confirmReplay(): Promise<void>;
  cancelReplay(): void;
}) {
  return (
    <div className="notice" role="alertdialog" data-testid="sca-replay-confirm">
      <p>
        The replay will type these values into the pages of{' '}
        <code>{new URL(confirming.confirmation.url).origin}</code> and send them there. Values from
        the environment are shown by their variable's name.
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
  );
}

/** How the replay ended (the redirect's outcome, or why it stopped) and its screenshots. */
export function ReplayResult({ replay }: { replay: NonNullable<RecordingState['replay']> }) {
  return (
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
