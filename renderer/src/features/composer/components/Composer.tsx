import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { jsonParseError } from '../../../lib/format';
import { linksOf } from '../../../lib/links';
import { pathParameterNames } from '../../../lib/path-template';
import { useBankStore } from '../../bank/store';
import { ScaPanel } from '../../sca/components/ScaPanel';
import { ScaRecorder } from '../../sca/components/ScaRecorder';
import { useScaStore } from '../../sca/store';
import { useSessionStore } from '../../session/store';
import { useSettings } from '../../settings/store';
import { useActiveTarget, useTargetsStore } from '../../targets/store';
import { METHODS, draftProblems, type RequestDraft } from '../request-model';
import { useComposerStore, variableValuesOf } from '../store';
import { activeVariables } from '../environments';
import { lockedSecrets, resolvedDraft, unknownVariables, variableOfParameter } from '../variables';
import { BodyEditor, type EditorProblem } from './BodyEditor';
import { CollectionsPanel } from './CollectionsPanel';
import { EndpointPicker } from './EndpointPicker';
import { BodyStatus } from './BodyStatus';
import { PreparedRequest } from './PreparedRequest';
import { SavedScripts } from './SavedScripts';
import { RequestTabs } from './RequestTabs';
import { ResponseView } from './ResponseView';
import { RowsTable } from './RowsTable';
import { TargetPicker } from './TargetPicker';
import { VariablesPanel } from './VariablesPanel';

const PREVIEW_DELAY_MS = 350;

