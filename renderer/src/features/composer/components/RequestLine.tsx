import { pathParameterNames } from '../../../lib/path-template';
import { METHODS, type RequestDraft } from '../request-model';
import type { ComposerForm } from './use-composer-form';

/** The request line: method, path and Send (the form submits as Ctrl/Cmd+Enter does). */
export function RequestLine({ form }: { form: ComposerForm }) {
  const { draft, set, send, canSend, sending } = form;
  return (
    <form
      className="request-line-form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="visually-hidden" htmlFor="request-method">
        Method
      </label>
      <select
        id="request-method"
        data-testid="request-method"
        value={draft.method}
        onChange={(event) => set({ method: event.target.value as RequestDraft['method'] })}
      >
        {METHODS.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor="request-path">
        Path
      </label>
      <input
        id="request-path"
        className="path"
        data-testid="request-path"
        value={draft.pathTemplate}
        onChange={(event) => {
          const pathTemplate = event.target.value;
          const names = pathParameterNames(pathTemplate);
          set({
            pathTemplate,
            pathParams: Object.fromEntries(names.map((n) => [n, draft.pathParams[n] ?? ''])),
          });
        }}
      />
      <button
        type="submit"
        className="primary"
        data-testid="send"
        disabled={!canSend}
        aria-keyshortcuts="Control+Enter Meta+Enter"
      >
        {sending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
