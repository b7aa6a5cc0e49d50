import { formatInstant, formatMs, statusClassOf } from '../../../lib/format';
import type { ExchangeView } from '../../../../../main/api/contract';

/** The exchanges shown, newest first: when, to which target, the request, status and time. */
export function HistoryTable({
  shown,
  loaded,
  selected,
  select,
  targetName,
}: {
  shown: ExchangeView[];
  loaded: boolean;
  selected: string | undefined;
  select(id: string): void;
  targetName(id: string): string;
}) {
  return (
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
  );
}
