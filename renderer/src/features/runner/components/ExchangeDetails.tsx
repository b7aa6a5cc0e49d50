import { useShellStore } from '../../../app/shell-store';
import { CopyAsCode } from '../../../components/CopyAsCode';
import { HeaderList } from '../../../components/HeaderList';
import { formatInstant, formatMs, prettyJson, statusClassOf } from '../../../lib/format';
import { requestOfEvidence, type EvidenceExchange } from '../../../../../main/shared/exchange';
import { composerIntents } from '../../../state/composer-intents';
import { FoldedText } from './FoldedText';

/** `POST /v1/consents?x=1`: the request line without scheme and host. */
function requestTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/**
 * The request again, for the tester: as curl (the one renderer History's copy uses too) or a
 * program that signs it afresh, on the evidence as the run kept it, its secrets already redacted
 * by the run; or in a composer tab of its own to change and send.
 */
function ExchangeActions({ exchange }: { exchange: EvidenceExchange }) {
  const open = useShellStore((s) => s.open);
  const request = requestOfEvidence(exchange.request);
  return (
    <div className="actions exchange-actions">
      <CopyAsCode request={request} testId="exchange-copy-curl" />
      <button
        type="button"
        data-testid="exchange-open-in-composer"
        onClick={() => void composerIntents.openCheckRequest(request).then(() => open('composer'))}
      >
        Open in the composer
      </button>
    </div>
  );
}

interface ExchangeDetailsProps {
  exchange: EvidenceExchange;
  open: boolean;
  /** The failed assertion was about this exchange. */
  failed?: boolean;
}

/** One request and its response as the check saw them: collapsible, long values folded. */
export function ExchangeDetails({ exchange, open, failed }: ExchangeDetailsProps) {
  const { request, response } = exchange;
  return (
    <details
      className={`exchange${failed ? ' exchange-failed' : ''}`}
      open={open}
      data-testid="exchange"
      data-exchange-id={exchange.id}
    >
      <summary>
        <code>
          {request.method} {requestTarget(request.url)}
        </code>
        {exchange.label && <span className="muted"> {exchange.label}</span>}
        {' → '}
        {response ? (
          <span
            className={`status status-${statusClassOf(response.status)}`}
            data-testid="exchange-status"
          >
            {response.status}
          </span>
        ) : (
          <span className="error">no response</span>
        )}
        <span className="muted"> · {formatMs(exchange.timings.durationMs)}</span>
        {failed && <span className="badge badge-warn">the failed assertion</span>}
      </summary>
      <div className="exchange-body">
        <ExchangeActions exchange={exchange} />
        <h5>Request</h5>
        <p>
          <code className="wrap">
            {request.method} {request.url}
          </code>
        </p>
        <HeaderList headers={request.headers} />
        {request.body !== undefined && request.body !== '' && (
          <>
            <h6>Body</h6>
            <FoldedText text={prettyJson(request.body)} label="Request body" />
          </>
        )}
        {exchange.signingString !== undefined && (
          <>
            <h5>Signing string</h5>
            <FoldedText text={exchange.signingString} label="Signing string" lines={12} />
          </>
        )}
        {response ? (
          <>
            <h5>
              Response{' '}
              <span className={`status status-${statusClassOf(response.status)}`}>
                {response.status}
              </span>
            </h5>
            <HeaderList headers={response.headers} />
            {response.body !== '' ? (
              <>
                <h6>Body</h6>
                <FoldedText
                  text={response.json !== undefined ? prettyJson(response.json) : response.body}
                  label="Response body"
                  testId="exchange-response-body"
                />
              </>
            ) : (
              <p className="muted">No body.</p>
            )}
          </>
        ) : (
          <p className="notice notice-error">No response: {exchange.transportError ?? 'unknown'}</p>
        )}
        <p className="muted">
          Sent {formatInstant(exchange.timings.startedAt)}, took{' '}
          {formatMs(exchange.timings.durationMs)}
        </p>
      </div>
    </details>
  );
}
