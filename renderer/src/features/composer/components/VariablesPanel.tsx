import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { VARIABLE_NAME_PATTERN } from '../../../../../main/shared/environment';
import { activeVariables, environmentNameProblem, type TargetVariables } from '../environments';
import { shownValue, type CapturedValue } from '../variables';
import { useComposerStore } from '../store';

const VARIABLE_NAME = new RegExp(VARIABLE_NAME_PATTERN);

/**
 * The active target's variables (docs/variables.md): a new environment (switching is the target
 * switcher's, TargetSwitcher.tsx, shared with the Runner), each variable's
 * latest value and where it came from, a variable set (an empty value too) or removed by hand,
 * and environment files in and out (Postman, Bruno). `values` is what `{{name}}` stands for now
 * (the PSU session's PSU-ID included). A variable can be marked secret: its value is masked until
 * revealed, kept sealed by the keystore, and shown as `{{name}}` in History and exports.
 */
export function VariablesPanel(props: { targetId: string; values: Record<string, string> }) {
  const target = useComposerStore((s) => s.variables[props.targetId]);
  const error = useComposerStore((s) => s.variablesError);
  const report = useComposerStore((s) => s.environmentReport);
  return <VariablesPanelView {...props} target={target} error={error} report={report} />;
}

/** The panel for the store's state of the target, given (so it renders without the store). */
export function VariablesPanelView({
  targetId,
  values,
  target,
  error,
  report,
}: {
  targetId: string;
  values: Record<string, string>;
  target: TargetVariables | undefined;
  error: unknown;
  report: { said: string; notes: string[] } | undefined;
}) {
  const actions = useComposerStore.getState();
  const [environment, setEnvironment] = useState('');
  // The secrets shown in clear, by name: each one only while the user asked to see it.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const toggleReveal = (variable: string) =>
    setRevealed((shown) => {
      const next = new Set(shown);
      if (!next.delete(variable)) next.add(variable);
      return next;
    });
  const variables = activeVariables(target);
  const problem = environment ? environmentNameProblem(target, environment) : undefined;
  return (
    <details className="variables" data-testid="variables">
      <summary>
        Variables of this target ({Object.keys(values).length}) · environment{' '}
        <strong data-testid="variables-active-environment">{target?.active ?? 'default'}</strong>
      </summary>
      <p className="muted">
        Captured from the bank&apos;s answers into the active environment; write{' '}
        <code>{'{{name}}'}</code> in a path parameter, query, header or body to use the latest
        value. Kept by the workbench across reloads.
      </p>
      <div className="actions">
        <input
          aria-label="New environment name"
          placeholder="new environment"
          data-testid="variables-new-environment"
          value={environment}
          onChange={(e) => setEnvironment(e.target.value)}
        />
        <button
          type="button"
          data-testid="variables-add-environment"
          disabled={!environment || problem !== undefined}
          title={problem}
          onClick={() => {
            actions.newEnvironment(targetId, environment);
            setEnvironment('');
          }}
        >
          Add
        </button>
      </div>
      {problem && <p className="warn">{problem}</p>}
      <div className="actions">
        <label>
          Import an environment file (Postman .json, Bruno .bru){' '}
          <input
            type="file"
            accept=".json,.bru"
            data-testid="variables-import-environment"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                void file
                  .text()
                  .then((text) => actions.importEnvironment(targetId, { name: file.name, text }));
            }}
          />
        </label>
        {(['postman', 'bruno'] as const).map((format) => (
          <button
            key={format}
            type="button"
            data-testid={`variables-export-${format}`}
            onClick={() =>
              void actions.exportEnvironment(targetId, target?.active ?? 'default', format)
            }
          >
            Export as {format === 'postman' ? 'Postman' : 'Bruno'}
          </button>
        ))}
      </div>
      {report && (
        <div data-testid="variables-environment-report">
          <p>{report.said}</p>
          {report.notes.map((note) => (
            <p key={note} className="muted">
              {note}
            </p>
          ))}
        </div>
      )}
      <ErrorNotice error={error} doing="Saving the variables" />
      <dl>
        {Object.entries({ ...values, ...sealedOnly(variables, values) }).map(
          ([variable, current]) => (
            <VariableRow
              key={variable}
              targetId={targetId}
              variable={variable}
              current={current}
              entry={variables[variable]?.[0]}
              revealed={revealed.has(variable)}
              onReveal={() => toggleReveal(variable)}
            />
          ),
        )}
      </dl>
      <NewVariableForm targetId={targetId} />
    </details>
  );
}

