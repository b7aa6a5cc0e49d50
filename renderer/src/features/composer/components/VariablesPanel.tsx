import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { VARIABLE_NAME_PATTERN } from '../../../../../main/shared/environment';
import { activeVariables, environmentNameProblem } from '../environments';
import { useComposerStore } from '../store';

const VARIABLE_NAME = new RegExp(VARIABLE_NAME_PATTERN);

/**
 * The active target's variables (docs/variables.md): a new environment (switching is the target
 * switcher's, TargetSwitcher.tsx, shared with the Runner), each variable's
 * latest value and where it came from, a variable set (an empty value too) or removed by hand,
 * and environment files in and out (Postman, Bruno). `values` is what `{{name}}` stands for now
 * (the PSU session's PSU-ID included). A secret value is not shown.
 */
export function VariablesPanel({
  targetId,
  values,
}: {
  targetId: string;
  values: Record<string, string>;
}) {
  const target = useComposerStore((s) => s.variables[targetId]);
  const error = useComposerStore((s) => s.variablesError);
  const report = useComposerStore((s) => s.environmentReport);
  const actions = useComposerStore.getState();
  const [environment, setEnvironment] = useState('');
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
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
        {Object.entries(values).map(([variable, current]) => (
          <div key={variable} data-testid={`variable-${variable}`}>
            <dt>
              <code>{`{{${variable}}}`}</code>
            </dt>
            <dd>
              <code data-testid={`variable-value-${variable}`}>
                {variables[variable]?.[0]?.secret ? '•••••• (secret)' : current}
              </code>{' '}
              <span className="muted">
                {variables[variable]?.[0]?.from ?? 'the PSU session (SCA)'}
              </span>{' '}
              {variables[variable] && (
                <button
                  type="button"
                  className="link"
                  data-testid={`variable-remove-${variable}`}
                  onClick={() => actions.removeVariable(targetId, variable)}
                >
                  remove
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <form
        className="actions"
        onSubmit={(event) => {
          event.preventDefault();
          // An empty value is a value: an environment may set a variable to nothing on purpose.
          if (!VARIABLE_NAME.test(name)) return;
          actions.setVariable(targetId, name, value);
          setName('');
          setValue('');
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
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" data-testid="variable-set" disabled={!VARIABLE_NAME.test(name)}>
          Set
        </button>
      </form>
    </details>
  );
}
