import { ErrorNotice } from '../../../components/ErrorNotice';
import { AnswerPane } from './AnswerPane';
import { BodyEditor } from './BodyEditor';
import { CollectionsPanel } from './CollectionsPanel';
import { EndpointPicker } from './EndpointPicker';
import { BodyStatus } from './BodyStatus';
import { ForeignOriginNotice } from './ForeignOriginNotice';
import { PathParams } from './PathParams';
import { PreparedRequest } from './PreparedRequest';
import { RequestLine } from './RequestLine';
import { SavedScripts } from './SavedScripts';
import { RequestTabs } from './RequestTabs';
import { RowsTable } from './RowsTable';
import { useComposerForm } from './use-composer-form';
import { VariablesPanel } from './VariablesPanel';
import type { ComposerSlots } from './composer-slots';

/** The request composer; what it shows of other screens comes in `slots` (composer-slots.ts). */
export function Composer({ slots }: { slots: ComposerSlots }) {
  const form = useComposerForm();
  const { draft, schemas, preview, previewError, foreignOrigin, settings, target } = form;
  const { startBank, bankBusy, bankError, problems, setProblems, reachable, endpoint } = form;
  const { parseError, values, blockers, send, set } = form;

  return (
    <section className="composer" aria-labelledby="composer-title">
      <header className="view-header">
        <h1 id="composer-title">Composer</h1>
        {slots.targetPicker}
      </header>
      <RequestTabs />
      <EndpointPicker />
      <div className="composer-grid">
        <div className="request-pane">
          <RequestLine form={form} />
          {foreignOrigin && target && (
            <ForeignOriginNotice form={form} foreignOrigin={foreignOrigin} target={target} />
          )}
          {!reachable && target && (
            <p className="warn" data-testid="target-stopped">
              {target.name} is stopped.{' '}
              <button
                type="button"
                data-testid="target-start"
                disabled={!!bankBusy}
                onClick={() => void startBank(target.mode)}
              >
                Start it
              </button>
            </p>
          )}
          {!reachable && <ErrorNotice error={bankError} doing="Starting the bank" />}
          {blockers.length > 0 && (
            <ul className="warn" data-testid="draft-problems">
              {blockers.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          {Object.keys(draft.pathParams).length > 0 && <PathParams form={form} />}
          {target && <VariablesPanel targetId={target.id} values={values} />}
          <RowsTable
            list="query"
            title="Query parameters"
            suggestions={endpoint?.query.map((q) => q.name)}
          />
          <RowsTable
            list="headers"
            title="Headers"
            suggestions={endpoint ? [...endpoint.requiredHeaders, ...endpoint.optionalHeaders] : []}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.sign}
              data-testid="sign-request"
              onChange={(event) => set({ sign: event.target.checked })}
            />
            Sign the request (§5.2)
          </label>
          <label className="field-label" htmlFor="request-body">
            Request body (JSON)
            {endpoint?.bodySchemaId && ` — checked against ${schemaName(endpoint.bodySchemaId)}`}
            {endpoint?.body === 'ignored' && ' — the bank ignores it'}
            {(draft.method === 'GET' || draft.method === 'DELETE') &&
              ` — a ${draft.method} request is sent without a body`}
          </label>
          <BodyEditor
            value={draft.body}
            onChange={(body) => set({ body })}
            schemas={schemas}
            schemaId={endpoint?.bodySchemaId}
            theme={settings.theme}
            onSubmit={send}
            onProblems={setProblems}
          />
          <BodyStatus parseError={parseError} problems={problems} />
          <PreparedRequest preview={preview} error={previewError} reachable={reachable} />
          <SavedScripts />
        </div>
        <AnswerPane form={form} slots={slots} />
      </div>
      <CollectionsPanel />
    </section>
  );
}

function schemaName(id: string): string {
  return id.replace(/^.*\//, '').replace(/\.json$/, '');
}
