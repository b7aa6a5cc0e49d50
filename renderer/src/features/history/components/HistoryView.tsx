import { useEffect } from 'react';
import { useShellStore } from '../../../app/shell-store';
import { CopyButton } from '../../../components/CopyButton';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { HeaderList } from '../../../components/HeaderList';
import { downloadText } from '../../../lib/download';
import { formatInstant, formatMs, prettyJson, statusClassOf } from '../../../lib/format';
import { useComposerStore } from '../../composer/store';
import { useTargetsStore } from '../../targets/store';
import { searchExchanges, useHistoryStore } from '../store';
import { EMPTY } from '../../../lib/empty';

/** Every exchange the client sent: search, open in the composer, HAR export, copy as curl. */
export function HistoryView() {
  const { exchanges, loaded, search, setSearch, selected, select, load, exportHar, error } =
    useHistoryStore();
  const targets = useTargetsStore((s) => s.view?.targets ?? EMPTY);
  const openExchange = useComposerStore((s) => s.openExchange);
  const open = useShellStore((s) => s.open);
  useEffect(() => {
    void load();
  }, [load]);
  const shown = searchExchanges(exchanges, search).reverse();
  const exchange = exchanges.find((e) => e.id === selected);
  const targetName = (id: string) => targets.find((t) => t.id === id)?.name ?? id;

  const saveHar = async (ids?: string[]) => {
    const har = await exportHar(ids);
    if (har) downloadText(har.fileName, har.text, 'application/json');
  };

  return (
    <section className="history" aria-labelledby="history-title">
      <header className="view-header">
        <h1 id="history-title">History</h1>
        <div className="actions">
          <button
            type="button"
            data-testid="history-export-har"
            disabled={exchanges.length === 0}
            onClick={() => void saveHar(search ? shown.map((e) => e.id) : undefined)}
          >
            Export {search ? 'these' : 'all'} as HAR
          </button>
        </div>
      </header>
      <ErrorNotice error={error} />
      <label className="inline-field">
        <span>Search</span>
        <input
          type="search"
          value={search}
          placeholder="method, URL, status, body text…"
          data-testid="history-search"
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <div className="history-layout">
        <table
          className="log"
          data-testid="history-list"
          data-state={loaded ? 'loaded' : 'loading'}
          aria-busy={!loaded}
        >
          <thead>
            <tr>
              <th scope="col">Sent (UTC)</th>
              <th scope="col">Target</th>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
              <th scope="col">Took</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr
                key={e.id}
                data-testid="history-entry"
                className={e.id === selected ? 'selected' : undefined}
              >
                <td className="history-sent" data-testid="history-sent">
                  {formatInstant(e.startedAt).replace(/ UTC$/, '')}
                </td>
                <td>{targetName(e.targetId)}</td>
                <td>
                  <button type="button" className="link" onClick={() => select(e.id)}>
                    <code>
                      {e.request.method} {new URL(e.request.url).pathname}
                    </code>
                  </button>
                  {e.label && <span className="muted"> {e.label}</span>}
                </td>
                <td>
                  {e.response ? (
                    <span className={`status status-${statusClassOf(e.response.status)}`}>
                      {e.response.status}
                    </span>
                  ) : (
                    <span className="error">no response</span>
                  )}
                </td>
                <td>{formatMs(e.timings.totalMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && (
          <p className="muted">{exchanges.length ? 'Nothing matches.' : 'Nothing sent yet.'}</p>
        )}
        {exchange && (
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
                  void openExchange(exchange).then(() => open('composer'));
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
            <HeaderList
              headers={exchange.request.headers}
              badge={(n) => exchange.headerSources[n]}
            />
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
        )}
      </div>
    </section>
  );
}