export function Composer() {
  const store = useComposerStore();
  const {
    draft,
    catalogue,
    schemas,
    preview,
    previewError,
    response,
    sending,
    error,
    notice,
    foreignOrigin,
  } = store;
  const linkSource = store.linkSource;
  const settings = useSettings();
  const target = useActiveTarget();
  const targets = useTargetsStore((s) => s.view?.targets);
  const beginSca = useScaStore((s) => s.begin);
  // The preview carries the PSU session's headers: a new session or PSU makes a new preview.
  const session = useSessionStore((s) => (target ? s.sessions[target.id] : undefined));
  const startBank = useBankStore((s) => s.start);
  const bankBusy = useBankStore((s) => s.busy);
  const bankError = useBankStore((s) => s.error);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const reachable = target !== undefined && (target.kind !== 'embedded' || target.running === true);
  const endpoint = catalogue?.endpoints.find((e) => e.operationId === draft.operationId);
  const parseError = jsonParseError(draft.body);
  const targetVariables = activeVariables(target && store.variables[target.id]);
  // The session's PSU-ID is read here so a new one re-renders (and re-previews) the form.
  const values = target
    ? variableValuesOf(store.variables, target.id)
    : ({} as Record<string, string>);
  const blockers = [
    ...draftProblems(draft),
    ...unknownVariables(draft, values, lockedSecrets(targetVariables)),
  ];

  useEffect(() => {
    if (!catalogue) void store.loadCatalogue();
    // Once per visit; the store keeps the draft between visits.
  }, []);

  // The preview follows the draft, the target and its PSU session (debounced: main signs each one).
  const previewKey = JSON.stringify([
    // What is sent: a captured variable the draft does not use changes nothing here.
    resolvedDraft(draft, values),
    target?.id,
    target?.baseUrl,
    target?.signingCertificate,
    session?.tppSessionId,
    session?.psuId,
    session?.psuCorporateId,
  ]);
  useEffect(() => {
    if (!target || !reachable || blockers.length > 0) return;
    const timer = setTimeout(() => void store.refreshPreview(target.id), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [previewKey, reachable]);

  // An answer belongs to the target it came from (its scaRedirect points at that bank): after a
  // target switch the tab keeps it for when its target is chosen again, and does not show it here.
  const answer = response && response.targetId === target?.id ? response : undefined;
  const answeredBy = response && !answer ? targetName(targets, response.targetId) : undefined;
  const scaRedirect = linksOf(answer?.response?.json).find(
    (link) => link.relation === 'scaRedirect',
  )?.href;

  const canSend = target !== undefined && reachable && blockers.length === 0 && !sending;
  const send = () => {
    if (canSend) void store.send(target.id);
  };

  // Ctrl/Cmd+Enter anywhere in the composer (the body editor registers its own command).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        send();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const set = (change: Partial<RequestDraft>) => store.setDraft(change);

  return (
    <section className="composer" aria-labelledby="composer-title">
      <header className="view-header">
        <h1 id="composer-title">Composer</h1>
        <TargetPicker />
      </header>
      <RequestTabs />
      <EndpointPicker />
      <div className="composer-grid">
        <div className="request-pane">
          <form
            className="request-line-form"
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <label className="visually-hidden" htmlFor="request-method">
              Method
            </label>
            <select
              id="request-method"
              data-testid="request-method"
              value={draft.method}
              onChange={(event) => set({ method: event.target.value as RequestDraft['method'] })}
            >
              {METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor="request-path">
              Path
            </label>
            <input
              id="request-path"
              className="path"
              data-testid="request-path"
              value={draft.pathTemplate}
              onChange={(event) => {
                const pathTemplate = event.target.value;
                const names = pathParameterNames(pathTemplate);
                set({
                  pathTemplate,
                  pathParams: Object.fromEntries(names.map((n) => [n, draft.pathParams[n] ?? ''])),
                });
              }}
            />
            <button
              type="submit"
              className="primary"
              data-testid="send"
              disabled={!canSend}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            >
              {sending ? 'Sending…' : 'Send'}
            </button>
          </form>
          {foreignOrigin && target && (
            <div className="notice notice-warn" role="alertdialog" data-testid="foreign-origin">
              <p>
                This request goes to <code>{foreignOrigin.origin}</code>, not to the target's origin{' '}
                <code>{foreignOrigin.targetOrigin}</code>. The target's default headers, its PSU
                session's headers, its client certificate and its signature go only to its origin:
                sent there, the request goes without them, unsigned.
              </p>
              <button
                type="button"
                data-testid="foreign-origin-send"
                onClick={() => void store.send(target.id, true)}
              >
                Send to {foreignOrigin.origin} without them
              </button>{' '}
              <button
                type="button"
                data-testid="foreign-origin-cancel"
                onClick={() => store.cancelForeignOrigin()}
              >
                Cancel
              </button>
            </div>
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
          {Object.keys(draft.pathParams).length > 0 && (
            <fieldset className="path-params">
              <legend>Path parameters</legend>
              {Object.entries(draft.pathParams).map(([name, value]) => {
                const choices = endpoint?.pathParameters.find((p) => p.name === name)?.enum;
                const known = targetVariables[variableOfParameter(name)] ?? [];
                return (
                  <label key={name} className="inline-field">
                    <span>{name}</span>
                    {choices ? (
                      <select
                        value={value}
                        data-testid={`path-param-${name}`}
                        onChange={(event) => store.setPathParam(name, event.target.value)}
                      >
                        <option value="">— choose —</option>
                        {choices.map((choice) => (
                          <option key={choice} value={choice}>
                            {choice}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <>
                        <input
                          value={value}
                          data-testid={`path-param-${name}`}
                          {...(known.length ? { list: `path-param-values-${name}` } : {})}
                          onChange={(event) => store.setPathParam(name, event.target.value)}
                        />
                        {known.length > 0 && (
                          <datalist
                            id={`path-param-values-${name}`}
                            data-testid={`path-param-values-${name}`}
                          >
                            {known.map((v) => (
                              <option key={v.value} value={v.value}>
                                {v.from}
                              </option>
                            ))}
                          </datalist>
                        )}
                        {!value && known[0] && (
                          <button
                            type="button"
                            className="link"
                            data-testid={`path-param-use-${name}`}
                            title={`From ${known[0].from}`}
                            onClick={() => store.setPathParam(name, known[0]!.value)}
                          >
                            use {variableOfParameter(name)} {known[0].value.slice(0, 8)}…
                          </button>
                        )}
                      </>
                    )}
                  </label>
                );
              })}
            </fieldset>
          )}
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
        <div className="response-pane">
          <p role="status" aria-live="polite" className="muted" data-testid="composer-notice">
            {answeredBy === undefined ? (notice ?? '') : ''}
          </p>
          <ErrorNotice error={error} doing="The request" testId="composer-error" />
          {/* The SCA in progress above the answer it came from: in view on a 768-pixel screen
              while the PSU completes it, however long the answer's body. */}
          <ScaPanel />
          {answeredBy !== undefined && (
            <p className="muted" data-testid="response-other-target">
              This tab&apos;s last answer came from {answeredBy}; it shows when that target is
              chosen again. Send to get {target?.name ?? 'this target'}&apos;s answer.
            </p>
          )}
          {answer ? (
            <ResponseView
              exchange={answer}
              {...(linkSource && linkSource.shownWith === answer.id
                ? { followedFrom: linkSource.from }
                : {})}
              busy={sending}
              onFollow={(relation, from) => void store.follow(relation, from)}
              onOpenSca={(href) => {
                // The step view polls the authorisation when the answer links its scaStatus.
                const hasStatus = linksOf(answer.response?.json).some(
                  (link) => link.relation === 'scaStatus',
                );
                void beginSca(answer.targetId, href, hasStatus ? answer.id : undefined);
              }}
            />
          ) : (
            answeredBy === undefined && (
              <p className="muted">Send a request to see the answer here (Ctrl/⌘ + Enter).</p>
            )
          )}
          <ScaRecorder
            {...(answer ? { targetId: answer.targetId } : {})}
            {...(scaRedirect ? { scaRedirect } : {})}
          />
        </div>
      </div>
      <CollectionsPanel />
    </section>
  );
}

/** A target's name for the user, or its id when it is no longer listed. */
function targetName(targets: readonly { id: string; name: string }[] | undefined, id: string) {
  return targets?.find((t) => t.id === id)?.name ?? id;
}

function schemaName(id: string): string {
  return id.replace(/^.*\//, '').replace(/\.json$/, '');
}