/** The secrets still sealed (keystore locked): listed too, though `{{name}}` has no value yet. */
function sealedOnly(
  variables: ReturnType<typeof activeVariables>,
  values: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables)
      .filter(([name, list]) => list[0]?.sealed !== undefined && !Object.hasOwn(values, name))
      .map(([name]) => [name, '']),
  );
}

/**
 * One variable: its latest value (a secret masked unless revealed), where it came from, whether
 * it is secret, and its removal.
 */
function VariableRow({
  targetId,
  variable,
  current,
  entry,
  revealed,
  onReveal,
}: {
  targetId: string;
  variable: string;
  current: string;
  entry: CapturedValue | undefined;
  revealed: boolean;
  onReveal: () => void;
}) {
  const actions = useComposerStore.getState();
  return (
    <div data-testid={`variable-${variable}`}>
      <dt>
        <code>{`{{${variable}}}`}</code>
      </dt>
      <dd>
        <code data-testid={`variable-value-${variable}`}>
          {shownValue(entry, current, revealed)}
        </code>{' '}
        {entry?.secret && entry.sealed === undefined && (
          <button
            type="button"
            className="link"
            data-testid={`variable-reveal-${variable}`}
            aria-pressed={revealed}
            onClick={onReveal}
          >
            {revealed ? 'hide' : 'show'}
          </button>
        )}{' '}
        <span className="muted">{entry?.from ?? 'the PSU session (SCA)'}</span>{' '}
        {entry && (
          <>
            <label>
              <input
                type="checkbox"
                data-testid={`variable-secret-${variable}`}
                checked={entry.secret === true}
                disabled={entry.sealed !== undefined}
                onChange={(e) => actions.markSecret(targetId, variable, e.target.checked)}
              />{' '}
              secret
            </label>{' '}
            <button
              type="button"
              className="link"
              data-testid={`variable-remove-${variable}`}
              onClick={() => actions.removeVariable(targetId, variable)}
            >
              remove
            </button>
          </>
        )}
      </dd>
    </div>
  );
}

/** A variable set by hand (an empty value too), secret if ticked: its value then typed masked. */
function NewVariableForm({ targetId }: { targetId: string }) {
  const actions = useComposerStore.getState();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [secret, setSecret] = useState(false);
  return (
    <form
      className="actions"
      onSubmit={(event) => {
        event.preventDefault();
        // An empty value is a value: an environment may set a variable to nothing on purpose.
        if (!VARIABLE_NAME.test(name)) return;
        actions.setVariable(targetId, name, value, secret);
        setName('');
        setValue('');
        setSecret(false);
      }}
    >
      <input
        aria-label="Variable name"
        placeholder="name"
        data-testid="variable-new-name"
        value={name}
        onChange={(e) => setName(e.target.value.trim())}
      />
      <input
        aria-label="Variable value"
        placeholder="value"
        data-testid="variable-new-value"
        type={secret ? 'password' : 'text'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <label>
        <input
          type="checkbox"
          data-testid="variable-new-secret"
          checked={secret}
          onChange={(e) => setSecret(e.target.checked)}
        />{' '}
        secret
      </label>
      <button type="submit" data-testid="variable-set" disabled={!VARIABLE_NAME.test(name)}>
        Set
      </button>
    </form>
  );
}
