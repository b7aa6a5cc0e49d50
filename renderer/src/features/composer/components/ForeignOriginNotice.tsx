import type { ComposerForm } from './use-composer-form';

/**
 * The request goes to another origin than the target's: sent there only once the user says so,
 * without the target's headers, certificate and signature (SECURITY.md).
 */
export function ForeignOriginNotice({
  form,
  foreignOrigin,
  target,
}: {
  form: ComposerForm;
  foreignOrigin: NonNullable<ComposerForm['foreignOrigin']>;
  target: NonNullable<ComposerForm['target']>;
}) {
  const { store } = form;
  return (
    <div className="notice notice-warn" role="alertdialog" data-testid="foreign-origin">
      <p>
        This request goes to <code>{foreignOrigin.origin}</code>, not to the target's origin{' '}
        <code>{foreignOrigin.targetOrigin}</code>. The target's default headers, its PSU session's
        headers, its client certificate and its signature go only to its origin: sent there, the
        request goes without them, unsigned.
      </p>
      <button
        type="button"
        data-testid="foreign-origin-send"
        onClick={() => void store.send(target.id, true)}
      >
        Send to {foreignOrigin.origin} without them
      </button>{' '}
      <button
        type="button"
        data-testid="foreign-origin-cancel"
        onClick={() => store.cancelForeignOrigin()}
      >
        Cancel
      </button>
    </div>
  );
}
