import type { BankEventView, BankMode } from '../../../../../main/api/contract';
import { formatInstant, formatMs, statusClassOf, type StatusClass } from '../../../lib/format';
import { logRows, pollingCount } from '../../../lib/log-filter';
import { useBankStore } from '../../../state/bank-store';
import { ExchangeDetail } from './ExchangeDetail';

const STATUS_CLASSES: (StatusClass | 'all')[] = ['all', '2xx', '3xx', '4xx', '5xx'];

/**
 * What the banks answered, live, newest first by arrival (real time), each with its date and time
 * and the bank clock beside it; the workbench's own SCA-status polling hidden unless asked for.
 * What was done to the banks outside their requests (a PSU's revocation at the bank, a card
 * blocked, a batch run, a clock jump) is listed among them as a row of its own.
 */
export function RequestLogPanel() {
  const { log, events, filter, setFilter, selectedExchange, selectExchange } = useBankStore();
  const shown = logRows(log, events, filter);
  const shownEvents = shown.filter((row) => row.type === 'event').length;
  const polling = pollingCount(log);
  const selected = log.find((e) => `${e.mode}:${e.id}` === selectedExchange);
  return (
    <section className="card request-log" aria-labelledby="log-title" data-testid="bank-log">
      <h2 id="log-title">Request log</h2>
      <div className="filters" role="group" aria-label="Filters">
        <label className="inline-field">
          <span>Mode</span>
          <select
            value={filter.mode}
            onChange={(e) => setFilter({ mode: e.target.value as BankMode | 'all' })}
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
        <label
          className="checkbox"
          title="The workbench reads an SCA's scaStatus link every 1.5 s while the PSU is at the bank"
        >
          <input
            type="checkbox"
            checked={filter.showPolling}
            data-testid="log-show-polling"
            onChange={(e) => setFilter({ showPolling: e.target.checked })}
          />
          show the workbench's polling ({polling})
        </label>
        <span className="muted" data-testid="log-count">
          {shown.length - shownEvents} of {log.length}
          {shownEvents > 0 ? ` · ${shownEvents} bank event${shownEvents === 1 ? '' : 's'}` : ''}
        </span>
      </div>
      <div className="log-layout">
        <div className="table-scroll">
          <table className="log">
            <thead>
              <tr>
                <th scope="col">Arrived (UTC)</th>
                <th scope="col">Bank clock</th>
                <th scope="col">Mode</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Rule</th>
                <th scope="col">Took</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => {
                if (row.type === 'event') return <EventRow key={row.key} event={row.event} />;
                const { key, exchange: entry } = row;
                return (
                  <tr
                    key={key}
                    data-testid="log-entry"
                    data-polling={entry.workbenchPoll ? 'true' : undefined}
                    className={key === selectedExchange ? 'selected' : undefined}
                    onClick={() => selectExchange(key)}
                  >
                    <td className="log-time" data-testid="log-arrived">
                      {formatInstant(entry.arrivedAt).replace(' UTC', '')}
                    </td>
                    <td className="log-time" data-testid="log-bank-time">
                      <BankTime arrivedAt={entry.arrivedAt} bankTime={entry.receivedAt} />
                    </td>
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
                    <td className="log-time">{formatMs(entry.durationMs)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {shown.length === 0 && <p className="muted">Nothing yet.</p>}
        </div>
        {selected && <ExchangeDetail exchange={selected} />}
      </div>
    </section>
  );
}

const ACTOR: Record<BankEventView['actor'], string> = { psu: 'PSU at the bank', bank: 'bank' };

/** Something done to a bank, not a request: one row across the request's columns. */
function EventRow({ event }: { event: BankEventView }) {
  return (
    <tr className="log-event" data-testid="log-event" data-kind={event.kind}>
      <td className="log-time">{formatInstant(event.arrivedAt).replace(' UTC', '')}</td>
      <td className="log-time">
        <BankTime arrivedAt={event.arrivedAt} bankTime={event.bankTime} />
      </td>
      <td>{event.mode ?? 'both'}</td>
      <td colSpan={4} className="log-event-text">
        <span className="log-event-actor">{ACTOR[event.actor]}</span> {event.text}
      </td>
    </tr>
  );
}

/** The bank clock when the request arrived: "same" when it ran with real time, else its date. */
function BankTime({ arrivedAt, bankTime }: { arrivedAt: string; bankTime: string }) {
  const offset = Date.parse(bankTime) - Date.parse(arrivedAt);
  if (Math.abs(offset) < 1000) return <span className="muted">same</span>;
  return (
    <span className="warn" title={`Bank clock ${formatInstant(bankTime)}`}>
      {formatInstant(bankTime).replace(' UTC', '')}
    </span>
  );
}
