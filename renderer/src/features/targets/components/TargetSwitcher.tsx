import { useMemo } from 'react';
import './target-switcher.css';
import type { TargetVariablesView } from '../../../../../main/api/contract';
import { DEFAULT_ENVIRONMENT } from '../../../../../main/shared/environment';
import { useTargetsStore } from '../../../state/targets-store';
import { choiceOf, targetChoices, type TargetUse } from '../../../state/target-choices';

/**
 * The one target switcher (docs/targets.md, docs/variables.md): the active target of the one list
 * and its active environment. The composer and the Runner both show it; a choice in either is the
 * active target (targets.setActive) and environment (the workspace's variables) of both. A target
 * the view cannot use is listed disabled, and when it is the active one the reason is shown. The
 * environments are the composer's to keep: whoever shows the switcher hands in the active target's
 * variables and how to switch them.
 */
export function TargetSwitcher({
  use,
  testId,
  locked = false,
  lockedReason,
  variables,
  switchEnvironment,
}: {
  use: TargetUse;
  testId: string;
  /** While a run starts or runs, the Runner keeps its choice (the run's target is fixed). */
  locked?: boolean;
  /** Shown while locked: why the choice cannot change now. */
  lockedReason?: string;
  /** The active target's environments of variables; none yet: the default one. */
  variables: TargetVariablesView | undefined;
  switchEnvironment(targetId: string, name: string): void;
}) {
  const view = useTargetsStore((s) => s.view);
  const busy = useTargetsStore((s) => s.busy);
  const choices = useMemo(() => targetChoices(view, use), [view, use]);
  if (!view) return null;
  const active = choiceOf(choices, view.activeTargetId);
  const environments = Object.keys(variables?.environments ?? { [DEFAULT_ENVIRONMENT]: {} });
  return (
    <div className="inline-form target-switcher">
      <label className="inline-field">
        <span>Target</span>
        <select
          data-testid={testId}
          value={view.activeTargetId}
          disabled={busy || locked}
          onChange={(event) => void useTargetsStore.getState().setActive(event.target.value)}
        >
          {choices.map((choice) => (
            <option
              key={choice.id}
              value={choice.id}
              disabled={choice.unusable !== undefined}
              title={choice.unusable}
            >
              {choice.label}
              {choice.unusableShort ? ` — disabled: ${choice.unusableShort}` : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field">
        <span>Environment</span>
        <select
          data-testid={`${testId}-environment`}
          value={variables?.active ?? DEFAULT_ENVIRONMENT}
          disabled={locked}
          onChange={(event) => switchEnvironment(view.activeTargetId, event.target.value)}
        >
          {environments.map((environment) => (
            <option key={environment} value={environment}>
              {environment}
            </option>
          ))}
        </select>
      </label>
      {locked && lockedReason && (
        <p className="muted" role="status" data-testid={`${testId}-locked`}>
          The target stays as it is: {lockedReason}.
        </p>
      )}
      {active?.unusable && (
        <p className="warn" role="status" data-testid={`${testId}-unusable`}>
          {active.label} cannot be used here: {active.unusable}.
        </p>
      )}
    </div>
  );
}
