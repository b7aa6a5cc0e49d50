import { useEffect } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { downloadText } from '../../../lib/download';
import { useTargetsStore } from '../../../state/targets-store';
import { searchExchanges, useHistoryStore } from '../store';
import { EMPTY } from '../../../lib/empty';
import { HistoryDetail } from './HistoryDetail';
import { HistoryTable } from './HistoryTable';

/** Every exchange the client sent: search, open in the composer, HAR export, copy as curl. */
export function HistoryView() {
  const { exchanges, loaded, search, setSearch, selected, select, load, exportHar, error } =
    useHistoryStore();
  const targets = useTargetsStore((s) => s.view?.targets ?? EMPTY);
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
        <HistoryTable
          shown={shown}
          loaded={loaded}
          selected={selected}
          select={select}
          targetName={targetName}
        />
        {shown.length === 0 && (
          <p className="muted">{exchanges.length ? 'Nothing matches.' : 'Nothing sent yet.'}</p>
        )}
        {exchange && <HistoryDetail exchange={exchange} saveHar={saveHar} />}
      </div>
    </section>
  );
}
