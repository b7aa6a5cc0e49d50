import { useShellStore } from '../../../app/shell-store';
import { CopyButton } from '../../../components/CopyButton';
import { HeaderList } from '../../../components/HeaderList';
import { prettyJson } from '../../../lib/format';
import type { ExchangeView } from '../../../../../main/api/contract';
import { composerIntents } from '../../../state/composer-intents';

/** One exchange in full: request, signing string, response and curl; open it in the composer. */
export function HistoryDetail({
  exchange,
  saveHar,
}: {
  exchange: ExchangeView;
  saveHar(ids?: string[]): Promise<void>;
}) {
  const open = useShellStore((s) => s.open);
  return (
    <div className="card exchange-detail" data-testid="history-detail">
      <h2>
        <code>
          {exchange.request.method} {exchange.request.url}
        </code>
      </h2>
      <div className="actions">
        <button
          type="button"
          className="primary"
          data-testid="history-open-in-composer"
          onClick={() => {
            void composerIntents.openExchange(exchange).then(() => open('composer'));
          }}
        >
          Open in the composer
        </button>
        <CopyButton text={exchange.curl} label="Copy as curl" testId="history-copy-curl" />
        <button type="button" onClick={() => void saveHar([exchange.id])}>
          Export as HAR
        </button>
      </div>
      {exchange.error && <p className="error">No response: {exchange.error}</p>}
      <h3>Request</h3>
      <HeaderList headers={exchange.request.headers} badge={(n) => exchange.headerSources[n]} />
      {exchange.request.body && (
        <pre tabIndex={0} aria-label="Request body">
          {prettyJson(exchange.request.body)}
        </pre>
      )}
      {exchange.signing && (
        <>
          <h4>Signing string</h4>
          <pre className="signing-string" tabIndex={0} aria-label="Signing string">
            {exchange.signing.signingString}
          </pre>
        </>
      )}
      {exchange.response && (
        <>
          <h3>Response {exchange.response.status}</h3>
          <HeaderList headers={exchange.response.headers} />
          <pre tabIndex={0} aria-label="Response body">
            {exchange.response.json !== undefined
              ? prettyJson(exchange.response.json)
              : exchange.response.body}
          </pre>
        </>
      )}
      <details>
        <summary>curl</summary>
        <pre className="curl" tabIndex={0} aria-label="curl command">
          {exchange.curl}
        </pre>
      </details>
    </div>
  );
}
