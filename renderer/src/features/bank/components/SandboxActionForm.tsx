import { useEffect, useState } from 'react';
import type { EndpointView, ExchangeView } from '../../../../../main/api/contract';
import { api } from '../../../api';
import { ErrorNotice } from '../../../components/ErrorNotice';

/** The embedded sandbox bank's target (main/api/contract/targets.ts EMBEDDED_TARGET_IDS). */
const SANDBOX_TARGET_ID = 'embedded-sandbox';

/** A sandbox API operation (§4.3) the console is about to send, on a row's resource or none. */
export interface SandboxActionRequest {
  operationId: string;
  label: string;
  resourceId?: string;
}

/** The path of an endpoint with its (single) path parameter filled by the row's id. */
function pathFor(endpoint: EndpointView, resourceId?: string): string {
  return endpoint.pathTemplate.replace(/\{[^}]+\}/g, () => encodeURIComponent(resourceId ?? ''));
}

/** What the bank said, in one line: status and its first tppMessage text, if any. */
function answerLine(exchange: ExchangeView): string {
  if (!exchange.response) return `nothing (${exchange.error ?? 'no response'})`;
  const status = exchange.response.status;
  const body = exchange.response.json as
    { tppMessages?: { code?: string; text?: string }[] } | undefined;
  const message = body?.tppMessages?.[0];
  const detail = message ? `: ${message.code ?? ''} ${message.text ?? ''}`.trimEnd() : '';
  return `${status}${detail}`;
}

/**
 * One sandbox API request from the console, signed and sent to the embedded sandbox bank like the
 * composer's, so it shows in the request log and the history; the body is the operation's example,
 * to edit, and the bank validates it.
 */
export function SandboxActionForm({
  action,
  onClose,
  onSent,
}: {
  action: SandboxActionRequest;
  onClose: () => void;
  onSent: () => void;
}) {
  const [endpoint, setEndpoint] = useState<EndpointView>();
  const [body, setBody] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; line: string }>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .call('tpp.endpoints', {})
      .then((catalogue) => {
        if (!live) return;
        const found = catalogue.endpoints.find((e) => e.operationId === action.operationId);
        if (!found) setError(new Error(`The bank offers no operation ${action.operationId}.`));
        setEndpoint(found);
        setBody(found?.exampleBody ?? '');
        setAnswer(undefined);
      })
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [action.operationId]);

  async function send() {
    if (!endpoint) return;
    if (body.trim()) {
      try {
        JSON.parse(body);
      } catch (e) {
        setError(new Error(`The body is not JSON: ${(e as Error).message}`));
        return;
      }
    }
    setBusy(true);
    setError(undefined);
    try {
      const exchange = await api.call('tpp.send', {
        targetId: SANDBOX_TARGET_ID,
        request: { method: endpoint.method, path: pathFor(endpoint, action.resourceId), body },
        label: `Bank console: ${action.label}`,
      });
      const status = exchange.response?.status ?? 0;
      setAnswer({ ok: status >= 200 && status < 300, line: answerLine(exchange) });
      onSent();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="sandbox-action"
      data-testid="sandbox-action"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h3>
        {action.label}
        {action.resourceId ? <span className="muted"> · {action.resourceId}</span> : null}
      </h3>
      {endpoint ? (
        <p className="muted">
          <code>
            {endpoint.method} {pathFor(endpoint, action.resourceId)}
          </code>{' '}
          (sandbox API, §4.3)
        </p>
      ) : null}
      {endpoint && endpoint.body !== 'none' ? (
        <label className="field">
          <span>Body (JSON)</span>
          <textarea
            data-testid="sandbox-action-body"
            rows={8}
            spellCheck={false}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </label>
      ) : null}
      <ErrorNotice error={error} testId="sandbox-action-error" />
      {answer ? (
        <p
          className={answer.ok ? 'ok' : 'error-text'}
          data-testid="sandbox-action-answer"
          data-ok={answer.ok}
        >
          The bank answered {answer.line}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="submit"
          className="primary"
          disabled={!endpoint || busy}
          data-testid="sandbox-action-send"
        >
          Send
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
