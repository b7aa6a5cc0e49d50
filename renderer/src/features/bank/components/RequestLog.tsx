import type { BankModeName } from '../../../../../main/api/contract';
import { HeaderList } from '../../../components/HeaderList';
import {
  formatInstant,
  formatMs,
  prettyJson,
  statusClassOf,
  type StatusClass,
} from '../../../lib/format';
import { filterLog } from '../log-filter';
import { useBankStore } from '../store';

const STATUS_CLASSES: (StatusClass | 'all')[] = ['all', '2xx', '3xx', '4xx', '5xx'];

/** What the banks answered, live, newest first, with filters and the detail of one exchange. */
export function RequestLog() {
  const { log, filter, setFilter, selectedExchange, selectExchange } = useBankStore();
  const shown = filterLog(log, filter).reverse();
  const selected = log.find((e) => `${e.mode}:${e.id}` === selectedExchange);
  return (
    <section className="card request-log" aria-labelledby="log-title" data-testid="bank-log">
      <h2 id="log-title">Request log</h2>
      <div className="filters" role="group" aria-label="Filters">
        <label className="inline-field">
          <span>Mode</span>
          <select
            value={filter.mode}
            onChange={(e) => setFilter({ mode: e.target.value as BankModeName | 'all' })}
          >
            <option value="all">both</option>
            <option value="sandbox">sandbox</option>
            <option value="production">production</option>
          </select>
        </label>
        <label className="inline-field">
          <span>Status</span>
          <select
            value={filter.statusClass}
            data-testid="log-filter-status"
            onChange={(e) => setFilter({ statusClass: e.target.value as StatusClass | 'all' })}
          >
            {STATUS_CLASSES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Path</span>
          <input
            value={filter.pathText}
            placeholder="/v1/…"
            data-testid="log-filter-path"
            onChange={(e) => setFilter({ pathText: e.target.value })}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filter.rejectedOnly}
            data-testid="log-filter-rejected"
            onChange={(e) => setFilter({ rejectedOnly: e.target.checked })}
          />
          rejected only
        </label>
        <span className="muted">
          {shown.length} of {log.length}
        </span>
      </div>
      <div className="log-layout">
        <div className="table-scroll">
          <table className="log">
            <thead>
              <tr>
                <th scope="col">Time (bank clock)</th>
                <th scope="col">Mode</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Rule</th>
                <th scope="col">Took</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => {
                const key = `${entry.mode}:${entry.id}`;
                return (
                  <tr
                    key={key}
                    data-testid="log-entry"
                    className={key === selectedExchange ? 'selected' : undefined}
                    onClick={() => selectExchange(key)}
                  >
                    <td>{formatInstant(entry.receivedAt).slice(11)}</td>
                    <td>{entry.mode}</td>
                    <td>
                      <button type="button" className="link" onClick={() => selectExchange(key)}>
                        <code>
                          {entry.request.method} {entry.request.target}
                        </code>
                      </button>
                    </td>
                    <td>
                      <span className={`status status-${statusClassOf(entry.response.status)}`}>
                        {entry.response.status}
                      </span>
                    </td>
                    <td>{entry.rejectedBy ? <code>{entry.rejectedBy.rule}</code> : ''}</td>
                    <td>{formatMs(entry.durationMs)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {shown.length === 0 && <p className="muted">Nothing yet.</p>}
        </div>
        {selected && (
          <div className="exchange-detail" data-testid="log-detail">
            <h3>
              <code>
                {selected.request.method} {selected.request.target}
              </code>
            </h3>
            <p>
              {formatInstant(selected.receivedAt)} · {selected.mode} ·{' '}
              {selected.operationId ?? 'no route'}
            </p>
            {selected.rejectedBy && (
              <p className="warn" data-testid="log-rejected-by">
                Rejected by the <strong>{selected.rejectedBy.stage}</strong> stage, rule{' '}
                <code>{selected.rejectedBy.rule}</code>
              </p>
            )}
            <h4>Request headers</h4>
            <HeaderList headers={selected.request.headers} />
            {selected.request.body && <pre>{prettyJson(selected.request.body)}</pre>}
            <h4>Response {selected.response.status}</h4>
            <HeaderList headers={selected.response.headers} />
            {selected.response.body !== undefined && (
              <pre>{prettyJson(selected.response.body)}</pre>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
