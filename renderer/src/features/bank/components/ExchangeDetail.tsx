import type { BankExchangeView } from '../../../../../main/api/contract';
import { HeaderList } from '../../../components/HeaderList';
import { formatInstant, prettyJson } from '../../../lib/format';

/** One exchange of the bank's request log: when (real time and bank clock), headers and bodies. */
export function ExchangeDetail({ exchange }: { exchange: BankExchangeView }) {
  return (
    <div className="exchange-detail" data-testid="log-detail">
      <h3>
        <code>
          {exchange.request.method} {exchange.request.target}
        </code>
      </h3>
      <p>
        Arrived {formatInstant(exchange.arrivedAt)} · bank clock{' '}
        {formatInstant(exchange.receivedAt)} · {exchange.mode} ·{' '}
        {exchange.operationId ?? 'no route'}
        {exchange.workbenchPoll && (
          <span className="badge" title="The workbench's own SCA-status polling">
            polling
          </span>
        )}
      </p>
      {exchange.rejectedBy && (
        <p className="warn" data-testid="log-rejected-by">
          Rejected by the <strong>{exchange.rejectedBy.stage}</strong> stage, rule{' '}
          <code>{exchange.rejectedBy.rule}</code>
        </p>
      )}
      <h4>Request headers</h4>
      <HeaderList headers={exchange.request.headers} />
      {exchange.request.body && <pre>{prettyJson(exchange.request.body)}</pre>}
      <h4>Response {exchange.response.status}</h4>
      <HeaderList headers={exchange.response.headers} />
      {exchange.response.body !== undefined && <pre>{prettyJson(exchange.response.body)}</pre>}
    </div>
  );
}
