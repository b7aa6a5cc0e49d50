import { variableOfParameter } from '../variables';
import type { ComposerForm } from './use-composer-form';

/** The path's parameters: the endpoint's choices, or a value with the ones captured offered. */
export function PathParams({ form }: { form: ComposerForm }) {
  const { draft, endpoint, targetVariables, store } = form;
  return (
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
  );
}
