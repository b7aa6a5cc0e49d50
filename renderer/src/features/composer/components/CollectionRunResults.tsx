import type { CollectionRunRequestView } from '../../../../../main/api/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useCollectionRuns } from '../collection-runs';

function RequestRow({ request }: { request: CollectionRunRequestView }) {
  const title = [...request.folders, request.name].join(' / ');
  return (
    <li
      data-testid="run-request"
      data-request-name={request.name}
      data-passed={request.passed ? 'yes' : 'no'}
    >
      <strong>{request.passed ? 'PASS' : 'FAIL'}</strong> {title}{' '}
      <span className="muted">
        <code>{request.method}</code> {request.url} →{' '}
        {request.status !== undefined ? request.status : 'no answer'}
      </span>
      {request.error !== undefined && <p className="error">{request.error}</p>}
      {request.assertions.length > 0 && (
        <ul>
          {request.assertions.map((a, i) => (
            <li key={i} data-testid="run-assertion" data-passed={a.passed ? 'yes' : 'no'}>
              {a.passed ? '✓' : '✗'} <code>{a.name}</code>
              {!a.passed && <span className="muted"> ({a.message ?? 'failed'})</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The last run of a collection or folder: each request as it arrives, then the reports. */
export function CollectionRunResults() {
  const { run, running, requests, result, error, save } = useCollectionRuns();
  if (!run) return null;
  const failed = requests.filter((r) => !r.passed).length;
  return (
    <section className="collection-run" data-testid="collection-run" aria-live="polite">
      <h3>
        Run of {run.collection}
        {run.folder ? ` / ${run.folder}` : ''} on {run.targetId}
      </h3>
      <p role="status">
        {running
          ? `Running… ${requests.length} request(s) so far.`
          : result
            ? failed === 0
              ? `All ${requests.length} request(s) passed.`
              : `${failed} of ${requests.length} request(s) failed.`
            : ''}
      </p>
      <ErrorNotice error={error} doing="The run" testId="collection-run-error" />
      <ol>
        {requests.map((request, i) => (
          <RequestRow key={`${request.id}-${i}`} request={request} />
        ))}
      </ol>
      {result && (
        <div className="item-actions">
          <button type="button" data-testid="run-save-junit" onClick={() => save('junit')}>
            Save JUnit
          </button>
          <button type="button" data-testid="run-save-json" onClick={() => save('json')}>
            Save JSON
          </button>
        </div>
      )}
    </section>
  );
}
